// Math in a built site: TeX kept in span.math, KaTeX's files only in a site with math,
// and loaded only by the pages that show it.
#include <doctest/doctest.h>

#include <cstdio>
#include <tuple>

#include "support/test_site.h"

using namespace sitegen;
using namespace sitegen::testing;

namespace {

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

const char* kMathBib =
    "@article{ada2024,\n"
    "  author = {Ada Example},\n"
    "  title = {{$\\alpha$-Stable} Laws on $\\mathbb{R}^n$ & Costs of {\\$5}},\n"
    "  journal = {J. Prob.}, year = {2024},\n"
    "}\n";

}  // namespace

TEST_CASE("katex: a BibTeX title's math is TeX in span.math, TeX as written in <head>") {
  BuildResult r = build_files({{"site.toml",
                                "base_url = \"https://ada.example/\"\n"
                                "[person]\nname = \"Ada Example\"\n"
                                "[publications]\nbibtex = [\"p.bib\"]\n"},
                               {"p.bib", kMathBib}});
  REQUIRE(r.diags.format_all() == "");
  std::string page = page_of(r, "publications/ada2024/index.html");
  CHECK(contains(page,
                 "<h1><span class=\"math\">\\alpha</span>-Stable Laws on "
                 "<span class=\"math\">\\mathbb{R}^n</span> &amp; Costs of $5</h1>\n"));
  CHECK(contains(page, "<title>$\\alpha$-Stable Laws on $\\mathbb{R}^n$ &amp; Costs of $5 · "));
  CHECK(contains(page,
                 "<meta name=\"citation_title\" content=\"$\\alpha$-Stable Laws on "
                 "$\\mathbb{R}^n$ &amp; Costs of $5\">\n"));
  CHECK(contains(page,
                 "\"headline\":\"$\\\\alpha$-Stable Laws on $\\\\mathbb{R}^n$ \\u0026 "
                 "Costs of $5\""));
  CHECK(contains(
      page,
      "<link rel=\"stylesheet\" href=\"/assets/katex/katex.min.css\">\n"
      "<link rel=\"stylesheet\" href=\"/assets/katex/math.css\">\n"
      "<script defer src=\"/assets/katex/katex.min.js\" data-live-reload=\"keep\"></script>\n"
      "<script defer src=\"/assets/katex/render-math.js\" data-live-reload=\"rerun\"></script>\n"));
  CHECK(contains(page_of(r, "publications/index.html"),
                 "<p class=\"pub-title\"><a href=\"/publications/ada2024/\"><span "
                 "class=\"math\">\\alpha</span>-Stable Laws on <span "
                 "class=\"math\">\\mathbb{R}^n</span> &amp; Costs of $5</a></p>"));
  CHECK(contains(page_of(r, "publications/index.html"), "/assets/katex/render-math.js"));
  // The home page lists no paper: no math, no KaTeX.
  CHECK_FALSE(contains(page_of(r, "index.html"), "katex"));
  for (const char* f : {"assets/katex/katex.min.js", "assets/katex/katex.min.css",
                        "assets/katex/math.css", "assets/katex/render-math.js",
                        "assets/katex/LICENSE", "assets/katex/fonts/KaTeX_Main-Regular.woff2"})
    CHECK_MESSAGE(r.output.files.count(f) == 1, f);
  // The stylesheet names only the woff2 fonts the site holds.
  std::string css = page_of(r, "assets/katex/katex.min.css");
  CHECK(contains(css, "url(fonts/KaTeX_Main-Regular.woff2)"));
  CHECK_FALSE(contains(css, ".woff)"));
  CHECK_FALSE(contains(css, ".ttf)"));
}

TEST_CASE("katex: only the pages with Markdown math load KaTeX, under the base path") {
  BuildResult r =
      build_files({{"site.toml", "base_url = \"/repo/\"\n[person]\nname = \"Ada Example\"\n"},
                   {"bio.md", "I study $$\\sum_{i=1}^n x_i$$ and costs of $5 or $10.\n"},
                   {"pages/plain.md", "+++\ntitle = \"Plain\"\n+++\nNo math here, only $5.\n"}});
  REQUIRE(r.diags.format_all() == "");
  std::string home = page_of(r, "index.html");
  CHECK(contains(home, "<span class=\"math display\">\\sum_{i=1}^n x_i</span>"));
  CHECK(contains(
      home,
      "<script defer src=\"/repo/assets/katex/katex.min.js\" data-live-reload=\"keep\"></script>"));
  CHECK_FALSE(contains(page_of(r, "plain/index.html"), "katex"));
  CHECK_FALSE(contains(page_of(r, "404.html"), "katex"));
}

TEST_CASE("katex: a site without math gets no KaTeX files") {
  BuildResult r = build_files({{"bio.md", "Costs \\$5, and `$x$` is code.\n"}});
  REQUIRE(r.diags.format_all() == "");
  for (const auto& file : r.output.files) {
    const std::string& path = file.first;
    CHECK_MESSAGE(!path.starts_with("assets/katex/"), path);
    CHECK_MESSAGE(!contains(file.second.bytes, "katex"), path);
  }
}

TEST_CASE("katex: math in a translation alone gets KaTeX's files too") {
  BuildResult r = build_files(
      {{"site.toml", "languages = [\"en\", \"zh\"]\n[person]\nname = \"Ada Example\"\n"},
       {"bio.md", "I study sums.\n"},
       {"bio.zh.md", "我研究 $\\sum_i x_i$。\n"}});
  REQUIRE(r.diags.format_all() == "");
  CHECK_FALSE(contains(page_of(r, "index.html"), "katex"));
  std::string zh = page_of(r, "zh/index.html");
  CHECK(contains(zh, "<span class=\"math\">\\sum_i x_i</span>"));
  CHECK(contains(zh, "<script defer src=\"/assets/katex/katex.min.js\""));
  CHECK(r.output.files.count("assets/katex/katex.min.js") == 1);
  CHECK(r.output.files.count("assets/katex/katex.min.css") == 1);
}

TEST_CASE("katex: a site gets a KaTeX without CVE-2024-28243, typesetting under limits") {
  BuildResult r = build_files({{"bio.md", "I study $O(n \\log n)$.\n"}});
  REQUIRE(r.diags.format_all() == "");
  // Before 0.16.10, `\edef` escaped maxExpand: one title froze the reader's browser.
  std::string js = page_of(r, "assets/katex/katex.min.js");
  size_t at = js.find("version:\"");
  REQUIRE(at != std::string::npos);
  int major = 0, minor = 0, patch = 0;
  REQUIRE(std::sscanf(js.c_str() + at, "version:\"%d.%d.%d\"", &major, &minor, &patch) == 3);
  CAPTURE(js.substr(at, 20));
  CHECK(std::make_tuple(major, minor, patch) >= std::make_tuple(0, 16, 10));
  // The limits are the renderer's, not KaTeX's defaults.
  std::string renderer = page_of(r, "assets/katex/render-math.js");
  for (const char* option :
       {"throwOnError: false,", "trust: false,", "maxExpand: 1000,", "maxSize: 20\n"})
    CHECK_MESSAGE(contains(renderer, option), option);
  CHECK(contains(renderer, "window.addEventListener(\"beforeprint\", rest);"));
}
