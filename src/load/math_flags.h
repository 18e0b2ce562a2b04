// Which texts show math, found once when the site is loaded: a page with math loads
// KaTeX, and the build copies KaTeX's files only when some page needs them.
#pragma once

#include "model/model.h"

namespace sitegen {

// Sets each Publication::has_math and Site::has_math. A text shows math when its HTML
// holds a math element (markdown/math.h), rendered as the view renders it.
void find_math(Site& site);

}  // namespace sitegen
