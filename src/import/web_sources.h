// A person's works from DBLP, ORCID and OpenAlex, and a paper's citation count from
// OpenAlex or Semantic Scholar, read from each API's documented answers.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/diag.h"
#include "import/http_fetch.h"
#include "model/model.h"

namespace sitegen {

struct Works {
  std::vector<Publication> pubs;  // key empty: ids are chosen when merged; loc: the answer
  std::string error;              // set when the fetch failed; pubs is then empty
  // What the readers say about the answers: values left out (a year past 9999, a date
  // that does not exist), and for DBLP the BibTeX reader's warnings and errors.
  Diagnostics diags;
};

// https://dblp.org/pid/PID.bib, read with sitegen's BibTeX reader.
Works fetch_dblp(HttpFetcher& http, const std::string& pid);
// The parser behind it: an error (with the reader's errors in diags) when the answer is
// not BibTeX that reads without errors.
Works dblp_works(const std::string& bib, const std::string& url);
// OpenAlex /works?filter=author.id:ID, every page (cursor paging).
Works fetch_openalex(HttpFetcher& http, const std::string& author_id);
// ORCID public API v3.0: /ID/works, then the works themselves in bulk (for the authors).
// `owner` is the author of a work that lists no contributors.
Works fetch_orcid(HttpFetcher& http, const std::string& orcid, const std::string& owner);

// The parsers behind them, for one answer.
Works openalex_works_page(const std::string& json, const std::string& url,
                          std::string* next_cursor);
Works orcid_bulk_works(const std::string& json, const std::string& url, const std::string& owner);

struct FetchedCount {
  int count = 0;       // 0 to 2^31 - 1, as citations.toml holds it
  std::string source;  // "OpenAlex" | "Semantic Scholar"
};
// The count for a DOI or an arXiv id: OpenAlex first, Semantic Scholar if OpenAlex has
// not got the paper. nullopt with `error` set when neither could say.
std::optional<FetchedCount> fetch_citation_count(HttpFetcher& http, const std::string& doi,
                                                 const std::string& arxiv, std::string* error);
// The parser behind it: `field` of the JSON answer, a count from 0 to 2^31 - 1; nullopt
// with `error` set otherwise.
std::optional<int> citation_count_of(const std::string& json, const std::string& url,
                                     const char* field, std::string* error);

// The warning for a value of a work left out: `publication_year` 1000000000000 of "Title"
// is not a year; left out.
std::string left_out(const Publication& p, const std::string& what, const std::string& why);

// "malformed JSON from URL at byte N: what", the one message for an unreadable answer.
std::string malformed_json_message(const std::string& url, size_t byte, const std::string& what);

}  // namespace sitegen
