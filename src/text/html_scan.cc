// The one HTML tokenizer: enough of HTML for tags and attributes (comments, raw text
// and quoting are handled; no tree is built), and character references. The URLs and ids
// of a page are read with it.
#include "text/html_scan.h"

#include <map>

#include "text/ascii.h"
#include "text/strings.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

// Does html[i] (a `<`) open a tag, a comment or a declaration?
bool opens_markup(std::string_view html, size_t i) {
  if (i + 1 >= html.size()) return false;
  char c = html[i + 1];
  return is_alpha(c) || c == '/' || c == '!' || c == '?';
}

}  // namespace

HtmlToken HtmlTokenizer::next() {
  const size_t n = html_.size();
  HtmlToken t;
  t.start = pos_;
  if (pos_ >= n) {
    t.end = n;
    return t;
  }
  if (html_[pos_] != '<' || !opens_markup(html_, pos_)) {
    size_t lt = pos_;
    do lt = html_.find('<', lt + 1);
    while (lt != std::string_view::npos && !opens_markup(html_, lt));
    t.kind = HtmlTokenKind::kText;
    t.end = pos_ = lt == std::string_view::npos ? n : lt;
    return t;
  }
  size_t lt = pos_, end = std::string_view::npos;
  char c = html_[lt + 1];
  if (html_.compare(lt, 4, "<!--") == 0) {
    t.kind = HtmlTokenKind::kComment;
    end = html_.find("-->", lt + 4);
    if (end != std::string_view::npos) end += 3;
  } else if (c == '!' || c == '?') {
    t.kind = HtmlTokenKind::kDeclaration;
    end = html_.find('>', lt + 1);
    if (end != std::string_view::npos) ++end;
  } else if (c == '/') {
    t.kind = HtmlTokenKind::kEndTag;
    size_t p = lt + 2;
    while (p < n && !is_space(html_[p]) && html_[p] != '>' && html_[p] != '/') ++p;
    t.name = html_.substr(lt + 2, p - lt - 2);
    end = html_.find('>', p);
    if (end != std::string_view::npos) ++end;
  } else {
    t.kind = HtmlTokenKind::kStartTag;
    end = start_tag(lt, t);
  }
  t.terminated = end != std::string_view::npos;
  t.end = pos_ = t.terminated ? end : n;
  return t;
}

// Reads the name and attributes of the start tag at `lt`; returns the offset after its
// `>`, or npos when the document ends first.
size_t HtmlTokenizer::start_tag(size_t lt, HtmlToken& t) {
  const std::string_view h = html_;
  const size_t n = h.size();
  size_t p = lt + 1;
  while (p < n && !is_space(h[p]) && h[p] != '>' && h[p] != '/') ++p;
  t.name = h.substr(lt + 1, p - lt - 1);
  attrs_.clear();
  while (p < n) {
    bool slash = false;  // the byte before the `>`, between attributes, is a `/`
    for (; p < n && (is_space(h[p]) || h[p] == '/'); ++p) slash = h[p] == '/';
    if (p >= n) break;
    if (h[p] == '>') {
      t.self_closing = slash;
      return p + 1;
    }
    // A `/` ends a name only before `>`: `<a b/c>` has the attribute `b/c`.
    size_t name = p;
    while (p < n && !is_space(h[p]) && h[p] != '=' && h[p] != '>' &&
           !(h[p] == '/' && p + 1 < n && h[p + 1] == '>'))
      ++p;
    HtmlAttr a{h.substr(name, p - name), h.substr(p, 0)};
    while (p < n && is_space(h[p])) ++p;
    if (p < n && h[p] == '=') {
      ++p;
      while (p < n && is_space(h[p])) ++p;
      if (p < n && (h[p] == '"' || h[p] == '\'')) {
        size_t close = h.find(h[p], p + 1);
        if (close == std::string_view::npos) close = n;
        a.value = h.substr(p + 1, close - p - 1);
        p = close < n ? close + 1 : n;
      } else {
        size_t value = p;
        while (p < n && !is_space(h[p]) && h[p] != '>') ++p;
        a.value = h.substr(value, p - value);
      }
    }
    if (!a.name.empty()) attrs_.push_back(a);
  }
  return std::string_view::npos;
}

HtmlToken HtmlTokenizer::raw_text(std::string_view name) {
  const size_t n = html_.size();
  size_t close = pos_;
  while ((close = html_.find("</", close)) != std::string_view::npos &&
         !iequals(html_.substr(close + 2, name.size()), name))
    close += 2;
  HtmlToken t;
  t.kind = HtmlTokenKind::kRawText;
  t.start = pos_;
  t.terminated = close != std::string_view::npos;
  t.end = pos_ = t.terminated ? close : n;
  return t;
}

namespace {

// Calls f(tag, attributes) for every start tag of `html`; script and style contents are
// text.
template <class F>
void for_each_start_tag(std::string_view html, F&& f) {
  HtmlTokenizer tokens(html);
  for (HtmlToken t = tokens.next(); t.kind != HtmlTokenKind::kEnd; t = tokens.next()) {
    if (t.kind != HtmlTokenKind::kStartTag) continue;
    f(t, tokens.attributes());
    if (iequals(t.name, "script") || iequals(t.name, "style")) tokens.raw_text(t.name);
  }
}

}  // namespace

std::string decode_html_entities(std::string_view s) {
  static const std::map<std::string_view, unsigned long> kNamed = {
      {"amp", '&'},       {"lt", '<'},       {"gt", '>'},       {"quot", '"'},
      {"apos", '\''},     {"nbsp", 0xA0},    {"ndash", 0x2013}, {"mdash", 0x2014},
      {"hellip", 0x2026}, {"lsquo", 0x2018}, {"rsquo", 0x2019}, {"ldquo", 0x201C},
      {"rdquo", 0x201D},  {"copy", 0xA9},    {"middot", 0xB7},  {"shy", 0xAD}};
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '&') {
      out += s[i];
      continue;
    }
    size_t semi = s.find(';', i + 1);
    if (semi == std::string_view::npos || semi - i > 12) {
      out += s[i];
      continue;
    }
    std::string_view ref = s.substr(i + 1, semi - i - 1);
    unsigned long cp = 0;
    bool ok = false;
    if (ref.size() > 1 && ref[0] == '#') {
      bool hex = ref[1] == 'x' || ref[1] == 'X';
      std::string_view digits = ref.substr(hex ? 2 : 1);
      ok = !digits.empty();
      for (char c : digits) {
        int d = c >= '0' && c <= '9'                              ? c - '0'
                : hex && to_lower(c) >= 'a' && to_lower(c) <= 'f' ? to_lower(c) - 'a' + 10
                                                                  : -1;
        if (d < 0 || cp > 0x10FFFF) {
          ok = false;
          break;
        }
        cp = cp * (hex ? 16 : 10) + static_cast<unsigned long>(d);
      }
    } else if (auto it = kNamed.find(ref); it != kNamed.end()) {
      cp = it->second;
      ok = true;
    }
    if (!ok) {
      out += s[i];
      continue;
    }
    if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
    append_utf8(out, static_cast<char32_t>(cp));
    i = semi;
  }
  return out;
}

std::vector<std::string> html_urls(std::string_view html) {
  std::vector<std::string> urls;
  for_each_start_tag(html, [&](const HtmlToken&, const std::vector<HtmlAttr>& attrs) {
    for (const HtmlAttr& a : attrs) {
      if (iequals(a.name, "href") || iequals(a.name, "src") || iequals(a.name, "poster") ||
          iequals(a.name, "xlink:href")) {
        urls.push_back(decode_html_entities(a.value));
      } else if (iequals(a.name, "srcset")) {
        std::string value = decode_html_entities(a.value);
        size_t start = 0;
        while (start < value.size()) {
          size_t comma = value.find(',', start);
          if (comma == std::string::npos) comma = value.size();
          std::string_view cand(value.data() + start, comma - start);
          while (!cand.empty() && is_space(cand.front())) cand.remove_prefix(1);
          size_t sp = 0;
          while (sp < cand.size() && !is_space(cand[sp])) ++sp;
          if (sp) urls.emplace_back(cand.substr(0, sp));
          start = comma + 1;
        }
      }
    }
  });
  return urls;
}

std::vector<std::string> html_ids(std::string_view html) {
  std::vector<std::string> ids;
  for_each_start_tag(html, [&](const HtmlToken& tag, const std::vector<HtmlAttr>& attrs) {
    for (const HtmlAttr& a : attrs)
      if (iequals(a.name, "id") || (iequals(tag.name, "a") && iequals(a.name, "name")))
        ids.push_back(decode_html_entities(a.value));
  });
  return ids;
}

}  // namespace sitegen
