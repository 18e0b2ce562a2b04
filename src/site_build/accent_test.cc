// site.toml's [style] accent: what reaches every page, and the contrast errors.
#include "site_build/accent.h"

#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using namespace sitegen::testing;

namespace {

std::string site_with(const std::string& style) {
  return "[person]\nname = \"Ada Example\"\n[style]\n" + style;
}

}  // namespace

TEST_CASE("accent: the colour and its derived shades reach every page's head") {
  BuildResult r = build_files({{"site.toml", site_with("accent = \"#B3261E\"\n")},
                               {"news.toml", "[[news]]\ndate = 2024-01-02\ntext = \"Hi\"\n"}});
  REQUIRE(r.diags.format_all() == "");
  // Dark: mixed toward white until 7:1 on the darker background; strong: hovered links and
  // chip text, 4.5:1 on the chip's tint (soft) too.
  std::string style =
      "<style>:root { --accent: #b3261e; --accent-strong: #8f1e18; --accent-soft: #f7e9e9; "
      "--accent-dark: #da9591; --accent-dark-strong: #e3b0ad; --accent-dark-soft: #272225; "
      "}</style>\n";
  for (const char* page : {"index.html", "news/index.html", "404.html"})
    CHECK_MESSAGE(page_of(r, page).find(style) != std::string::npos, page);
}

TEST_CASE("accent: accent_dark is used as written when it passes") {
  BuildResult r =
      build_files({{"site.toml", site_with("accent = \"#b3261e\"\naccent_dark = \"#ff8a80\"\n")}});
  REQUIRE(r.diags.format_all() == "");
  CHECK(page_of(r, "index.html").find("--accent-dark: #ff8a80;") != std::string::npos);
}

TEST_CASE("accent: without [style] pages carry no accent style") {
  BuildResult r = build_files({});
  CHECK(page_of(r, "index.html").find("--accent") == std::string::npos);
}

TEST_CASE("accent error: too light for the light background names ratio, background and fix") {
  CHECK(diagnostics_of({{"site.toml", site_with("accent = \"#7fb3ff\"\n")}}) ==
        "content/site.toml:4:10: error: `accent` #7fb3ff has a contrast of 1.98:1 with the light "
        "background #f5f6f8, and text needs at least 4.5:1 (WCAG 2.1 AA): #5071a1 is the "
        "nearest darker shade that passes\n"
        "  accent = \"#7fb3ff\"\n"
        "           ^\n");
}

TEST_CASE("accent error: accent_dark too dark for the dark background") {
  CHECK(diagnostics_of(
            {{"site.toml", site_with("accent = \"#b3261e\"\naccent_dark = \"#333\"\n")}}) ==
        "content/site.toml:5:15: error: `accent_dark` #333333 has a contrast of 1.35:1 with the "
        "dark background #181c22, and text needs at least 4.5:1 (WCAG 2.1 AA): #838383 is the "
        "nearest lighter shade that passes\n"
        "  accent_dark = \"#333\"\n"
        "                ^\n");
}

TEST_CASE("accent error: a value that is no hex colour") {
  CHECK(diagnostics_of({{"site.toml", site_with("accent = \"blue\"\n")}}) ==
        "content/site.toml:4:10: error: `accent` must be a colour written `#rgb` or `#rrggbb`, "
        "such as \"#1a5fb4\", not `blue`\n"
        "  accent = \"blue\"\n"
        "           ^\n");
}

TEST_CASE("accent error: accent_dark alone, and unknown keys of [style]") {
  CHECK(diagnostics_of({{"site.toml", site_with("accent_dark = \"#ff8a80\"\naccnt = 1\n")}}) ==
        "content/site.toml:4:1: error: `accent_dark` is the dark-mode shade of `accent`: set "
        "`accent` too\n"
        "  accent_dark = \"#ff8a80\"\n"
        "  ^\n"
        "content/site.toml:5:1: warning: unknown key `accnt` in [style] (did you mean "
        "`accent`?)\n"
        "  accnt = 1\n"
        "  ^\n");
}
