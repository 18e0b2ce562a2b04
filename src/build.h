// The build as a function: content in, Output and Diagnostics out. Used by
// `build`, `check` and `serve`; only `build` writes to disk.
#pragma once

#include <string>

#include "diag.h"
#include "output.h"
#include "source.h"

namespace sitegen {

struct BuildOptions {
  std::string base_url;            // overrides site.toml's base_url when set (--base-url)
  bool strict = false;             // warnings are errors
  std::string live_reload_script;  // injected before </body> when serving; empty for builds
  std::string theme_search_dir;    // where named themes live; empty: themes/ beside the content
};

struct BuildResult {
  Output output;
  Diagnostics diags;
  size_t pages = 0;      // HTML pages rendered
  std::string base_url;  // the base URL the site was built for (site.toml or --base-url)
};

// With a `sink`, pages go to it as they are rendered (see render_pages), named in
// BuildResult::output but not kept there; the other files are kept.
BuildResult build_site(const Source& content, const BuildOptions& options,
                       const FileSink& sink = {});

}  // namespace sitegen
