// The one HTML tag scanner: enough of HTML for attributes (comments, raw-text
// elements and quoting are handled; no tree is built), and character references.
#include "text/html_scan.h"

#include <map>

#include "text/ascii.h"
#include "text/strings.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

struct Attr {
  std::string name;   // lowercase
  std::string value;  // character references decoded
};

// Calls f(tag_name_lowercase, attrs) for every start tag of `html`.
template <class F>
void for_each_tag(std::string_view html, F&& f) {
  size_t i = 0;
  const size_t n = html.size();
  while ((i = html.find('<', i)) != std::string_view::npos) {
    if (html.compare(i, 4, "<!--") == 0) {
      size_t end = html.find("-->", i + 4);
      i = end == std::string_view::npos ? n : end + 3;
      continue;
    }
    if (i + 1 >= n) break;
    char c = html[i + 1];
    if (c == '!' || c == '?' || c == '/') {
      size_t end = html.find('>', i + 1);
      i = end == std::string_view::npos ? n : end + 1;
      continue;
    }
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
      ++i;
      continue;
    }
    size_t p = i + 1;
    std::string name;
    while (p < n && !is_space(html[p]) && html[p] != '>' && html[p] != '/')
      name += to_lower(html[p++]);
    std::vector<Attr> attrs;
    while (p < n) {
      while (p < n && (is_space(html[p]) || html[p] == '/')) ++p;
      if (p >= n || html[p] == '>') break;
      Attr a;
      while (p < n && !is_space(html[p]) && html[p] != '=' && html[p] != '>' &&
             !(html[p] == '/' && p + 1 < n && html[p + 1] == '>'))
        a.name += to_lower(html[p++]);
      while (p < n && is_space(html[p])) ++p;
      if (p < n && html[p] == '=') {
        ++p;
        while (p < n && is_space(html[p])) ++p;
        size_t start = p, end;
        if (p < n && (html[p] == '"' || html[p] == '\'')) {
          char q = html[p];
          start = p + 1;
          end = html.find(q, start);
          if (end == std::string_view::npos) end = n;
          p = end < n ? end + 1 : n;
        } else {
          while (p < n && !is_space(html[p]) && html[p] != '>') ++p;
          end = p;
        }
        a.value = decode_html_entities(html.substr(start, end - start));
      }
      if (!a.name.empty()) attrs.push_back(std::move(a));
    }
    i = p < n ? p + 1 : n;
    f(name, attrs);
    if (name == "script" || name == "style") {
      // Raw text: nothing inside is markup, up to the matching end tag.
      std::string close = "</" + name;
      size_t end = i;
      while ((end = html.find("</", end)) != std::string_view::npos &&
             !iequals(html.substr(end, close.size()), close))
        end += 2;
      i = end == std::string_view::npos ? n : end;
    }
  }
}

}  // namespace

std::string decode_html_entities(std::string_view s) {
  static const std::map<std::string_view, unsigned long> kNamed = {
      {"amp", '&'},       {"lt", '<'},       {"gt", '>'},       {"quot", '"'},
      {"apos", '\''},     {"nbsp", 0xA0},    {"ndash", 0x2013}, {"mdash", 0x2014},
      {"hellip", 0x2026}, {"lsquo", 0x2018}, {"rsquo", 0x2019}, {"ldquo", 0x201C},
      {"rdquo", 0x201D},  {"copy", 0xA9},    {"middot", 0xB7}};
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
  for_each_tag(html, [&](const std::string&, const std::vector<Attr>& attrs) {
    for (const Attr& a : attrs) {
      if (a.name == "href" || a.name == "src" || a.name == "poster" || a.name == "xlink:href") {
        urls.push_back(a.value);
      } else if (a.name == "srcset") {
        size_t start = 0;
        while (start < a.value.size()) {
          size_t comma = a.value.find(',', start);
          if (comma == std::string::npos) comma = a.value.size();
          std::string_view cand(a.value.data() + start, comma - start);
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
  for_each_tag(html, [&](const std::string& tag, const std::vector<Attr>& attrs) {
    for (const Attr& a : attrs)
      if (a.name == "id" || (tag == "a" && a.name == "name")) ids.push_back(a.value);
  });
  return ids;
}

}  // namespace sitegen
