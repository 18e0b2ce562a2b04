// Site -> mustache data. Every variable a template can use is named here.
#include "view/view.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "base/date.h"
#include "base/parallel.h"
#include "bibtex/bibtex_write.h"
#include "load/group.h"
#include "markdown/markdown.h"
#include "markdown/math.h"
#include "text/slug.h"
#include "text/url_scheme.h"
#include "view/venue_line.h"
#include "view/view_data.h"
#include "view/view_meta.h"

namespace sitegen {

void put(Data& d, const std::string& key, Data&& value) {
  data_put(d, key, std::move(value));
}
void put(Data& d, const std::string& key, std::string&& text) {
  put(d, key, text.empty() ? data_flag(false) : data_text(std::move(text)));
}
void put(Data& d, const std::string& key, const std::string& text) {
  put(d, key, std::string(text));
}
void put(Data& d, const std::string& key, const char* text) {
  put(d, key, std::string(text));
}

Data string_list(const std::vector<std::string>& items) {
  Data l = data_list(items.size());
  for (const std::string& s : items) data_push(l, Data(s));
  return l;
}

namespace {

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

}  // namespace

void append_link(Data& links, const std::string& label, const std::string& url, const Urls& urls,
                 const UiStrings& ui, bool trusted) {
  std::string href = urls.content(url, trusted);
  if (href.empty()) return;
  std::string lower = label;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  Data d;
  put(d, "label", label);
  put(d, "icon", "link");
  for (const KnownLink& k : kKnownLinks) {
    if (lower == k.key) {
      // Names of services stay as they are; the words (PDF, Code, ...) are the language's.
      auto word = ui.text.find("links." + lower);
      put(d, "label", word != ui.text.end() ? word->second : std::string(k.label));
      put(d, "icon", std::string(k.icon));
    }
  }
  put(d, "url", std::move(href));
  data_push(links, std::move(d));
}

namespace {

// The configured markers among an author's marks, in the order written: the marks are
// "*†", the result the markers "*" and "†" of [publications.markers].
std::vector<const Marker*> markers_in(std::string_view marks, const std::vector<Marker>& markers) {
  std::vector<const Marker*> found;
  while (!marks.empty()) {
    const Marker* best = nullptr;
    for (const Marker& m : markers)
      if (!m.symbol.empty() && marks.starts_with(m.symbol) &&
          (!best || m.symbol.size() > best->symbol.size()))
        best = &m;
    if (best) {
      if (std::find(found.begin(), found.end(), best) == found.end()) found.push_back(best);
      marks.remove_prefix(best->symbol.size());
    } else {
      // An unconfigured mark: skip one UTF-8 character.
      size_t n = 1;
      while (n < marks.size() && (static_cast<unsigned char>(marks[n]) & 0xC0) == 0x80) ++n;
      marks.remove_prefix(n);
    }
  }
  return found;
}

Data author(const Author& a, bool last, const std::vector<Marker>& markers,
            const std::string& member_class) {
  Data v;
  put(v, "name", a.name);
  put(v, "member_class", member_class);
  put(v, "markers", a.markers);
  // What the marks mean, for a `title` where they are shown without the legend beside.
  std::string meaning;
  for (const Marker* m : markers_in(a.markers, markers))
    meaning += (meaning.empty() ? "" : "; ") + m->text;
  put(v, "markers_title", std::move(meaning));
  put(v, "self", data_flag(a.is_self));
  put(v, "last", data_flag(last));
  return v;
}

// `authors`, and its first `short_n` (`authors_short`) and the others (`authors_rest`).
// The two parts refer to the full list's entries instead of copying them, except the
// short list's last entry when it ends early: it alone has a different `last`.
// `classes`: each author's member_class on a group site (the PI, students), or empty.
void put_authors(Data& d, const std::vector<Author>& authors, size_t short_n,
                 const std::vector<Marker>& markers, const std::vector<std::string>& classes) {
  size_t n = authors.size();
  static const std::string kNone;
  auto class_of = [&](size_t i) -> const std::string& {
    return classes.empty() ? kNone : classes[i];
  };
  Data all = data_list(n);
  for (size_t i = 0; i < n; ++i)
    data_push(all, author(authors[i], i + 1 == n, markers, class_of(i)));
  Data short_list = data_list(short_n), rest = data_list(n - short_n);
  for (size_t i = 0; i < short_n; ++i)
    data_push(short_list, i + 1 == short_n && short_n < n
                              ? author(authors[i], true, markers, class_of(i))
                              : data_ref(&all.list_value()[i]));
  for (size_t i = short_n; i < n; ++i) data_push(rest, data_ref(&all.list_value()[i]));
  // Moving a list keeps its items where they are, so the references stay good.
  put(d, "authors", std::move(all));
  put(d, "authors_short", std::move(short_list));
  put(d, "authors_rest", std::move(rest));
}

// Long author lists show their first authors, and always the site's person, up front.
constexpr size_t kLongAuthorList = 10;
constexpr size_t kShortAuthorList = 8;
// Filters of one kind (years, topics) that every publication list shows; past this, only
// the main list shows them all (see publication_list).
constexpr size_t kFiltersOnEveryPage = 30;

// A legend's rows: how members' names are styled, then the markers (only those in `used`,
// when given).
Data legend_rows(const std::vector<NameStyle>& styles, const std::vector<Marker>& markers,
                 const std::set<const Marker*>* used) {
  Data rows = data_list(styles.size() + markers.size());
  auto row = [&rows](const std::string& symbol, const std::string& text,
                     const std::string& member_class) {
    Data item;
    put(item, "symbol", symbol);
    put(item, "text", text);
    put(item, "member_class", member_class);
    data_push(rows, std::move(item));
  };
  for (const NameStyle& s : styles) row(s.sample, s.text, s.member_class);
  for (const Marker& m : markers)
    if (!used || used->count(&m)) row(m.symbol, m.text, "");  // "": hides any outer style
  return rows;
}

}  // namespace

void put_legend(Data& d, const std::vector<const Publication*>& pubs,
                const std::vector<Marker>& markers, const std::vector<NameStyle>& styles) {
  std::set<const Marker*> used;
  for (const Publication* p : pubs)
    for (const Author& a : p->authors)
      for (const Marker* m : markers_in(a.markers, markers)) used.insert(m);
  Data legend = legend_rows(styles, markers, &used);
  put(d, "has_legend", data_flag(!legend.is_empty_list()));
  put(d, "legend", std::move(legend));
}

// `s` as a CSS string, safe inside a <style> element.
std::string css_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || u < 0x20 || u == 0x7F) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += '\\';
      if (u >= 0x10) out += kHex[u >> 4];
      out += kHex[u & 15];
      out += ' ';
    } else {
      out += c;
    }
  }
  return out + "\"";
}

namespace {

// The `t` of templates: {{t.news}}, {{t.type.conference}}.
Data ui_table(const UiStrings& ui) {
  std::map<std::string, Data> tables;
  Data t;
  for (const auto& [key, text] : ui.text) {
    size_t dot = key.find('.');
    if (dot == std::string::npos)
      put(t, key, text);
    else
      put(tables[key.substr(0, dot)], key.substr(dot + 1), text);
  }
  for (auto& [name, table] : tables) put(t, name, std::move(table));
  return t;
}

}  // namespace

View::View(const Site& site, ViewOptions options)
    : site_(site),
      ui_(site.ui.text.empty() ? builtin_ui_strings(site.language) : site.ui),
      options_(std::move(options)),
      urls_(site.base_url, site.allow_javascript_urls) {
  for (const SiteLanguage& l : options_.languages)
    if (l.tag == site.language) urls_.prefix = l.prefix;
  const Person& p = site.person;
  Data person;
  put(person, "name", p.name);
  put(person, "native_name", p.native_name);
  put(person, "position", p.position);
  put(person, "affiliation", p.affiliation);
  if (const Site* def = options_.default_site) {
    put(person, "position_lang", fallback_lang(p.position, def->person.position));
    put(person, "affiliation_lang", fallback_lang(p.affiliation, def->person.affiliation));
    // A native name that is the default language's name is in that language.
    put(person, "native_name_lang", fallback_lang(p.native_name, def->person.name));
  }
  put(person, "address", string_list(p.address));
  put(person, "has_email", data_flag(!p.email.empty()));
  put(person, "email_html", p.email.empty() ? "" : obfuscated_email_html(p.email));
  put(person, "phone", p.phone);
  put(person, "has_photo", data_flag(!p.photo.empty()));
  put(person, "photo_url", p.photo.empty() ? "" : urls_.content(p.photo));
  put(person, "interests", string_list(p.interests));
  put(person, "has_interests", data_flag(!p.interests.empty()));
  Data links = data_list(p.links.size());
  for (const Link& l : p.links) append_link(links, l.label, l.url, urls_, ui_, l.trusted);
  put(person, "has_links", data_flag(!links.is_empty_list()));
  put(person, "links", std::move(links));
  put(common_, "person", std::move(person));

  Data s;
  put(s, "title", site.title);
  put(s, "description", site.description);
  put(s, "url", urls_.abs);
  put(s, "has_favicon", data_flag(!site.favicon.empty()));
  put(s, "favicon_url", site.favicon.empty() ? "" : urls_.content(site.favicon));
  put(common_, "site", std::move(s));
  put(common_, "lang", site.language);
  put(common_, "t", ui_table(ui_));
  put(common_, "root", urls_.page(""));  // the home page of the site's language
  put(common_, "css_url", urls_.shared("assets/style.css") + options_.css_url_query);
  put(common_, "icons_url", urls_.shared("assets/icons.svg"));
  put(common_, "fonts_url", urls_.shared("assets/fonts/"));
  put(common_, "body_end_html", options_.body_end_html);
  put(common_, "publications_url", urls_.page(paths::kPublications));
  put(common_, "news_url", urls_.page(paths::kNews));
  // The publication list's legend: on a group site, first how members' names are styled.
  std::vector<const Publication*> all_pubs;
  for (const Publication& p : site.publications) all_pubs.push_back(&p);
  std::vector<NameStyle> styles = name_styles(all_pubs);
  Data markers = legend_rows(styles, site.pubs_settings.markers, nullptr);
  put(common_, "has_markers", data_flag(!markers.is_empty_list()));
  put(common_, "markers", std::move(markers));

  // Navigation: the [nav] items, or every section that has content; then pages with nav = true.
  auto section_rel = [&](const std::string& name) -> std::pair<std::string, std::string> {
    if (name == "people" && !site.group.name.empty())
      return {ui_.get("people"), std::string(paths::kPeople)};
    if (name == "publications") return {ui_.get("publications"), std::string(paths::kPublications)};
    if (name == "talks") return {ui_.get("talks"), std::string(paths::kTalks)};
    if (name == "news") return {ui_.get("news"), std::string(paths::kNews)};
    if (name == "cv") return {ui_.get("cv"), std::string(paths::kCv)};
    for (const Page& pg : site.pages)
      if (pg.slug == name) return {pg.title, pg.path};
    return {name, paths::page(name)};
  };
  std::vector<std::string> names = site.nav;
  if (names.empty()) {
    if (!site.members.empty()) names.push_back("people");
    if (!site.publications.empty()) names.push_back("publications");
    if (!site.talks.empty()) names.push_back("talks");
    if (!site.news.empty()) names.push_back("news");
    if (!site.cv.empty()) names.push_back("cv");
  }
  for (const Page& pg : site.pages)
    if (pg.nav && std::find(names.begin(), names.end(), pg.slug) == names.end())
      names.push_back(pg.slug);
  for (const std::string& n : names) nav_items_.push_back(section_rel(n));

  news_html_.reserve(site.news.size());
  for (const NewsItem& n : site.news)
    news_html_.push_back(markdown_inline_to_html(n.text, page_markdown_options(urls_, true, ui_)));

  for (size_t i = 0; i < site.members.size(); ++i) member_ids_.emplace(site.members[i].id, i);
  member_pubs_ = member_publications(site);
  // Entries are independent (their Markdown included), so they are built on all cores.
  pubs_.resize(site.publications.size());
  bibtex_.resize(site.publications.size());
  pub_math_.resize(site.publications.size());
  parallel_for(pubs_.size(), 256, [&](size_t i) {
    bibtex_[i] = to_bibtex(site.publications[i]);
    pubs_[i] = pub_entry(i, pub_math_[i]);
  });

  // The other texts are rendered when their page is; here only those that may hold math.
  auto md_math = [&](const std::string& text) {
    return text.find('$') != std::string::npos && sitegen::has_math(md(text));
  };
  has_math_ =
      std::any_of(pub_math_.begin(), pub_math_.end(), [](char m) { return m != 0; }) ||
      std::any_of(news_html_.begin(), news_html_.end(),
                  [](const std::string& h) { return sitegen::has_math(h); }) ||
      md_math(site.bio) ||
      std::any_of(site.members.begin(), site.members.end(),
                  [&](const Member& m) { return md_math(m.bio); }) ||
      std::any_of(site.pages.begin(), site.pages.end(),
                  [&](const Page& pg) { return md_math(pg.body); }) ||
      std::any_of(site.talks.begin(), site.talks.end(),
                  [&](const Talk& t) {
                    return sitegen::has_math(text_with_math_html(t.title)) || md_math(t.abstract);
                  }) ||
      std::any_of(site.cv.begin(), site.cv.end(), [&](const CvSection& s) {
        return std::any_of(s.entries.begin(), s.entries.end(),
                           [&](const CvEntry& e) { return md_math(e.details); });
      });
}

View::~View() {
  // Freeing ten thousand entries of small objects takes as long as building them.
  parallel_for(pubs_.size(), 1024, [&](size_t i) { pubs_[i] = Data(); });
}

std::string View::md(const std::string& text, bool trusted) const {
  return markdown_to_html(text, page_markdown_options(urls_, trusted, ui_));
}

Data View::news_item(size_t index) const {
  const NewsItem& n = site_.news[index];
  Data item;
  put(item, "date", format_date(n.date, ui_.dates));
  put(item, "date_iso", iso_date(n.date));
  put(item, "text_html", news_text_html(index));
  if (const Site* def = options_.default_site; def && index < def->news.size())
    put(item, "text_lang", fallback_lang(n.text, def->news[index].text));
  put(item, "link", n.link.empty() ? "" : urls_.content(n.link));
  put_people(item, n.people);
  return item;
}

std::string View::news_text_html(size_t index) const {
  return news_html_[index];
}

std::string View::md_inline(const std::string& text, bool trusted) const {
  return markdown_inline_to_html(text, page_markdown_options(urls_, trusted, ui_));
}

Data View::nav_for(const std::string& rel) const {
  Data l = data_list(nav_items_.size());
  for (const auto& [label, item_rel] : nav_items_) {
    Data d;
    put(d, "label", label);
    put(d, "url", urls_.page(item_rel));
    put(d, "current", data_flag(rel.compare(0, item_rel.size(), item_rel) == 0));
    data_push(l, std::move(d));
  }
  return l;
}

Data View::page_meta(const std::string& kind, const std::string& title, const std::string& rel,
                     const std::string& description, bool math, std::string head_extra) const {
  Data page;
  put(page, "kind", kind);
  put(page, "title", title);
  put(page, "url", urls_.page(rel));
  put(page, "canonical", urls_.absolute(rel));
  std::string desc = description.empty() ? site_.description : description;
  put(page, "description", desc);
  struct IsKind {
    const char* key;
    std::string_view kind;
  };
  static constexpr IsKind kIs[] = {{"is_home", "home"},
                                   {"is_publications", "publications"},
                                   {"is_publication", "publication"},
                                   {"is_news", "news"},
                                   {"is_talks", "talks"},
                                   {"is_cv", "cv"},
                                   {"is_page", "page"},
                                   {"is_people", "people"},
                                   {"is_member", "member"},
                                   {"is_404", "404"}};
  for (const IsKind& k : kIs) put(page, k.key, data_flag(kind == k.kind));
  Data d;
  put(d, "page", std::move(page));
  put(d, "nav", nav_for(rel));
  PageMeta meta{kind, title, desc, rel};
  std::string head = head_html(site_, urls_, meta);
  if (!options_.languages.empty()) put_languages(d, rel, head);
  // The stylesheet's own words ("Note ·" before a paper's note), in other languages.
  if (ui_.get("note") != "Note")
    head += "<style>:root { --note-label: " + css_string(ui_.get("note")) + "; }</style>\n";
  if (math) head += math_head_html(urls_);
  if (!site_.group.name.empty() && !options_.group_css_url_query.empty())
    head += "<link rel=\"stylesheet\" href=\"" +
            html_escape(urls_.shared("assets/group.css") + options_.group_css_url_query) + "\">\n";
  put(d, "head_html", head + head_extra);
  return d;
}

void View::put_languages(Data& d, const std::string& rel, std::string& head) const {
  // The 404 page is no address of its own: its switcher leads to each language's home,
  // and it has no alternates.
  bool not_found = rel == paths::kNotFound;
  std::string target = not_found ? "" : rel;
  Data list = data_list(options_.languages.size());
  for (const SiteLanguage& l : options_.languages) {
    Data item;
    put(item, "lang", l.tag);
    put(item, "name", l.name);
    put(item, "url", urls_.shared(l.prefix + target));
    put(item, "current", data_flag(l.tag == site_.language));
    data_push(list, std::move(item));
  }
  put(d, "has_languages", data_flag(true));
  put(d, "languages", std::move(list));
  auto link = [&](const std::string& hreflang, const SiteLanguage& l) {
    std::string url = urls_.abs.empty() ? urls_.shared(l.prefix + rel) : urls_.abs + l.prefix + rel;
    head += "<link rel=\"alternate\" hreflang=\"" + html_escape(hreflang) + "\" href=\"" +
            html_escape(url) + "\">\n";
  };
  if (!not_found) {
    for (const SiteLanguage& l : options_.languages) link(l.tag, l);
    link("x-default", options_.languages.front());
  }
  head += "<meta property=\"og:locale\" content=\"" + html_escape(ui_.get("locale")) + "\">\n";
  for (const SiteLanguage& l : options_.languages)
    if (l.tag != site_.language)
      head += "<meta property=\"og:locale:alternate\" content=\"" + html_escape(l.locale) + "\">\n";
}

std::string View::fallback_lang(const std::string& text, const std::string& default_text) const {
  const Site* def = options_.default_site;
  if (!def || text.empty() || text != default_text || def->language == site_.language) return "";
  return def->language;
}

Data View::pub_entry(size_t index, char& math) const {
  const Publication& p = site_.publications[index];
  Data d;
  put(d, "slug", p.slug);
  put(d, "url", urls_.page(p.path));
  put(d, "title", p.title);
  std::string title_html = text_with_math_html(p.title);
  std::string note_html = p.note.empty() ? "" : md_inline(p.note, p.note_trusted);
  std::string abstract_html = p.abstract.empty() ? "" : md(p.abstract, p.abstract_trusted);
  // Lists show the abstract too, folded, so its math counts for them as well.
  bool list_math = sitegen::has_math(title_html) || sitegen::has_math(note_html) ||
                   sitegen::has_math(abstract_html);
  math = static_cast<char>(list_math ? kMathInList | kMathOnPage : 0);
  put(d, "title_html", std::move(title_html));
  size_t short_n = p.authors.size();
  if (p.authors.size() > kLongAuthorList) {
    short_n = kShortAuthorList;
    for (size_t i = short_n; i < p.authors.size(); ++i)
      if (p.authors[i].is_self) short_n = i + 1;
    if (p.authors.size() - short_n < 2) short_n = p.authors.size();
  }
  put_authors(d, p.authors, short_n, site_.pubs_settings.markers, member_classes(p));
  put(d, "has_authors_rest", data_flag(short_n < p.authors.size()));
  put(d, "authors_rest_count", std::to_string(p.authors.size() - short_n));
  put(d, "authors_rest_label",
      ui_.get("and_more", {{"n", std::to_string(p.authors.size() - short_n)}}));
  put(d, "et_al", data_flag(p.et_al));
  put(d, "venue", p.venue);
  put(d, "venue_full", p.venue_full);
  put(d, "year", p.year ? std::to_string(p.year) : "");
  // The keys of the filter pages this entry is on, for the list's script: the last part
  // of /publications/year/<key>/ and /publications/tag/<key>/.
  put(d, "year_key", paths::year_key(p.year));
  std::string topic_keys;
  for (const std::string& t : p.tags) {
    std::string key = paths::tag_key(t);
    if (!key.empty()) topic_keys += (topic_keys.empty() ? "" : " ") + key;
  }
  put(d, "topic_keys", std::move(topic_keys));
  put(d, "preview_url", p.preview.empty() ? "" : urls_.content(p.preview));
  std::string date = format_date(p.date, ui_.dates);
  put(d, "venue_line", list_venue_line(p));
  put(d, "venue_line_full", page_venue_line(p, date));
  put(d, "date", std::move(date));
  put(d, "type", std::string(info(p.type).name));
  std::string type_label = ui_.get("type." + std::string(info(p.type).name));
  // The entry's badge: the label it names (al-folio's abbr), else its short venue when
  // that fits one line of the label column, else its type, in the same badge.
  bool badge_is_type = p.abbr.empty() && (p.venue.empty() || !fits_badge(p.venue));
  put(d, "badge", badge_is_type ? type_label : p.abbr.empty() ? p.venue : p.abbr);
  put(d, "badge_is_type", data_flag(badge_is_type));
  put(d, "type_label", std::move(type_label));
  put(d, "status", std::string(info(p.status).name));
  std::string status = p.status == PublicationStatus::kPublished
                           ? ""
                           : ui_.get("status." + std::string(info(p.status).name));
  put(d, "status_label", status);
  put(d, "has_status", data_flag(!status.empty()));
  put(d, "awards", string_list(p.awards));
  put(d, "has_awards", data_flag(!p.awards.empty()));
  put(d, "note_html", std::move(note_html));
  Data tags = data_list(p.tags.size());
  for (const std::string& t : p.tags) {
    Data tag;
    put(tag, "name", t);
    put(tag, "url", urls_.page(paths::tag_filter(paths::tag_key(t))));
    data_push(tags, std::move(tag));
  }
  put(d, "tags", std::move(tags));
  put(d, "has_tags", data_flag(!p.tags.empty()));
  Data links = data_list(p.links.size() + 2);
  for (const Link& l : p.links) append_link(links, l.label, l.url, urls_, ui_, l.trusted);
  if (!p.arxiv.empty() && std::none_of(p.links.begin(), p.links.end(),
                                       [](const Link& l) { return l.label == "arxiv"; }))
    append_link(links, "arxiv", "https://arxiv.org/abs/" + p.arxiv, urls_, ui_);
  if (!p.doi.empty() &&
      std::none_of(p.links.begin(), p.links.end(), [](const Link& l) { return l.label == "doi"; }))
    append_link(links, "doi", "https://doi.org/" + p.doi, urls_, ui_);
  put(d, "has_links", data_flag(!links.is_empty_list()));
  put(d, "links", std::move(links));
  std::string cited;
  if (site_.pubs_settings.show_citations)
    if (auto c = site_.citations.find(p.slug); c != site_.citations.end() && c->second.count > 0)
      cited = ui_.get("cited_by", {{"n", std::to_string(c->second.count)}});
  put(d, "citations", std::move(cited));
  put(d, "number", p.number_label);
  put(d, "abbr", p.abbr.empty() ? p.venue : p.abbr);
  put(d, "has_abstract", data_flag(!p.abstract.empty()));
  put(d, "abstract_html", std::move(abstract_html));
  put(d, "bibtex", bibtex_[index]);
  put(d, "bib_url", urls_.shared(paths::bibtex(p.slug)));
  // Lists insert the entry rendered once, not once per page that lists it.
  put(d, "pub_html", data_partial_html("partials/pub"));
  return d;
}

Data View::pub_ref(size_t index) const {
  return data_ref(&pubs_[index]);
}

Data View::home() const {
  std::string bio_html = md(site_.bio);
  bool math = sitegen::has_math(bio_html);
  Data selected = data_list(std::count_if(site_.publications.begin(), site_.publications.end(),
                                          [](const Publication& p) { return p.selected; }));
  std::vector<const Publication*> shown;
  for (size_t i = 0; i < pubs_.size(); ++i) {
    if (!site_.publications[i].selected) continue;
    data_push(selected, pub_ref(i));
    shown.push_back(&site_.publications[i]);
    math = math || (pub_math_[i] & kMathInList);
  }
  for (size_t i = 0; i < site_.news.size() && i < 5; ++i)
    math = math || sitegen::has_math(news_html_[i]);
  Data d = page_meta("home", site_.title, "", site_.description, math);
  put(d, "bio_html", std::move(bio_html));
  if (options_.default_site)
    put(d, "bio_lang", fallback_lang(site_.bio, options_.default_site->bio));
  put(d, "has_selected", data_flag(!selected.is_empty_list()));
  put(d, "selected", std::move(selected));
  put_legend(d, shown, site_.pubs_settings.markers, name_styles(shown));
  Data news = data_list(std::min<size_t>(site_.news.size(), 5));
  for (size_t i = 0; i < site_.news.size() && i < 5; ++i) {
    data_push(news, news_item(i));
  }
  put(d, "has_news", data_flag(!site_.news.empty()));
  put(d, "news", std::move(news));
  put(d, "has_citation_stats", data_flag(false));
  if (site_.pubs_settings.show_citations) put_citation_stats(d);
  // A group's home page shows who is in the group now, as /people/ shows them.
  Data members = data_list(0);
  for (size_t i = 0; i < site_.members.size(); ++i)
    if (!site_.members[i].alumni()) data_push(members, member_card(i));
  put(d, "has_members", data_flag(!members.is_empty_list()));
  put(d, "members", std::move(members));
  put(d, "people_url", urls_.page(paths::kPeople));
  return d;
}

// The home page's total and h-index (the largest h with h papers cited h times or more),
// over the papers citations.toml counts.
void View::put_citation_stats(Data& d) const {
  std::vector<int> counts;
  long total = 0;
  for (const Publication& p : site_.publications)
    if (auto c = site_.citations.find(p.slug); c != site_.citations.end()) {
      counts.push_back(c->second.count);
      total += c->second.count;
    }
  if (counts.empty()) return;
  std::sort(counts.begin(), counts.end(), std::greater<int>());
  size_t h = 0;
  while (h < counts.size() && counts[h] >= static_cast<int>(h + 1)) ++h;
  put(d, "has_citation_stats", data_flag(true));
  put(d, "citations_total", ui_.get("citations_total", {{"n", std::to_string(total)}}));
  put(d, "h_index", ui_.get("h_index", {{"n", std::to_string(h)}}));
}

std::string View::filter_label(const PublicationFilter& f) const {
  if (f.kind == "type") return ui_.get("types." + f.value);
  if (f.kind == "year" && f.value.empty()) return ui_.get("undated");
  return f.value;
}

Data View::publications() const {
  const auto& pubs = site_.publications;
  // Groups: by type in the format's order, by year newest first, or one group.
  std::vector<std::pair<std::string, std::vector<size_t>>> groups;
  const std::string& by = site_.pubs_settings.group_by;
  if (by == "type" || by == "year") {
    for (const PublicationFilter& f : site_.filters)
      if (f.kind == by) groups.emplace_back(filter_label(f), f.pubs);
  } else if (!pubs.empty()) {
    std::vector<size_t> all(pubs.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    groups.emplace_back("", std::move(all));
  }
  return publication_list(ui_.get("publications"), std::string(paths::kPublications), groups,
                          nullptr, by == "type");
}

Data View::publications_filtered(size_t index) const {
  const PublicationFilter& f = site_.filters[index];
  std::string label = filter_label(f);
  std::string title = f.kind == "tag"    ? ui_.get("publications_on", {{"tag", label}})
                      : f.kind == "year" ? ui_.get("publications_from", {{"year", label}})
                                         : label;
  return publication_list(title, f.path, {{"", f.pubs}}, &f, f.kind == "type");
}

Data View::publication_list(const std::string& title, const std::string& rel,
                            const std::vector<std::pair<std::string, std::vector<size_t>>>& groups,
                            const PublicationFilter* current, bool type_groups) const {
  bool math = false;
  for (const auto& group : groups)
    for (size_t i : group.second) math = math || (pub_math_[i] & kMathInList);
  Data d = page_meta("publications", title, rel, "", math);
  Data glist = data_list(groups.size());
  size_t count = 0;
  for (const auto& [group_title, idx] : groups) {
    Data g;
    put(g, "title", group_title);
    put(g, "has_title", data_flag(!group_title.empty()));
    put(g, "anchor", group_title.empty() ? "all" : slugify(group_title));
    put(g, "count", std::to_string(idx.size()));
    // Each entry of a group of one type need not say its type.
    put(g, "of_one_type", data_flag(type_groups));
    Data items = data_list(idx.size());
    for (size_t i : idx) data_push(items, pub_ref(i));
    put(g, "pubs", std::move(items));
    data_push(glist, std::move(g));
    count += idx.size();
  }
  put(d, "groups", std::move(glist));
  Data filter_groups = data_list(3);
  for (const char* kind : {"type", "year", "tag"}) {
    size_t n = std::count_if(site_.filters.begin(), site_.filters.end(),
                             [&](const PublicationFilter& f) { return f.kind == kind; });
    // Every filter page listing every filter would make the site grow with the square
    // of the topics (400 papers with 20 topics each: gigabytes). A long list is shown
    // whole on the main list only; elsewhere the current filter and a link to it.
    bool cut = current && n > kFiltersOnEveryPage;
    Data fl = data_list(cut ? 1 : n);
    for (const PublicationFilter& f : site_.filters) {
      if (f.kind != kind || (cut && &f != current)) continue;
      Data item;
      put(item, "label", filter_label(f));
      put(item, "count", std::to_string(f.pubs.size()));
      put(item, "url", urls_.page(f.path));
      put(item, "current", data_flag(&f == current));
      // What the list's script filters by: ?type=, ?year= or ?topic= and the key that
      // ends the filter page's path.
      put(item, "param", std::string(f.kind == "tag" ? "topic" : f.kind));
      put(item, "key", f.key);
      data_push(fl, std::move(item));
    }
    if (n == 0) continue;
    Data fg;
    std::string_view k(kind);
    put(fg, "title",
        ui_.get(k == "type"   ? "filter_type"
                : k == "year" ? "filter_year"
                              : "filter_topic"));
    put(fg, "filters", std::move(fl));
    put(fg, "has_more", data_flag(cut));
    if (cut) {
      put(fg, "more_url", urls_.page(paths::kPublications));
      put(fg, "more_label",
          ui_.get(k == "type"   ? "all_types"
                  : k == "year" ? "all_years"
                                : "all_topics",
                  {{"n", std::to_string(n)}}));
    }
    data_push(filter_groups, std::move(fg));
  }
  put(d, "has_filters", data_flag(!filter_groups.is_empty_list()));
  put(d, "filter_groups", std::move(filter_groups));
  put(d, "is_filtered", data_flag(current != nullptr));
  // The main list filters in place; the filter pages are plain lists.
  put(d, "has_search", data_flag(current == nullptr && count > 1));
  put(d, "search_js_url", urls_.shared("assets/publications.js") + options_.js_url_query);
  put(d, "all_url", urls_.page(paths::kPublications));
  put(d, "count", std::to_string(count));
  put(d, "count_label", ui_.get("in_total", {{"n", std::to_string(count)}}));
  put(d, "bib_all_url", urls_.shared(paths::kAllBibtex));
  return d;
}

Data View::publication(size_t index) const {
  const Publication& p = site_.publications[index];
  std::string desc = p.venue_full.empty() ? p.venue : p.venue_full;
  Data d = page_meta("publication", p.title, p.path, desc, pub_math_[index] & kMathOnPage,
                     publication_head_html(site_, urls_, p, p.path));
  put(d, "pub", pub_ref(index));
  put_legend(d, {&p}, site_.pubs_settings.markers, name_styles({&p}));
  return d;
}

Data View::news() const {
  Data d = page_meta("news", ui_.get("news"), std::string(paths::kNews), "",
                     std::any_of(news_html_.begin(), news_html_.end(),
                                 [](const std::string& h) { return sitegen::has_math(h); }));
  Data items = data_list(site_.news.size());
  for (size_t i = 0; i < site_.news.size(); ++i) {
    data_push(items, news_item(i));
  }
  put(d, "news", std::move(items));
  put(d, "feed_url", urls_.page(paths::kNewsFeed));
  return d;
}

Data View::talk_events(const Talk& t) const {
  Data given = data_list(t.given.size());
  for (const TalkEvent& e : t.given) {
    Data g;
    put(g, "event", e.event);
    put(g, "location", e.location);
    put(g, "date", format_date(e.date, ui_.dates));
    put(g, "date_iso", iso_date(e.date));
    put(g, "link", e.link.empty() ? "" : urls_.content(e.link));
    data_push(given, std::move(g));
  }
  return given;
}

Data View::talks() const {
  bool math = false;
  Data talks = data_list(site_.talks.size());
  for (const Talk& t : site_.talks) {
    Data item;
    put(item, "title", t.title);
    std::string title_html = text_with_math_html(t.title);
    std::string abstract_html = t.abstract.empty() ? "" : md(t.abstract);
    math = math || sitegen::has_math(title_html) || sitegen::has_math(abstract_html);
    put(item, "title_html", std::move(title_html));
    std::string slides_url = t.slides.empty() ? "" : urls_.content(t.slides);
    std::string video_url = t.video.empty() ? "" : urls_.content(t.video);
    Data links = data_list(t.links.size());
    for (const Link& l : t.links) append_link(links, l.label, l.url, urls_, ui_);
    bool has_links = !links.is_empty_list();
    // The row of buttons below the talk: its links and the abstract's toggle.
    put(item, "has_actions",
        data_flag(!slides_url.empty() || !video_url.empty() || has_links ||
                  !abstract_html.empty()));
    put(item, "slides_url", std::move(slides_url));
    put(item, "video_url", std::move(video_url));
    put(item, "has_links", data_flag(has_links));
    put(item, "links", std::move(links));
    put(item, "has_abstract", data_flag(!abstract_html.empty()));
    put(item, "abstract_html", std::move(abstract_html));
    put(item, "given", talk_events(t));
    put_people(item, t.people);
    data_push(talks, std::move(item));
  }
  Data d = page_meta("talks", ui_.get("talks"), std::string(paths::kTalks), "", math);
  put(d, "talks", std::move(talks));
  return d;
}

Data View::page(size_t index) const {
  const Page& pg = site_.pages[index];
  std::string body_html = md(pg.body);
  Data d = page_meta("page", pg.title, pg.path, pg.description, sitegen::has_math(body_html));
  put(d, "body_html", std::move(body_html));
  if (const Site* def = options_.default_site)
    for (const Page& other : def->pages)
      if (other.slug == pg.slug) {
        put(d, "title_lang", fallback_lang(pg.title, other.title));
        put(d, "body_lang", fallback_lang(pg.body, other.body));
      }
  return d;
}

Data View::not_found() const {
  return page_meta("404", ui_.get("not_found_title"), std::string(paths::kNotFound), "");
}

}  // namespace sitegen
