// The rules that tie a loaded site together: unique URLs for publications, author
// markers and self-highlighting, numbering, and checks across files (pages, nav).
#pragma once

#include <string>
#include <string_view>

#include "base/diag.h"
#include "model/model.h"
#include "text/unique_names.h"

namespace sitegen {

void link_site(Site& site, Diagnostics& diags);

// Each publication's slug, its URL /publications/<slug>/: given ids first, then
// generated ones ("hu2026taming", then "hu2026taming-2", ...), each claimed in `taken`.
// Part of link_site.
void assign_slugs(Site& site, Diagnostics& diags, UniqueNames& taken);

// Splits trailing marker symbols off an author string: "Qinghao Hu*†" -> {"Qinghao Hu", "*†"}.
Author split_author(std::string_view raw, const std::vector<Marker>& markers);
// What an author's name is matched by against the person's names and aliases: lowercase,
// spaces, dots, commas and hyphens left out, in display order ("Hu, Q." and "Q. Hu" ->
// "qhu"), so a .bib's way of writing a name matches too.
std::string author_name_key(std::string_view name);

}  // namespace sitegen
