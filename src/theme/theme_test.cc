// Loading a theme: partials are included where kainjow would include them, and
// mistakes in templates are reported at the theme file's line and column.
#include "theme/theme.h"

#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using namespace sitegen::testing;

namespace {

// The footer a test's layout override writes, as the home page has it.
std::string footer_of(const BuildResult& r) {
  std::string page = page_of(r, "index.html");
  size_t at = page.find("<footer>"), end = page.find("</footer>");
  return at == std::string::npos || end == std::string::npos ? page : page.substr(at, end + 9 - at);
}

}  // namespace

TEST_CASE("theme: a partial inside a comment is not included") {
  // The comment ends at the first `}}`, after `icon`: mustache comments do not nest. The
  // icon's markup once leaked into every page from here, closing the comment early.
  BuildResult r =
      build_files({{"layouts/footer.mustache", "<footer>{{! was: {{> icon}} }}</footer>\n"}});
  CHECK(r.diags.format_all() ==
        "content/layouts/footer.mustache:1:18: warning: `{{` inside a comment: the comment "
        "ends at the first `}}`, and the text after that is part of the page\n"
        "  <footer>{{! was: {{> icon}} }}</footer>\n"
        "                   ^\n");
  CHECK(footer_of(r) == "<footer> }}</footer>");
}

TEST_CASE("theme: a partial after a delimiter change is included") {
  BuildResult r = build_files(
      {{"layouts/footer.mustache", "<footer>{{=<% %>=}}<%> signed %> <%site.title%></footer>\n"},
       {"layouts/signed.mustache", "by {{site.title}}"}});
  CHECK(r.diags.format_all() == "");
  CHECK(footer_of(r) == "<footer>by Ada Example Ada Example</footer>");
}

TEST_CASE("theme: delimiters a partial sets stay inside it") {
  // As when kainjow renders a partial itself: it starts with {{ }}, and what it changes
  // ends with it.
  BuildResult r =
      build_files({{"layouts/footer.mustache", "<footer>{{> signed}} {{site.title}}</footer>\n"},
                   {"layouts/signed.mustache", "{{=<% %>=}}by <%site.title%>"}});
  CHECK(r.diags.format_all() == "");
  CHECK(footer_of(r) == "<footer>by Ada Example Ada Example</footer>");
}

TEST_CASE("theme: an unknown partial is an error at its line, with any delimiters") {
  CHECK(diagnostics_of(
            {{"layouts/footer.mustache", "<footer>\n{{=<% %>=}}\n  <%> signd %>\n</footer>\n"},
             {"layouts/signed.mustache", "by"}}) ==
        "content/layouts/footer.mustache:3:3: error: unknown partial `signd`: expected a file "
        "partials/signd.mustache\n"
        "    <%> signd %>\n"
        "    ^\n");
}

TEST_CASE("theme: an unknown theme lists the built-in ones") {
  CHECK(diagnostics_of({{"site.toml", "theme = \"academic\"\n[person]\nname = \"A\"\n"}}) ==
        "content/site.toml:1:9: error: unknown theme `academic`: expected a built-in theme "
        "(`scholar`) or a folder content/themes/academic\n"
        "  theme = \"academic\"\n"
        "          ^\n");
}
