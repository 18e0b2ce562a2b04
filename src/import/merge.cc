// The merge of fetched papers (see merge.h): every identity a paper has is looked up in
// one set, so n papers merge into m in O((n + m) log m).
#include "import/merge.h"

#include <algorithm>
#include <map>
#include <set>

#include "bibtex/citation_key.h"
#include "text/ascii.h"
#include "text/strings.h"

namespace sitegen {

namespace {

// Every identity of a paper, each prefixed by its kind so a DOI never equals a title.
std::vector<std::string> identities(const Publication& p) {
  std::vector<std::string> ids;
  if (std::string d = doi_match_key(p.doi); !d.empty()) {
    ids.push_back("doi:" + d);
    // arXiv's DOI names the same paper as its arXiv id.
    if (d.starts_with("10.48550/arxiv.")) ids.push_back("arxiv:" + arxiv_match_key(d.substr(15)));
  }
  if (std::string a = arxiv_match_key(p.arxiv); !a.empty()) ids.push_back("arxiv:" + a);
  if (!p.dblp.empty()) ids.push_back("dblp:" + p.dblp);
  if (std::string t = title_match_key(p.title); !t.empty())
    ids.push_back("title:" + t + ":" + std::to_string(p.year));
  return ids;
}

}  // namespace

std::string doi_match_key(std::string_view doi) {
  std::string d = ascii_lower(trim(doi));
  for (std::string_view prefix :
       {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "http://dx.doi.org/", "doi:"})
    if (d.starts_with(prefix)) d.erase(0, prefix.size());
  return d;
}

std::string arxiv_match_key(std::string_view arxiv) {
  std::string a = ascii_lower(trim(arxiv));
  if (a.starts_with("arxiv:")) a.erase(0, 6);
  size_t v = a.rfind('v');
  if (v != std::string::npos && v + 1 < a.size() && v > 0 && is_digit(a[v - 1]) &&
      std::all_of(a.begin() + static_cast<long>(v) + 1, a.end(),
                  [](char c) { return is_digit(c); }))
    a.resize(v);
  return a;
}

std::string title_match_key(std::string_view title) {
  // Letters and digits, lowercased; other bytes (punctuation, braces, LaTeX, spaces) drop out.
  // Non-ASCII bytes are kept as they are, so "Übersicht" still differs from "Ubersicht".
  std::string out;
  for (char c : title) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x80 || is_alpha(c) || is_digit(c)) out += to_lower(c);
  }
  return out;
}

std::string new_publication_id(const Publication& p, UniqueNames& taken) {
  return taken.claim_numbered(citation_key(p));
}

MergeResult merge_publications(const std::vector<Publication>& existing,
                               std::vector<Publication> incoming) {
  MergeResult r;
  std::set<std::string> known;
  UniqueNames taken;
  for (const Publication& p : existing) {
    for (std::string& id : identities(p)) known.insert(std::move(id));
    if (!p.key.empty()) taken.claim(p.key);
    if (!p.slug.empty()) taken.claim(p.slug);
  }
  std::set<std::string> fresh;  // identities of the papers added by this merge
  for (Publication& p : incoming) {
    if (trim(p.title).empty()) {
      r.skipped.push_back("no title");
      continue;
    }
    if (p.authors.empty()) {
      r.skipped.push_back("no authors");
      continue;
    }
    std::vector<std::string> ids = identities(p);
    auto any_in = [&](const std::set<std::string>& set) {
      return std::any_of(ids.begin(), ids.end(),
                         [&](const std::string& id) { return set.count(id) > 0; });
    };
    if (any_in(known)) {
      ++r.matched;
      continue;
    }
    if (any_in(fresh)) {
      r.skipped.push_back("listed twice");
      continue;
    }
    for (std::string& id : ids) fresh.insert(std::move(id));
    p.key = new_publication_id(p, taken);
    p.id_given = true;
    r.added.push_back(std::move(p));
  }
  return r;
}

std::string merge_summary(const MergeResult& r) {
  std::string s = "added " + std::to_string(r.added.size()) + ", matched " +
                  std::to_string(r.matched) + ", skipped " + std::to_string(r.skipped.size());
  if (r.skipped.empty()) return s;
  std::map<std::string, int> counts;
  for (const std::string& why : r.skipped) ++counts[why];
  std::string list;
  for (const auto& [why, n] : counts)
    list += (list.empty() ? "" : ", ") + (n > 1 ? std::to_string(n) + " " : "") + why;
  return s + " (" + list + ")";
}

}  // namespace sitegen
