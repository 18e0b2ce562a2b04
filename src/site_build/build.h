// The build as a function: content in, Output and Diagnostics out. Used by
// `build`, `check` and `serve`; only `build` writes to disk.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "base/base_url.h"
#include "base/diag.h"
#include "base/source.h"
#include "output/writer.h"
#include "render/render.h"

namespace sitegen {

struct BuildOptions {
  std::string base_url;              // overrides site.toml's base_url when set (--base-url)
  bool strict = false;               // warnings are errors
  std::string live_reload_script;    // injected before </body> when serving; empty for builds
  std::string theme_search_dir;      // where named themes live; empty: themes/ beside the content
  bool pages_on_request = false;     // name the pages only; BuildResult::site_pages renders them
  bool report_untranslated = false;  // a note for each text a language lacks (`check`)
  bool drafts = false;               // posts with `draft = true` are published (`serve`, --drafts)
  bool preview = false;              // `serve`: no other site's script ([comments], [analytics])
  std::string person;                // a group member's id: build their personal site (--person)
  std::string image_cache_dir;       // where resized images are kept between builds; "": nowhere
  std::string code_cache_dir;        // where highlighted code is kept between builds; "": nowhere
  bool cv_pdf = false;               // print cv.pdf when site.toml asks for it ([cv] pdf = true)
  bool cv_pdf_unprinted = false;     // with cv_pdf: each language's cv.pdf is linked and named
                                     // in the output (empty) but not printed (`check`)
  const std::atomic<bool>* stop_printing = nullptr;  // once true, printing stops (`serve` stopping)
  RenderLimits render_limits;                        // what one page may cost to render
  SiteLimits site_limits;                            // what the whole site may make
};

// What the build resolved from the site's settings, for `serve`, which must not read
// site.toml a second time.
struct BuildSettings {
  std::string base_path = "/";     // URL path the site lives under: "/" or "/repo/"
  std::string theme_dir;           // the theme folder on disk; "" for a built-in theme
  std::vector<std::string> watch;  // folders whose changes change the build, sorted
  std::string css_version;         // short_hash of the theme's style.css: its `?v=`
};

struct BuildResult {
  Output output;
  Diagnostics diags;
  size_t pages = 0;  // HTML pages rendered
  BaseUrl base_url;  // the base URL the site was built for (site.toml or --base-url)
  BuildSettings settings;
  // Lines for the user that are neither errors nor warnings ("cv.pdf: ... skipped").
  std::vector<std::string> notes;
  // With BuildOptions::pages_on_request: what renders the pages named in `output`.
  std::shared_ptr<const SitePages> site_pages;
};

// With a `sink`, pages go to it as they are rendered (see render_pages), named in
// BuildResult::output but not kept there; the other files are kept.
BuildResult build_site(const Source& content, const BuildOptions& options,
                       const FileSink& sink = {});

}  // namespace sitegen
