// The template-facing view of a site: the one file that names template variables
// (docs/themes.md is its contract). Markdown is rendered here, once per text.
#pragma once

#include <string>
#include <vector>

#include "load/model.h"
#include "theme/template.h"

namespace sitegen {

struct ViewOptions {
  std::string css_url_query;  // "?v=<hash>" appended to the stylesheet URL
  std::string body_end_html;  // live-reload script when serving
};

// Site-relative URL helpers: every URL a template sees starts with the base path.
struct Urls {
  std::string root;            // "/" or "/repo/"
  std::string abs;             // "https://host/repo/" or "" when base_url is only a path
  bool allow_scripts = false;  // site.toml's allow_javascript_urls
  explicit Urls(const BaseUrl& base_url, bool allow_scripts = false);
  std::string page(const std::string& rel) const {
    return root + rel;
  }  // "publications/" -> "/repo/publications/"
  std::string absolute(const std::string& rel) const { return abs.empty() ? "" : abs + rel; }
  // A URL from content: absolute URLs pass through, relative ones point into the site
  // root. A script URL becomes "" (no link) unless the site allows them and the URL
  // is `trusted` (not from a .bib file).
  std::string content(const std::string& url, bool trusted = true) const;
};

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
  // A filtered list: one type, year or tag, pre-rendered so filtering needs no JavaScript.
  struct Filter {
    std::string kind;   // "type", "year", "tag"
    std::string value;  // "conference", "2024", "LLM"
    std::string label;  // "Conference Papers", "2024", "LLM"
    std::string rel;    // "publications/type/conference/"
    std::vector<size_t> pubs;
  };
  const std::vector<Filter>& filters() const { return filters_; }
  Data publications_filtered(size_t filter) const;
  Data publication(size_t index) const;
  Data news() const;
  Data talks() const;
  Data cv() const;
  Data page(size_t index) const;
  Data not_found() const;

  const Urls& urls() const { return urls_; }
  // Whether any page has math: the site then needs KaTeX's files.
  bool has_math() const { return has_math_; }
  // Each publication's BibTeX, for its page and its .bib file.
  const std::vector<std::string>& bibtex() const { return bibtex_; }
  // Output paths, relative to the output root.
  static std::string publication_path(const Publication& p) {
    return "publications/" + p.slug + "/";
  }
  static std::string bib_path(const Publication& p) {
    return publication_path(p) + p.slug + ".bib";
  }

 private:
  // citations_total and h_index from citations.toml, for the home page.
  void put_citation_stats(Data& d) const;
  // `math`: the page shows math, so its <head> loads KaTeX.
  Data page_meta(const std::string& kind, const std::string& title, const std::string& rel,
                 const std::string& description, bool math = false,
                 std::string head_extra = "") const;
  Data nav_for(const std::string& rel) const;
  // `math`: set to the entry's kMathInList and kMathOnPage flags.
  Data pub_entry(size_t index, char& math) const;
  Data pub_ref(size_t index) const;
  std::string news_text_html(size_t index) const;
  Data news_item(size_t index) const;  // one news item, for the home and news pages
  Data publication_list(const std::string& title, const std::string& rel,
                        const std::vector<std::pair<std::string, std::vector<size_t>>>& groups,
                        const Filter* current) const;
  // `trusted`: raw HTML in the text is kept; otherwise it is shown as text (see model.h).
  std::string md(const std::string& text, bool trusted = true) const;
  std::string md_inline(const std::string& text, bool trusted = true) const;

  const Site& site_;
  ViewOptions options_;
  Urls urls_;
  Data common_;
  std::vector<Data> pubs_;  // one entry per publication, built once
  // Per publication: kMathInList (math in its title or note) and kMathOnPage (there or in
  // the abstract, which only its own page shows).
  static constexpr char kMathInList = 1, kMathOnPage = 2;
  std::vector<char> pub_math_;
  bool has_math_ = false;
  std::vector<std::string> bibtex_;
  std::vector<std::string> news_html_;  // each news text, for the home and news pages
  std::vector<Filter> filters_;
  std::vector<std::pair<std::string, std::string>> nav_items_;  // label, rel
};

}  // namespace sitegen
