// Fuzzes the `+++` front matter split, then parses the front matter as TOML.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "load/diag.h"
#include "load/frontmatter.h"
#include "load/toml_reader.h"

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
  return 0;
}
