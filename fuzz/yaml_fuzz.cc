// Fuzzes the YAML front matter reader and `sitegen import hugo-blox`: parse_yaml on
// its own, then a Hugo Blox publication page with the input as its index.md, whose
// import must write a publications.toml that loads back without errors.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>

#include "base/source.h"
#include "import/hugo_blox.h"
#include "import/toml_write.h"
#include "import/yaml_reader.h"
#include "load/load.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  {
    sitegen::Diagnostics diags;
    sitegen::parse_yaml(text, "fuzz.md", diags);
    diags.format_all();
  }
  sitegen::Diagnostics diags;
  sitegen::MemorySource hugo({{"content/publication/paper/index.md", text}});
  sitegen::HugoBloxImport import = sitegen::import_hugo_blox(hugo, {}, diags);
  diags.format_all();
  if (diags.has_errors() || import.entries.empty()) return 0;
  std::string toml = sitegen::publications_to_toml(import.entries, {"imported"});
  sitegen::Diagnostics back;
  sitegen::MemorySource site(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n"}, {"publications.toml", toml}});
  sitegen::load_site(site, back);
  for (const sitegen::Diagnostic& d : back.all()) {
    if (d.severity != sitegen::Severity::kError) continue;
    std::fprintf(stderr, "the imported publications.toml does not load back:\n%s\n%s", toml.c_str(),
                 back.format_all().c_str());
    std::abort();
  }
  return 0;
}
