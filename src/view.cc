// Site -> mustache data. Every variable a template can use is named here.
#include "view.h"

#include <algorithm>
#include <map>
#include <set>

#include "bibtex_write.h"
#include "date.h"
#include "markdown.h"
#include "slug.h"
#include "view_meta.h"

namespace sitegen {

namespace {

using kainjow::mustache::data;

data list() {
  return data(data::type::list);
}
data flag(bool b) {
  return b ? data(data::type::bool_true) : data(data::type::bool_false);
}

data string_list(const std::vector<std::string>& items) {
  data l = list();
  for (const std::string& s : items) l.push_back(data(s));
  return l;
}

struct KnownLink {
  std::string_view key, label, icon;
};

// Labels and icons for the link keys the format names; anything else keeps its own label.
constexpr KnownLink kKnownLinks[] = {
    {"scholar", "Google Scholar", "scholar"},
    {"github", "GitHub", "github"},
    {"orcid", "ORCID", "orcid"},
    {"dblp", "DBLP", "dblp"},
    {"linkedin", "LinkedIn", "linkedin"},
    {"x", "X", "x"},
    {"twitter", "Twitter", "twitter"},
    {"email", "Email", "email"},
    {"cv", "CV", "cv"},
    {"pdf", "PDF", "pdf"},
    {"code", "Code", "code"},
    {"slides", "Slides", "slides"},
    {"video", "Video", "video"},
    {"poster", "Poster", "poster"},
    {"project", "Project", "project"},
    {"doi", "DOI", "doi"},
    {"arxiv", "arXiv", "arxiv"},
    {"website", "Website", "website"},
    {"homepage", "Homepage", "website"},
    {"html", "HTML", "link"},
    {"blog", "Blog", "link"},
    {"supp", "Supplement", "pdf"},
    {"rss", "RSS", "rss"},
    {"mastodon", "Mastodon", "mastodon"},
    {"bluesky", "Bluesky", "bluesky"},
    {"researchgate", "ResearchGate", "researchgate"},
    {"bib", "BibTeX", "bib"},
};

data link_data(const std::string& label, const std::string& url, const Urls& urls) {
  std::string lower = label;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  data d;
  d.set("label", label);
  d.set("icon", "link");
  for (const KnownLink& k : kKnownLinks) {
    if (lower == k.key) {
      d.set("label", std::string(k.label));
      d.set("icon", std::string(k.icon));
    }
  }
  d.set("url", urls.content(url));
  return d;
}

const char* type_group_title(const std::string& type) {
  static const std::map<std::string, const char*> kTitles = {{"conference", "Conference Papers"},
                                                             {"journal", "Journal Articles"},
                                                             {"workshop", "Workshop Papers"},
                                                             {"poster", "Posters"},
                                                             {"preprint", "Preprints"},
                                                             {"thesis", "Theses"},
                                                             {"patent", "Patents"},
                                                             {"talk", "Talks"},
                                                             {"book", "Books"},
                                                             {"chapter", "Book Chapters"},
                                                             {"other", "Other"}};
  auto it = kTitles.find(type);
  return it == kTitles.end() ? "Other" : it->second;
}

const char* type_label(const std::string& type) {
  static const std::map<std::string, const char*> kLabels = {{"conference", "Conference paper"},
                                                             {"journal", "Journal article"},
                                                             {"workshop", "Workshop paper"},
                                                             {"poster", "Poster"},
                                                             {"preprint", "Preprint"},
                                                             {"thesis", "Thesis"},
                                                             {"patent", "Patent"},
                                                             {"talk", "Talk"},
                                                             {"book", "Book"},
                                                             {"chapter", "Book chapter"},
                                                             {"other", "Publication"}};
  auto it = kLabels.find(type);
  return it == kLabels.end() ? "Publication" : it->second;
}

std::string status_label(const std::string& status) {
  if (status == "accepted") return "Accepted";
  if (status == "under-review") return "Under review";
  if (status == "in-submission") return "In submission";
  return "";
}

data author_list(const std::vector<Author>& authors, size_t from, size_t to) {
  data l = list();
  for (size_t i = from; i < to; ++i) {
    data a;
    a.set("name", authors[i].name);
    a.set("markers", authors[i].markers);
    a.set("self", flag(authors[i].is_self));
    a.set("last", flag(i + 1 == to));
    l.push_back(std::move(a));
  }
  return l;
}

// Long author lists show their first authors, and always the site's person, up front.
constexpr size_t kLongAuthorList = 10;
constexpr size_t kShortAuthorList = 8;

// Email shown to people but not to naive scrapers: every character as a numeric
// entity and the @ inside its own element, so no plain `x@y` appears in the HTML.
std::string obfuscated_email(const std::string& email) {
  std::string out;
  for (unsigned char c : email) {
    if (c == '@')
      out += "<span class=\"at\">&#64;</span>";
    else if (c < 0x80)
      out += "&#" + std::to_string(c) + ";";
    else
      out += static_cast<char>(c);
  }
  return out;
}

}  // namespace

Urls::Urls(const std::string& base_url) {
  size_t scheme = base_url.find("://");
  if (scheme == std::string::npos) {
    root = base_url.empty() || base_url[0] != '/' ? "/" + base_url : base_url;
  } else {
    size_t path = base_url.find('/', scheme + 3);
    root = path == std::string::npos ? "/" : base_url.substr(path);
    abs = base_url;
  }
  if (root.back() != '/') root += '/';
  if (!abs.empty() && abs.back() != '/') abs += '/';
}

std::string Urls::content(const std::string& url) const {
  if (url.empty() || url[0] == '#' || url.find(':') != std::string::npos ||
      url.compare(0, 2, "//") == 0)
    return url;
  if (url[0] == '/') return root + url.substr(1);
  return root + url;
}

View::View(const Site& site, ViewOptions options)
    : site_(site), options_(std::move(options)), urls_(site.base_url) {
  const Person& p = site.person;
  data person;
  person.set("name", p.name);
  person.set("native_name", p.native_name);
  person.set("position", p.position);
  person.set("affiliation", p.affiliation);
  person.set("address", string_list(p.address));
  person.set("has_email", flag(!p.email.empty()));
  person.set("email_html", obfuscated_email(p.email));
  person.set("phone", p.phone);
  person.set("has_photo", flag(!p.photo.empty()));
  person.set("photo_url", p.photo.empty() ? "" : urls_.content(p.photo));
  person.set("interests", string_list(p.interests));
  person.set("has_interests", flag(!p.interests.empty()));
  data links = list();
  for (const Link& l : p.links) links.push_back(link_data(l.label, l.url, urls_));
  person.set("links", std::move(links));
  person.set("has_links", flag(!p.links.empty()));
  common_.set("person", std::move(person));

  data s;
  s.set("title", site.title);
  s.set("description", site.description);
  s.set("url", urls_.abs);
  s.set("has_favicon", flag(!site.favicon.empty()));
  s.set("favicon_url", site.favicon.empty() ? "" : urls_.content(site.favicon));
  common_.set("site", std::move(s));
  common_.set("lang", site.language);
  common_.set("root", urls_.root);
  common_.set("css_url", urls_.page("assets/style.css") + options_.css_url_query);
  common_.set("icons_url", urls_.page("assets/icons.svg"));
  common_.set("body_end_html", options_.body_end_html);

  // Navigation: the [nav] items, or every section that has content; then pages with nav = true.
  auto section_rel = [&](const std::string& name) -> std::pair<std::string, std::string> {
    if (name == "publications") return {"Publications", "publications/"};
    if (name == "talks") return {"Talks", "talks/"};
    if (name == "news") return {"News", "news/"};
    if (name == "cv") return {"CV", "cv/"};
    for (const Page& pg : site.pages)
      if (pg.slug == name) return {pg.title, pg.slug + "/"};
    return {name, name + "/"};
  };
  std::vector<std::string> names = site.nav;
  if (names.empty()) {
    if (!site.publications.empty()) names.push_back("publications");
    if (!site.talks.empty()) names.push_back("talks");
    if (!site.news.empty()) names.push_back("news");
    if (!site.cv.empty()) names.push_back("cv");
  }
  for (const Page& pg : site.pages)
    if (pg.nav && std::find(names.begin(), names.end(), pg.slug) == names.end())
      names.push_back(pg.slug);
  for (const std::string& n : names) nav_items_.push_back(section_rel(n));

  pubs_.reserve(site.publications.size());
  for (size_t i = 0; i < site.publications.size(); ++i) pubs_.push_back(pub_entry(i));
}

std::string View::md(const std::string& text) const {
  return markdown_to_html(text, {site_.allow_javascript_urls, true});
}

std::string View::md_inline(const std::string& text) const {
  return markdown_inline_to_html(text, {site_.allow_javascript_urls, true});
}

Data View::nav_for(const std::string& rel) const {
  data l = list();
  for (const auto& [label, item_rel] : nav_items_) {
    data d;
    d.set("label", label);
    d.set("url", urls_.page(item_rel));
    d.set("current", flag(rel.compare(0, item_rel.size(), item_rel) == 0));
    l.push_back(std::move(d));
  }
  return l;
}

Data View::page_meta(const std::string& kind, const std::string& title, const std::string& rel,
                     const std::string& description, std::string head_extra) const {
  data page;
  page.set("kind", kind);
  page.set("title", title);
  page.set("url", urls_.page(rel));
  page.set("canonical", urls_.absolute(rel));
  std::string desc = description.empty() ? site_.description : description;
  page.set("description", desc);
  for (const char* k :
       {"home", "publications", "publication", "news", "talks", "cv", "page", "404"})
    page.set(std::string("is_") + k, flag(kind == k));
  data d;
  d.set("page", std::move(page));
  d.set("nav", nav_for(rel));
  PageMeta meta{kind, title, desc, rel};
  d.set("head_html", head_html(site_, urls_, meta) + head_extra);
  return d;
}

Data View::pub_entry(size_t index) const {
  const Publication& p = site_.publications[index];
  data d;
  d.set("slug", p.slug);
  d.set("url", urls_.page(publication_path(p)));
  d.set("title", p.title);
  d.set("authors", author_list(p.authors, 0, p.authors.size()));
  size_t short_n = p.authors.size();
  if (p.authors.size() > kLongAuthorList) {
    short_n = kShortAuthorList;
    for (size_t i = short_n; i < p.authors.size(); ++i)
      if (p.authors[i].is_self) short_n = i + 1;
    if (p.authors.size() - short_n < 2) short_n = p.authors.size();
  }
  d.set("authors_short", author_list(p.authors, 0, short_n));
  d.set("authors_rest", author_list(p.authors, short_n, p.authors.size()));
  d.set("has_authors_rest", flag(short_n < p.authors.size()));
  d.set("authors_rest_count", std::to_string(p.authors.size() - short_n));
  d.set("et_al", flag(p.et_al));
  d.set("venue", p.venue);
  d.set("venue_full", p.venue_full);
  d.set("year", p.year ? std::to_string(p.year) : "");
  d.set("date", format_date(p.date));
  d.set("type", p.type);
  d.set("type_label", type_label(p.type));
  d.set("status", p.status);
  std::string status = status_label(p.status);
  d.set("status_label", status);
  d.set("has_status", flag(!status.empty()));
  d.set("awards", string_list(p.awards));
  d.set("has_awards", flag(!p.awards.empty()));
  d.set("note_html", p.note.empty() ? "" : md_inline(p.note));
  data tags = list();
  for (const std::string& t : p.tags) {
    data tag;
    tag.set("name", t);
    tag.set("url", urls_.page("publications/#tag-" + slugify(t)));
    tags.push_back(std::move(tag));
  }
  d.set("tags", std::move(tags));
  d.set("has_tags", flag(!p.tags.empty()));
  data links = list();
  for (const Link& l : p.links) links.push_back(link_data(l.label, l.url, urls_));
  if (!p.arxiv.empty() && std::none_of(p.links.begin(), p.links.end(),
                                       [](const Link& l) { return l.label == "arxiv"; }))
    links.push_back(link_data("arxiv", "https://arxiv.org/abs/" + p.arxiv, urls_));
  if (!p.doi.empty() &&
      std::none_of(p.links.begin(), p.links.end(), [](const Link& l) { return l.label == "doi"; }))
    links.push_back(link_data("doi", "https://doi.org/" + p.doi, urls_));
  d.set("has_links", flag(!links.is_empty_list()));
  d.set("links", std::move(links));
  d.set("number", p.number_label);
  d.set("abbr", p.abbr.empty() ? p.venue : p.abbr);
  d.set("has_abstract", flag(!p.abstract.empty()));
  d.set("abstract_html", p.abstract.empty() ? "" : md(p.abstract));
  d.set("bibtex", to_bibtex(p));
  d.set("bib_url", urls_.page(bib_path(p)));
  return d;
}

Data View::home() const {
  data d = page_meta("home", site_.title, "", site_.description);
  d.set("bio_html", md(site_.bio));
  data selected = list();
  for (size_t i = 0; i < pubs_.size(); ++i)
    if (site_.publications[i].selected) selected.push_back(pubs_[i]);
  d.set("has_selected", flag(!selected.is_empty_list()));
  d.set("selected", std::move(selected));
  data news = list();
  for (size_t i = 0; i < site_.news.size() && i < 5; ++i) {
    const NewsItem& n = site_.news[i];
    data item;
    item.set("date", format_date(n.date));
    item.set("date_iso", iso_date(n.date));
    item.set("text_html", md_inline(n.text));
    item.set("link", n.link.empty() ? "" : urls_.content(n.link));
    news.push_back(std::move(item));
  }
  d.set("has_news", flag(!site_.news.empty()));
  d.set("news", std::move(news));
  d.set("publications_url", urls_.page("publications/"));
  d.set("news_url", urls_.page("news/"));
  return d;
}

Data View::publications() const {
  data d = page_meta("publications", "Publications", "publications/", "");
  const auto& pubs = site_.publications;
  // Groups: by type in the format's order, by year newest first, or one group.
  std::vector<std::pair<std::string, std::vector<size_t>>> groups;
  const std::string& by = site_.pubs_settings.group_by;
  if (by == "type") {
    std::vector<std::string> order = {"conference", "journal", "workshop", "poster",
                                      "preprint",   "thesis",  "patent",   "book",
                                      "chapter",    "talk",    "other"};
    for (const std::string& t : order) {
      std::vector<size_t> idx;
      for (size_t i = 0; i < pubs.size(); ++i)
        if (pubs[i].type == t) idx.push_back(i);
      if (!idx.empty()) groups.emplace_back(type_group_title(t), std::move(idx));
    }
  } else if (by == "year") {
    std::map<int, std::vector<size_t>, std::greater<int>> years;
    for (size_t i = 0; i < pubs.size(); ++i) years[pubs[i].year].push_back(i);
    for (auto& [y, idx] : years)
      groups.emplace_back(y ? std::to_string(y) : "Undated", std::move(idx));
  } else if (!pubs.empty()) {
    std::vector<size_t> all(pubs.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    groups.emplace_back("", std::move(all));
  }
  data glist = list();
  data filters = list();
  for (auto& [title, idx] : groups) {
    data g;
    std::string anchor = title.empty() ? "all" : slugify(title);
    g.set("title", title);
    g.set("has_title", flag(!title.empty()));
    g.set("anchor", anchor);
    g.set("count", std::to_string(idx.size()));
    data items = list();
    for (size_t i : idx) items.push_back(pubs_[i]);
    g.set("pubs", std::move(items));
    glist.push_back(std::move(g));
    if (!title.empty()) {
      data f;
      f.set("label", title + " (" + std::to_string(idx.size()) + ")");
      f.set("url", "#" + anchor);
      filters.push_back(std::move(f));
    }
  }
  d.set("groups", std::move(glist));
  d.set("has_filters", flag(!filters.is_empty_list()));
  d.set("filters", std::move(filters));
  data markers = list();
  for (const Marker& m : site_.pubs_settings.markers) {
    data md_;
    md_.set("symbol", m.symbol);
    md_.set("text", m.text);
    markers.push_back(std::move(md_));
  }
  d.set("has_markers", flag(!site_.pubs_settings.markers.empty()));
  d.set("markers", std::move(markers));
  d.set("count", std::to_string(pubs.size()));
  d.set("bib_all_url", urls_.page("publications.bib"));
  return d;
}

Data View::publication(size_t index) const {
  const Publication& p = site_.publications[index];
  std::string desc = p.venue_full.empty() ? p.venue : p.venue_full;
  data d = page_meta("publication", p.title, publication_path(p), desc,
                     publication_head_html(site_, urls_, p, publication_path(p)));
  d.set("pub", pubs_[index]);
  return d;
}

Data View::news() const {
  data d = page_meta("news", "News", "news/", "");
  data items = list();
  for (const NewsItem& n : site_.news) {
    data item;
    item.set("date", format_date(n.date));
    item.set("date_iso", iso_date(n.date));
    item.set("text_html", md_inline(n.text));
    item.set("link", n.link.empty() ? "" : urls_.content(n.link));
    items.push_back(std::move(item));
  }
  d.set("news", std::move(items));
  d.set("feed_url", urls_.page("news/feed.xml"));
  return d;
}

Data View::talks() const {
  data d = page_meta("talks", "Talks", "talks/", "");
  data talks = list();
  for (const Talk& t : site_.talks) {
    data item;
    item.set("title", t.title);
    item.set("slides_url", t.slides.empty() ? "" : urls_.content(t.slides));
    item.set("video_url", t.video.empty() ? "" : urls_.content(t.video));
    data links = list();
    for (const Link& l : t.links) links.push_back(link_data(l.label, l.url, urls_));
    item.set("has_links", flag(!t.links.empty()));
    item.set("links", std::move(links));
    item.set("abstract_html", t.abstract.empty() ? "" : md(t.abstract));
    data given = list();
    for (const TalkEvent& e : t.given) {
      data g;
      g.set("event", e.event);
      g.set("location", e.location);
      g.set("date", format_date(e.date));
      g.set("date_iso", iso_date(e.date));
      g.set("link", e.link.empty() ? "" : urls_.content(e.link));
      given.push_back(std::move(g));
    }
    item.set("given", std::move(given));
    talks.push_back(std::move(item));
  }
  d.set("talks", std::move(talks));
  return d;
}

Data View::cv() const {
  data d = page_meta("cv", "CV", "cv/", site_.person.name + " — curriculum vitae");
  data sections = list();
  for (const CvSection& s : site_.cv) {
    data sec;
    sec.set("title", s.title);
    sec.set("anchor", slugify(s.title));
    sec.set("compact", flag(s.style == "compact"));
    data entries = list();
    for (const CvEntry& e : s.entries) {
      data en;
      en.set("what", e.what);
      en.set("where", e.where);
      en.set("location", e.location);
      en.set("when", e.date.empty() ? format_range(e.start, e.end) : format_date(e.date));
      en.set("details_html", e.details.empty() ? "" : md(e.details));
      entries.push_back(std::move(en));
    }
    sec.set("entries", std::move(entries));
    sections.push_back(std::move(sec));
  }
  d.set("sections", std::move(sections));
  return d;
}

Data View::page(size_t index) const {
  const Page& pg = site_.pages[index];
  data d = page_meta("page", pg.title, pg.slug + "/", pg.description);
  d.set("body_html", md(pg.body));
  return d;
}

Data View::not_found() const {
  return page_meta("404", "Page not found", "404.html", "");
}

}  // namespace sitegen
