// Fuzzes theme loading and rendering: the input as a site's `pub` partial and as its home
// page template, built in memory. A publication's entry is rendered once through the
// RenderCache and reused on the list pages, the home page and the filter pages.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "build/build.h"
#include "load/source.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  std::string text(reinterpret_cast<const char*>(bytes), size);
  // Sections over a list nested in each other multiply the output: twenty levels over
  // a two-entry list render a million copies. Every section opens with `#` or `^`.
  size_t sections = 0;
  for (char c : text) sections += c == '#' || c == '^';
  if (sections > 8) return 0;
  std::map<std::string, std::string> files = {
      {"site.toml", "[person]\nname = \"Ada Example\"\n"},
      {"publications.toml",
       "[[publication]]\nid = \"a\"\ntitle = \"On <A> & B\"\nauthors = [\"Ada Example\", \"B. "
       "Other\"]\nyear = 2024\ntype = \"conference\"\nvenue = \"V\"\ntags = [\"x\", \"y\"]\n"
       "selected = true\n"
       "[[publication]]\nid = \"b\"\ntitle = \"Second\"\nauthors = [\"C. D\"]\nyear = 2023\n"
       "type = \"journal\"\nvenue = \"J\"\ntags = [\"x\"]\n"},
      {"layouts/pub.mustache", text},
      {"layouts/home.mustache", text + "{{#selected}}{{{pub_html}}}{{/selected}}"},
  };
  sitegen::BuildResult r = sitegen::build_site(sitegen::MemorySource(files), {});
  std::string diags = r.diags.format_all();
  // A theme that fails says where; one that loads makes every page.
  if (r.diags.has_errors() != (diags.find("error: ") != std::string::npos)) std::abort();
  if (!r.diags.has_errors() && !r.output.files.count("publications/index.html")) std::abort();
  return 0;
}
