// Rendering: Site + Theme -> the HTML pages and per-paper BibTeX of an Output.
#pragma once

#include "model.h"
#include "output.h"
#include "theme.h"
#include "view.h"

namespace sitegen {

// Renders every page into `out`; returns the number of HTML pages.
size_t render_pages(const Site& site, const Theme& theme, const View& view, Output& out);

}  // namespace sitegen
