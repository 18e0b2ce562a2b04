// Writes citations.toml (see citations_write.h); load_citations.cc reads it back.
#include "import/citations_write.h"

#include "base/date.h"
#include "import/toml_write.h"

namespace sitegen {

std::string citations_to_toml(const std::map<std::string, CitationCount>& counts) {
  std::string out =
      "# Citation counts, written by `sitegen update citations` (OpenAlex, else Semantic\n"
      "# Scholar). Builds read this file and never the network; run the command again to\n"
      "# refresh it. Shown on the site when site.toml has [publications] citations = true.\n";
  for (const auto& [id, c] : counts) {
    out += "\n[" + toml_key(id) + "]\n";
    out += "count = " + std::to_string(c.count) + "\n";
    out += "source = " + toml_string(c.source) + "\n";
    if (!c.fetched.empty()) out += "fetched = " + iso_date(c.fetched) + "\n";
  }
  return out;
}

}  // namespace sitegen
