#include "markdown/footnotes.h"

#include <doctest/doctest.h>

namespace sitegen {

TEST_CASE("footnotes: definitions are taken out, lines kept, code left alone") {
  std::vector<FootnoteDefinition> defs;
  std::string rest = take_footnote_definitions(
      "Text[^a].\n\n[^a]: The note,\n    continued.\n\n```\n[^b]: code\n```\n[^a]: again\n", defs);
  CHECK(rest == "Text[^a].\n\n\n\n\n```\n[^b]: code\n```\n\n");
  REQUIRE(defs.size() == 1);
  CHECK(defs[0].label == "a");
  CHECK(defs[0].text == "The note,\ncontinued.");
}

TEST_CASE("footnotes: numbered by first reference, with links back to each reference") {
  CHECK(markdown_with_footnotes_to_html(
            "One[^x] and two[^y], one again[^x]; `[^x]` is code, [^none] no note.\n\n"
            "[^y]: Second *note*.\n[^x]: First note.\n",
            {}) ==
        "<p>One<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\" "
        "aria-describedby=\"footnotes-label\">1</a></sup> and two<sup class=\"footnote-ref\"><a "
        "href=\"#fn-2\" id=\"fnref-2\" aria-describedby=\"footnotes-label\">2</a></sup>, one "
        "again<sup class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1-2\" "
        "aria-describedby=\"footnotes-label\">1</a></sup>; <code>[^x]</code> is code, [^none] "
        "no note.</p>\n"
        "<section class=\"footnotes\">\n"
        "<h2 id=\"footnotes-label\" class=\"visually-hidden\">Footnotes</h2>\n"
        "<ol>\n"
        "<li id=\"fn-1\">\n"
        "<p>First note. <a href=\"#fnref-1\" class=\"footnote-back\" aria-label=\"Back to "
        "reference 1\">↩\xEF\xB8\x8E</a> <a href=\"#fnref-1-2\" class=\"footnote-back\" "
        "aria-label=\"Back to reference 1.2\">↩\xEF\xB8\x8E</a></p>\n"
        "</li>\n"
        "<li id=\"fn-2\">\n"
        "<p>Second <em>note</em>. <a href=\"#fnref-2\" class=\"footnote-back\" "
        "aria-label=\"Back to reference 2\">↩\xEF\xB8\x8E</a></p>\n"
        "</li>\n"
        "</ol>\n"
        "</section>\n");
}

TEST_CASE("footnotes: a text without definitions is Markdown as everywhere") {
  CHECK(markdown_with_footnotes_to_html("A [^1] B\n", {}) == "<p>A [^1] B</p>\n");
}

TEST_CASE("citations: [@key] of a citable key is a numbered link, others stay as written") {
  Citable c{{"hu2026", "lee2025"}, {"/publications/hu2026/", "/publications/lee2025/"}};
  NotedHtml n = markdown_with_notes_to_html(
      "As shown [@lee2025], and [@hu2026; @lee2025]; [@nobody] and `[@hu2026]` are text.\n", {}, {},
      &c);
  CHECK(n.html ==
        "<p>As shown <span class=\"citation\">[<a href=\"/publications/lee2025/\" "
        "aria-describedby=\"references-label\">1</a>]</span>, and <span class=\"citation\">[<a "
        "href=\"/publications/hu2026/\" aria-describedby=\"references-label\">2</a>, <a "
        "href=\"/publications/lee2025/\" aria-describedby=\"references-label\">1</a>]</span>; "
        "[@nobody] and <code>[@hu2026]</code> are text.</p>\n");
  CHECK(n.cited == std::vector<size_t>{1, 0});
}

TEST_CASE("figures: an image with a title alone in its paragraph has a caption") {
  MarkdownOptions o;
  o.figures = true;
  CHECK(markdown_to_html("![A lens](/lens.png \"The lens, *before* polishing\")\n", o) ==
        "<figure><img src=\"/lens.png\" alt=\"A lens\"><figcaption>The lens, *before* "
        "polishing</figcaption></figure>\n");
  // Without a title, beside text, or without the option: an image in a paragraph.
  CHECK(markdown_to_html("![A lens](/lens.png)\n", o) ==
        "<p><img src=\"/lens.png\" alt=\"A lens\"></p>\n");
  CHECK(markdown_to_html("See ![A lens](/lens.png \"T\")\n", o) ==
        "<p>See <img src=\"/lens.png\" alt=\"A lens\" title=\"T\"></p>\n");
  CHECK(markdown_to_html("![A lens](/lens.png \"T\")\n") ==
        "<p><img src=\"/lens.png\" alt=\"A lens\" title=\"T\"></p>\n");
}

}  // namespace sitegen
