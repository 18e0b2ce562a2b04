// Where `$...$` is math in plain text (a title, a venue): the one rule that the page
// (markdown/math.cc, typeset by KaTeX) and the BibTeX written for a paper
// (bibtex/bibtex_write.cc, which keeps math as it is) share.
#pragma once

#include <cstddef>
#include <string_view>

namespace sitegen {

struct MathSpan {
  size_t start = 0, end = 0;          // the span, dollars included; end == 0: none
  size_t tex_start = 0, tex_end = 0;  // the TeX between them
};

// Finds the math span that opens at a dollar. A dollar opens math only before a
// non-space and closes it only after a non-space and before a non-digit, so "$5 or $10"
// stays text; `$$...$$` is math too; a backslash escapes the byte after it.
//
// Whether a dollar can close math does not depend on where the search started (a
// backslash escapes the byte after it, and a search starts after a dollar, never inside
// a backslash run), so once a search for `$`- or `$$`-closers finds none up to the end,
// none after it will either: each kind scans the text at most once to the end, and a
// whole title stays linear.
class MathFinder {
 public:
  explicit MathFinder(std::string_view s) : s_(s) {}

  // The span that opens at `i` (a dollar), or an empty one (end == 0).
  MathSpan at(size_t i);

 private:
  std::string_view s_;
  size_t none_from_[2] = {std::string_view::npos, std::string_view::npos};
};

// Calls text(piece) for the text between expressions and math(span) for each one, in
// order; the pieces and spans cover `s`.
template <class Text, class Math>
void split_math(std::string_view s, Text text, Math math) {
  MathFinder finder(s);
  size_t done = 0;
  for (size_t i = s.find('$'); i != std::string_view::npos; i = s.find('$', i)) {
    MathSpan m = finder.at(i);
    if (m.end == 0) {
      ++i;
      continue;
    }
    text(s.substr(done, m.start - done));
    math(m);
    i = done = m.end;
  }
  text(s.substr(done));
}

}  // namespace sitegen
