// Hugo Blox, in its three generations: the owner's profile (data/authors/me.yaml today,
// content/authors/admin/_index.md before), its biography, education, experience, skills
// and awards (the CV), the publications (import/hugo_blox.*), content/event(s)/ as talks,
// the home page's Markdown blocks or widgets, and every other section as pages.
#include <algorithm>
#include <functional>
#include <map>

#include "import/hugo_blox.h"
#include "import/migrate_jekyll.h"
#include "import/migrate_readers.h"
#include "import/node_values.h"
#include "text/slug.h"
#include "text/strings.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace {

struct HugoSite {
  std::string content = "content";                // the content folder, relative to the site
  TomlNode config;                                // hugo.yaml / config.yaml (or .toml)
  TomlNode params;                                // params.yaml, else config's `params`
  std::map<std::string, std::string> permalinks;  // section -> pattern
};

std::optional<TomlNode> read_config_file(Migrator& m, const std::string& rel) {
  if (!m.old.exists(rel)) return std::nullopt;
  if (rel.ends_with(".toml")) {
    std::optional<std::string> text = m.read_text(rel);
    if (!text) return std::nullopt;
    Diagnostics d;
    std::optional<TomlNode> t = parse_toml(*text, rel, d);
    for (const Diagnostic& e : d.all())
      if (e.severity == Severity::kError) m.note(e.loc, "invalid TOML: " + e.message);
    return t;
  }
  return m.read_yaml(rel);
}

HugoSite read_hugo_site(Migrator& m) {
  HugoSite h;
  if (!m.old.exists("content")) h.content = "";
  for (const char* rel :
       {"config/_default/hugo.yaml", "config/_default/config.yaml", "config/_default/hugo.toml",
        "config/_default/config.toml", "hugo.yaml", "config.yaml", "hugo.toml", "config.toml"})
    if (std::optional<TomlNode> c = read_config_file(m, rel)) {
      h.config = std::move(*c);
      break;
    }
  for (const char* rel : {"config/_default/params.yaml", "config/_default/params.toml"})
    if (std::optional<TomlNode> c = read_config_file(m, rel)) {
      h.params = std::move(*c);
      break;
    }
  if (h.params.fields.empty())
    if (const TomlNode* p = field(h.config, "params")) h.params = *p;
  if (const TomlNode* p = field(h.config, "permalinks"); p && p->kind == TomlNode::Kind::kTable)
    for (const auto& [k, v] : p->fields) h.permalinks[k] = text(&v);
  return h;
}

// Hugo's address part for a file or folder name: lowercased, spaces as hyphens.
std::string urlize(std::string_view s) {
  std::string out;
  for (char c : s) out += c == ' ' ? '-' : to_lower(c);
  return out;
}

// The old address of a page of `content/`: `url`, else the section's permalink pattern,
// else its path (a bundle's folder, a file's name), `slug` replacing the last part.
std::string hugo_url(const HugoSite& h, const std::string& rel, const TomlNode& front) {
  if (std::string url = text(field(front, "url")); !url.empty()) return url_path(url);
  std::string inside = h.content.empty() ? rel : rel.substr(h.content.size() + 1);
  std::string dir = inside.substr(0, inside.rfind('/') + 1);
  std::string name = inside.substr(inside.rfind('/') + 1);
  std::string path;
  if (name == "_index.md" || name == "index.md") {
    path = dir;
  } else {
    path = dir + name.substr(0, name.rfind('.')) + "/";
  }
  std::string section = inside.substr(0, inside.find('/'));
  std::string slug = text(field(front, "slug"));
  std::string base = page_path_of(path);
  base = base.substr(base.rfind('/') + 1);
  auto pattern = h.permalinks.find(section);
  if (name != "_index.md" && inside.find('/') != std::string::npos &&
      pattern != h.permalinks.end()) {
    std::string p = pattern->second;
    std::optional<Date> date = lenient_date(text(field(front, "date")));
    auto two = [](int n) { return (n < 10 ? "0" : "") + std::to_string(n); };
    std::map<std::string, std::string> v = {{"slug", slug.empty() ? base : slug},
                                            {"filename", base},
                                            {"contentbasename", base},
                                            {"section", section},
                                            {"title", slugify(text(field(front, "title")))}};
    if (date) {
      v["year"] = std::to_string(date->year);
      v["month"] = two(date->month);
      v["day"] = two(date->day);
    }
    std::string out;
    for (size_t i = 0; i < p.size();) {
      if (p[i] == ':') {
        size_t end = i + 1;
        while (end < p.size() && (is_alpha(p[end]) || p[end] == '_')) ++end;
        if (auto it = v.find(p.substr(i + 1, end - i - 1)); it != v.end()) {
          out += it->second;
          i = end;
          continue;
        }
      }
      out += p[i++];
    }
    return url_path(urlize(out));
  }
  if (!slug.empty() && name != "_index.md")
    path = path.substr(0, path.size() - base.size() - 1) + slug + "/";
  return url_path(urlize(path));
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (const std::string& p : parts)
    if (!trim(p).empty()) out += (out.empty() ? "" : std::string(sep)) + std::string(trim(p));
  return out;
}

Date date_of(const TomlNode* n) {
  std::optional<Date> d = lenient_date(text(n));
  return d ? *d : Date{};
}

// A profile link's label, from its icon ("brands/github", "academicons/orcid", "twitter").
std::string icon_label(const std::string& icon, const std::string& url) {
  std::string i = ascii_lower(icon.substr(icon.rfind('/') + 1));
  static const std::map<std::string, std::string> kIcons = {
      {"github", "github"},
      {"x", "x"},
      {"twitter", "twitter"},
      {"linkedin", "linkedin"},
      {"google-scholar", "scholar"},
      {"orcid", "orcid"},
      {"dblp", "dblp"},
      {"researchgate", "researchgate"},
      {"mastodon", "mastodon"},
      {"bluesky", "bluesky"},
      {"cv", "cv"},
      {"rss", "rss"},
      {"instagram", "Instagram"},
      {"youtube", "YouTube"},
      {"semantic-scholar", "Semantic Scholar"},
      {"arxiv", "arXiv"},
      {"gitlab", "GitLab"},
      {"facebook", "Facebook"}};
  if (auto it = kIcons.find(i); it != kIcons.end()) return it->second;
  if (url.find("scholar.google.") != std::string::npos) return "scholar";
  return i.empty() ? "link" : i;
}

// The owner's profile links ([{icon, url|link, label}]) and email.
void profile_links(Migrator& m, const TomlNode* list, Person& p) {
  if (!list || list->kind != TomlNode::Kind::kArray) return;
  for (const TomlNode& l : list->items) {
    std::string url(trim(text(field(l, "url"))));
    if (url.empty()) url = std::string(trim(text(field(l, "link"))));
    if (url.empty()) continue;
    if (url.starts_with("mailto:")) {
      if (p.email.empty()) p.email = url.substr(7);
      continue;
    }
    if (url.starts_with("/#") || url.starts_with("#")) {
      m.note(l.loc, "the link `" + url + "` to a part of the old home page is left out");
      continue;
    }
    std::string link = old_site_link(m, url, "", l.loc);
    if (link.empty()) continue;
    if (!is_safe_link(link)) {
      m.note(l.loc, "the link `" + url + "` is left out: not an http or https address");
      continue;
    }
    std::string label = icon_label(text(field(l, "icon")), url);
    if (std::none_of(p.links.begin(), p.links.end(),
                     [&](const Link& x) { return x.label == label; }))
      p.links.push_back({label, link});
  }
}

std::string summary_of(const TomlNode& n) {
  return std::string(trim(text(field(n, "summary"))));
}

void add_section(MigratedSite& s, CvSection sec) {
  if (!sec.entries.empty()) s.cv.push_back(std::move(sec));
}

// The CV from a profile: experience (work), education, awards, skills, languages.
void profile_cv(const TomlNode& f, MigratedSite& s) {
  CvSection exp = cv_section("Experience");
  for (const char* key : {"experience", "work"}) {
    const TomlNode* list = field(f, key);
    if (!list || list->kind != TomlNode::Kind::kArray) continue;
    for (const TomlNode& x : list->items) {
      CvEntry e;
      e.what = text(field(x, "role"));
      if (e.what.empty()) e.what = text(field(x, "position"));
      if (e.what.empty()) e.what = text(field(x, "title"));
      e.where = text(field(x, "org"));
      if (e.where.empty()) e.where = text(field(x, "company_name"));
      if (e.where.empty()) e.where = text(field(x, "company"));
      e.location = text(field(x, "location"));
      e.start = date_of(field(x, "start"));
      if (e.start.empty()) e.start = date_of(field(x, "date_start"));
      e.end = date_of(field(x, "end"));
      if (e.end.empty()) e.end = date_of(field(x, "date_end"));
      if (e.end.empty() && !e.start.empty()) e.end.present = true;
      e.details = summary_of(x);
      if (e.details.empty()) e.details = std::string(trim(text(field(x, "description"))));
      if (!e.what.empty()) exp.entries.push_back(std::move(e));
    }
  }
  add_section(s, std::move(exp));
  CvSection edu = cv_section("Education");
  const TomlNode* education = field(f, "education");
  if (education && education->kind == TomlNode::Kind::kTable)
    education = field(*education, "courses");  // Wowchemy 5: education.courses
  if (education && education->kind == TomlNode::Kind::kArray)
    for (const TomlNode& x : education->items) {
      CvEntry e;
      for (const char* key : {"degree", "area", "course"})
        if (e.what.empty()) e.what = text(field(x, key));
      e.where = text(field(x, "institution"));
      e.start = date_of(field(x, "start"));
      if (e.start.empty()) e.start = date_of(field(x, "date_start"));
      e.end = date_of(field(x, "end"));
      if (e.end.empty()) e.end = date_of(field(x, "date_end"));
      if (e.start.empty() && e.end.empty()) e.date = date_of(field(x, "year"));
      e.details = summary_of(x);
      if (!e.what.empty()) edu.entries.push_back(std::move(e));
    }
  add_section(s, std::move(edu));
  CvSection awards = cv_section("Awards");
  if (const TomlNode* list = field(f, "awards"); list && list->kind == TomlNode::Kind::kArray)
    for (const TomlNode& x : list->items) {
      CvEntry e;
      e.what = text(field(x, "title"));
      e.where = text(field(x, "awarder"));
      e.date = date_of(field(x, "date"));
      e.details = summary_of(x);
      if (std::string url(trim(text(field(x, "url")))); !url.empty() && is_safe_link(url))
        e.details = e.details.empty() ? "<" + url + ">" : e.details + "\n\n<" + url + ">";
      if (!e.what.empty()) awards.entries.push_back(std::move(e));
    }
  add_section(s, std::move(awards));
  CvSection skills = cv_section("Skills", "compact");
  if (const TomlNode* list = field(f, "skills"); list && list->kind == TomlNode::Kind::kArray)
    for (const TomlNode& x : list->items) {
      CvEntry e;
      e.what = text(field(x, "name"));
      std::vector<std::string> items;
      if (const TomlNode* its = field(x, "items"); its && its->kind == TomlNode::Kind::kArray)
        for (const TomlNode& i : its->items) {
          std::string label = text(field(i, "label"));
          if (label.empty()) label = text(field(i, "name"));
          if (!label.empty()) items.push_back(label);
        }
      e.details = join(items, ", ");
      if (!e.what.empty()) skills.entries.push_back(std::move(e));
    }
  add_section(s, std::move(skills));
  CvSection langs = cv_section("Languages", "compact");
  if (const TomlNode* list = field(f, "languages"); list && list->kind == TomlNode::Kind::kArray)
    for (const TomlNode& x : list->items) {
      CvEntry e;
      std::string level = text(field(x, "label"));
      if (level.empty() && field(x, "percent")) level = text(field(x, "percent")) + "%";
      e.what = text(field(x, "name")) + (level.empty() ? "" : ": " + level);
      if (!text(field(x, "name")).empty()) langs.entries.push_back(std::move(e));
    }
  add_section(s, std::move(langs));
}

struct Owner {
  std::string slug;  // "me", "admin"
  std::string rel;   // the profile's file
  TomlNode front;
  std::string body;
  int body_line = 1;
};

std::optional<Owner> find_owner(Migrator& m, const HugoSite& h) {
  // Hugo Blox today: data/authors/<slug>.yaml, the owner's with is_owner.
  std::vector<std::string> data;
  for (const std::string& f : m.old.list("data/authors"))
    if (f.ends_with(".yaml") || f.ends_with(".yml")) data.push_back(f);
  std::optional<Owner> found;
  for (const std::string& rel : data) {
    std::optional<TomlNode> y = m.read_yaml(rel);
    if (!y) continue;
    std::string slug = rel.substr(rel.rfind('/') + 1);
    slug = slug.substr(0, slug.rfind('.'));
    if (is_true(field(*y, "is_owner")) || (!found && (slug == "me" || data.size() == 1)))
      found = Owner{slug, rel, std::move(*y), "", 1};
  }
  if (found) return found;
  // Before: content/authors/<slug>/_index.md, the owner's with superuser.
  std::string prefix = (h.content.empty() ? "" : h.content + "/") + "authors/";
  for (const std::string& rel : m.old.list(prefix.substr(0, prefix.size() - 1))) {
    if (!rel.ends_with("/_index.md") || rel.size() <= prefix.size() + 10) continue;
    std::string slug = rel.substr(prefix.size(), rel.size() - prefix.size() - 10);
    if (slug.find('/') != std::string::npos) continue;
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    if (is_true(field(d->front, "superuser")) || (!found && slug == "admin"))
      found = Owner{slug, rel, std::move(d->front), d->body, d->body_line};
  }
  return found;
}

// The owner's photo: an avatar beside the profile, or assets/media/authors/<slug>.*.
void find_photo(Migrator& m, const Owner& o, Person& p) {
  std::string dir = o.rel.substr(0, o.rel.rfind('/') + 1);
  std::vector<std::string> candidates;
  for (const char* ext : {"jpg", "jpeg", "png", "webp"}) {
    candidates.push_back(dir + "avatar." + ext);
    candidates.push_back("assets/media/authors/" + o.slug + "." + ext);
  }
  for (const std::string& c : candidates)
    if (m.old.exists(c)) {
      std::string name = "avatar" + c.substr(c.rfind('.'));
      m.site.copies["static/" + name] = c;
      p.photo = name;
      return;
    }
  m.note(o.rel, 0, 0,
         "no photo found (" + dir + "avatar.jpg or assets/media/authors/" + o.slug +
             ".jpg): add one to static/ and set [person] photo");
}

void read_profile(Migrator& m, const Owner& o) {
  MigratedSite& s = m.site;
  Person& p = s.person;
  const TomlNode& f = o.front;
  if (const TomlNode* name = field(f, "name"); name && name->kind == TomlNode::Kind::kTable) {
    p.name = text(field(*name, "display"));
    std::string full = join({text(field(*name, "given")), text(field(*name, "family"))}, " ");
    if (p.name.empty()) p.name = full;
    if (!full.empty() && full != p.name) p.aliases.push_back(full);
    p.native_name = text(field(*name, "alternate"));
  } else {
    p.name = text(field(f, "title"));
    if (p.name.empty()) p.name = text(name);
    std::string full = join({text(field(f, "first_name")), text(field(f, "last_name"))}, " ");
    if (!full.empty() && full != p.name) p.aliases.push_back(full);
    std::string spoken = text(field(f, "name_pronunciation"));
    if (!spoken.empty() && spoken != p.name && spoken != full) p.aliases.push_back(spoken);
  }
  p.position = text(field(f, "role"));
  for (const char* key : {"affiliations", "organizations"})
    if (const TomlNode* orgs = field(f, key); orgs && orgs->kind == TomlNode::Kind::kArray &&
                                              !orgs->items.empty() && p.affiliation.empty())
      p.affiliation = text(field(orgs->items[0], "name"));
  p.interests = texts(field(f, "interests"));
  p.email = text(field(f, "email"));
  for (const char* key : {"links", "profiles", "social"}) profile_links(m, field(f, key), p);
  find_photo(m, o, p);
  // The biography: the profile page's text, else the `bio` of the profile.
  std::string body(trim(o.body));
  if (!body.empty())
    s.bio = m.fix_file_links(m.clean(o.body, o.rel, o.body_line, false), o.rel, "/");
  else
    s.bio = text(field(f, "bio"));
  if (!body.empty() && !text(field(f, "bio")).empty() && s.description.empty())
    s.description = text(field(f, "bio"));
  profile_cv(f, s);
}

// The pages of a page section (posts, projects, teaching, ...) at their old addresses.
struct Listed {
  Date date;
  std::string title, summary, url;  // url: "/post/x/" or an external address
};

// Calls `each` with every document of the section in `dir` that Hugo publishes (`x.md`, or
// a bundle's `x/index.md`; not the section's own `_index.md`), in order; drafts are
// skipped, and said.
void for_each_published(Migrator& m, const std::string& dir,
                        const std::function<void(const Migrator::Doc&)>& each) {
  for (const std::string& rel : m.old.list(dir)) {
    std::string name = rel.substr(rel.rfind('/') + 1);
    bool bundle = name == "index.md" && rel.substr(dir.size() + 1).find('/') != std::string::npos;
    bool file = name.ends_with(".md") && name != "_index.md" && name != "index.md";
    if (!bundle && !file) continue;
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    if (is_true(field(d->front, "draft"))) {
      m.skip(rel, "a draft, which Hugo does not publish");
      continue;
    }
    each(*d);
  }
}

std::vector<Listed> section_pages(Migrator& m, const HugoSite& h, const std::string& section,
                                  int* count) {
  std::vector<Listed> listed;
  std::string dir = (h.content.empty() ? "" : h.content + "/") + section;
  for_each_published(m, dir, [&](const Migrator::Doc& doc) {
    const std::string& rel = doc.rel;
    const TomlNode& f = doc.front;
    std::string title = text(field(f, "title"));
    std::string url = hugo_url(h, rel, f);
    std::optional<Date> date = lenient_date(text(field(f, "date")));
    std::string summary = text(field(f, "summary"));
    std::string external(trim(text(field(f, "external_link"))));
    if (!external.empty() && is_safe_link(external) && trim(doc.body).empty()) {
      listed.push_back({date ? *date : Date{}, title, summary, external});
      return;
    }
    std::string body = m.fix_file_links(m.clean(doc.body, rel, doc.body_line, false), rel, url);
    std::string lead;
    std::vector<std::string> links;
    if (const TomlNode* ls = field(f, "links"); ls && ls->kind == TomlNode::Kind::kArray)
      for (const TomlNode& l : ls->items) {
        std::string u(trim(text(field(l, "url"))));
        std::string label = text(field(l, "name"));
        if (label.empty()) label = text(field(l, "type"));
        if (!u.empty() && is_safe_link(u) && !url_scheme(u).empty())
          links.push_back("[" + link_text(label.empty() ? u : label) + "](" + u + ")");
      }
    if (!external.empty() && is_safe_link(external)) links.push_back("<" + external + ">");
    if (!links.empty()) lead = join(links, " · ");
    if (section.starts_with("post") || section == "blog")
      lead = join({date ? "*" + iso_date(*date) + "*" : "", lead}, "\n\n");
    if (trim(body).empty() && lead.empty()) {
      m.skip(rel, "no text");
      return;
    }
    MigratedPage page;
    page.path = new_page_path(m.site, url);
    page.title = title.empty() ? page.path.substr(page.path.rfind('/') + 1) : title;
    page.description = summary;
    page.body = lead.empty() ? std::string(trim(body)) : lead + "\n\n" + std::string(trim(body));
    page.from = rel;
    if ("/" + page.path + "/" != url) m.site.redirects.push_back({url, page.path + "/"});
    for (const std::string& alias : texts(field(f, "aliases")))
      m.site.redirects.push_back({url_path(alias), page.path + "/"});
    listed.push_back({date ? *date : Date{}, page.title, summary, "/" + page.path + "/"});
    m.site.pages.push_back(std::move(page));
    ++*count;
  });
  std::stable_sort(listed.begin(), listed.end(),
                   [](const Listed& a, const Listed& b) { return b.date < a.date; });
  return listed;
}

std::string list_body(const std::vector<Listed>& items) {
  std::string out;
  for (const Listed& l : items)
    out += "- [" + link_text(l.title) + "](" + l.url + ")" +
           (l.summary.empty() ? "" : ": " + std::string(trim(l.summary))) + "\n";
  return out;
}

// A landing page's blocks (or a widget) that the new site can show as text: Markdown.
std::string markdown_blocks(Migrator& m, const std::string& rel, const TomlNode& front,
                            const std::vector<std::string_view>& shown) {
  std::string out;
  const TomlNode* sections = field(front, "sections");
  if (!sections || sections->kind != TomlNode::Kind::kArray) return out;
  for (const TomlNode& b : sections->items) {
    std::string block = text(field(b, "block"));
    if (block == "markdown") {
      std::string title = text(field_at(b, {"content", "title"}));
      std::string body = text(field_at(b, {"content", "text"}));
      std::string md = m.clean(body, rel, b.loc.line, false);
      out += (title.empty() ? "" : "## " + title + "\n\n") + std::string(trim(md)) + "\n\n";
      continue;
    }
    if (block == "collection") {
      std::string intro = text(field_at(b, {"content", "text"}));
      if (!trim(intro).empty())
        out += std::string(trim(m.clean(intro, rel, b.loc.line, false))) + "\n\n";
    }
    bool known = std::any_of(shown.begin(), shown.end(),
                             [&](std::string_view s) { return block.starts_with(s); });
    if (!known) m.note(b.loc, "the block `" + block + "` is not imported");
  }
  return out;
}

// The folders a landing page's collection blocks list.
std::vector<std::string> collection_folders(const TomlNode& front) {
  std::vector<std::string> out;
  const TomlNode* sections = field(front, "sections");
  if (!sections || sections->kind != TomlNode::Kind::kArray) return out;
  for (const TomlNode& b : sections->items)
    if (text(field(b, "block")) == "collection")
      for (const std::string& f : texts(field_at(b, {"content", "filters", "folders"})))
        out.push_back(f);
  return out;
}

bool is_publications(std::string_view s) {
  return s.starts_with("publication");
}
bool is_events(std::string_view s) {
  return s == "event" || s == "events" || s == "talk" || s == "talks";
}

void read_events(Migrator& m, const HugoSite& h, const std::string& section) {
  std::string dir = (h.content.empty() ? "" : h.content + "/") + section;
  std::vector<std::pair<Date, Talk>> talks;
  for_each_published(m, dir, [&](const Migrator::Doc& doc) {
    const std::string& rel = doc.rel;
    const TomlNode& f = doc.front;
    Talk t;
    t.title = text(field(f, "title"));
    if (t.title.empty()) {
      m.note(rel, 1, 1, "a talk without `title` is not imported");
      return;
    }
    TalkEvent ev;
    ev.event = text(field(f, "event"));
    if (ev.event.empty()) ev.event = text(field(f, "event_name"));
    std::string event_url(trim(text(field(f, "event_url"))));
    if (is_safe_link(event_url)) ev.link = event_url;
    const TomlNode* addr = field(f, "address");
    ev.location = join({text(field(f, "location")), addr ? text(field(*addr, "city")) : "",
                        addr ? text(field(*addr, "country")) : ""},
                       ", ");
    if (ev.event.empty()) ev.event = ev.location.empty() ? "Talk" : ev.location;
    ev.date = date_of(field(f, "event_start"));
    if (ev.date.empty()) ev.date = date_of(field(f, "date"));
    Date when = ev.date;
    t.given.push_back(std::move(ev));
    t.abstract = std::string(trim(text(field(f, "abstract"))));
    if (t.abstract.empty()) t.abstract = std::string(trim(text(field(f, "summary"))));
    std::string url = hugo_url(h, rel, f);
    std::string body = m.fix_file_links(
        t.abstract.empty() ? m.clean(doc.body, rel, doc.body_line, false) : "", rel, url);
    if (t.abstract.empty())
      t.abstract = std::string(trim(body));
    else if (!trim(doc.body).empty())
      m.note(rel, doc.body_line, 1,
             "the page's text is not imported: a talk has an abstract (from `abstract`); move "
             "what matters into talks.toml by hand");
    for (auto [key, label] : {std::pair{"url_code", "code"},
                              {"url_pdf", "pdf"},
                              {"url_video", "video"},
                              {"url_slides", "slides"},
                              {"url_project", "project"}}) {
      const TomlNode* n = field(f, key);
      std::string link = n ? old_site_link(m, text(n), "", n->loc) : "";
      if (link.empty() || (!is_safe_link(link))) continue;
      if (std::string_view(label) == "slides")
        t.slides = link;
      else if (std::string_view(label) == "video")
        t.video = link;
      else
        t.links.push_back({label, link});
    }
    if (const TomlNode* ls = field(f, "links"); ls && ls->kind == TomlNode::Kind::kArray)
      for (const TomlNode& l : ls->items) {
        std::string u = old_site_link(m, text(field(l, "url")), "", l.loc);
        std::string label = text(field(l, "name"));
        if (label.empty()) label = text(field(l, "type"));
        if (u.empty() || !is_safe_link(u)) continue;
        t.links.push_back({label.empty() ? "link" : label, u});
      }
    if (std::string deck = text(field(f, "slides")); !deck.empty())
      m.note(field(f, "slides")->loc, "the Markdown slides `" + deck + "` are not imported");
    m.site.redirects.push_back({url, "talks/"});
    for (const std::string& alias : texts(field(f, "aliases")))
      m.site.redirects.push_back({url_path(alias), "talks/"});
    talks.push_back({when, std::move(t)});
  });
  std::stable_sort(talks.begin(), talks.end(),
                   [](const auto& a, const auto& b) { return b.first < a.first; });
  for (auto& [d, t] : talks) m.site.talks.push_back(std::move(t));
  m.site.redirects.push_back({"/" + urlize(section) + "/", "talks/"});
}

// Wowchemy 5's home page: headless widget files in content/home/.
void read_widgets(Migrator& m, const HugoSite& h) {
  std::string dir = (h.content.empty() ? "" : h.content + "/") + "home";
  struct Widget {
    int weight;
    std::string rel;
    Migrator::Doc doc;
  };
  std::vector<Widget> widgets;
  for (const std::string& rel : m.old.list(dir)) {
    if (!rel.ends_with(".md") || rel.ends_with("/index.md")) continue;
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    if (const TomlNode* a = field(d->front, "active");
        a && a->kind == TomlNode::Kind::kBool && !a->boolean) {
      m.skip(rel, "an inactive widget");
      continue;
    }
    int weight = 0;
    if (const TomlNode* w = field(d->front, "weight"); w && w->kind == TomlNode::Kind::kInteger)
      weight = static_cast<int>(w->integer);
    widgets.push_back({weight, rel, std::move(*d)});
  }
  std::stable_sort(widgets.begin(), widgets.end(),
                   [](const Widget& a, const Widget& b) { return a.weight < b.weight; });
  for (Widget& w : widgets) {
    const TomlNode& f = w.doc.front;
    std::string kind = text(field(f, "widget"));
    std::string title = html_to_text(text(field(f, "title")));
    if (kind == "markdown" || kind == "blank") {
      std::string md =
          m.fix_file_links(m.clean(w.doc.body, w.rel, w.doc.body_line, false), w.rel, "/");
      if (trim(md).empty()) {
        m.skip(w.rel, "a Markdown widget with nothing left once its template code is out");
        continue;
      }
      m.site.bio += "\n\n" + (title.empty() ? "" : "## " + title + "\n\n") + std::string(trim(md));
    } else if (kind == "experience") {
      profile_cv(f, m.site);
    } else if (kind == "accomplishments") {
      CvSection sec = cv_section(title.empty() ? "Accomplishments" : title);
      if (const TomlNode* items = field(f, "item"); items && items->kind == TomlNode::Kind::kArray)
        for (const TomlNode& x : items->items) {
          CvEntry e;
          e.what = text(field(x, "title"));
          e.where = text(field(x, "organization"));
          e.start = date_of(field(x, "date_start"));
          e.end = date_of(field(x, "date_end"));
          if (e.end.empty()) std::swap(e.start, e.date);
          e.details = std::string(trim(text(field(x, "description"))));
          for (const char* key : {"url", "certificate_url"})
            if (std::string u(trim(text(field(x, key)))); !u.empty() && is_safe_link(u)) {
              e.details = e.details.empty() ? "<" + u + ">" : e.details + "\n\n<" + u + ">";
              break;
            }
          if (!e.what.empty()) sec.entries.push_back(std::move(e));
        }
      add_section(m.site, std::move(sec));
    } else if (kind == "features") {
      CvSection sec = cv_section(title.empty() ? "Skills" : title, "compact");
      if (const TomlNode* items = field(f, "feature");
          items && items->kind == TomlNode::Kind::kArray)
        for (const TomlNode& x : items->items) {
          CvEntry e;
          std::string d = text(field(x, "description"));
          e.what = text(field(x, "name")) + (d.empty() ? "" : ": " + d);
          if (!text(field(x, "name")).empty()) sec.entries.push_back(std::move(e));
        }
      add_section(m.site, std::move(sec));
    } else if (kind == "about" || kind == "collection" || kind == "featured" || kind == "pages" ||
               kind == "portfolio" || kind == "contact") {
      // The profile, and lists the new site makes itself.
    } else {
      m.skip(w.rel, "the `" + kind + "` widget is not imported");
    }
  }
}

}  // namespace

void migrate_hugo_blox_site(Migrator& m) {
  MigratedSite& s = m.site;
  MigrationReport& r = m.report;
  HugoSite h = read_hugo_site(m);
  const Source& old = m.old;
  std::string content = h.content;
  m.old_file = [&old, content](const std::string& path) -> std::string {
    std::vector<std::string> candidates = {"static/" + path};
    if (path.starts_with("media/")) candidates.push_back("assets/" + path);
    candidates.push_back((content.empty() ? "" : content + "/") + path);
    for (const std::string& c : candidates)
      if (old.exists(c) && !c.ends_with(".md")) return c;
    return "";
  };
  std::string base = text(field(h.config, "baseURL"));
  if (!base.empty() && !base.ends_with("/")) base += "/";
  s.base_url = base;
  s.title = text(field(h.config, "title"));
  s.language = text(field(h.config, "defaultContentLanguage"));
  s.description = text(field_at(h.params, {"hugoblox", "identity", "description"}));
  if (s.description.empty())
    s.description = text(field_at(h.params, {"marketing", "seo", "description"}));
  if (s.description.empty()) s.description = text(field(h.params, "description"));

  std::optional<Owner> owner = find_owner(m, h);
  if (owner)
    read_profile(m, *owner);
  else
    r.skipped.push_back("data/authors/, content/authors/: no profile of the site's owner");

  // Publications, with Hugo Blox's own importer.
  HugoBloxOptions options;
  options.owner_name = s.person.name;
  Diagnostics diags;
  HugoBloxImport pubs = import_hugo_blox(old, options, diags);
  for (const Diagnostic& d : diags.all())
    m.note(d.loc, d.message + (d.severity == Severity::kError ? "; the page is not imported" : ""));
  s.markers = pubs.markers;
  for (TomlEntry& e : pubs.entries) {
    Publication& p = e.pub;
    for (Link& l : p.links)
      if (url_scheme(l.url).empty() && !l.url.starts_with("//"))
        l.url = old_site_link(m, l.url, "", p.loc);
    std::erase_if(p.links, [](const Link& l) { return l.url.empty(); });
  }
  std::vector<std::string> pub_sections;
  for (const std::string& sec : pubs.sections) {
    std::string name = sec.substr(sec.rfind('/') + 1);
    pub_sections.push_back(name);
    if (name != "publications") s.redirects.push_back({"/" + urlize(name) + "/", "publications/"});
  }
  for (TomlEntry& e : pubs.entries) {
    std::string rel = e.pub.loc.path;
    std::string slug = slugify(e.pub.key);
    std::string section = pub_sections.empty() ? "publication" : pub_sections.front();
    for (const std::string& sec : pubs.sections)
      if (rel.find(sec + "/") != std::string::npos) section = sec.substr(sec.rfind('/') + 1);
    std::string url = "/" + urlize(section) + "/" + urlize(e.pub.key) + "/";
    if (auto p = h.permalinks.find(section); p != h.permalinks.end()) {
      std::string pat = p->second;
      for (std::string k : {":slug", ":filename", ":contentbasename"})
        if (size_t at = pat.find(k); at != std::string::npos)
          pat.replace(at, k.size(), urlize(e.pub.key));
      url = url_path(pat);
    }
    if (url != "/publications/" + slug + "/")
      s.redirects.push_back({url, "publications/" + slug + "/"});
    e.pub.loc = {};
    s.publications.push_back(std::move(e));
  }
  r.imported.push_back(
      {"publications", std::to_string(s.publications.size()) + " from " +
                           (pubs.sections.empty() ? std::string("content/publication/")
                                                  : join(pubs.sections, ", "))});

  // The sections of content/.
  std::string dir = h.content.empty() ? "" : h.content + "/";
  std::vector<std::string> sections;
  std::vector<std::string> top;  // content/*.md
  for (const std::string& f : old.list(h.content)) {
    std::string inside = f.substr(dir.size());
    size_t slash = inside.find('/');
    if (slash == std::string::npos) {
      if (inside.ends_with(".md")) top.push_back(f);
      continue;
    }
    std::string sec = inside.substr(0, slash);
    if (std::find(sections.begin(), sections.end(), sec) == sections.end()) sections.push_back(sec);
  }
  int page_count = 0, post_count = 0, project_count = 0;
  std::map<std::string, std::vector<Listed>> lists;  // section -> its pages
  for (const std::string& sec : sections) {
    if (is_publications(sec) || sec == "authors") continue;
    if (is_events(sec)) {
      read_events(m, h, sec);
      continue;
    }
    if (sec == "home") {
      read_widgets(m, h);
      continue;
    }
    if (sec == "slides") {
      m.skip(dir + sec + "/", "Markdown slide decks are not imported");
      continue;
    }
    int n = 0;
    lists[sec] = section_pages(m, h, sec, &n);
    if (sec.starts_with("post") || sec == "blog")
      post_count += n;
    else
      page_count += n;
    if (sec.starts_with("project")) project_count += n;
  }
  r.imported.push_back({"news", "none: Hugo Blox has no news (its posts are pages here)"});
  r.imported.push_back({"talks", std::to_string(s.talks.size())});
  size_t cv_entries = 0;
  for (const CvSection& sec : s.cv) cv_entries += sec.entries.size();
  r.imported.push_back({"cv", s.cv.empty() ? std::string("none")
                                           : std::to_string(cv_entries) + " entries in " +
                                                 std::to_string(s.cv.size()) + " sections"});

  // Each section's list page: at its _index.md, or at the landing page that lists it.
  std::map<std::string, std::string> listed_at;  // section -> the page that lists it
  for (const std::string& rel : top) {
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    std::string name = rel.substr(rel.rfind('/') + 1);
    const TomlNode& f = d->front;
    if (is_true(field(f, "draft"))) {
      m.skip(rel, "a draft, which Hugo does not publish");
      continue;
    }
    std::string url = hugo_url(h, rel, f);
    if (name == "_index.md") {  // the home page
      std::string more =
          markdown_blocks(m, rel, f, {"resume-biography", "about.biography", "collection"});
      if (!trim(more).empty()) s.bio += "\n\n" + more;
      continue;
    }
    const TomlNode* blocks = field(f, "sections");
    bool resume = false;
    if (blocks && blocks->kind == TomlNode::Kind::kArray)
      for (const TomlNode& b : blocks->items)
        resume = resume || text(field(b, "block")).starts_with("resume-");
    if (resume) {
      m.skip(rel, "its blocks show the profile's CV, which is cv.toml now");
      s.redirects.push_back({url, "cv/"});
      continue;
    }
    std::vector<std::string> folders = collection_folders(f);
    std::string body = markdown_blocks(m, rel, f, {"collection"});
    if (trim(body).empty())
      body = m.fix_file_links(m.clean(d->body, rel, d->body_line, false), rel, url);
    std::vector<std::string> listing;
    for (const std::string& folder : folders)
      if (lists.count(folder) && !lists[folder].empty()) {
        body += "\n\n" + list_body(lists[folder]);
        listing.push_back(folder);
      }
    if (trim(body).empty()) {
      m.skip(rel, "no text");
      continue;
    }
    MigratedPage page;
    page.path = new_page_path(s, url);
    for (const std::string& folder : listing) listed_at[folder] = page.path;
    page.title = text(field(f, "title"));
    if (page.title.empty()) page.title = page.path;
    page.description = text(field(f, "summary"));
    page.body = std::string(trim(body));
    page.from = rel;
    if ("/" + page.path + "/" != url) s.redirects.push_back({url, page.path + "/"});
    s.pages.push_back(std::move(page));
    ++page_count;
  }
  for (auto& [sec, items] : lists) {
    if (items.empty()) continue;
    if (auto at = listed_at.find(sec); at != listed_at.end()) {
      s.redirects.push_back({"/" + urlize(sec) + "/", at->second + "/"});
      continue;
    }
    std::string index_rel = dir + sec + "/_index.md";
    std::string title = sec;
    std::string intro;
    if (old.exists(index_rel))
      if (std::optional<Migrator::Doc> d = m.read_doc(index_rel)) {
        if (!text(field(d->front, "title")).empty()) title = text(field(d->front, "title"));
        intro = markdown_blocks(m, index_rel, d->front, {"collection"});
        if (trim(intro).empty()) intro = m.clean(d->body, index_rel, d->body_line, false);
      }
    MigratedPage page;
    page.path = new_page_path(s, "/" + urlize(sec) + "/");
    page.title = title;
    page.body = (trim(intro).empty() ? "" : std::string(trim(intro)) + "\n\n") + list_body(items);
    page.from = old.exists(index_rel) ? index_rel : dir + sec + "/";
    if (page.path != urlize(sec)) s.redirects.push_back({"/" + urlize(sec) + "/", page.path + "/"});
    s.pages.push_back(std::move(page));
  }
  r.imported.push_back(
      {"pages", std::to_string(page_count) +
                    (post_count ? ", " + std::to_string(post_count) + " posts" : "")});
  m.posts_as_pages(post_count, project_count);
  if (s.title.empty()) s.title = s.person.name;
}

}  // namespace sitegen
