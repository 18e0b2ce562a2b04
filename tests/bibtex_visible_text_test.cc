// No LaTeX reaches a reader: every .bib file of ../shared/testdata/bib/ built as a site
// shows no backslash, no brace and no LaTeX command name in any visible text or attribute.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "site_build/build.h"
#include "support/shared_data.h"
#include "support/skip.h"
#include "support/test_dir.h"
#include "support/test_site.h"
#include "text/ascii.h"
#include "text/html_scan.h"

namespace fs = std::filesystem;
using namespace sitegen;

using sitegen::testing::slurp;

namespace {

using testing::kBibDir;

// Math is kept as TeX for KaTeX to render: inside an element of class `math`, or as
// `$...$` where it stays text (<title>, attributes, a title not yet typeset).
std::string without_math(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    size_t close = s[i] == '$' ? s.find('$', i + 1) : std::string_view::npos;
    if (close == std::string_view::npos) {
      out += s[i];
    } else {
      i = close;  // `$$...$$` is two empty spans around the math, which is skipped too
    }
  }
  return out;
}

bool has_class(const std::vector<HtmlAttr>& attrs, std::string_view cls) {
  for (const HtmlAttr& a : attrs) {
    if (a.name != "class") continue;
    std::string v(a.value);
    std::istringstream words(v);
    for (std::string w; words >> w;)
      if (w == cls) return true;
  }
  return false;
}

// The commands of a .bib file whose names are not also words of its text: such a name
// on a page can only have come from the command.
std::set<std::string> command_names(const std::string& bib) {
  std::set<std::string> names, words;
  for (size_t i = 0; i < bib.size();) {
    size_t j = i;
    while (j < bib.size() && is_alpha(bib[j])) ++j;
    if (j - i >= 2) (i > 0 && bib[i - 1] == '\\' ? names : words).insert(bib.substr(i, j - i));
    i = j + 1;
  }
  for (const std::string& w : words) names.erase(w);
  return names;
}

// What of a page's visible text and attribute values looks like LaTeX, a line each.
// Left out: <script> and <style>, elements of class `math` (TeX source for KaTeX) and
// `bibtex` (the entry's BibTeX, shown as such), and `citation_*` metadata, whose title
// must still be free of braces.
std::string latex_leaks(std::string_view html, const std::set<std::string>& names) {
  std::string leaks;
  auto check = [&](std::string_view where, const std::string& text) {
    bool leak = text.find_first_of("\\{}") != std::string::npos;
    for (size_t i = 0; i < text.size() && !leak;) {  // whole words only
      size_t j = i;
      while (j < text.size() && is_alpha(text[j])) ++j;
      leak = j > i && names.count(text.substr(i, j - i));
      i = j + 1;
    }
    if (leak) leaks += std::string(where) + ": " + text + "\n";
  };
  HtmlTokenizer tok(html);
  std::string skipping;  // the element whose content is left out, and how deep in it
  int depth = 0;
  for (HtmlToken t = tok.next(); t.kind != HtmlTokenKind::kEnd; t = tok.next()) {
    if (t.kind == HtmlTokenKind::kStartTag) {
      std::string name(t.name);
      if (!skipping.empty()) {
        depth += name == skipping && !t.self_closing;
        continue;
      }
      if (name == "script" || name == "style") {
        tok.raw_text(name);
        continue;
      }
      const std::vector<HtmlAttr>& attrs = tok.attributes();
      if (has_class(attrs, "math") || has_class(attrs, "bibtex")) {
        skipping = name;
        depth = 1;
        continue;
      }
      bool citation = false, citation_title = false;
      for (const HtmlAttr& a : attrs) {
        if (name == "meta" && a.name == "name" && a.value.starts_with("citation_")) {
          citation = true;
          citation_title = a.value == "citation_title";
        }
      }
      for (const HtmlAttr& a : attrs) {
        if (a.name == "data-text") continue;  // a theme's words for its script ({shown} of {total})
        std::string value = without_math(decode_html_entities(a.value));
        if (citation_title && a.name == "content" && value.find_first_of("{}") != std::string::npos)
          leaks += "citation_title: " + value + "\n";
        if (!citation) check("<" + name + " " + std::string(a.name) + ">", value);
      }
    } else if (t.kind == HtmlTokenKind::kEndTag) {
      if (!skipping.empty() && t.name == skipping && --depth == 0) skipping.clear();
    } else if (t.kind == HtmlTokenKind::kText && skipping.empty()) {
      std::string text = decode_html_entities(html.substr(t.start, t.end - t.start));
      check("text", without_math(text));
    }
  }
  return leaks;
}

}  // namespace

TEST_CASE("latex leaks: the scan finds LaTeX in text and attributes, not in math or code") {
  std::string page =
      "<html><head><title>On $\\alpha$ maps</title>"
      "<meta name=\"citation_title\" content=\"A {B} title\">"
      "<meta name=\"citation_author\" content=\"{\\o}ystein\">"
      "<script>var x = {a: '\\\\'};</script></head><body>"
      "<p>textsterling26.50 and \\emph one</p><a title=\"x{y}\" href=\"/p/\">ok</a>"
      "<span class=\"math\">\\frac{1}{2}<span>\\beta</span></span><p>after math</p>"
      "<div class=\"bibtex\"><pre>title = {X}</pre></div></body></html>";
  CHECK(latex_leaks(page, {"textsterling"}) ==
        "citation_title: A {B} title\n"
        "text: textsterling26.50 and \\emph one\n"
        "<a title>: x{y}\n");
  CHECK(latex_leaks("<p>Sterling silver, 26.50</p>", {"textsterling"}).empty());
}

TEST_CASE("latex leaks: an unknown command shows its argument only, with a warning") {
  BuildResult r = testing::build_files(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n[publications]\nbibtex = [\"p.bib\"]\n"},
       {"p.bib",
        "@misc{k,\n  author = {Ada Example},\n  title = {Costs {\\textsterling}26.50 in \\Coq and "
        "\\foo{bar}},\n  year = {2024},\n}\n"}});
  CHECK(r.diags.format_all() ==
        "content/p.bib:3:42: warning: unknown LaTeX command `\\Coq`: left out\n"
        "    title = {Costs {\\textsterling}26.50 in \\Coq and \\foo{bar}},\n"
        "                                           ^\n"
        "content/p.bib:3:51: warning: unknown LaTeX command `\\foo`: only its argument is shown\n"
        "    title = {Costs {\\textsterling}26.50 in \\Coq and \\foo{bar}},\n"
        "                                                    ^\n");
  std::string page = testing::page_of(r, "publications/k/index.html");
  CHECK(page.find("<h1>Costs £26.50 in and bar</h1>") != std::string::npos);
  CHECK(latex_leaks(page, {"Coq", "foo"}).empty());
}

TEST_CASE("latex leaks: each unknown command is warned about where it is written") {
  std::string diags = testing::diagnostics_of(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n[publications]\nbibtex = [\"p.bib\"]\n"},
       {"p.bib",
        "@string{conf = \"Proc. \\Conf\"}\n"
        "@misc{k,\n"
        "  author = {Ada Example and Gr{\\\"a}ce \\Hopper},\n"
        "  title = \"Part one \" # conf # { and \\two\n"
        "    lines, \\acro{ok}},\n"
        "  abstract = {An \\emph{\\odd{abstract}}.},\n"
        "  journal = {\\Conf},\n"
        "  year = 2024,\n"
        "}\n"}});
  CHECK(diags ==
        "content/p.bib:4:25: warning: unknown LaTeX command `\\Conf`: left out\n"
        "    title = \"Part one \" # conf # { and \\two\n"
        "                          ^\n"
        "content/p.bib:4:38: warning: unknown LaTeX command `\\two`: left out\n"
        "    title = \"Part one \" # conf # { and \\two\n"
        "                                       ^\n"
        "content/p.bib:5:12: warning: unknown LaTeX command `\\acro`: only its argument is shown\n"
        "      lines, \\acro{ok}},\n"
        "             ^\n"
        "content/p.bib:3:39: warning: unknown LaTeX command `\\Hopper`: left out\n"
        "    author = {Ada Example and Gr{\\\"a}ce \\Hopper},\n"
        "                                        ^\n"
        "content/p.bib:7:14: warning: unknown LaTeX command `\\Conf`: left out\n"
        "    journal = {\\Conf},\n"
        "               ^\n"
        "content/p.bib:6:24: warning: unknown LaTeX command `\\odd`: only its argument is shown\n"
        "    abstract = {An \\emph{\\odd{abstract}}.},\n"
        "                         ^\n");
  CHECK(testing::diagnostics_of({{"site.toml",
                                  "[person]\nname = \"A\"\n[publications]\n"
                                  "bibtex = [\"p.bib\"]\n"},
                                 {"p.bib", "@misc{k, title = {\\Coq}, year = 2024}\n"}},
                                /*strict=*/true) ==
        "content/p.bib:1:19: error: unknown LaTeX command `\\Coq`: left out\n"
        "  @misc{k, title = {\\Coq}, year = 2024}\n"
        "                    ^\n");
}

TEST_CASE("latex leaks: no LaTeX in any page of the real-world .bib files") {
  if (testing::skip_without(kBibDir)) return;
  std::vector<fs::path> bibs;
  for (const auto& entry : fs::directory_iterator(kBibDir))
    if (entry.path().extension() == ".bib") bibs.push_back(entry.path());
  std::sort(bibs.begin(), bibs.end());
  REQUIRE(bibs.size() >= 4);
  for (const fs::path& bib : bibs) {
    CAPTURE(bib.filename());
    testing::TempDir dir;
    fs::path content = dir.path / "content";
    std::string text = slurp(bib);
    testing::write_file(content / bib.filename(), text);
    testing::write_file(content / "site.toml",
                        "title = \"Test\"\n[person]\nname = \"Ada Example\"\n[publications]\n"
                        "bibtex = [\"" +
                            bib.filename().string() + "\"]\n");
    BuildResult r = build_site(DiskSource(content.string()), BuildOptions{});
    INFO(r.diags.format_all());
    REQUIRE_FALSE(r.diags.has_errors());
    std::set<std::string> names = command_names(text);
    size_t pages = 0;
    for (const auto& file : r.output.files) {
      const std::string& path = file.first;  // not a structured binding: CAPTURE is a lambda
      if (!path.ends_with(".html")) continue;
      ++pages;
      CAPTURE(path);
      CHECK(latex_leaks(file.second.bytes, names) == "");
    }
    CHECK(pages > 10);
  }
}
