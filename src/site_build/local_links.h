// Links in content to a file or page of the site itself (`pdf = "papers/x.pdf"`) must
// name one the build made or copied, and others must have a scheme a page links to
// (url_scheme.h): a warning at the field that holds the link, once, however many pages
// show it.
#pragma once

#include "base/diag.h"
#include "base/source.h"
#include "model/model.h"
#include "render/output.h"

namespace sitegen {

// Whether `url`, a path of the site as written in content (relative to the site root,
// is_site_path), names a file of `out`.
bool names_output_file(std::string_view url, const Output& out);

void check_local_links(const Site& site, const Output& out, const Source& content,
                       Diagnostics& diags);

}  // namespace sitegen
