// Fuzzes the BibTeX reader: parse_bibtex, the mapping onto publications, and two
// round trips: to_bibtex (whose output must parse again without errors) and
// `sitegen import bibtex` (whose publications.toml must load without errors). @string
// expansion stays within its bound, an entry is left out only as the volume of a paper
// that is kept (never for a crossref cycle), and a quoted source line is cut short.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <unordered_map>

#include "base/source.h"
#include "bibtex/bibtex.h"
#include "bibtex/bibtex_write.h"
#include "bibtex/latex.h"
#include "import/toml_write.h"
#include "load/load.h"
#include "text/strings.h"

namespace {

void fail(const char* what, std::string_view detail) {
  std::fprintf(stderr, "bibtex_fuzz: %s: %.*s\n", what, static_cast<int>(detail.size()),
               detail.data());
  std::abort();
}

// Every value within 1 MB, and every entry kept but the volumes of kept papers.
void check_expansion_and_crossrefs(const std::vector<sitegen::BibEntry>& entries,
                                   const std::vector<sitegen::Publication>& pubs) {
  std::unordered_map<std::string, const sitegen::BibEntry*> first;  // by lowercased key
  for (const sitegen::BibEntry& e : entries) {
    for (const sitegen::BibField& f : e.fields)
      if (f.value.size() > (size_t{1} << 20)) fail("a value over 1 MB", f.name);
    first.emplace(sitegen::ascii_lower(e.key), &e);
  }
  std::unordered_map<std::string, bool> published;
  for (const sitegen::Publication& p : pubs) published[sitegen::ascii_lower(p.key)] = true;
  // The volumes reached from kept papers along crossrefs (a volume may name the series
  // it is in): entries in a circle that no kept paper reaches are never among them.
  std::unordered_map<std::string, bool> volume_of_kept;
  for (const sitegen::Publication& p : pubs) {
    std::string key = sitegen::ascii_lower(p.key);
    for (size_t steps = 0; steps < entries.size(); ++steps) {
      auto it = first.find(key);
      if (it == first.end()) break;
      const sitegen::BibField* x = it->second->find("crossref");
      if (!x) break;
      key = sitegen::ascii_lower(sitegen::trim(sitegen::latex_verbatim(x->value)));
      if (volume_of_kept[key]) break;
      volume_of_kept[key] = true;
    }
  }
  for (const sitegen::BibEntry& e : entries) {
    std::string key = sitegen::ascii_lower(e.key);
    if (first[key] != &e || published.count(key)) continue;
    if (!volume_of_kept.count(key)) fail("an entry left out that no kept paper reaches", e.key);
  }
}

// A quoted source line (indented by two spaces, unlike a message) is the caret's
// neighbourhood: at most 121 characters and `...` on each side.
void check_quotes(const std::string& formatted) {
  size_t start = 0;
  while (start < formatted.size()) {
    size_t end = formatted.find('\n', start);
    if (end == std::string::npos) end = formatted.size();
    if (formatted.compare(start, 2, "  ") == 0 && end - start > 2 + 3 + 121 * 4 + 3)
      fail("a quoted line not cut", formatted.substr(start, 200));
    start = end + 1;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  sitegen::Diagnostics diags;
  diags.add_source("fuzz.bib", std::string(text));
  std::vector<sitegen::BibEntry> entries = sitegen::parse_bibtex(text, "fuzz.bib", diags);
  std::vector<sitegen::Publication> pubs = sitegen::bibtex_to_publications(entries, diags);
  check_expansion_and_crossrefs(entries, pubs);
  check_quotes(diags.format_all());
  for (const sitegen::Publication& p : pubs) {
    std::string bib = sitegen::to_bibtex(p);
    sitegen::Diagnostics again;
    std::vector<sitegen::BibEntry> back = sitegen::parse_bibtex(bib, "out.bib", again);
    if (again.has_errors() || back.size() != 1) {
      std::fprintf(stderr, "to_bibtex wrote an entry that does not parse back:\n%s\n%s",
                   bib.c_str(), again.format_all().c_str());
      std::abort();
    }
    sitegen::bibtex_to_publications(back, again);
  }
  if (diags.has_errors() || pubs.empty()) return 0;
  std::vector<sitegen::TomlEntry> rows;
  for (const sitegen::Publication& p : pubs) rows.push_back({p, {}});
  std::string toml = sitegen::publications_to_toml(rows, {"imported"});
  sitegen::Diagnostics loaded;
  sitegen::MemorySource site(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n"}, {"publications.toml", toml}});
  sitegen::load_site(site, loaded);
  for (const sitegen::Diagnostic& d : loaded.all()) {
    if (d.severity != sitegen::Severity::kError) continue;
    std::fprintf(stderr, "the imported publications.toml does not load back:\n%s\n%s", toml.c_str(),
                 loaded.format_all().c_str());
    std::abort();
  }
  return 0;
}
