// Rendering: Site + Theme -> the HTML pages and per-paper BibTeX of an Output. A build
// renders every page; `sitegen serve` keeps the SitePages and renders a page when a
// browser asks for it.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "base/diag.h"
#include "model/model.h"
#include "render/output.h"
#include "theme/theme.h"
#include "view/view.h"

namespace sitegen {

// A page its template could not render (it passed the RenderLimits), as a build
// reports it: at the page's template file.
class RenderError : public std::runtime_error {
 public:
  explicit RenderError(Diagnostic d) : std::runtime_error(d.message), diag(std::move(d)) {}
  Diagnostic diag;
};

// What a whole site may make, checked before any page is rendered. A topic page lists
// every paper with that topic, and every language has all the pages: 1,400 papers with
// 100 topics each are 144,200 entries a language, 218 MB, and nothing else bounds it.
struct SiteLimits {
  size_t max_pages = 200'000;    // HTML pages, in all languages
  size_t max_entries = 500'000;  // publication entries on the lists, in all languages
};

// The output a SitePages will make, counted from its job list and filters.
struct OutputPlan {
  size_t languages = 1;
  size_t pages = 0;           // HTML pages, in all languages
  size_t language_pages = 0;  // HTML pages of one language
  size_t paper_pages = 0;     // of them, one per paper
  size_t filter_pages = 0;    // of them, the type, year and topic pages
  size_t topic_pages = 0;     // of those, topics
  size_t papers = 0;
  size_t list_entries = 0;  // entries on the full list and the filter pages, per language
  size_t entries() const { return list_entries * languages; }
};

// Why `plan` passes `limits`, naming what multiplies; "" when it does not.
std::string plan_problem(const OutputPlan& plan, const SiteLimits& limits);

// Everything needed to render any page of a site: the site, its theme and view (which
// refers to the site, so a SitePages stays where it was made), and the list of output
// files made from them.
class SitePages {
 public:
  // The site in its default language. `limits`: what one page may cost to render.
  SitePages(Site site, Theme theme, ViewOptions options, RenderLimits limits = {});
  SitePages(const SitePages&) = delete;
  SitePages& operator=(const SitePages&) = delete;

  struct Job {
    std::string path;                   // output path
    const char* kind;                   // template; null for a file made already
    std::function<Data()> data;         // the template's data
    const std::string* text = nullptr;  // the file, when there is no template
    const View* view = nullptr;         // whose common() data the template sees
  };
  // The site in one language other than the default, and its view.
  struct Translation {
    Translation(Site s, ViewOptions options) : site(std::move(s)), view(site, std::move(options)) {}
    Site site;
    View view;
  };

  const Site& site() const { return site_; }
  const Theme& theme() const { return theme_; }
  const View& view() const { return view_; }
  const std::vector<std::unique_ptr<Translation>>& translations() const { return translations_; }
  // Every page, then every paper's .bib file, in a fixed order.
  const std::vector<Job>& jobs() const { return jobs_; }
  // The site in each of its other languages (load_site with a language), in the order
  // of site.languages; their pages go below /<language>/. Each has a view of its own, as
  // big as the default language's: check plan() first.
  void add_translations(std::vector<Site> translations);
  // What the jobs will make with `languages` languages: each has the default language's
  // pages and lists. Counted before the translations are added, so that a site past its
  // SiteLimits stops before it takes the memory of every language's view.
  OutputPlan plan(size_t languages) const;
  // The job that makes `path`; jobs().size() when none does.
  size_t find(std::string_view path) const;
  // Renders a job, appending to out; `cache` is shared by every page of the build.
  // Throws RenderError when the page passes the limits.
  void render(size_t job, std::string& out, RenderCache& cache) const;

 private:
  Site site_;
  Theme theme_;
  View view_;
  std::vector<std::unique_ptr<Translation>> translations_;
  ViewOptions options_;  // the translations' views are made with these
  RenderLimits limits_;
  std::vector<Job> jobs_;
  std::map<std::string, size_t, std::less<>> index_;
};

// Renders every page into `out`; returns the number of HTML pages. With a `sink`, each
// page and paper BibTeX file is handed to it as soon as it is made, and kept in `out`
// only by name (OutputFile::written), so writing overlaps rendering and the pages need
// not all be in memory at once. A page that cannot be rendered is an error in `diags`,
// and the build stops there.
size_t render_pages(const SitePages& pages, Output& out, Diagnostics& diags,
                    const FileSink& sink = {});

// Names every page in `out` without rendering it (OutputFile::on_request), and adds the
// other files as render_pages does; returns the number of HTML pages.
size_t name_pages(const SitePages& pages, Output& out);

}  // namespace sitegen
