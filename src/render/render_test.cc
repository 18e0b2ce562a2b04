// Rendering bounds as a build reports them: a page whose template passes the render
// limits is an error at the template's file.
#include "render/render.h"

#include <doctest/doctest.h>

#include "support/test_site.h"

namespace sitegen {

using testing::build_files;

namespace {

std::string twenty_selected() {
  std::string toml;
  for (int i = 0; i < 20; ++i)
    toml += "[[publication]]\nid = \"p" + std::to_string(i) + "\"\ntitle = \"T" +
            std::to_string(i) +
            "\"\nauthors = [\"Ada Example\"]\nyear = 2020\ntype = \"journal\"\nvenue = "
            "\"V\"\nselected = true\n";
  return toml;
}

std::string nested(int depth, const std::string& inside) {
  std::string t;
  for (int i = 0; i < depth; ++i) t += "{{#selected}}";
  t += inside;
  for (int i = 0; i < depth; ++i) t += "{{/selected}}";
  return t + "\n";
}

}  // namespace

TEST_CASE("render: sections nested 8 deep over 20 papers are an error at the layout") {
  BuildResult r = build_files(
      {{"publications.toml", twenty_selected()}, {"layouts/home.mustache", nested(8, "x")}});
  CHECK(r.diags.format_all() ==
        "content/layouts/home.mustache: error: rendering `index.html` took more than 10000000 "
        "steps (section items entered and names looked up); a section over a list repeats "
        "everything inside it for each item, so sections over lists nested in each other "
        "multiply\n");
}

TEST_CASE("render: a page over the size limit is an error naming the theme's template") {
  BuildOptions opts;
  opts.render_limits.max_bytes = 1 << 20;
  std::map<std::string, std::string> files = {
      {"site.toml", testing::kMinimalSite},
      {"publications.toml", twenty_selected()},
      {"layouts/pub.mustache", nested(4, "\n" + std::string(100, 'y') + "\n")}};
  BuildResult r = build_site(MemorySource(files), opts);
  // The home page lists the selected papers with the `pub` partial: the page is its file.
  CHECK(r.diags.format_all() ==
        "themes/scholar/home.mustache: error: rendering `index.html` produced more than 1 MB; "
        "a section over a list repeats everything inside it for each item, so sections over "
        "lists nested in each other multiply\n");
}

}  // namespace sitegen
