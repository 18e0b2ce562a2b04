// Merging fetched papers into the ones a site has: a paper already there (same DOI,
// arXiv id, DBLP key, or title and year) is left alone; the others get an id and are added.
#pragma once

#include <string>
#include <vector>

#include "model/model.h"
#include "text/unique_names.h"

namespace sitegen {

struct MergeResult {
  std::vector<Publication> added;    // each with a new, unique key
  int matched = 0;                   // already in the site
  std::vector<std::string> skipped;  // one reason per paper left out: "no title", ...
};

// `existing`: the site's publications, as loaded. `incoming`: from one source, in its order.
// A paper listed twice by the source is added once.
MergeResult merge_publications(const std::vector<Publication>& existing,
                               std::vector<Publication> incoming);

// "added 2, matched 5, skipped 1 (no title)"
std::string merge_summary(const MergeResult& r);

// The forms the matching compares: a DOI lowercased without its https://doi.org/; an arXiv
// id without "arXiv:" and its version; a title lowercased, letters and digits only.
std::string doi_match_key(std::string_view doi);
std::string arxiv_match_key(std::string_view arxiv);
std::string title_match_key(std::string_view title);

// A new id: citation_key(p), "lovelace2024analytical" (then "-2", "-3", ...), the
// first not in `taken`, now taken; the same id the site would give p without one.
std::string new_publication_id(const Publication& p, UniqueNames& taken);

}  // namespace sitegen
