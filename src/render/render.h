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

#include "load/diag.h"
#include "load/model.h"
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

// Everything needed to render any page of a site: the site, its theme and view (which
// refers to the site, so a SitePages stays where it was made), and the list of output
// files made from them.
class SitePages {
 public:
  // `translations`: the site in each of its other languages (load_site with a language),
  // in the order of site.languages; their pages go below /<language>/. `limits`: what one
  // page may cost to render.
  SitePages(Site site, Theme theme, ViewOptions options, std::vector<Site> translations = {},
            RenderLimits limits = {});
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
