#include "markdown/markdown.h"

#include <doctest/doctest.h>
#include <md4c-html.h>

#include <array>
#include <filesystem>
#include <vector>

#include "markdown/html_writer.h"
#include "support/skip.h"
#include "support/test_dir.h"

using namespace sitegen;

TEST_CASE("markdown: block and inline") {
  CHECK(markdown_to_html("**bold** text") == "<p><strong>bold</strong> text</p>\n");
  CHECK(markdown_inline_to_html("**Jet** accepted") == "<strong>Jet</strong> accepted");
  CHECK(markdown_inline_to_html("a\n\nb") == "<p>a</p>\n<p>b</p>");
}

TEST_CASE("markdown: GitHub tables, strikethrough, autolinks") {
  CHECK(markdown_to_html("~~x~~") == "<p><del>x</del></p>\n");
  CHECK(markdown_to_html("| a |\n|---|\n| 1 |\n").find("<table>") != std::string::npos);
  CHECK(markdown_to_html("see https://example.org") ==
        "<p>see <a href=\"https://example.org\">https://example.org</a></p>\n");
}

TEST_CASE("markdown: javascript URLs are dropped unless allowed") {
  CHECK(markdown_inline_to_html("[x](javascript:alert(1))") == "<a href=\"\">x</a>");
  CHECK(markdown_inline_to_html("[x](JaVaScRiPt:alert(1))") == "<a href=\"\">x</a>");
  CHECK(markdown_inline_to_html("<a href=\"javascript:alert(1)\">x</a>") == "<a href=\"\">x</a>");
  MarkdownOptions allow;
  allow.allow_javascript_urls = true;
  CHECK(markdown_inline_to_html("[x](javascript:go())", allow) ==
        "<a href=\"javascript:go()\">x</a>");
}

TEST_CASE("markdown: links keep only safe schemes, read as browsers read them") {
  // A tab in a Markdown link is percent-encoded, which leaves no scheme at all.
  CHECK(markdown_inline_to_html("[x](<java\tscript:alert(1)>)") ==
        "<a href=\"java%09script:alert(1)\">x</a>");
  CHECK(markdown_inline_to_html("[x](vbscript:msgbox)") == "<a href=\"\">x</a>");
  CHECK(markdown_inline_to_html("[x](data:text/html,hi)") == "<a href=\"\">x</a>");
  CHECK(markdown_inline_to_html("[x](ftp://ftp.example.org/x)") == "<a href=\"\">x</a>");
  for (const char* ok : {"https://example.org/a", "http://example.org/", "mailto:ada@example.org",
                         "tel:+15550100", "papers/x.pdf", "/cv/", "#top", "//example.org/x"})
    CHECK(markdown_inline_to_html(std::string("[x](") + ok + ")") ==
          std::string("<a href=\"") + ok + "\">x</a>");
  // Images may be data images, never script.
  CHECK(markdown_inline_to_html("![i](data:image/png;base64,AAAA)") ==
        "<img src=\"data:image/png;base64,AAAA\" alt=\"i\">");
  CHECK(markdown_inline_to_html("![i](javascript:x)") == "<img src=\"\" alt=\"i\">");
  // Raw HTML: attribute names in any case, any quoting, references decoded.
  CHECK(markdown_inline_to_html("<a HREF='java&#x09;script:x'>a</a>") == "<a HREF=''>a</a>");
  CHECK(markdown_inline_to_html("<a href=javascript:x>a</a>") == "<a href=>a</a>");
  CHECK(markdown_inline_to_html("<a href=\"javascript&colon;x\">a</a>") == "<a href=\"\">a</a>");
  CHECK(markdown_inline_to_html("<a href=\"java\nscript:x\">a</a>") == "<a href=\"\">a</a>");
  CHECK(markdown_inline_to_html("<a href=\"java&Tab;script:x\">a</a>") == "<a href=\"\">a</a>");
  CHECK(markdown_inline_to_html("<a href=\"java&#115cript:x\">a</a>") == "<a href=\"\">a</a>");
  // A name that stands for a letter beyond ASCII cannot make a scheme: the URL is a path
  // (CommonMark's example 31), and kept.
  CHECK(markdown_inline_to_html("<a href=\"&ouml;&ouml;.html\">a</a>") ==
        "<a href=\"&ouml;&ouml;.html\">a</a>");
  CHECK(markdown_inline_to_html("<a href=\"javascript&ouml;:x\">a</a>") ==
        "<a href=\"javascript&ouml;:x\">a</a>");
  CHECK(markdown_inline_to_html("<form action=\"javascript:x\"></form>") ==
        "<form action=\"\"></form>");
  CHECK(markdown_inline_to_html("<img srcset=\"a.png 1x, javascript:x 2x\">") ==
        "<img srcset=\"\">");
  // Only URL attributes, and never inside a script's text.
  CHECK(markdown_inline_to_html("<a data-x=\"javascript:x\" href=\"/a?b=1&amp;c=2\">a</a>") ==
        "<a data-x=\"javascript:x\" href=\"/a?b=1&amp;c=2\">a</a>");
  CHECK(markdown_to_html("<script>let s = '<a href=\"javascript:x\">';</script>\n") ==
        "<script>let s = '<a href=\"javascript:x\">';</script>\n");
  MarkdownOptions allow;
  allow.allow_javascript_urls = true;
  CHECK(markdown_inline_to_html("[x](javascript:go())", allow) ==
        "<a href=\"javascript:go()\">x</a>");
}

TEST_CASE("markdown: raw HTML can be turned off for untrusted text") {
  MarkdownOptions untrusted;
  untrusted.allow_raw_html = false;
  CHECK(markdown_inline_to_html("<script>x</script>", untrusted) ==
        "&lt;script&gt;x&lt;/script&gt;");
}

TEST_CASE("markdown: html_escape") {
  CHECK(html_escape("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;");
}

namespace {

std::string md4c_html(std::string_view md, unsigned parser_flags) {
  std::string out;
  md_html(
      md.data(), static_cast<MD_SIZE>(md.size()),
      [](const MD_CHAR* s, MD_SIZE n, void* ud) { static_cast<std::string*>(ud)->append(s, n); },
      &out, parser_flags, MD_HTML_FLAG_SKIP_UTF8_BOM);
  return out;
}

}  // namespace

TEST_CASE("markdown: the HTML is md_html()'s wherever sitegen changes nothing") {
  // Entities (named, numeric, out of range, unknown; in text, URLs and titles), NULs,
  // a BOM, URL escaping, code blocks with languages, task lists, aligned tables, breaks,
  // alt text, md4c-html's early close of an image holding an image, raw HTML.
  static constexpr char kNul[] = "a\0b [x](/a\0b \"t\0\") `c\0`\n";
  std::string nul(kNul, sizeof kNul - 1);  // the NULs included, the terminator not
  const std::string inputs[] = {
      "&nbsp;&amp;&lt;&copy;&#233;&#x1F600;&#0;&#9999999;&bogus; &ngE; &#X41;",
      "[a](/x&amp;y&eacute;?q=1&b=[2]~'\"é%20 \"t&quot;&lt;'\") <https://x.org/a&b>",
      "[a](<b c>) ![i&amp;](/i.png \"T\") www.example.org/x a@b.org https://e.org/(x)",
      nul,
      "\xEF\xBB\xBF# BOM\n",
      "~~~ c++ {x} &amp;\ncode <>&\"\n~~~\n\n    indented\n\n```\nnone\n```\n",
      "- [ ] a\n- [x] b\n- [X] c\n\n3. three\n4. four\n\n1. one\n",
      "| l | c | r | n |\n|:--|:-:|--:|---|\n| 1 | *2* | `3` | \\| |\n",
      "a  \nb\\\nc\nd\n\n---\n\n> q\n\n###### h6\n\nSetext\n===\n",
      "![a *b* `c` [d](/e) <b>f</b>  \ng](/i.png) ![![in](/in.png) out](/o.png \"t\")",
      "<div>\n<a href=\"/x\">raw</a>\n</div>\n\n<b>inline</b> <a\nhref='y'>z</a> <!-- c -->\n",
      "~~del~~ ~one~ **strong** _em_ ***both***",
      "a $ b $$ c",
      // md4c ends an equation it never started here (after a permissive autolink).
      "www.x.org$}*/x//} [(=\"<$http://x.orga/",
  };
  for (const std::string& md : inputs) {
    CAPTURE(md);
    MarkdownOptions keep;
    keep.allow_javascript_urls = true;
    CHECK(markdown_to_html(md, keep) == md4c_html(md, MD_DIALECT_GITHUB | MD_FLAG_LATEXMATHSPANS));
    keep.allow_raw_html = false;
    CHECK(markdown_to_html(md, keep) ==
          md4c_html(md, MD_DIALECT_GITHUB | MD_FLAG_LATEXMATHSPANS | MD_FLAG_NOHTML));
  }
}

namespace {

// The HTML of write_html (html_writer.h, with options that change nothing) and of the
// installed md_html() for `md` under the parser flags sitegen uses, with and without raw
// HTML and math: "" when they agree, else both. The port follows md4c-html 0.4.8 byte for
// byte; another md4c (Homebrew's 0.5 on macOS) is caught here rather than shipped.
std::string port_difference(const std::string& md) {
  MarkdownOptions keep;
  keep.allow_javascript_urls = true;
  std::string report;
  for (unsigned flags :
       std::array<unsigned, 3>{MD_DIALECT_GITHUB, MD_DIALECT_GITHUB | MD_FLAG_NOHTML,
                               MD_DIALECT_GITHUB | MD_FLAG_LATEXMATHSPANS}) {
    // Math is kept as TeX for KaTeX, where md_html() writes <x-equation>.
    if ((flags & MD_FLAG_LATEXMATHSPANS) && md.find('$') != std::string::npos) continue;
    std::string ours;
    write_html(md, flags, keep, ours);
    std::string theirs = md4c_html(md, flags);
    if (ours != theirs)
      report += "flags " + std::to_string(flags) + ":\nmd_html():\n" + theirs + "port:\n" + ours;
  }
  return report;
}

// The examples of the CommonMark spec's text (spec.txt): a fence of 32 backticks and
// "example", the Markdown, a line ".", the HTML, the closing fence; a tab is written "→".
std::vector<std::string> spec_examples(const std::string& text) {
  const std::string fence(32, '`');
  std::vector<std::string> examples;
  size_t at = 0;
  while ((at = text.find(fence + " example\n", at)) != std::string::npos) {
    size_t begin = text.find('\n', at) + 1;
    size_t dot = text.find("\n.\n", begin - 1);
    if (dot == std::string::npos) break;
    std::string md = dot + 1 > begin ? text.substr(begin, dot + 1 - begin) : "";
    if (md == ".\n") md.clear();  // an empty example: the "." follows the fence at once
    for (size_t tab; (tab = md.find("\u2192")) != std::string::npos;) md.replace(tab, 3, "\t");
    examples.push_back(md);
    at = text.find("\n" + fence + "\n", dot);
    if (at == std::string::npos) break;
  }
  return examples;
}

}  // namespace

TEST_CASE("markdown: the HTML is md_html()'s on every Markdown file of the repository") {
  namespace fs = std::filesystem;
  const fs::path root = SITEGEN_SOURCE_DIR;
  size_t files = 0;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    std::string name = it->path().filename().string();
    if (it->is_directory() && (name.starts_with(".") || name.starts_with("build") ||
                               name == "node_modules" || name == "public")) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file() || it->path().extension() != ".md") continue;
    CAPTURE(it->path().string());
    CHECK(port_difference(testing::slurp(it->path())) == "");
    ++files;
  }
  CHECK(files >= 20);  // README, HACKING, docs/, content/ and the examples' pages
}

TEST_CASE("markdown: the HTML is md_html()'s on the CommonMark spec's examples") {
  // The npm package commonmark-spec, pinned in tests/browser/package.json (npm ci there).
  const std::filesystem::path spec = std::filesystem::path(SITEGEN_SOURCE_DIR) /
                                     "tests/browser/node_modules/commonmark-spec/spec.txt";
  if (testing::skip_without(spec)) return;
  std::vector<std::string> examples = spec_examples(testing::slurp(spec));
  REQUIRE(examples.size() == 652);
  for (size_t i = 0; i < examples.size(); ++i) {
    CAPTURE(i + 1);
    CAPTURE(examples[i]);
    CHECK(port_difference(examples[i]) == "");
  }
}

TEST_CASE("markdown: raw HTML follows the rules of Markdown links and tables") {
  MarkdownOptions page;
  page.link_prefix = "/repo/";
  page.base_path = "/repo/";
  page.table_label = "Table";
  CHECK(markdown_to_html("<a href=\"/x\" title='/t'>x</a> <img\nsrc='/i.png'>", page) ==
        "<p><a href=\"/repo/x\" title='/t'>x</a> <img\nsrc='/repo/i.png'></p>\n");
  CHECK(markdown_to_html("<table>\n<tr><td><a href=\"javascript:x\">a</a></td></tr>\n"
                         "</table>\n",
                         page) ==
        "<div class=\"table-scroll\" role=\"region\" aria-label=\"Table\" tabindex=\"0\">"
        "<table>\n<tr><td><a href=\"\">a</a></td></tr>\n</table></div>\n");
  // A raw table's end tag is wrapped when its start tag was, in another block too;
  // a stray one closes no element around the text.
  CHECK(markdown_to_html("<table><tr><td>\n\n*x*\n\n</td></tr></table>\n\n</table>", page) ==
        "<div class=\"table-scroll\" role=\"region\" aria-label=\"Table\" tabindex=\"0\">"
        "<table><tr><td>\n<p><em>x</em></p>\n</td></tr></table></div>\n</table>\n");
  // A tag over two lines arrives in parts, and is still read whole.
  CHECK(markdown_inline_to_html("<a\nhref=\"javascript:x\">a</a>", page) == "<a\nhref=\"\">a</a>");
  // In alt text a tag is inside a quoted attribute already: its links are left alone.
  CHECK(markdown_inline_to_html("![<a href=\"/x\">](/i.png)", page) ==
        "<img src=\"/repo/i.png\" alt=\"<a href=\"/x\">\">");
  // A NUL in an HTML block arrives as a part of its own (md4c writes U+FFFD and the NUL).
  std::string nul_block("<div>\n<a href=\"/x\0\">\n</div>\n", 28);
  CHECK(markdown_to_html(nul_block, page) ==
        std::string("<div>\n<a href=\"/repo/x\xEF\xBF\xBD\0\">\n</div>\n", 36));
}

TEST_CASE("markdown: math in alt text stays text") {
  CHECK(markdown_inline_to_html("![$x^2$](/i.png)") == "<img src=\"/i.png\" alt=\"x^2\">");
}

TEST_CASE(
    "markdown: a link destination at the end of a view into a longer text (found by fuzzing)") {
  // md4c reads the byte after the input there; a ")" in it ended the link out of bounds.
  std::string text = "[x](/i) and more";
  CHECK(markdown_to_html(std::string_view(text).substr(0, 6)) == "<p>[x](/i</p>\n");
  CHECK(markdown_to_html(std::string_view("![$x$](/i.png://x.org)").substr(0, 21)) ==
        "<p>![<span class=\"math\">x</span>](/i.png://x.org</p>\n");
}

TEST_CASE("markdown: a task list's checkboxes are named for screen readers when words are given") {
  MarkdownOptions o;
  o.task_done_label = "Done";
  o.task_open_label = "To \"do\"";
  CHECK(markdown_to_html("- [x] a\n- [ ] b\n", o) ==
        "<ul>\n<li class=\"task-list-item\"><input type=\"checkbox\" "
        "class=\"task-list-item-checkbox\" disabled checked aria-label=\"Done\">a</li>\n"
        "<li class=\"task-list-item\"><input type=\"checkbox\" "
        "class=\"task-list-item-checkbox\" disabled aria-label=\"To &quot;do&quot;\">b</li>\n"
        "</ul>\n");
  // Without words (a feed), as md4c writes it.
  CHECK(markdown_to_html("- [ ] b\n") ==
        "<ul>\n<li class=\"task-list-item\"><input type=\"checkbox\" "
        "class=\"task-list-item-checkbox\" disabled>b</li>\n</ul>\n");
}
