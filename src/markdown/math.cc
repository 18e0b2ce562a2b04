// Finding `$...$` in plain text, and the element KaTeX reads (assets/katex/render-math.js
// in the site).
#include "markdown/math.h"

#include "text/ascii.h"
#include "text/escape.h"

namespace sitegen {

namespace {

constexpr std::string_view kInlineOpen = "<span class=\"math\">";
constexpr std::string_view kDisplayOpen = "<span class=\"math display\">";
constexpr std::string_view kClose = "</span>";

struct MathSpan {
  size_t start = 0, end = 0;          // the span, dollars included
  size_t tex_start = 0, tex_end = 0;  // the TeX between them
};

// Finds the math span that opens at a dollar. Whether a dollar can close math does not
// depend on where the search started (a backslash escapes the byte after it, and a
// search starts after a dollar, never inside a backslash run), so once a search for
// `$`- or `$$`-closers finds none up to the end, none after it will either: each kind
// scans the text at most once to the end, and the whole title stays linear.
class MathFinder {
 public:
  explicit MathFinder(std::string_view s) : s_(s) {}

  // The span that opens at `i` (a dollar), or an empty one (end == 0).
  MathSpan at(size_t i) {
    size_t dollars = s_.compare(i, 2, "$$") == 0 ? 2 : 1;
    size_t tex = i + dollars;
    if (tex >= s_.size() || is_space(s_[tex]) || s_[tex] == '$') return {};
    size_t& none_from = none_from_[dollars - 1];
    if (tex >= none_from) return {};
    for (size_t j = tex; j < s_.size(); ++j) {
      if (s_[j] == '\\') {  // an escaped character, `\$` included, is part of the TeX
        ++j;
        continue;
      }
      if (s_[j] != '$') continue;
      if (dollars == 2) {
        if (s_.compare(j, 2, "$$") != 0) continue;
        return {i, j + 2, tex, j};
      }
      if (is_space(s_[j - 1])) continue;
      if (j + 1 < s_.size() && is_digit(s_[j + 1])) continue;
      return {i, j + 1, tex, j};
    }
    none_from = tex;
    return {};
  }

 private:
  std::string_view s_;
  size_t none_from_[2] = {std::string_view::npos, std::string_view::npos};
};

// Calls text(piece) for the text between expressions and math(tex) for each one.
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
    math(s.substr(m.tex_start, m.tex_end - m.tex_start));
    i = done = m.end;
  }
  text(s.substr(done));
}

}  // namespace

void append_math_html(std::string& out, std::string_view escaped_tex, bool display) {
  out += display ? kDisplayOpen : kInlineOpen;
  out += escaped_tex;
  out += kClose;
}

std::string text_with_math_html(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  split_math(
      text, [&](std::string_view t) { append_html_escaped(out, t); },
      [&](std::string_view tex) {
        out += kInlineOpen;
        append_html_escaped(out, tex);
        out += kClose;
      });
  return out;
}

bool has_math(std::string_view html) {
  return html.find(kInlineOpen) != std::string_view::npos ||
         html.find(kDisplayOpen) != std::string_view::npos;
}

}  // namespace sitegen
