// Jekyll's side of al-folio and academicpages (see migrate_jekyll.h).
#include "import/migrate_jekyll.h"

#include <algorithm>
#include <map>

#include "import/node_values.h"
#include "text/strings.h"

namespace sitegen {

namespace {

// key="value", key='value' and key=value pairs of a Liquid include.
std::map<std::string, std::string> include_params(std::string_view s) {
  std::map<std::string, std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t eq = s.find('=', i);
    if (eq == std::string_view::npos) break;
    size_t key_start = eq;
    while (key_start > i && !is_space(s[key_start - 1])) --key_start;
    std::string key(s.substr(key_start, eq - key_start));
    size_t v = eq + 1;
    std::string value;
    if (v < s.size() && (s[v] == '"' || s[v] == '\'')) {
      size_t close = s.find(s[v], v + 1);
      if (close == std::string_view::npos) break;
      value = s.substr(v + 1, close - v - 1);
      i = close + 1;
    } else {
      size_t end = v;
      while (end < s.size() && !is_space(s[end])) ++end;
      value = s.substr(v, end - v);
      i = end;
    }
    out[key] = value;
  }
  return out;
}

std::string file_stem(const std::string& rel) {
  std::string name = rel.substr(rel.rfind('/') + 1);
  size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(0, dot);
}

// Fills :name placeholders of a Jekyll permalink pattern.
std::string expand(std::string pattern, const std::map<std::string, std::string>& values) {
  std::string out;
  for (size_t i = 0; i < pattern.size();) {
    if (pattern[i] == ':') {
      size_t end = i + 1;
      while (end < pattern.size() && (is_alpha(pattern[end]) || pattern[end] == '_')) ++end;
      auto it = values.find(pattern.substr(i + 1, end - i - 1));
      if (it != values.end()) {
        out += it->second;
        i = end;
        continue;
      }
    }
    out += pattern[i++];
  }
  std::string clean;
  for (char c : out)
    if (!(c == '/' && !clean.empty() && clean.back() == '/')) clean += c;
  return url_path(clean);
}

std::string two(int n) {
  return (n < 10 ? "0" : "") + std::to_string(n);
}

const std::vector<std::string_view> kSections = {"publications", "talks",  "news",
                                                 "cv",           "assets", "people"};

}  // namespace

JekyllSite read_jekyll_site(Migrator& m) {
  JekyllSite j;
  if (m.old.exists("_config.yml"))
    if (std::optional<TomlNode> c = m.read_yaml("_config.yml")) j.config = std::move(*c);
  j.url = std::string(trim(text(field(j.config, "url"))));
  while (!j.url.empty() && j.url.back() == '/') j.url.pop_back();
  j.base_path = std::string(trim(text(field(j.config, "baseurl"))));
  while (!j.base_path.empty() && j.base_path.back() == '/') j.base_path.pop_back();
  if (!j.base_path.empty() && j.base_path[0] != '/') j.base_path = "/" + j.base_path;
  if (!j.url.empty()) m.site.base_url = j.url + j.base_path + "/";
  std::string lang = text(field(j.config, "lang"));
  if (lang.empty()) lang = text(field(j.config, "locale"));
  m.site.language = std::string(trim(lang));
  m.old_base_path = j.base_path;
  const Source& old = m.old;
  m.old_file = [&old](const std::string& path) -> std::string {
    for (size_t start = 0; start < path.size();) {
      if (path[start] == '_' || path[start] == '.') return "";
      size_t slash = path.find('/', start);
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
    return old.exists(path) ? path : "";
  };
  return j;
}

std::string jekyll_url(const JekyllSite& j, const Migrator::Doc& d, const std::string& collection) {
  std::string permalink = text(field(d.front, "permalink"));
  std::string site_permalink = text(field(j.config, "permalink"));
  std::string stem = file_stem(d.rel);
  std::map<std::string, std::string> v;
  v["output_ext"] = ".html";
  v["collection"] = collection;
  v["name"] = stem;
  std::string dir = d.rel.substr(0, d.rel.rfind('/') + 1);
  std::string folder = "_" + collection + "/";
  std::string inside = d.rel.starts_with(folder) ? d.rel.substr(folder.size()) : d.rel;
  v["path"] = inside.substr(0, inside.rfind('.'));
  std::string slug = stem;
  if (collection == "posts" && stem.size() > 11 && stem[4] == '-' && stem[7] == '-' &&
      stem[10] == '-') {
    slug = stem.substr(11);
    v["year"] = stem.substr(0, 4);
    v["month"] = stem.substr(5, 2);
    v["day"] = stem.substr(8, 2);
  }
  if (std::optional<Date> date = lenient_date(text(field(d.front, "date"))); date && date->day) {
    v["year"] = std::to_string(date->year);
    v["month"] = two(date->month);
    v["day"] = two(date->day);
  }
  if (v.count("year")) v["short_year"] = v["year"].substr(2);
  std::string s = text(field(d.front, "slug"));
  v["title"] = v["slug"] = s.empty() ? slug : s;
  std::vector<std::string> cats;
  for (const char* key : {"category", "categories"}) {
    const TomlNode* n = field(d.front, key);
    for (const std::string& c : texts(n)) {
      if (n->kind == TomlNode::Kind::kArray) {
        cats.push_back(c);
        continue;
      }
      for (size_t start = 0; start < c.size();) {  // "a b": two categories
        size_t sp = c.find(' ', start);
        if (sp != start) cats.push_back(c.substr(start, sp == std::string::npos ? sp : sp - start));
        if (sp == std::string::npos) break;
        start = sp + 1;
      }
    }
  }
  std::string joined;
  for (const std::string& c : cats) joined += (joined.empty() ? "" : "/") + ascii_lower(c);
  v["categories"] = joined;
  if (!permalink.empty())
    return permalink.find(':') == std::string::npos ? url_path(permalink) : expand(permalink, v);
  bool pretty_site = site_permalink == "pretty" || site_permalink.ends_with("/");
  if (collection == "posts") {
    std::string pattern = site_permalink;
    if (pattern.empty() || pattern == "date")
      pattern = "/:categories/:year/:month/:day/:title:output_ext";
    if (pattern == "pretty") pattern = "/:categories/:year/:month/:day/:title/";
    if (pattern == "ordinal") pattern = "/:categories/:year/:y_day/:title:output_ext";
    if (pattern == "none") pattern = "/:categories/:title:output_ext";
    return expand(pattern, v);
  }
  if (!collection.empty()) {
    std::string pattern = text(field_at(j.config, {"collections", collection, "permalink"}));
    if (pattern.empty())
      pattern = std::string("/:collection/:path") + (pretty_site ? "/" : ":output_ext");
    return expand(pattern, v);
  }
  if (stem == "index") return url_path(dir);
  return url_path(dir + stem + ".html");
}

TagResolver jekyll_tags(Migrator& m) {
  return [&m](std::string_view name, std::string_view args) -> std::optional<std::string> {
    std::string_view rest = trim(args);
    if (name != "include" ||
        !(rest.starts_with("figure.liquid") || rest.starts_with("figure.html")))
      return std::nullopt;
    std::map<std::string, std::string> p = include_params(rest.substr(rest.find(' ') + 1));
    std::string path = p["path"];
    if (path.empty()) return std::nullopt;
    while (!path.empty() && path[0] == '/') path.erase(path.begin());
    std::string file = m.old_file ? m.old_file(path) : "";
    if (file.empty()) return std::nullopt;
    m.site.copies["static/" + path] = file;
    std::string alt = p.count("alt") ? p["alt"] : p["title"];
    return "![" + alt + "](/" + path + ")";
  };
}

std::vector<std::string> jekyll_documents(const Source& old, const std::string& folder) {
  std::vector<std::string> out;
  for (const std::string& f : old.list(folder))
    if (f.ends_with(".md") || f.ends_with(".markdown") || f.ends_with(".html")) out.push_back(f);
  return out;
}

std::string new_page_path(const MigratedSite& site, const std::string& old_url) {
  std::string raw = page_path_of(old_url);
  std::string path;
  for (size_t start = 0; start <= raw.size();) {
    size_t slash = raw.find('/', start);
    std::string part = raw.substr(start, slash == std::string::npos ? slash : slash - start);
    std::string clean;
    for (char c : part) {
      bool ok = is_alpha(c) || is_digit(c) || c == '-' || c == '_' || c == '.' ||
                static_cast<unsigned char>(c) >= 0x80;
      clean += ok ? c : '-';
    }
    if (clean.empty() || clean == "." || clean == "..") clean = "page";
    if (path.empty() && std::find(kSections.begin(), kSections.end(), clean) != kSections.end())
      clean += "-archive";
    path += (path.empty() ? "" : "/") + clean;
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  if (path.empty()) path = "home";
  std::string unique = path;
  auto taken = [&](const std::string& p) {
    for (const MigratedPage& page : site.pages)
      if (page.path == p) return true;
    return false;
  };
  for (int n = 2; taken(unique); ++n) unique = path + "-" + std::to_string(n);
  return unique;
}

std::string add_document_page(Migrator& m, const JekyllSite& j, const Migrator::Doc& d,
                              const std::string& old_url, const std::string& title,
                              const std::string& lead) {
  (void)j;
  std::string body = m.clean(d.body, d.rel, d.body_line, true, jekyll_tags(m));
  std::string dir = old_url.ends_with("/") ? old_url : old_url.substr(0, old_url.rfind('/') + 1);
  body = m.fix_file_links(body, d.rel, dir);
  if (trim(body).empty() && lead.empty()) return "";
  MigratedPage page;
  page.path = new_page_path(m.site, old_url);
  page.title = title.empty() ? page.path.substr(page.path.rfind('/') + 1) : jekyll_title(title);
  page.description = html_to_text(text(field(d.front, "description")));
  page.body = lead.empty() ? body : lead + "\n\n" + std::string(trim(body));
  page.from = d.rel;
  if ("/" + page.path + "/" != old_url) m.site.redirects.push_back({old_url, page.path + "/"});
  m.site.pages.push_back(std::move(page));
  return m.site.pages.back().path;
}

int migrate_jekyll_posts(Migrator& m, const JekyllSite& j, const std::string& index_path,
                         const std::string& index_title) {
  struct Listed {
    Date date;
    std::string title, path;
  };
  std::vector<Listed> listed;
  for (const std::string& rel : jekyll_documents(m.old, "_posts")) {
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    if (!d->has_front) {
      m.skip(rel, "no front matter, so Jekyll does not publish it");
      continue;
    }
    std::string stem = file_stem(rel);
    std::optional<Date> date = lenient_date(text(field(d->front, "date")));
    if (!date) date = lenient_date(stem);
    std::string title = text(field(d->front, "title"));
    if (title.empty()) title = stem.size() > 11 ? stem.substr(11) : stem;
    std::string lead = date ? "*" + iso_date(*date) + "*" : "";
    std::string path = add_document_page(m, j, *d, jekyll_url(j, *d, "posts"), title, lead);
    if (!path.empty()) listed.push_back({date ? *date : Date{}, jekyll_title(title), path});
  }
  if (listed.empty()) return 0;
  std::stable_sort(listed.begin(), listed.end(),
                   [](const Listed& a, const Listed& b) { return b.date < a.date; });
  MigratedPage index;
  index.path = index_path;
  index.title = index_title;
  for (const Listed& l : listed)
    index.body += "- " + (l.date.empty() ? "" : iso_date(l.date) + ": ") + "[" + l.title + "](/" +
                  l.path + "/)\n";
  index.from = "_posts/";
  m.site.pages.push_back(std::move(index));
  return static_cast<int>(listed.size());
}

std::string jekyll_title(const std::string& title) {
  return std::string(trim(plain_markdown(title)));
}

}  // namespace sitegen
