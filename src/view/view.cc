// Site -> mustache data: the constructor, the data every page shares, the home page and
// Markdown pages. The other page families have their own files (view_publications.cc,
// view_news.cc, view_talks.cc, view_cv.cc, view_people.cc); together they name every
// variable a template can use.
#include "view/view.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "base/date.h"
#include "base/parallel.h"
#include "markdown/markdown.h"
#include "markdown/math.h"
#include "text/url_scheme.h"
#include "view/view_analytics.h"
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

Data image_data(const Site& site, const Urls& urls, const std::string& path, int box_w, int box_h) {
  std::string url = path.empty() ? "" : urls.content(path);
  if (url.empty()) return data_flag(false);
  Data d;
  auto it = site.images.find(path);
  const SiteImage* image = it == site.images.end() ? nullptr : &it->second;
  int w = box_w, h = box_h;
  std::string src = url, srcset;
  if (image && !image->variants.empty()) {
    const ImageVariant& first = image->variants.front();
    src = urls.content(first.path);
    w = first.width, h = first.height;
    for (const ImageVariant& v : image->variants)
      srcset +=
          (srcset.empty() ? "" : ", ") + urls.content(v.path) + " " + std::to_string(v.width) + "w";
  } else if (image && image->width > 0) {
    w = image->width, h = image->height;
  }
  put(d, "url", std::move(url));
  put(d, "src", std::move(src));
  put(d, "srcset", std::move(srcset));
  put(d, "width", std::to_string(w));
  put(d, "height", std::to_string(h));
  return d;
}

Data string_list(const std::vector<std::string>& items) {
  Data l = data_list(items.size());
  for (const std::string& s : items) data_push(l, Data(s));
  return l;
}

namespace {

// How many of the latest posts the home page shows.
constexpr size_t kHomePosts = 3;

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
  put_person();
  put_site();
  put_markers();
  build_nav();
  render_news();
  index_members();
  build_entries();
}

void View::put_person() {
  const Person& p = site_.person;
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
  put(person, "has_address", data_flag(!p.address.empty()));
  put(person, "has_email", data_flag(!p.email.empty()));
  put(person, "email_html", p.email.empty() ? "" : obfuscated_email_html(p.email));
  put(person, "phone", p.phone);
  put(person, "has_photo", data_flag(!p.photo.empty()));
  put(person, "photo_url", p.photo.empty() ? "" : urls_.content(p.photo));
  put(person, "photo", image_data(site_, urls_, p.photo, 240, 240));
  put(person, "interests", string_list(p.interests));
  put(person, "has_interests", data_flag(!p.interests.empty()));
  Data links = data_list(p.links.size());
  for (const Link& l : p.links) append_link(links, l.label, l.url, urls_, ui_, l.trusted);
  put(person, "has_links", data_flag(!links.is_empty_list()));
  put(person, "links", std::move(links));
  put(common_, "person", std::move(person));
}

void View::put_site() {
  Data s;
  put(s, "title", site_.title);
  put(s, "description", site_.description);
  put(s, "url", urls_.abs);
  put(s, "has_favicon", data_flag(!site_.favicon.empty()));
  put(s, "favicon_url", site_.favicon.empty() ? "" : urls_.content(site_.favicon));
  put(common_, "site", std::move(s));
  put(common_, "lang", site_.language);
  put(common_, "t", ui_table(ui_));
  put(common_, "root", urls_.page(""));  // the home page of the site's language
  put(common_, "css_url", urls_.shared("assets/style.css") + options_.css_url_query);
  put(common_, "icons_url", urls_.shared("assets/icons.svg"));
  put(common_, "fonts_url", urls_.shared("assets/fonts/"));
  put(common_, "body_end_html", options_.body_end_html);
  // The snippets of [style] head and footer, each on lines of its own.
  head_snippet_ = site_.style.head_html;
  if (!head_snippet_.empty() && head_snippet_.back() != '\n') head_snippet_ += '\n';
  std::string footer = site_.style.footer_html;
  if (footer.ends_with('\n')) footer.pop_back();
  put(common_, "footer_html", footer);
  put(common_, "publications_url", urls_.page(paths::kPublications));
  put(common_, "news_url", urls_.page(paths::kNews));
  put_style();
  if (options_.analytics) analytics_html_ = analytics_html(site_.analytics);
}

void View::build_nav() {
  // Navigation: the [nav] items, or every section that has content; then pages with nav = true.
  auto section_rel = [&](const std::string& name) -> std::pair<std::string, std::string> {
    if (name == "people" && !site_.group.name.empty())
      return {ui_.get("people"), std::string(paths::kPeople)};
    if (name == "publications") return {ui_.get("publications"), std::string(paths::kPublications)};
    if (name == "talks") return {ui_.get("talks"), std::string(paths::kTalks)};
    if (name == "news") return {ui_.get("news"), std::string(paths::kNews)};
    if (name == "posts" && !site_.posts.empty())
      return {ui_.get("posts"), std::string(paths::kPosts)};
    if (name == "projects" && !site_.projects.empty())
      return {ui_.get("projects"), std::string(paths::kProjects)};
    if (name == "cv") return {ui_.get("cv"), std::string(paths::kCv)};
    for (const Page& pg : site_.pages)
      if (pg.slug == name) return {pg.title, pg.path};
    return {name, paths::page(name)};
  };
  std::vector<std::string> names = site_.nav;
  if (names.empty()) {
    if (!site_.members.empty()) names.push_back("people");
    if (!site_.publications.empty()) names.push_back("publications");
    if (!site_.talks.empty()) names.push_back("talks");
    if (!site_.news.empty()) names.push_back("news");
    if (!site_.projects.empty()) names.push_back("projects");
    if (!site_.posts.empty()) names.push_back("posts");
    if (!site_.cv.empty()) names.push_back("cv");
  }
  for (const Page& pg : site_.pages)
    if (pg.nav && std::find(names.begin(), names.end(), pg.slug) == names.end())
      names.push_back(pg.slug);
  for (const std::string& n : names) nav_items_.push_back(section_rel(n));
}

View::~View() {
  // Freeing ten thousand entries of small objects takes as long as building them.
  parallel_for(pubs_.size(), 1024, [&](size_t i) { pubs_[i] = Data(); });
}

std::string View::md(const std::string& text, bool trusted) const {
  MarkdownOptions o = page_markdown_options(urls_, trusted, ui_);
  o.code_html = &site_.code_html;
  return markdown_to_html(text, o);
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
                                   {"is_posts", "posts"},
                                   {"is_post", "post"},
                                   {"is_projects", "projects"},
                                   {"is_project", "project"},
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
  head += options_.accent_style_html;
  head += font_style_html_;
  if (math) head += math_head_html(urls_);
  if (!site_.group.name.empty() && !options_.group_css_url_query.empty())
    head += "<link rel=\"stylesheet\" href=\"" +
            html_escape(urls_.shared("assets/group.css") + options_.group_css_url_query) + "\">\n";
  put(d, "head_html", head + head_extra + analytics_html_ + head_snippet_);
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
    math = math || site_.publications[i].has_math;
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
  // The latest posts, newest first, as the list of /posts/ shows them.
  Data posts = data_list(std::min<size_t>(site_.posts.size(), kHomePosts));
  for (size_t i = 0; i < site_.posts.size() && i < kHomePosts; ++i) data_push(posts, post_item(i));
  put(d, "has_posts", data_flag(!site_.posts.empty()));
  put(d, "posts", std::move(posts));
  put(d, "posts_url", urls_.page(paths::kPosts));
  // [style] home: the sections in the site's order, each with one `is_<name>` flag, so a
  // template shows them in that order by one loop over its blocks.
  Data sections = data_list(site_.style.home_sections.size());
  for (const std::string& name : site_.style.home_sections) {
    Data section;  // no `name`: a member's or a news item's below would find it
    for (std::string_view known : kHomeSections)
      put(section, "is_" + std::string(known), data_flag(name == known));
    data_push(sections, std::move(section));
  }
  put(d, "home_sections", std::move(sections));
  put(d, "home_above", data_flag(site_.style.home_above));
  // The featured projects, as cards of /projects/.
  Data featured = data_list(0);
  for (size_t i = 0; i < site_.projects.size(); ++i)
    if (site_.projects[i].featured) data_push(featured, project_card(i, 3));
  put(d, "has_featured_projects", data_flag(!featured.is_empty_list()));
  put(d, "featured_projects", std::move(featured));
  put(d, "projects_url", urls_.page(paths::kProjects));
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
