// Markdown through md4c with GitHub's dialect and TeX math; the HTML is written from
// md4c's callbacks (html_writer.cc).
#include "markdown/markdown.h"

#include <md4c.h>

#include "markdown/html_writer.h"
#include "text/ascii.h"

namespace sitegen {

namespace {

constexpr unsigned kParserFlags = MD_DIALECT_GITHUB | MD_FLAG_LATEXMATHSPANS;

}  // namespace

std::string markdown_to_html(std::string_view md, const MarkdownOptions& opts) {
  std::string out;
  out.reserve(md.size() + md.size() / 4);
  if (md.starts_with("\xEF\xBB\xBF")) md.remove_prefix(3);  // MD_HTML_FLAG_SKIP_UTF8_BOM
  // md4c 0.4.8 reads the byte after a link destination that ends the input ("[x](/a"):
  // a ")" there is taken as the link's end, and md4c then reads and reports text past the
  // input, or crashes. A copy ends in a NUL, which ends nothing.
  std::string input(md);
  write_html(input, kParserFlags | (opts.allow_raw_html ? 0u : unsigned{MD_FLAG_NOHTML}), opts,
             out);
  return out;
}

std::string markdown_inline_to_html(std::string_view md, const MarkdownOptions& opts) {
  std::string html = markdown_to_html(md, opts);
  while (!html.empty() && html.back() == '\n') html.pop_back();
  // Only a single paragraph is unwrapped; anything else (a list, two paragraphs) stays whole.
  if (html.size() >= 7 && html.compare(0, 3, "<p>") == 0 &&
      html.compare(html.size() - 4, 4, "</p>") == 0 && html.find("<p>", 3) == std::string::npos)
    return html.substr(3, html.size() - 7);
  return html;
}

}  // namespace sitegen
