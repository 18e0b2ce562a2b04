// The rules that tie a loaded site together: unique URLs for publications, author
// markers and self-highlighting, numbering, and checks across files (pages, nav).
#pragma once

#include <string>
#include <string_view>

#include "load/diag.h"
#include "load/model.h"

namespace sitegen {

void link_site(Site& site, Diagnostics& diags);

// Splits trailing marker symbols off an author string: "Qinghao Hu*†" -> {"Qinghao Hu", "*†"}.
Author split_author(std::string_view raw, const std::vector<Marker>& markers);
// Names compare case-insensitively with spaces, dots and hyphens ignored ("Q. Hu" == "q hu").
bool same_name(std::string_view a, std::string_view b);

}  // namespace sitegen
