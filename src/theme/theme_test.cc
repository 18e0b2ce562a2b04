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
        "(`onepage`, `scholar`) or a folder content/themes/academic\n"
        "  theme = \"academic\"\n"
        "          ^\n");
}

TEST_CASE("theme: base gives a theme the files it lacks and its own files win") {
  BuildResult r = build_files(
      {{"site.toml", "theme = \"mine\"\n[person]\nname = \"Ada Example\"\n"},
       {"themes/mine/theme.toml", "name = \"mine\"\nbase = \"scholar\"\n"},
       {"themes/mine/home.mustache", "{{> head}}<main id=\"main\">{{person.name}}</main>\n"},
       {"themes/mine/assets/style.css", "body { color: teal; }\n"}});
  CHECK(r.diags.format_all() == "");
  // Its own home page, with scholar's head partial.
  std::string home = page_of(r, "index.html");
  CHECK(home.starts_with("<!doctype html>\n<html lang=\"en\">\n"));
  CHECK(home.ends_with("<main id=\"main\">Ada Example</main>\n"));
  // Scholar's 404 page and icons, and scholar's stylesheet with its own after it.
  CHECK(page_of(r, "404.html").find("<p class=\"error-code\" aria-hidden=\"true\">404</p>") !=
        std::string::npos);
  CHECK(page_of(r, "assets/icons.svg") ==
        std::string(embedded_theme_files().at("scholar/assets/icons.svg")));
  CHECK(page_of(r, "assets/style.css") ==
        std::string(embedded_theme_files().at("scholar/assets/style.css")) +
            "\nbody { color: teal; }\n");
}

TEST_CASE("theme: a base's base is followed, onepage's stylesheet after scholar's") {
  BuildResult r =
      build_files({{"site.toml", "theme = \"mine\"\n[person]\nname = \"Ada Example\"\n"},
                   {"themes/mine/theme.toml", "base = \"onepage\"\n"},
                   {"themes/mine/assets/style.css", "body { color: teal; }\n"}});
  CHECK(r.diags.format_all() == "");
  CHECK(page_of(r, "assets/style.css") ==
        std::string(embedded_theme_files().at("scholar/assets/style.css")) + "\n" +
            std::string(embedded_theme_files().at("onepage/assets/style.css")) +
            "\nbody { color: teal; }\n");
  // onepage's home page, scholar's 404 page.
  CHECK(page_of(r, "index.html").find("<div class=\"wrap op-home\">") != std::string::npos);
  CHECK(page_of(r, "404.html").find("<div class=\"wrap narrow not-found\">") != std::string::npos);
}

TEST_CASE("theme: an unknown base is an error at its place in theme.toml") {
  CHECK(diagnostics_of({{"site.toml", "theme = \"mine\"\n[person]\nname = \"A\"\n"},
                        {"themes/mine/theme.toml", "name = \"mine\"\nbase = \"scholr\"\n"},
                        {"themes/mine/home.mustache", "home\n"}}) ==
        "content/themes/mine/theme.toml:2:8: error: unknown base theme `scholr` (did you mean "
        "`scholar`?): `base` names a built-in theme (`onepage`, `scholar`)\n"
        "  base = \"scholr\"\n"
        "         ^\n");
  CHECK(diagnostics_of({{"site.toml", "theme = \"mine\"\n[person]\nname = \"A\"\n"},
                        {"themes/mine/theme.toml", "base = [\"scholar\"]\n"},
                        {"themes/mine/home.mustache", "home\n"}})
            .starts_with("content/themes/mine/theme.toml:1:8: error: `base` must be a string"));
}

TEST_CASE("theme: onepage checks an accent against its own backgrounds") {
  // #767676 reaches 4.5:1 on white but not on onepage's paper-coloured #f6f4ee.
  CHECK(diagnostics_of({{"site.toml",
                         "theme = \"onepage\"\n[person]\nname = \"A\"\n[style]\naccent = "
                         "\"#767676\"\n"}}) ==
        "content/site.toml:5:10: error: `accent` #767676 has a contrast of 4.12:1 with the light "
        "background #f6f4ee, and text needs at least 4.5:1 (WCAG 2.1 AA): #707070 is the nearest "
        "darker shade that passes\n"
        "  accent = \"#767676\"\n"
        "           ^\n");
}
