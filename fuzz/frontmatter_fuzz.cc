// Fuzzes the `+++` front matter split, parses the front matter as TOML, then loads a
// site whose one page is the input.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "base/diag.h"
#include "base/source.h"
#include "load/frontmatter.h"
#include "load/load.h"
#include "toml/toml_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string why;
  std::optional<sitegen::FrontMatter> fm = sitegen::split_front_matter(text, &why);
  if (!fm) {
    if (why.empty()) std::abort();
    return 0;
  }
  // The body is a view into the input.
  if (fm->body.size() > size) std::abort();
  if (!fm->body.empty() && (fm->body.data() < text.data() ||
                            fm->body.data() + fm->body.size() > text.data() + text.size()))
    std::abort();
  if (fm->body_line < 1) std::abort();
  sitegen::Diagnostics diags;
  sitegen::parse_toml(fm->toml, "pages/fuzz.md", diags);
  diags.format_all();
  sitegen::Diagnostics site_diags;
  sitegen::MemorySource src(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n"}, {"pages/fuzz.md", std::string(text)}});
  sitegen::load_site(src, site_diags);
  site_diags.format_all();
  return 0;
}
