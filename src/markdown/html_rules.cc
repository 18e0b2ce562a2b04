// Raw HTML is read as browsers and the owner's hand-written tags allow: lexically, with
// quoted attribute values; Markdown links arrive one URL at a time.
#include "markdown/html_rules.h"

#include "text/ascii.h"
#include "text/escape.h"
#include "text/html_scan.h"
#include "text/strings.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace {

// <cctype>'s isspace in the C locale: is_space and the vertical tab.
bool is_tag_space(char c) {
  return is_space(c) || c == '\v';
}

// Attributes whose value a browser follows as a link (only safe links stay), and those
// it loads as a resource (script URLs are emptied).
bool is_link_attribute(std::string_view name) {
  for (std::string_view n :
       {"href", "xlink:href", "action", "formaction", "cite", "longdesc", "ping"})
    if (iequals(name, n)) return true;
  return false;
}

bool is_resource_attribute(std::string_view name) {
  for (std::string_view n : {"src", "srcset", "poster", "data", "background", "lowsrc", "dynsrc",
                             "manifest", "codebase", "archive", "icon", "usemap"})
    if (iequals(name, n)) return true;
  return false;
}

// Named character references that stand for ASCII characters: left undecoded by
// decode_html_entities, one of them before the path could make or hide a scheme
// (`javascript&colon;`, `java&Tab;script:`). Every other named reference is a non-ASCII
// character, which a scheme never holds: `&ouml;&ouml;.html` is a relative URL.
bool is_ascii_reference(std::string_view name) {
  static constexpr std::string_view kNames =
      " Tab NewLine excl quot QUOT num dollar percnt amp AMP apos lpar rpar ast midast plus "
      "comma period sol colon semi lt LT equals gt GT quest commat lsqb lbrack bsol rsqb "
      "rbrack Hat lowbar UnderBar grave DiacriticalGrave lcub lbrace verbar vert "
      "VerticalLine rcub rbrace fjlig ";
  return !name.empty() && kNames.find(" " + std::string(name) + " ") != std::string_view::npos;
}

// A value as the browser reads it is what counts: character references decoded, and one
// this reading leaves (a number without its `;`, a name that stands for an ASCII
// character) before the path may hide a scheme.
bool unsafe_value(std::string_view value, bool link) {
  std::string url = decode_html_entities(value);
  // Up to the path, the query or the fragment; "&#" starts a reference, not a fragment.
  size_t path = url.find_first_of("/?#");
  while (path != std::string::npos && path > 0 && url[path] == '#' && url[path - 1] == '&')
    path = url.find_first_of("/?#", path + 1);
  std::string_view head = std::string_view(url).substr(0, path);
  for (size_t amp = head.find('&'); amp != std::string_view::npos; amp = head.find('&', amp + 1)) {
    if (head.substr(amp + 1).starts_with('#')) return true;  // a number browsers read without `;`
    size_t end = head.find_first_not_of(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", amp + 1);
    if (is_ascii_reference(
            head.substr(amp + 1, end == std::string_view::npos ? end : end - amp - 1)))
      return true;
  }
  if (link) return !is_safe_link(url);
  // srcset: candidates separated by commas, each a URL and a descriptor.
  for (size_t at = 0; at < url.size();) {
    size_t comma = url.find(',', at);
    if (comma == std::string::npos) comma = url.size();
    if (is_script_url(url.substr(at, comma - at))) return true;
    at = comma + 1;
  }
  return false;
}

// Every URL attribute of every start tag, as the browser's tokenizer reads it (any case,
// any quoting), whose value is a script URL or, for links, not a safe one: emptied.
void append_without_script_urls(std::string& out, std::string_view html) {
  HtmlTokenizer tokens(html);
  size_t copied = 0;  // html[copied, ...) is still to be appended as it is
  for (HtmlToken t = tokens.next(); t.kind != HtmlTokenKind::kEnd; t = tokens.next()) {
    if (t.kind != HtmlTokenKind::kStartTag) continue;
    for (const HtmlAttr& a : tokens.attributes()) {
      bool link = is_link_attribute(a.name);
      if (!link && !is_resource_attribute(a.name)) continue;
      if (!unsafe_value(a.value, link)) continue;
      size_t from = static_cast<size_t>(a.value.data() - html.data());
      out.append(html.substr(copied, from - copied));
      copied = from + a.value.size();
    }
    for (std::string_view raw : {"script", "style", "textarea", "title", "xmp"})
      if (iequals(t.name, raw)) tokens.raw_text(t.name);
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
        if (html[i] == '/' && !is_external_url(html.substr(i, 2)) &&
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
void append_tables_wrapped(std::string& out, std::string_view html, std::string_view table_open,
                           int& open_tables) {
  size_t copied = 0;
  for (size_t at = html.find("table>"); at != std::string_view::npos;
       at = html.find("table>", at + 6)) {
    bool open = at >= 1 && html[at - 1] == '<';
    bool close = at >= 2 && html.compare(at - 2, 2, "</") == 0 && open_tables > 0;
    if (!open && !close) continue;
    out.append(html.substr(copied, at - (open ? 1 : 2) - copied));
    out += open ? table_open : kTableClose;
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
      table_open(opts.table_label.empty()
                     ? ""
                     : "<div class=\"table-scroll\" role=\"region\" "
                       "aria-label=\"" +
                           html_escape(opts.table_label) + "\" tabindex=\"0\"><table>"),
      task_done_attr(opts.task_done_label.empty()
                         ? ""
                         : " aria-label=\"" + html_escape(opts.task_done_label) + "\""),
      task_open_attr(opts.task_open_label.empty()
                         ? ""
                         : " aria-label=\"" + html_escape(opts.task_open_label) + "\"") {}

void HtmlRules::fix_url(std::string& out, size_t start, bool link) const {
  std::string_view url(out.data() + start, out.size() - start);
  if (drop_script_urls && (link ? !is_safe_link(url) : is_script_url(url))) {
    out.resize(start);
  } else if (!prefix.empty() && url.starts_with('/') && !is_external_url(url) &&
             !url.starts_with(base_path)) {
    out.replace(start, 1, prefix);
  }
}

void HtmlRules::append_raw_html(std::string& out, std::string_view html, bool in_alt,
                                int& open_tables) const {
  std::string without_scripts, rebased;
  if (drop_script_urls && html.find('=') != std::string_view::npos) {
    append_without_script_urls(without_scripts, html);
    html = without_scripts;
  }
  if (!prefix.empty() && !in_alt && html.find('<') != std::string_view::npos) {
    append_rebased(rebased, html, prefix, base_path);
    html = rebased;
  }
  if (wrap_tables() && html.find("table>") != std::string_view::npos)
    append_tables_wrapped(out, html, table_open, open_tables);
  else
    out += html;
}

}  // namespace sitegen
