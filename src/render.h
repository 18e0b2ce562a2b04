// Rendering: Site + Theme -> the HTML pages and per-paper BibTeX of an Output.
#pragma once

#include "model.h"
#include "output.h"
#include "theme.h"
#include "view.h"

namespace sitegen {

// Renders every page into `out`; returns the number of HTML pages. With a `sink`, each
// page and paper BibTeX file is handed to it as soon as it is made, and kept in `out`
// only by name (OutputFile::written), so writing overlaps rendering and the pages need
// not all be in memory at once.
size_t render_pages(const Site& site, const Theme& theme, const View& view, Output& out,
                    const FileSink& sink = {});

}  // namespace sitegen
