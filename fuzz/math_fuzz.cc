// Fuzzes math: the `$...$` scanner of titles (text_with_math_html), held byte for byte
// to the plain search from every dollar it replaced, and Markdown math through md4c
// (markdown_to_html, markdown_inline_to_html): every math element is closed and holds
// escaped text only.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "markdown/markdown.h"
#include "markdown/math.h"
#include "text/ascii.h"
#include "text/escape.h"

namespace {

void fail(const char* what, std::string_view in, std::string_view out) {
  std::fprintf(stderr, "math_fuzz: %s\ninput:\n%.*s\noutput:\n%.*s\n", what,
               static_cast<int>(in.size()), in.data(), static_cast<int>(out.size()), out.data());
  std::abort();
}

// The title rule as math.h states it, searched from each dollar to the end of the text
// (quadratic, which is why the scanner does not do it this way).
std::string reference_title(std::string_view s) {
  std::string out;
  size_t done = 0;
  for (size_t i = s.find('$'); i != std::string_view::npos; i = s.find('$', i)) {
    size_t dollars = s.compare(i, 2, "$$") == 0 ? 2 : 1;
    size_t tex = i + dollars, end = 0, tex_end = 0;
    if (tex < s.size() && !sitegen::is_space(s[tex]) && s[tex] != '$') {
      for (size_t j = tex; j < s.size() && end == 0; ++j) {
        if (s[j] == '\\') {
          ++j;
        } else if (s[j] != '$') {
        } else if (dollars == 2) {
          if (s.compare(j, 2, "$$") == 0) end = j + 2, tex_end = j;
        } else if (!sitegen::is_space(s[j - 1]) &&
                   !(j + 1 < s.size() && sitegen::is_digit(s[j + 1]))) {
          end = j + 1, tex_end = j;
        }
      }
    }
    if (end == 0) {
      ++i;
      continue;
    }
    sitegen::append_html_escaped(out, s.substr(done, i - done));
    out += "<span class=\"math\">";
    sitegen::append_html_escaped(out, s.substr(tex, tex_end - tex));
    out += "</span>";
    i = done = end;
  }
  sitegen::append_html_escaped(out, s.substr(done));
  return out;
}

// Each math element ends at the next `</span>` and holds no markup.
void check_math_elements(std::string_view in, std::string_view html) {
  for (size_t at = html.find("<span class=\"math"); at != std::string_view::npos;
       at = html.find("<span class=\"math", at + 1)) {
    size_t open_end = html.find('>', at);
    size_t close = html.find("</span>", at);
    if (open_end == std::string_view::npos || close == std::string_view::npos)
      fail("a math element not closed", in, html);
    if (html.substr(open_end + 1, close - open_end - 1).find('<') != std::string_view::npos)
      fail("markup inside a math element", in, html);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view in(reinterpret_cast<const char*>(data), size);
  std::string title = sitegen::text_with_math_html(in);
  if (title != reference_title(in)) fail("the title scanner differs from the rule", in, title);
  check_math_elements(in, title);
  if (sitegen::has_math(title) != (title.find("<span") != std::string::npos))
    fail("has_math is wrong", in, title);

  sitegen::MarkdownOptions others;
  others.allow_raw_html = false;
  check_math_elements(in, sitegen::markdown_to_html(in, others));
  check_math_elements(in, sitegen::markdown_inline_to_html(in, others));
  return 0;
}
