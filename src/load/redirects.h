// site.toml's [redirects]: old addresses of the site that now live elsewhere, each
// published as a small HTML page that sends the browser on (GitHub Pages has no server
// redirects), so links from papers, CVs and slides to a moved page keep working.
#pragma once

#include <string>

#include "base/diag.h"
#include "model/model.h"
#include "toml/toml_reader.h"

namespace sitegen {

// Reads the [redirects] table: `"/old/path/" = "new/path/"`, in file order. Each old
// path is checked here (a path from the site's root that an HTML page can answer); where
// the new one leads is checked by the build, against the pages it made.
void load_redirects(const TomlNode& table, Site& site, Diagnostics& diags);

// The file that answers an old path, as static hosts serve them: "/a/b/" -> "a/b/index.html",
// "/a/b.html" -> "a/b.html", and "/a/b" -> "a/b.html" (GitHub Pages serves /a/b from a/b.html).
std::string redirect_output_path(const std::string& from);

}  // namespace sitegen
