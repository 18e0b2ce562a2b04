// Fuzzes theme loading and rendering: the input as a site's `pub` partial and as its home
// page template, built in memory. A publication's entry is rendered once through the
// RenderCache and reused on the list pages, the home page and the filter pages. Nested
// sections are not left out: the render limits must stop them.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "base/source.h"
#include "site_build/build.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  std::string text(reinterpret_cast<const char*>(bytes), size);
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
  // Sections over a list nested in each other multiply the work: the limits stop any
  // page early, smaller here than a build's so that every input runs fast.
  sitegen::BuildOptions options;
  options.render_limits.max_bytes = 256 * 1024;
  options.render_limits.max_steps = 100'000;
  sitegen::BuildResult r = sitegen::build_site(sitegen::MemorySource(files), options);
  std::string diags = r.diags.format_all();
  // A theme that fails says where; one that loads makes every page, each within the
  // limits, or says which page passed them.
  if (r.diags.has_errors() != (diags.find("error: ") != std::string::npos)) std::abort();
  for (const sitegen::Diagnostic& d : r.diags.all())
    if (d.message.starts_with("rendering `") &&
        (d.loc.line != 0 || !(d.loc.path == "content/layouts/home.mustache" ||
                              d.loc.path.starts_with("themes/scholar/"))))
      std::abort();
  if (!r.diags.has_errors() && !r.output.files.count("publications/index.html")) std::abort();
  for (const auto& [path, file] : r.output.files)
    if (file.bytes.size() > options.render_limits.max_bytes && path.ends_with(".html"))
      std::abort();
  return 0;
}
