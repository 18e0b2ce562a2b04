#include "markdown/markdown.h"

#include <doctest/doctest.h>

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

TEST_CASE("markdown: math becomes HTML without JavaScript") {
  CHECK(markdown_inline_to_html("$O(n \\log n)$") == "<span class=\"math\">O(n log n)</span>");
  CHECK(markdown_to_html("$$x^2$$") ==
        "<p><span class=\"math display\">x<sup>2</sup></span></p>\n");
  CHECK(markdown_inline_to_html("$1.9\\times$ faster") ==
        "<span class=\"math\">1.9×</span> faster");
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

TEST_CASE("markdown: raw HTML can be turned off for untrusted text") {
  MarkdownOptions untrusted;
  untrusted.allow_raw_html = false;
  CHECK(markdown_inline_to_html("<script>x</script>", untrusted) ==
        "&lt;script&gt;x&lt;/script&gt;");
}

TEST_CASE("markdown: html_escape") {
  CHECK(html_escape("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&#39;");
}
