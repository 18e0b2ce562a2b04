// al-folio (Jekyll): _config.yml and _data/socials.yml for the profile, _pages/about.md for
// the biography, _bibliography/papers.bib kept as it is, _news/, _data/cv.yml or JSON
// Resume, _pages/ as pages, _projects/ and _posts/ as pages until sitegen has collections.
#include <algorithm>

#include "bibtex/bibtex.h"
#include "import/json_resume.h"
#include "import/markdown_edit.h"
#include "import/migrate_jekyll.h"
#include "import/migrate_readers.h"
#include "import/node_values.h"
#include "text/html_scan.h"
#include "text/strings.h"

namespace sitegen {

namespace {

std::string join_words(std::initializer_list<std::string> parts) {
  std::string out;
  for (const std::string& p : parts) {
    std::string_view t = trim(p);
    if (!t.empty()) out += (out.empty() ? "" : " ") + std::string(t);
  }
  return out;
}

// Markdown made one plain line: links become their text, line breaks spaces.
std::string one_line(const std::string& md) {
  std::string text = edit_markdown_links(md, [](const MarkdownLink&) {
    return LinkChange{LinkChange::kUnlink, ""};
  });
  std::string out;
  for (char c : text) {
    if (c == '\n') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  return std::string(trim(out));
}

// "1933 - 1955", "1917-1933", "2015-now", "1905": a span or a year.
void cv_years(const std::string& s, CvEntry& e) {
  std::string_view v = trim(s);
  if (v.size() > 4 && is_digit(v[0]) && v.find_first_not_of("0123456789") == 4) {
    std::string_view rest = trim(v.substr(4));
    if (!rest.empty() && (rest[0] == '-' || rest.starts_with("–"))) {
      rest = trim(rest.substr(rest[0] == '-' ? 1 : 3));
      std::optional<Date> start = lenient_date(v.substr(0, 4));
      std::optional<Date> end = lenient_date(rest);
      if (start && end) {
        e.start = *start;
        e.end = *end;
        return;
      }
    }
  }
  if (std::optional<Date> d = lenient_date(v)) e.date = *d;
}

// cv.yml's `description`: a string, or a list of strings and {title, contents} items.
std::string cv_details(const TomlNode* n) {
  if (!n) return "";
  if (n->kind != TomlNode::Kind::kArray) return text(n);
  std::string out;
  for (const TomlNode& item : n->items) {
    if (item.kind == TomlNode::Kind::kTable) {
      out += "- " + text(field(item, "title")) + "\n";
      for (const std::string& c : texts(field(item, "contents"))) out += "  - " + c + "\n";
    } else if (!text(&item).empty()) {
      out += "- " + text(&item) + "\n";
    }
  }
  return out;
}

// A title with HTML: its text, and the address of its link, if any.
std::string title_link(const std::string& html, std::string* href) {
  HtmlTokenizer t(html);
  for (HtmlToken tok = t.next(); tok.kind != HtmlTokenKind::kEnd; tok = t.next())
    if (tok.kind == HtmlTokenKind::kStartTag && iequals(tok.name, "a"))
      for (const HtmlAttr& a : t.attributes())
        if (iequals(a.name, "href")) *href = decode_html_entities(a.value);
  return html_to_text(html);
}

int read_cv_yml(Migrator& m, const TomlNode& root) {
  int entries = 0;
  for (const TomlNode& sec : root.items) {
    CvSection s;
    s.title = html_to_text(text(field(sec, "title")));
    std::string type = text(field(sec, "type"));
    const TomlNode* contents = field(sec, "contents");
    if (s.title.empty() || !contents || contents->kind != TomlNode::Kind::kArray) {
      m.note(sec.loc, "a CV section without `title` or `contents` is not imported");
      continue;
    }
    for (const TomlNode& c : contents->items) {
      if (type == "map") {
        s.style = "compact";
        std::string value = html_to_text(text(field(c, "value")));
        CvEntry e;
        e.what = html_to_text(text(field(c, "name"))) + (value.empty() ? "" : ": " + value);
        s.entries.push_back(std::move(e));
      } else if (type == "list") {
        s.style = "compact";
        CvEntry e;
        e.what = html_to_text(text(&c));
        if (!e.what.empty()) s.entries.push_back(std::move(e));
      } else if (type == "nested_list") {
        CvEntry e;
        e.what = html_to_text(text(field(c, "title")));
        e.details = cv_details(field(c, "items"));
        if (!e.what.empty()) s.entries.push_back(std::move(e));
      } else {  // time_table
        std::string href;
        std::string what = title_link(text(field(c, "title")), &href);
        std::vector<std::string> items = texts(field(c, "items"));
        if (what.empty() && !items.empty()) {  // a year of awards: one entry each
          for (const std::string& item : items) {
            CvEntry e;
            e.what = html_to_text(item);
            cv_years(text(field(c, "year")), e);
            s.entries.push_back(std::move(e));
          }
          continue;
        }
        CvEntry e;
        e.what = what;
        e.where = html_to_text(text(field(c, "institution")));
        e.location = html_to_text(text(field(c, "location")));
        cv_years(text(field(c, "year")), e);
        e.details = cv_details(field(c, "description"));
        if (!href.empty()) e.details = "[" + link_text(what) + "](" + href + ")\n\n" + e.details;
        if (!e.what.empty()) s.entries.push_back(std::move(e));
      }
    }
    if (type != "map" && type != "list" && type != "nested_list" && type != "time_table")
      m.note(sec.loc, "CV section type `" + type + "` is read as a time_table");
    entries += static_cast<int>(s.entries.size());
    if (!s.entries.empty()) m.site.cv.push_back(std::move(s));
  }
  return entries;
}

struct ListingPage {
  std::string rel;
  std::string title;
  std::string description;
  bool nav = false;
  int order = 0;
};

// A page of _pages/ whose list the migration makes (blog, projects): what it keeps of it.
void take_listing(MigratedSite& site, const std::string& path, const ListingPage& from) {
  for (MigratedPage& p : site.pages) {
    if (p.path != path) continue;
    if (!from.title.empty()) p.title = from.title;
    p.description = from.description;
    p.nav = from.nav;
    p.order = from.order;
  }
}

}  // namespace

void migrate_al_folio(Migrator& m) {
  MigratedSite& s = m.site;
  MigrationReport& r = m.report;
  JekyllSite j = read_jekyll_site(m);
  const TomlNode& c = j.config;

  // The profile.
  Person& p = s.person;
  p.name = join_words(
      {text(field(c, "first_name")), text(field(c, "middle_name")), text(field(c, "last_name"))});
  std::string title(trim(text(field(c, "title"))));
  s.title = title == "blank" ? "" : title;
  s.description = one_line(text(field(c, "description")));
  // jekyll-scholar bolds these names in the publication list: the owner's spellings.
  for (const std::string& last : texts(field_at(c, {"scholar", "last_name"})))
    for (const std::string& first : texts(field_at(c, {"scholar", "first_name"}))) {
      std::string alias = first + " " + last;
      if (alias != p.name &&
          std::find(p.aliases.begin(), p.aliases.end(), alias) == p.aliases.end())
        p.aliases.push_back(alias);
    }
  std::optional<TomlNode> socials;
  if (m.old.exists("_data/socials.yml")) socials = m.read_yaml("_data/socials.yml");
  const TomlNode& social = socials ? *socials : c;
  p.email = text(field(social, "email"));
  if (p.email.empty()) p.email = text(field(c, "email"));
  add_social_links(social, "al-folio", p, m);
  if (text(field(social, "wechat_qr")).size())
    m.note(field(social, "wechat_qr")->loc, "`wechat_qr` is not imported: put the image in a page");

  // About page: the biography, photo and address.
  std::string bio_rel;
  for (const std::string& rel : jekyll_documents(m.old, "_pages")) {
    std::optional<Migrator::Doc> d = rel.ends_with("about.md") ? m.read_doc(rel) : std::nullopt;
    if (!d || text(field(d->front, "permalink")) != "/") continue;
    bio_rel = rel;
    s.bio = m.fix_file_links(m.clean(d->body, rel, d->body_line, true, jekyll_tags(m)), rel, "/");
    if (std::string image = text(field_at(d->front, {"profile", "image"})); !image.empty()) {
      std::string file = "assets/img/" + image;
      if (m.old.exists(file)) {
        s.copies["static/" + image] = file;
        p.photo = image;
      } else {
        m.note(field_at(d->front, {"profile", "image"})->loc,
               "the photo `" + file +
                   "` is not in the old site: add it to static/ and set [person] photo");
      }
    }
    std::string info = text(field_at(d->front, {"profile", "more_info"}));
    for (std::string_view sep : {"</p>", "<br>", "<br/>", "<br />"})
      for (size_t at = info.find(sep); at != std::string::npos; at = info.find(sep, at + 1))
        info.replace(at, sep.size(), "\n");
    for (size_t start = 0; start < info.size();) {
      size_t nl = info.find('\n', start);
      std::string line =
          html_to_text(info.substr(start, nl == std::string::npos ? nl : nl - start));
      if (!line.empty()) p.address.push_back(line);
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
    if (const TomlNode* sub = field(d->front, "subtitle"); sub && !text(sub).empty())
      m.note(sub->loc, "the subtitle \"" + shorten(html_to_text(text(sub))) +
                           "\" is not imported: write your position and affiliation in [person]");
  }
  if (bio_rel.empty()) r.skipped.push_back("_pages/about.md: not found, so there is no biography");

  // JSON Resume: the profile's gaps, and the CV when there is no _data/cv.yml.
  std::optional<JsonResume> resume;
  const std::string resume_rel = "assets/json/resume.json";
  bool has_bib = false;
  std::string bib = text(field_at(c, {"scholar", "source"}));
  if (bib.empty()) bib = "/_bibliography/";
  std::string bib_file = text(field_at(c, {"scholar", "bibliography"}));
  while (!bib.empty() && bib.front() == '/') bib.erase(bib.begin());
  while (!bib.empty() && bib.back() == '/') bib.pop_back();
  bib = (bib.empty() ? "" : bib + "/") + (bib_file.empty() ? "papers.bib" : bib_file);
  has_bib = m.old.exists(bib);
  if (m.old.exists(resume_rel)) {
    if (std::optional<std::string> t = m.read_text(resume_rel)) {
      JsonResume jr;
      JsonError err;
      if (read_json_resume(*t, has_bib, false, &jr, &err))
        resume = std::move(jr);
      else
        m.note(resume_rel, err.line, err.col, err.message + "; the file is not imported");
    }
  }
  if (resume) {
    if (p.name.empty()) p.name = resume->person.name;
    if (p.position.empty()) p.position = resume->person.position;
    if (p.email.empty()) p.email = resume->person.email;
    if (p.phone.empty()) p.phone = resume->person.phone;
    if (p.address.empty()) p.address = resume->person.address;
    for (const Link& l : resume->person.links)
      if (std::none_of(p.links.begin(), p.links.end(),
                       [&](const Link& x) { return x.url == l.url; }))
        p.links.push_back(l);
  }

  // Publications: the .bib is kept as it is and named in site.toml.
  if (has_bib) {
    s.copies["papers.bib"] = bib;
    s.bibtex = {"papers.bib"};
    int count = 0;
    if (std::optional<std::string> t = m.read_text(bib)) {
      Diagnostics quiet;
      std::vector<Publication> pubs = bibtex_to_publications(parse_bibtex(*t, bib, quiet), quiet);
      count = static_cast<int>(pubs.size());
      // The files the entries name (pdf={paper.pdf}) are al-folio's assets/pdf/.
      for (const Publication& pub : pubs)
        for (const Link& l : pub.links) {
          if (l.url.empty() || l.url.find(':') != std::string::npos || l.url[0] == '/') continue;
          if (m.old.exists("assets/pdf/" + l.url))
            s.copies["static/" + l.url] = "assets/pdf/" + l.url;
          else
            m.note(bib, 0, 0,
                   "`" + pub.key + "` links to `" + l.url +
                       "`, which is not in assets/pdf/: copy the file into static/");
        }
    }
    r.imported.push_back({"publications", std::to_string(count) + " in " + bib +
                                              ", kept as papers.bib and named in site.toml"});
  } else {
    r.imported.push_back({"publications", "none: the old site has no " + bib});
  }

  // News.
  int news = 0;
  for (const std::string& rel : jekyll_documents(m.old, "_news")) {
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    std::optional<Date> date = lenient_date(text(field(d->front, "date")));
    if (!date) {
      m.note(rel, 1, 1, "a news item without `date` is not imported");
      continue;
    }
    NewsItem n;
    n.date = *date;
    const TomlNode* inl = field(d->front, "inline");
    std::string title = text(field(d->front, "title"));
    if (inl && !is_true(inl) && !title.empty()) {
      std::string path = add_document_page(m, j, *d, jekyll_url(j, *d, "news"), title,
                                           "*" + iso_date(*date) + "*");
      n.text = jekyll_title(title);
      n.link = path + "/";
    } else {
      n.text = one_line(m.fix_file_links(m.clean(d->body, rel, d->body_line, true, jekyll_tags(m)),
                                         rel, "/news/"));
      if (n.text.empty()) n.text = jekyll_title(title);
    }
    if (n.text.empty()) {
      m.skip(rel, "no text");
      continue;
    }
    s.news.push_back(std::move(n));
    ++news;
  }
  r.imported.push_back({"news", std::to_string(news)});
  if (news > 0 && is_true(field(social, "rss_icon"))) p.links.push_back({"rss", "news/feed.xml"});
  r.imported.push_back({"talks", "none: al-folio has no talks"});

  // The CV.
  if (m.old.exists("_data/cv.yml")) {
    if (std::optional<TomlNode> cv = m.read_yaml("_data/cv.yml");
        cv && cv->kind == TomlNode::Kind::kArray) {
      int entries = read_cv_yml(m, *cv);
      r.imported.push_back({"cv", std::to_string(entries) + " entries in " +
                                      std::to_string(s.cv.size()) + " sections from _data/cv.yml"});
      if (resume)
        r.skipped.push_back(resume_rel + ": its CV is not imported (_data/cv.yml is); its " +
                            "basics filled in the profile");
    }
  } else if (resume) {
    s.cv = resume->sections;
    int entries = 0;
    for (const CvSection& sec : s.cv) entries += static_cast<int>(sec.entries.size());
    r.imported.push_back({"cv", std::to_string(entries) + " entries in " +
                                    std::to_string(s.cv.size()) + " sections from " + resume_rel});
  }

  // Projects and posts, as pages until sitegen has collections.
  struct Project {
    int importance;
    std::string title, description, path;
  };
  std::vector<Project> projects;
  for (const std::string& rel : jekyll_documents(m.old, "_projects")) {
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    std::string title = text(field(d->front, "title"));
    std::string path = add_document_page(m, j, *d, jekyll_url(j, *d, "projects"), title, "");
    if (path.empty()) {
      m.skip(rel, "no text");
      continue;
    }
    int importance = 0;
    if (const TomlNode* i = field(d->front, "importance"); i && i->kind == TomlNode::Kind::kInteger)
      importance = static_cast<int>(i->integer);
    projects.push_back({importance, jekyll_title(title),
                        html_to_text(text(field(d->front, "description"))), path});
  }
  if (!projects.empty()) {
    std::stable_sort(projects.begin(), projects.end(), [](const Project& a, const Project& b) {
      return a.importance < b.importance;
    });
    MigratedPage index;
    index.path = new_page_path(s, "/projects/");
    index.title = "Projects";
    for (const Project& pr : projects)
      index.body += "- [" + link_text(pr.title) + "](/" + pr.path + "/)" +
                    (pr.description.empty() ? "" : ": " + pr.description) + "\n";
    index.from = "_projects/";
    s.pages.push_back(std::move(index));
  }
  int posts = migrate_jekyll_posts(m, j, "blog", "Blog");

  // The other pages.
  int pages = 0;
  for (const std::string& rel : jekyll_documents(m.old, "_pages")) {
    if (rel == bio_rel) continue;
    std::optional<Migrator::Doc> d = m.read_doc(rel);
    if (!d) continue;
    if (!d->has_front) {
      m.skip(rel, "no front matter, so Jekyll does not publish it as a page");
      continue;
    }
    std::string url = jekyll_url(j, *d, "");
    ListingPage listing{rel, jekyll_title(text(field(d->front, "title"))),
                        html_to_text(text(field(d->front, "description"))),
                        is_true(field(d->front, "nav")), 0};
    if (const TomlNode* o = field(d->front, "nav_order"); o && o->kind == TomlNode::Kind::kInteger)
      listing.order = static_cast<int>(o->integer);
    std::string layout = text(field(d->front, "layout"));
    if (url == "/404.html") {
      m.skip(rel, "sitegen makes its own page for a missing address");
    } else if (url == "/publications/" || url == "/news/") {
      m.skip(rel, "sitegen makes this list itself, at the same address");
    } else if (url == "/cv/" || layout == "cv") {
      m.skip(rel, "the CV is cv.toml, at /cv/");
      if (url != "/cv/") s.redirects.push_back({url, "cv/"});
    } else if (url == "/blog/" && posts > 0) {
      take_listing(s, "blog", listing);
      m.skip(rel, "the list of posts is made from _posts/, at the same address");
    } else if (url == "/projects/" && !projects.empty()) {
      take_listing(s, "projects", listing);
      m.skip(rel, "the list of projects is made from _projects/, at the same address");
    } else if (is_true(field(d->front, "dropdown"))) {
      m.skip(rel, "a menu of links to other pages");
    } else {
      std::string path = add_document_page(m, j, *d, url, listing.title, "");
      if (path.empty()) {
        m.skip(rel, layout.empty() || layout == "page" || layout == "default"
                        ? "nothing but template code"
                        : "nothing but template code (its layout `" + layout +
                              "` made the page): not imported");
        continue;
      }
      s.pages.back().nav = listing.nav;
      s.pages.back().order = listing.order;
      ++pages;
    }
  }
  r.imported.push_back(
      {"pages",
       std::to_string(pages) + (posts ? ", " + std::to_string(posts) + " posts" : "") +
           (projects.empty() ? "" : ", " + std::to_string(projects.size()) + " projects")});
  m.posts_as_pages(posts, static_cast<int>(projects.size()));
  if (s.title.empty()) s.title = p.name;
}

}  // namespace sitegen
