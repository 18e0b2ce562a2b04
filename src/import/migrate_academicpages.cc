// academicpages (Jekyll, after Minimal Mistakes): the `author:` block of _config.yml for
// the profile, _pages/about.md for the biography, _publications/ (authors only in the
// `citation`), _talks/, _data/cv.json (JSON Resume), _teaching/, _portfolio/ and _posts/
// as pages, _data/navigation.yml as the menu, and every `permalink` and `redirect_from`
// as a redirect.
#include <algorithm>

#include "import/citation_authors.h"
#include "import/json_resume.h"
#include "import/migrate_jekyll.h"
#include "import/migrate_readers.h"
#include "import/node_values.h"
#include "text/strings.h"

namespace sitegen {

namespace {

// `category` of a publication: the keys of the demo's publication_category, and its
// titles' words otherwise.
PublicationType category_type(const std::string& key, const std::string& title) {
  if (auto type = publication_type_from(ForeignTypes::kWords, ascii_lower(key + " " + title)))
    return *type;
  return key.empty() ? PublicationType::kConference : PublicationType::kOther;
}

std::string last_segment(const std::string& url) {
  std::string p = page_path_of(url);
  return p.substr(p.rfind('/') + 1);
}

// Each `redirect_from` of a page: to where the page is now.
void redirect_from(Migrator& m, const Migrator::Doc& d, const std::string& to) {
  for (const std::string& from : texts(field(d.front, "redirect_from")))
    m.site.redirects.push_back({url_path(from), to});
}

std::string italic_line(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts)
    if (!trim(p).empty()) out += (out.empty() ? "" : ", ") + std::string(trim(p));
  return out.empty() ? "" : "*" + out + "*";
}

// A collection of documents (_teaching/, _portfolio/) as pages with a list at `index`.
int collection_pages(Migrator& m, const JekyllSite& j, const std::string& collection,
                     const std::string& index_title) {
  struct Item {
    Date date;
    std::string title, what, path;
  };
  std::vector<Item> items;
  for (const std::string& rel : jekyll_documents(m.old, "_" + collection)) {
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    const TomlNode& f = d->front;
    std::optional<Date> date = lenient_date(text(field(f, "date")));
    std::string title = text(field(f, "title"));
    std::string lead = italic_line({text(field(f, "type")), text(field(f, "venue")),
                                    text(field(f, "location")), date ? iso_date(*date) : ""});
    std::string path = add_document_page(m, j, *d, jekyll_url(j, *d, collection), title, lead);
    if (path.empty()) continue;
    std::string excerpt = html_to_text(text(field(f, "excerpt")));
    items.push_back(
        {date ? *date : Date{}, jekyll_title(title), excerpt.empty() ? lead : excerpt, path});
  }
  if (items.empty()) return 0;
  std::stable_sort(items.begin(), items.end(),
                   [](const Item& a, const Item& b) { return b.date < a.date; });
  MigratedPage index;
  index.path = new_page_path(m.site, "/" + collection + "/");
  index.title = index_title;
  for (const Item& i : items)
    index.body += "- [" + link_text(i.title) + "](/" + i.path + "/)" +
                  (i.what.empty() ? "" : ": " + i.what) + "\n";
  index.from = "_" + collection + "/";
  m.site.pages.push_back(std::move(index));
  return static_cast<int>(items.size());
}

}  // namespace

void migrate_academicpages(Migrator& m) {
  MigratedSite& s = m.site;
  MigrationReport& r = m.report;
  JekyllSite j = read_jekyll_site(m);
  const TomlNode& c = j.config;

  // The profile: the sidebar's author.
  Person& p = s.person;
  const TomlNode empty;
  const TomlNode* author = field(c, "author");
  const TomlNode& a = author ? *author : empty;
  p.name = std::string(trim(text(field(a, "name"))));
  std::string site_name(trim(text(field(c, "name"))));
  if (p.name.empty()) p.name = site_name;
  if (!site_name.empty() && site_name != p.name) p.aliases.push_back(site_name);
  s.title = std::string(trim(text(field(c, "title"))));
  s.description = std::string(trim(text(field(c, "description"))));
  p.affiliation = std::string(trim(text(field(a, "employer"))));
  if (std::string where(trim(text(field(a, "location")))); !where.empty()) p.address = {where};
  p.email = std::string(trim(text(field(a, "email"))));
  add_social_links(a, "academicpages", p, m);
  if (std::string avatar(trim(text(field(a, "avatar")))); !avatar.empty()) {
    std::string file = avatar.find('/') == std::string::npos ? "images/" + avatar : avatar;
    while (!file.empty() && file[0] == '/') file.erase(file.begin());
    if (m.old.exists(file)) {
      s.copies["static/" + file] = file;
      p.photo = file;
    } else {
      m.note(field(a, "avatar")->loc, "the photo `" + file +
                                          "` is not in the old site: add it to static/ and set "
                                          "[person] photo");
    }
  }

  // Publications: authors from the citation, owner from the profile.
  std::vector<TomlEntry> pubs;
  std::vector<std::string> old_urls;  // of pubs[i]
  std::vector<std::string> authors_seen, bold_seen;
  for (const std::string& rel : jekyll_documents(m.old, "_publications")) {
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    const TomlNode& f = d->front;
    TomlEntry e;
    Publication& pub = e.pub;
    pub.title = jekyll_title(text(field(f, "title")));
    if (pub.title.empty()) {
      m.note(rel, 1, 1, "a publication without `title` is not imported");
      continue;
    }
    CitationAuthors ca;
    const TomlNode* list = field(f, "authors");
    if (!list) list = field(f, "author");
    if (list && list->kind == TomlNode::Kind::kArray) {
      for (const std::string& n : texts(list)) {
        CitationAuthors one = authors_from_list(n);
        for (std::string& x : one.names) ca.names.push_back(std::move(x));
        for (std::string& x : one.bold) ca.bold.push_back(std::move(x));
        ca.et_al = ca.et_al || one.et_al;
      }
    } else if (list && !text(list).empty()) {
      ca = authors_from_list(text(list));
    }
    std::string citation = text(field(f, "citation"));
    CitationAuthors from_citation = authors_from_citation(citation);
    if (ca.names.empty()) ca = from_citation;
    if (ca.names.empty()) {
      m.note(rel, 1, 1,
             "no authors (no `authors` and no names before the year in `citation`): the paper "
             "is not imported");
      continue;
    }
    for (const std::string& n : ca.names) pub.authors.push_back({n, "", false});
    pub.et_al = ca.et_al;
    authors_seen.insert(authors_seen.end(), ca.names.begin(), ca.names.end());
    bold_seen.insert(bold_seen.end(), ca.bold.begin(), ca.bold.end());
    if (std::optional<Date> date = lenient_date(text(field(f, "date")))) {
      pub.date = *date;
      pub.year = date->year;
    } else if (from_citation.year) {
      pub.year = from_citation.year;
    } else if (std::optional<Date> named = lenient_date(rel.substr(rel.rfind('/') + 1))) {
      pub.date = *named;
      pub.year = named->year;
    } else {
      m.note(rel, 1, 1,
             "no `date`, and no year in `citation` or the file name: the paper is undated");
    }
    std::string venue = html_to_text(text(field(f, "venue")));
    pub.venue_full = venue;
    std::string category = text(field(f, "category"));
    pub.type =
        category_type(category, text(field_at(c, {"publication_category", category, "title"})));
    std::string body = m.fix_file_links(m.clean(d->body, rel, d->body_line, true, jekyll_tags(m)),
                                        rel, "/publications/");
    std::string excerpt = jekyll_title(html_to_text(text(field(f, "excerpt"))));
    if (!trim(body).empty()) {
      pub.abstract = std::string(trim(body));
      pub.note = excerpt;
    } else {
      pub.abstract = excerpt;
    }
    for (auto [key, label] : {std::pair{"paperurl", "pdf"},
                              {"paper_url", "pdf"},
                              {"slidesurl", "slides"},
                              {"slides_url", "slides"},
                              {"bibtexurl", "bib"},
                              {"codeurl", "code"},
                              {"url", "website"}}) {
      const TomlNode* n = field(f, key);
      if (!n) continue;
      std::string url = old_site_link(m, text(n), j.url, n->loc);
      if (url.empty() || std::any_of(pub.links.begin(), pub.links.end(),
                                     [&label = label](const Link& l) { return l.label == label; }))
        continue;
      pub.links.push_back({label, url});
    }
    pub.loc = SourceLoc{rel, 1, 1};
    std::string url = jekyll_url(j, *d, "publications");
    std::string id = last_segment(url);
    std::string stem = rel.substr(rel.rfind('/') + 1);
    stem = stem.substr(0, stem.rfind('.'));
    auto taken = [&](const std::string& k) {
      return std::any_of(pubs.begin(), pubs.end(),
                         [&](const TomlEntry& x) { return x.pub.key == k; });
    };
    if (id.empty() || taken(id)) {
      size_t first = std::find(old_urls.begin(), old_urls.end(), url) - old_urls.begin();
      if (first < pubs.size())
        m.note(rel, 1, 1,
               "its permalink " + url + " is also that of " + pubs[first].pub.loc.path +
                   ", whose page the old address now leads to; this paper's page is "
                   "/publications/" +
                   stem + "/");
      id = stem;
      for (int n = 2; taken(id); ++n) id = stem + "-" + std::to_string(n);
    }
    pub.key = id;
    pub.id_given = true;
    pubs.push_back(std::move(e));
    old_urls.push_back(url);
  }
  add_owner_aliases(authors_seen, bold_seen, p);
  for (size_t i = 0; i < pubs.size(); ++i) {
    if (std::find(old_urls.begin(), old_urls.begin() + static_cast<long>(i), old_urls[i]) !=
        old_urls.begin() + static_cast<long>(i))
      continue;  // the old address is the first paper's
    s.redirects.push_back({old_urls[i], "publications/" + pubs[i].pub.key + "/"});
  }
  r.imported.push_back({"publications", std::to_string(pubs.size()) + " from _publications/"});
  for (TomlEntry& e : pubs) {
    e.pub.loc = {};
    s.publications.push_back(std::move(e));
  }

  // Talks: one [[talk]] each, their old pages to /talks/.
  std::vector<std::string> types;
  for (const std::string& rel : jekyll_documents(m.old, "_talks")) {
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    const TomlNode& f = d->front;
    Talk t;
    t.title = jekyll_title(text(field(f, "title")));
    if (t.title.empty()) {
      m.note(rel, 1, 1, "a talk without `title` is not imported");
      continue;
    }
    TalkEvent ev;
    ev.event = html_to_text(text(field(f, "venue")));
    if (ev.event.empty()) ev.event = html_to_text(text(field(f, "event")));
    ev.location = html_to_text(text(field(f, "location")));
    if (std::optional<Date> date = lenient_date(text(field(f, "date")))) ev.date = *date;
    for (const char* key : {"talkurl", "talk_url", "link"})
      if (const TomlNode* n = field(f, key); n && ev.link.empty())
        ev.link = old_site_link(m, text(n), j.url, n->loc);
    if (ev.event.empty()) ev.event = ev.location.empty() ? "Talk" : ev.location;
    t.given.push_back(std::move(ev));
    for (const char* key : {"slidesurl", "slides_url", "slides"})
      if (const TomlNode* n = field(f, key); n && t.slides.empty())
        t.slides = old_site_link(m, text(n), j.url, n->loc);
    t.abstract = std::string(trim(m.fix_file_links(
        m.clean(d->body, rel, d->body_line, true, jekyll_tags(m)), rel, "/talks/")));
    if (std::string type = text(field(f, "type"));
        !type.empty() && std::find(types.begin(), types.end(), type) == types.end())
      types.push_back(type);
    s.redirects.push_back({jekyll_url(j, *d, "talks"), "talks/"});
    s.talks.push_back(std::move(t));
  }
  if (!types.empty()) {
    std::string list;
    for (const std::string& t : types) list += (list.empty() ? "`" : ", `") + t + "`";
    m.note("_talks/", 0, 0,
           "the talks' `type` (" + list + ") is not imported: talks.toml has no place for it");
  }
  r.imported.push_back({"talks", std::to_string(s.talks.size()) + " from _talks/"});

  // Teaching, portfolio and posts, as pages.
  int teaching = collection_pages(m, j, "teaching", "Teaching");
  int portfolio = collection_pages(m, j, "portfolio", "Portfolio");
  std::string blog_path = "year-archive", blog_title = "Blog Posts";
  std::optional<TomlNode> nav;
  if (m.old.exists("_data/navigation.yml")) nav = m.read_yaml("_data/navigation.yml");
  const TomlNode* main = nav ? field(*nav, "main") : nullptr;
  std::vector<std::pair<std::string, const TomlNode*>> menu;  // url, entry
  if (main && main->kind == TomlNode::Kind::kArray)
    for (const TomlNode& item : main->items) {
      std::string url = text(field(item, "url"));
      menu.push_back({url, &item});
      std::string t = ascii_lower(text(field(item, "title")));
      if (t.find("blog") != std::string::npos || t.find("post") != std::string::npos) {
        blog_path = page_path_of(url);
        blog_title = text(field(item, "title"));
      }
    }
  int posts = migrate_jekyll_posts(m, j, blog_path.empty() ? "posts" : blog_path, blog_title);

  // The CV: _data/cv.json.
  bool json_cv = false;
  if (m.old.exists("_data/cv.json"))
    if (std::optional<std::string> t = m.read_text("_data/cv.json")) {
      JsonResume jr;
      JsonError err;
      if (read_json_resume(*t, !s.publications.empty(), !s.talks.empty(), &jr, &err)) {
        s.cv = std::move(jr.sections);
        json_cv = true;
        int entries = 0;
        for (const CvSection& sec : s.cv) entries += static_cast<int>(sec.entries.size());
        r.imported.push_back({"cv", std::to_string(entries) + " entries in " +
                                        std::to_string(s.cv.size()) +
                                        " sections from _data/cv.json"});
        if (p.phone.empty()) p.phone = jr.person.phone;
      } else {
        m.note("_data/cv.json", err.line, err.col, err.message + "; the CV is not imported");
      }
    }

  // The pages.
  int pages = 0;
  std::string bio_rel;
  for (const std::string& rel : jekyll_documents(m.old, "_pages")) {
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    if (!d->has_front) {
      m.skip(rel, "no front matter, so Jekyll does not publish it as a page");
      continue;
    }
    std::string url = jekyll_url(j, *d, "");
    std::string title = jekyll_title(text(field(d->front, "title")));
    std::string path = page_path_of(url);
    if (url == "/") {
      bio_rel = rel;
      s.bio = m.fix_file_links(m.clean(d->body, rel, d->body_line, true, jekyll_tags(m)), rel, "/");
      redirect_from(m, *d, "/");
    } else if (url == "/404.html") {
      m.skip(rel, "sitegen makes its own page for a missing address");
    } else if (path == "cv" || path == "cv-json" || text(field(d->front, "layout")) == "cv") {
      bool markdown_cv = trim(remove_liquid(d->body).text).size() > 0 && path == "cv";
      if (json_cv && markdown_cv)
        m.skip(rel,
               "the Markdown CV is not imported: the CV is from _data/cv.json (compare the "
               "two and add what it lacks to cv.toml)");
      else if (!json_cv && markdown_cv)
        add_document_page(m, j, *d, url, title, ""), ++pages;
      else
        m.skip(rel, "the CV is cv.toml, at /cv/");
      if (json_cv && url != "/cv/") s.redirects.push_back({url, "cv/"});
      redirect_from(m, *d, json_cv ? "cv/" : page_path_of(url) + "/");
    } else if (path == "publications" || path == "talks") {
      m.skip(rel, "sitegen makes this list itself, at the same address");
      redirect_from(m, *d, path + "/");
    } else if ((path == "teaching" && teaching) || (path == "portfolio" && portfolio) ||
               (path == blog_path && posts)) {
      for (MigratedPage& pg : s.pages)
        if (pg.path == path && !title.empty()) pg.title = title;
      m.skip(rel, "its list is made from the documents it listed, at the same address");
      redirect_from(m, *d, path + "/");
    } else {
      std::string made = add_document_page(m, j, *d, url, title, "");
      if (made.empty()) {
        m.skip(rel, "nothing but template code");
        continue;
      }
      redirect_from(m, *d, made + "/");
      ++pages;
    }
  }
  if (bio_rel.empty() && !text(field(a, "bio")).empty()) s.bio = text(field(a, "bio"));
  r.imported.push_back(
      {"pages", std::to_string(pages) +
                    (teaching ? ", " + std::to_string(teaching) + " teaching" : "") +
                    (portfolio ? ", " + std::to_string(portfolio) + " portfolio" : "") +
                    (posts ? ", " + std::to_string(posts) + " posts" : "")});
  // academicpages' portfolio is its projects.
  m.posts_as_pages(posts, portfolio);

  // The menu, in the old order, with what the new site has.
  for (const auto& [url, item] : menu) {
    std::string path = page_path_of(url);
    bool section = (path == "publications" && !s.publications.empty()) ||
                   (path == "talks" && !s.talks.empty()) || (path == "news" && !s.news.empty()) ||
                   (path == "cv" && !s.cv.empty());
    bool page = std::any_of(s.pages.begin(), s.pages.end(),
                            [&](const MigratedPage& pg) { return pg.path == path; });
    if (section || page) {
      if (std::find(s.nav.begin(), s.nav.end(), path) == s.nav.end()) s.nav.push_back(path);
    } else {
      m.note(item->loc, "the menu item \"" + text(field(*item, "title")) + "\" (" + url +
                            ") is left out: the new site has no such page");
    }
  }
  if (s.title.empty()) s.title = p.name;
}

}  // namespace sitegen
