// A small HTML tag scanner (enough for attributes: comments, raw-text elements and
// quoting are handled; no tree is built) and URL resolution against the Output's paths.
#include "links.h"

#include <map>
#include <optional>
#include <set>

#include "ascii.h"

namespace sitegen {

namespace {

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

void append_utf8(std::string& out, unsigned long cp) {
  if (cp == 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

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
      name += lower(html[p++]);
    std::vector<Attr> attrs;
    while (p < n) {
      while (p < n && (is_space(html[p]) || html[p] == '/')) ++p;
      if (p >= n || html[p] == '>') break;
      Attr a;
      while (p < n && !is_space(html[p]) && html[p] != '=' && html[p] != '>' &&
             !(html[p] == '/' && p + 1 < n && html[p + 1] == '>'))
        a.name += lower(html[p++]);
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

std::string percent_decode(std::string_view s) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    c = lower(c);
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool has_scheme(std::string_view url) {
  if (url.empty() || !((url[0] >= 'a' && url[0] <= 'z') || (url[0] >= 'A' && url[0] <= 'Z')))
    return false;
  for (char c : url) {
    if (c == ':') return true;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '+' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return false;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Removes "." and ".." segments; false when ".." climbs above the site root.
bool normalize(const std::string& path, std::string* out) {
  std::vector<std::string> parts;
  size_t start = 0;
  bool trailing = path.empty() || path.back() == '/';
  while (start <= path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    std::string seg = path.substr(start, slash - start);
    if (seg == "..") {
      if (parts.empty()) return false;
      parts.pop_back();
      if (slash == path.size()) trailing = true;
    } else if (seg == ".") {
      if (slash == path.size()) trailing = true;
    } else if (!seg.empty()) {
      parts.push_back(seg);
    }
    start = slash + 1;
  }
  out->clear();
  for (size_t i = 0; i < parts.size(); ++i) *out += (i ? "/" : "") + parts[i];
  if (trailing && !out->empty()) *out += '/';
  return true;
}

class Checker {
 public:
  Checker(const Output& out, const std::string& root, const std::string& abs)
      : out_(out), root_(root), abs_(abs) {}

  // "" when the link is fine or not ours to check; otherwise why it is broken
  // ("-" when the target is simply missing).
  std::string check(const std::string& page, std::string url) {
    size_t b = 0, e = url.size();
    while (b < e && is_space(url[b])) ++b;
    while (e > b && is_space(url[e - 1])) --e;
    url = url.substr(b, e - b);
    if (url.empty()) return "";
    std::string fragment;
    if (size_t hash = url.find('#'); hash != std::string::npos) {
      fragment = percent_decode(url.substr(hash + 1));
      url.resize(hash);
    }
    if (size_t q = url.find('?'); q != std::string::npos) url.resize(q);

    std::string rel;  // path below the site root
    bool relative = false;
    if (has_scheme(url) || url.compare(0, 2, "//") == 0) {
      std::string internal = internal_path(url);
      if (internal.empty()) return "";  // another site, mailto:, data:, ...
      url = internal;
    }
    if (url.empty()) {
      rel = page;  // "#x" or "?q": this page
    } else if (url[0] == '/') {
      if (url.compare(0, root_.size(), root_) == 0)
        rel = url.substr(root_.size());
      else if (url + "/" == root_)
        rel = "";
      else
        return "outside the base path " + root_;
    } else {
      relative = true;
      size_t slash = page.rfind('/');
      rel = (slash == std::string::npos ? "" : page.substr(0, slash + 1)) + url;
    }
    std::string norm;
    if (!normalize(percent_decode(rel), &norm)) return "above the site root";
    if (relative && page == "404.html")
      return "a relative link in 404.html breaks when the page is shown for a deeper address";
    std::string key = norm.empty() || norm.back() == '/' ? norm + "index.html" : norm;
    if (!out_.files.count(key)) {
      if (out_.files.count(key + "/index.html"))
        key += "/index.html";
      else
        return "-";
    }
    if (!fragment.empty() && !(fragment == "top" && is_page(key))) {
      const std::set<std::string>* ids = ids_of(key);
      if (ids && !ids->count(fragment)) return "no element with id `" + fragment + "` in " + key;
    }
    return "";
  }

  static bool is_page(std::string_view key) {
    return ends_with(key, ".html") || ends_with(key, ".htm");
  }

 private:
  // The root-relative path of an absolute URL into this site, or "" for other URLs.
  std::string internal_path(const std::string& url) const {
    if (abs_.empty()) return "";
    std::string a = abs_;
    std::string u = url;
    if (u.compare(0, 2, "//") == 0) {
      size_t colon = a.find("://");
      a = a.substr(colon + 1);  // "//host/repo/"
    }
    if (u.compare(0, a.size(), a) == 0) return root_ + u.substr(a.size());
    if (u + "/" == a) return root_;
    return "";
  }

  // Ids in an HTML or SVG file; nullptr for other files (their fragments are not checked).
  const std::set<std::string>* ids_of(const std::string& key) {
    auto cached = ids_.find(key);
    if (cached != ids_.end()) return &cached->second;
    if (!is_page(key) && !ends_with(key, ".svg")) return nullptr;
    std::string bytes, err;
    if (!read_output_file(out_.files.at(key), &bytes, &err)) return nullptr;
    std::vector<std::string> ids = html_ids(bytes);
    return &(ids_[key] = std::set<std::string>(ids.begin(), ids.end()));
  }

  const Output& out_;
  const std::string& root_;
  const std::string& abs_;
  std::map<std::string, std::set<std::string>> ids_;
};

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
        int d = c >= '0' && c <= '9'                        ? c - '0'
                : hex && lower(c) >= 'a' && lower(c) <= 'f' ? lower(c) - 'a' + 10
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
    append_utf8(out, cp);
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

std::vector<BrokenLink> check_links(const Output& out, const std::string& root,
                                    const std::string& abs) {
  std::vector<BrokenLink> broken;
  Checker checker(out, root, abs);
  for (const auto& [page, file] : out.files) {
    if (!Checker::is_page(page)) continue;
    std::string bytes, err;
    if (!read_output_file(file, &bytes, &err)) continue;
    std::set<std::string> seen;
    for (const std::string& url : html_urls(bytes)) {
      if (!seen.insert(url).second) continue;
      std::string why = checker.check(page, url);
      if (!why.empty()) broken.push_back({page, url, why == "-" ? "" : why});
    }
  }
  return broken;
}

std::string format_broken_link(const BrokenLink& b) {
  return b.page + ": broken link to " + b.url + (b.reason.empty() ? "" : " (" + b.reason + ")");
}

}  // namespace sitegen
