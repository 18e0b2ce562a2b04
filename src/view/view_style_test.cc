// site.toml's [style] fonts: the theme's, the system's, or a family under static/.
#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using namespace sitegen::testing;

namespace {

std::string site_with(const std::string& style) {
  return "[person]\nname = \"Ada Example\"\n[style]\n" + style;
}

}  // namespace

TEST_CASE("fonts: a self-hosted family from static/, for text and headings") {
  BuildResult r = build_files(
      {{"site.toml", site_with("[style.font]\nfamily = \"Inter\"\n"
                               "files = [\"fonts/Inter.woff2\", \"fonts/Inter-Italic.woff2\"]\n")},
       {"static/fonts/Inter.woff2", "wOF2"},
       {"static/fonts/Inter-Italic.woff2", "wOF2"}});
  REQUIRE(r.diags.format_all() == "");
  std::string home = page_of(r, "index.html");
  CHECK(
      home.find("<style>\n"
                "@font-face { font-family: \"Inter\"; font-style: normal; font-weight: 100 900; "
                "font-display: swap; src: url(\"/fonts/Inter.woff2\") format(\"woff2\"); }\n"
                "@font-face { font-family: \"Inter\"; font-style: italic; font-weight: 100 900; "
                "font-display: swap; src: url(\"/fonts/Inter-Italic.woff2\") format(\"woff2\"); }\n"
                ":root { --font-text: \"Inter\"; --font-headings: \"Inter\"; }\n"
                "</style>\n") != std::string::npos);
  // The bundled text font is not preloaded: the page does not use it.
  CHECK(home.find("rel=\"preload\"") == std::string::npos);
  CHECK(page_of(r, "fonts/Inter.woff2") == "wOF2");
}

TEST_CASE("fonts: the bundled fonts are preloaded by default, the system's are marked") {
  CHECK(page_of(build_files({}), "index.html")
            .find("<link rel=\"preload\" href=\"/assets/fonts/source-sans-3-latin.woff2\" "
                  "as=\"font\" type=\"font/woff2\" crossorigin>") != std::string::npos);
  std::string home =
      page_of(build_files({{"site.toml", site_with("fonts = \"system\"\n")}}), "index.html");
  CHECK(home.find("<html lang=\"en\" data-fonts=\"system\">") != std::string::npos);
  CHECK(home.find("rel=\"preload\"") == std::string::npos);
}

TEST_CASE("fonts error: unknown fonts value, missing file, wrong format, bad weight") {
  CHECK(diagnostics_of({{"site.toml", site_with("fonts = \"sytem\"\n")}}) ==
        "content/site.toml:4:9: error: unknown `fonts` value `sytem`: expected \"bundled\" (the "
        "theme's fonts) or \"system\" (the reader's) (did you mean `system`?)\n"
        "  fonts = \"sytem\"\n"
        "          ^\n");
  CHECK(diagnostics_of({{"site.toml", site_with("[style.font]\nfamily = \"Inter\"\n"
                                                "files = [\"fonts/a.woff2\", \"fonts/b.eot\"]\n"
                                                "weight = \"bold\"\n")}}) ==
        "content/site.toml:6:10: error: font file `fonts/a.woff2` does not exist: expected the "
        "file at content/static/fonts/a.woff2\n"
        "  files = [\"fonts/a.woff2\", \"fonts/b.eot\"]\n"
        "           ^\n"
        "content/site.toml:6:27: error: font file `fonts/b.eot` is not a web font: expected a "
        ".woff2, .woff, .ttf or .otf file\n"
        "  files = [\"fonts/a.woff2\", \"fonts/b.eot\"]\n"
        "                            ^\n"
        "content/site.toml:7:10: error: `weight` must be a CSS font weight such as \"400\", or a "
        "range such as \"100 900\" for a variable font, not `bold`\n"
        "  weight = \"bold\"\n"
        "           ^\n");
}

TEST_CASE("fonts error: a family name that would break out of CSS") {
  CHECK(diagnostics_of({{"site.toml", site_with("[style.font]\nfamily = \"x;}</style>\"\n"
                                                "files = [\"f.woff2\"]\n")},
                        {"static/f.woff2", "wOF2"}}) ==
        "content/site.toml:5:10: error: `family` must be a font's name such as \"Inter\", without "
        "quotes, backslashes or any of `<>{};`\n"
        "  family = \"x;}</style>\"\n"
        "           ^\n");
}
