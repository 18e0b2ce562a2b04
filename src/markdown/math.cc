// Math in plain text (where it is: text/tex_math.h), and the element KaTeX reads
// (assets/katex/render-math.js in the site).
#include "markdown/math.h"

#include "text/escape.h"
#include "text/tex_math.h"

namespace sitegen {

namespace {

constexpr std::string_view kInlineOpen = "<span class=\"math\">";
constexpr std::string_view kDisplayOpen = "<span class=\"math display\">";
constexpr std::string_view kClose = "</span>";

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
      [&](const MathSpan& m) {
        out += kInlineOpen;
        append_html_escaped(out, text.substr(m.tex_start, m.tex_end - m.tex_start));
        out += kClose;
      });
  return out;
}

bool has_math(std::string_view html) {
  return html.find(kInlineOpen) != std::string_view::npos ||
         html.find(kDisplayOpen) != std::string_view::npos;
}

}  // namespace sitegen
