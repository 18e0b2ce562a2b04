#include "markdown/math.h"

#include <doctest/doctest.h>

using sitegen::math_to_html;

TEST_CASE("math: symbols, scripts and fractions") {
  CHECK(math_to_html("\\alpha + \\beta \\le \\infty") == "α + β ≤ ∞");
  CHECK(math_to_html("x^2 + y_{i,j}") == "x<sup>2</sup> + y<sub>i,j</sub>");
  CHECK(math_to_html("\\frac{a+b}{2}") == "(a+b)/2");
  CHECK(math_to_html("\\mathrm{nnz}(A)") == "nnz(A)");
  CHECK(math_to_html("O(n \\log n)") == "O(n log n)");
  CHECK(math_to_html("1.06 \\times \\text{ to } 1.66 \\times") == "1.06 ×  to  1.66 ×");
}

TEST_CASE("math: unknown commands and stray braces survive") {
  CHECK(math_to_html("\\foo{x}") == "\\foox");
  CHECK(math_to_html("a}b") == "ab");
  CHECK(math_to_html("x^") == "x<sup></sup>");
  CHECK(math_to_html("\\") == "\\");
}
