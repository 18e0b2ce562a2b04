// md4c renders; a small pass afterwards turns math into HTML and drops script URLs,
// since md_html offers no hooks for either.
#include "markdown/markdown.h"

#include <md4c-html.h>

#include "markdown/math.h"
#include "text/escape.h"

namespace sitegen {

namespace {

constexpr unsigned kParserFlags = MD_DIALECT_GITHUB | MD_FLAG_LATEXMATHSPANS;

bool starts_with_icase(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    char c = s[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[i]) return false;
  }
  return true;
}

// Only `<` (an equation's tag) and `=` (an attribute's value) can start something to
// change; the text between them is copied whole.
std::string postprocess(std::string_view html, const MarkdownOptions& opts) {
  std::string out;
  out.reserve(html.size());
  size_t copied = 0;  // html[copied, i) is still to be appended as it is
  for (size_t i = 0; i < html.size(); ++i) {
    char c = html[i];
    if (c != '<' && c != '=') continue;
    std::string_view rest = html.substr(i);
    if (c == '<' && rest.starts_with("<x-equation")) {
      size_t open_end = rest.find('>');
      size_t close = rest.find("</x-equation>");
      if (open_end == std::string_view::npos || close == std::string_view::npos) continue;
      bool display = rest.substr(0, open_end).find("display") != std::string_view::npos;
      std::string_view tex = rest.substr(open_end + 1, close - open_end - 1);
      out.append(html.substr(copied, i - copied));
      out += display ? "<span class=\"math display\">" : "<span class=\"math\">";
      out += math_to_html(tex);
      out += "</span>";
      copied = i + close + 13;
      i = copied - 1;
    } else if (c == '=' && !opts.allow_javascript_urls && rest.starts_with("=\"") &&
               (html.substr(0, i).ends_with("href") || html.substr(0, i).ends_with("src"))) {
      size_t open = i + 2;
      size_t close = html.find('"', open);
      if (close == std::string_view::npos) close = html.size();
      out.append(html.substr(copied, open - copied));
      std::string_view url = html.substr(open, close - open);
      if (!is_script_url(url)) out.append(url);
      copied = close;
      i = close - 1;
    }
  }
  out.append(html.substr(copied));
  return out;
}

}  // namespace

std::string markdown_to_html(std::string_view md, const MarkdownOptions& opts) {
  std::string out;
  out.reserve(md.size() + md.size() / 4);
  unsigned flags = kParserFlags | (opts.allow_raw_html ? 0u : unsigned{MD_FLAG_NOHTML});
  md_html(
      md.data(), static_cast<MD_SIZE>(md.size()),
      [](const MD_CHAR* s, MD_SIZE n, void* ud) { static_cast<std::string*>(ud)->append(s, n); },
      &out, flags, MD_HTML_FLAG_SKIP_UTF8_BOM);
  if (out.find("<x-equation") == std::string::npos && out.find("=\"") == std::string::npos)
    return out;
  return postprocess(out, opts);
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

// Browsers ignore leading spaces and control characters before the scheme.
bool is_script_url(std::string_view url) {
  size_t i = 0;
  while (i < url.size() && static_cast<unsigned char>(url[i]) <= ' ') ++i;
  url.remove_prefix(i);
  return starts_with_icase(url, "javascript:") || starts_with_icase(url, "vbscript:") ||
         starts_with_icase(url, "data:text/html");
}

}  // namespace sitegen
