// The template-facing view of a site: its files (view.cc and a view_*.cc per page family)
// name every template variable (docs/themes.md is their contract). Markdown is rendered
// here, once per text.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/model.h"
#include "theme/template.h"

namespace sitegen {

// One language of a site in several: its tag, its own name and where its pages are.
struct SiteLanguage {
  std::string tag;     // "zh"
  std::string name;    // "简体中文", for the language switcher
  std::string locale;  // "zh_CN", for og:locale
  std::string prefix;  // "" for the default language, else "zh/"
};

struct ViewOptions {
  std::string css_url_query;  // "?v=<hash>" appended to the stylesheet URL
  std::string js_url_query;   // "?v=<hash>" appended to the publication list's script URL
  std::string body_end_html;  // live-reload script when serving
  // "?v=<hash>" of the theme's group.css, which a group site's pages load; "" without one
  std::string group_css_url_query;
  bool cv_pdf = false;    // /cv.pdf is built: the CV links to it
  bool comments = true;   // [comments]'s script is written (not by `serve`)
  bool analytics = true;  // [analytics]'s scripts are written (not by `serve`)
  // site.toml's accent as a `<style>` of custom properties (site_build/accent.h), in
  // every page's head_html; "" when the theme's own accent is kept.
  std::string accent_style_html;
  // Every language of a site in several, the default first; empty for one language.
  std::vector<SiteLanguage> languages;
  // The default language's site, when this view is of another: its texts are what an
  // untranslated text falls back to, marked with the default language's tag.
  const Site* default_site = nullptr;
};

struct NameStyle;

class View {
 public:
  View(const Site& site, ViewOptions options);
  ~View();
  View(const View&) = delete;
  View& operator=(const View&) = delete;

  const Data& common() const { return common_; }
  // Per-page data, pushed on top of common() when rendering.
  Data home() const;
  Data publications() const;
  // A filtered list: the page of site.filters[filter], pre-rendered so filtering needs
  // no JavaScript.
  Data publications_filtered(size_t filter) const;
  Data publication(size_t index) const;
  Data news() const;
  Data talks() const;
  Data cv() const;
  Data page(size_t index) const;
  Data not_found() const;
  // A group site's /people/ and /people/<id>/ (view_people.cc).
  Data people() const;
  Data member(size_t index) const;
  // posts/ (view_posts.cc): /posts/, a post's page and a tag's page.
  Data posts() const;
  Data post(size_t index) const;
  Data post_tag(size_t tag) const;
  // projects/ (view_projects.cc): /projects/ and a project's page.
  Data projects() const;
  Data project(size_t index) const;

  const Urls& urls() const { return urls_; }
  // Each publication's BibTeX, for its page and its .bib file.
  const std::vector<std::string>& bibtex() const { return bibtex_; }

 private:
  // The constructor's jobs, in the files of their page family: the person and the site
  // of every page's data, the publication list's legend, the navigation, the news texts,
  // the index of a group's members, and each publication's entry and BibTeX.
  void put_person();     // view.cc
  void put_site();       // view.cc
  void put_markers();    // view_publications.cc
  void build_nav();      // view.cc
  void render_news();    // view_news.cc
  void index_members();  // view_people.cc
  void build_entries();  // view_publications.cc
  // citations_total and h_index from citations.toml, for the home page.
  void put_citation_stats(Data& d) const;
  // `math`: the page shows math, so its <head> loads KaTeX.
  Data page_meta(const std::string& kind, const std::string& title, const std::string& rel,
                 const std::string& description, bool math = false,
                 std::string head_extra = "") const;
  Data nav_for(const std::string& rel) const;
  // The other languages' version of the page at `rel`: the switcher's links, and the
  // hreflang and og:locale tags of <head>.
  void put_style();
  void put_languages(Data& d, const std::string& rel, std::string& head) const;
  // The default language's tag when `text` is its text, not this language's: an
  // untranslated text, shown with lang="..." so it is read in its own language.
  std::string fallback_lang(const std::string& text, const std::string& default_text) const;
  Data pub_entry(size_t index) const;
  Data pub_ref(size_t index) const;
  std::string news_text_html(size_t index) const;
  Data news_item(size_t index) const;  // one news item, for the home and news pages
  // One post as lists show it (/posts/, a tag's page, the home page), and the list of
  // these posts grouped by year, as `years` ({year, posts}).
  Data post_item(size_t index) const;
  Data post_years(const std::vector<size_t>& posts) const;
  // One project as a card (/projects/ and the home page's featured projects), its title
  // a heading of `level` (2 on /projects/, 3 under the home page's heading).
  Data project_card(size_t index, int level) const;
  // Where and when a talk was given, for /talks/ and a member's page, in the page's words.
  Data talk_events(const Talk& t) const;
  Data publication_list(const std::string& title, const std::string& rel,
                        const std::vector<std::pair<std::string, std::vector<size_t>>>& groups,
                        const PublicationFilter* current, bool type_groups) const;
  // A filter's name in the page's language: "Conference Papers", "2024", "LLM".
  std::string filter_label(const PublicationFilter& f) const;
  // `trusted`: raw HTML in the text is kept; otherwise it is shown as text (see model.h).
  std::string md(const std::string& text, bool trusted = true) const;
  std::string md_inline(const std::string& text, bool trusted = true) const;
  // Group sites (view_people.cc): each author's member_class ("member pi", "member
  // student"), empty on a personal site; the members a news item or talk names, as
  // `people` ({name, url, last}) and `has_people`.
  std::vector<std::string> member_classes(const Publication& p) const;
  void put_people(Data& d, const std::vector<std::string>& ids) const;
  Data member_card(size_t index) const;
  // The styles of members' names among these publications' authors, for the legend.
  std::vector<NameStyle> name_styles(const std::vector<const Publication*>& pubs) const;
  // A cv.toml section filled from publications.toml and the .bib files, or talks.toml.
  Data cv_publications(const CvSection& s, bool& math) const;
  Data cv_talks(bool& math) const;

  const Site& site_;
  UiStrings ui_;  // the site's, or the built-in ones of its language when it has none
  ViewOptions options_;
  Urls urls_;
  Data common_;
  // [style]'s self-hosted font as @font-face rules and --font-text/--font-headings, for
  // every page's head (view_style.cc); "" without one.
  std::string font_style_html_;
  std::string analytics_html_;  // [analytics]'s tags, at the end of every <head>
  std::string head_snippet_;    // [style] head's file, after them
  std::vector<Data> pubs_;      // one entry per publication, built once
  std::vector<std::string> bibtex_;
  std::vector<std::string> news_html_;  // each news text, for the home and news pages
  std::vector<std::pair<std::string, std::string>> nav_items_;  // label, rel
  std::map<std::string, size_t, std::less<>> member_ids_;       // member id -> index
  std::vector<std::vector<size_t>> member_pubs_;                // per member, their papers
};

}  // namespace sitegen
