#include "markdown/math.h"

#include <doctest/doctest.h>

#include "markdown/markdown.h"

using namespace sitegen;

TEST_CASE("math: Markdown math keeps its TeX, text-escaped, for KaTeX") {
  CHECK(markdown_inline_to_html("$O(n \\log n)$") == "<span class=\"math\">O(n \\log n)</span>");
  CHECK(markdown_to_html("$$\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}$$") ==
        "<p><span class=\"math display\">\\begin{pmatrix} a &amp; b \\\\ c &amp; d "
        "\\end{pmatrix}</span></p>\n");
  CHECK(markdown_inline_to_html("$a<b$ and $x_{i}^2$") ==
        "<span class=\"math\">a&lt;b</span> and <span class=\"math\">x_{i}^2</span>");
  CHECK(markdown_inline_to_html("$1.9\\times$ faster") ==
        "<span class=\"math\">1.9\\times</span> faster");
}

TEST_CASE("math: a title's $...$ becomes math, the rest escaped text") {
  CHECK(text_with_math_html("$\\alpha$-stable laws & $\\mathbb{P}^1$") ==
        "<span class=\"math\">\\alpha</span>-stable laws &amp; "
        "<span class=\"math\">\\mathbb{P}^1</span>");
  CHECK(text_with_math_html("Sets of size $<n$") ==
        "Sets of size <span class=\"math\">&lt;n</span>");
  CHECK(text_with_math_html("$$x$$ and $\\$5$") ==
        "<span class=\"math\">x</span> and <span class=\"math\">\\$5</span>");
  CHECK(text_with_math_html("No math: <b>") == "No math: &lt;b&gt;");
}

TEST_CASE("math: dollars that do not open or close math stay text") {
  CHECK(text_with_math_html("$5 and $10 prizes") == "$5 and $10 prizes");
  CHECK(text_with_math_html("costs $ 5$") == "costs $ 5$");
  CHECK(text_with_math_html("a $x $ b") == "a $x $ b");
  CHECK(text_with_math_html("from $3$4 up") == "from $3$4 up");
  CHECK(text_with_math_html("unclosed $x") == "unclosed $x");
  CHECK(text_with_math_html("$$") == "$$");
  CHECK(text_with_math_html("$") == "$");
}

// Each of these dollars opens math that never closes; a search from each to the end of
// the title took minutes for a title of 300 kB.
TEST_CASE("math: a title with 100,000 unclosed dollars is scanned once") {
  std::string title;
  for (int i = 0; i < 100000; ++i) title += "$a ";
  CHECK((text_with_math_html(title) == title));  // in parentheses: no megabyte-long report
  CHECK((text_with_math_html("$$" + title) == "$$" + title));
  // After a failed `$$` search, a single dollar still closes.
  CHECK(text_with_math_html("$$x $y$") == "$<span class=\"math\">x $y</span>");
}

TEST_CASE("math: has_math finds the elements") {
  CHECK(has_math(text_with_math_html("$x$")));
  CHECK(has_math(markdown_to_html("$$x$$")));
  CHECK_FALSE(has_math(markdown_to_html("costs $5")));
  CHECK_FALSE(has_math("<span class=\"mathematics\">"));
}
