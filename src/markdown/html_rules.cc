// Raw HTML is read as browsers and the owner's hand-written tags allow: lexically, with
// quoted attribute values; Markdown links arrive one URL at a time.
#include "markdown/html_rules.h"

#include "text/ascii.h"
#include "text/escape.h"

namespace sitegen {

namespace {

// <cctype>'s isspace in the C locale: is_space and the vertical tab.
bool is_tag_space(char c) {
  return is_space(c) || c == '\v';
}

// Each double-quoted value right after `href=` or `src=` that is a script URL, emptied;
// a value without its closing quote runs to the end.
void append_without_script_urls(std::string& out, std::string_view html) {
  size_t copied = 0;  // html[copied, i) is still to be appended as it is
  for (size_t i = html.find("=\""); i != std::string_view::npos; i = html.find("=\"", i)) {
    std::string_view before = html.substr(0, i);
    if (!before.ends_with("href") && !before.ends_with("src")) {
      i += 2;
      continue;
    }
    size_t open = i + 2;
    size_t close = html.find('"', open);
    if (close == std::string_view::npos) close = html.size();
    out.append(html.substr(copied, open - copied));
    std::string_view url = html.substr(open, close - open);
    if (!is_script_url(url)) out.append(url);
    copied = close;
    i = close;
  }
  out.append(html.substr(copied));
}

// Quoted href= and src= values in start tags (after a space) that start with a single
// "/" and not with `base_path`: the "/" becomes `prefix`.
void append_rebased(std::string& out, std::string_view html, std::string_view prefix,
                    std::string_view base_path) {
  const size_t n = html.size();
  for (size_t i = 0; i < n;) {
    // Text up to the next start tag is copied as it is.
    if (html[i] != '<' || i + 1 >= n || !is_alpha(html[i + 1])) {
      size_t next = html.find('<', i + 1);
      next = next == std::string_view::npos ? n : next;
      out.append(html.substr(i, next - i));
      i = next;
      continue;
    }
    // Inside a tag: quoted values are skipped whole.
    while (i < n && html[i] != '>') {
      char c = html[i];
      if (c == '"' || c == '\'') {
        size_t close = html.find(c, i + 1);
        close = close == std::string_view::npos ? n : close + 1;
        out.append(html.substr(i, close - i));
        i = close;
        continue;
      }
      out += c;
      ++i;
      if (!is_tag_space(c)) continue;
      for (std::string_view attr : {"href=", "src="}) {
        if (html.compare(i, attr.size(), attr) != 0) continue;
        size_t v = i + attr.size();
        if (v + 2 >= n || (html[v] != '"' && html[v] != '\'')) break;
        out.append(html.substr(i, v + 1 - i));
        i = v + 1;
        if (html[i] == '/' && html[i + 1] != '/' &&
            html.compare(i, base_path.size(), base_path) != 0) {
          out += prefix;
          ++i;
        }
        size_t close = html.find(html[v], i);  // the rest of the value and its quote
        close = close == std::string_view::npos ? n : close + 1;
        out.append(html.substr(i, close - i));
        i = close;
        break;
      }
    }
  }
}

// `<table>` opens a scrolling region; `</table>` closes one when one is open, so a stray
// end tag does not close an element of the page around the text.
void append_tables_wrapped(std::string& out, std::string_view html, int& open_tables) {
  size_t copied = 0;
  for (size_t at = html.find("table>"); at != std::string_view::npos;
       at = html.find("table>", at + 6)) {
    bool open = at >= 1 && html[at - 1] == '<';
    bool close = at >= 2 && html.compare(at - 2, 2, "</") == 0 && open_tables > 0;
    if (!open && !close) continue;
    out.append(html.substr(copied, at - (open ? 1 : 2) - copied));
    out += open ? kTableOpen : kTableClose;
    open_tables += open ? 1 : -1;
    copied = at + 6;
  }
  out.append(html.substr(copied));
}

}  // namespace

HtmlRules::HtmlRules(const MarkdownOptions& opts)
    : drop_script_urls(!opts.allow_javascript_urls),
      prefix(opts.link_prefix == "/" ? "" : html_escape(opts.link_prefix)),
      base_path(opts.base_path),
      wrap_tables(opts.wrap_tables) {}

void HtmlRules::fix_url(std::string& out, size_t start) const {
  std::string_view url(out.data() + start, out.size() - start);
  if (drop_script_urls && is_script_url(url)) {
    out.resize(start);
  } else if (!prefix.empty() && url.starts_with('/') && !url.starts_with("//") &&
             !url.starts_with(base_path)) {
    out.replace(start, 1, prefix);
  }
}

void HtmlRules::append_raw_html(std::string& out, std::string_view html, bool in_alt,
                                int& open_tables) const {
  std::string without_scripts, rebased;
  if (drop_script_urls && html.find("=\"") != std::string_view::npos) {
    append_without_script_urls(without_scripts, html);
    html = without_scripts;
  }
  if (!prefix.empty() && !in_alt && html.find('<') != std::string_view::npos) {
    append_rebased(rebased, html, prefix, base_path);
    html = rebased;
  }
  if (wrap_tables && html.find("table>") != std::string_view::npos)
    append_tables_wrapped(out, html, open_tables);
  else
    out += html;
}

}  // namespace sitegen
