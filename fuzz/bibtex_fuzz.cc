// Fuzzes the BibTeX reader: parse_bibtex, the mapping onto publications, and two
// round trips: to_bibtex (whose output must parse again without errors) and
// `sitegen import bibtex` (whose publications.toml must load without errors).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "import/toml_write.h"
#include "load/bibtex.h"
#include "load/bibtex_write.h"
#include "load/load.h"
#include "load/source.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  sitegen::Diagnostics diags;
  diags.add_source("fuzz.bib", std::string(text));
  std::vector<sitegen::BibEntry> entries = sitegen::parse_bibtex(text, "fuzz.bib", diags);
  std::vector<sitegen::Publication> pubs = sitegen::bibtex_to_publications(entries, diags);
  diags.format_all();
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
