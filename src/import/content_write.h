// A migrated site written as the files of a content tree (docs/content-format.md):
// site.toml, bio.md, publications.toml, news.toml, talks.toml, cv.toml and pages/*.md,
// each readable and editable like a hand-written one.
#pragma once

#include <map>
#include <string>

#include "import/migrate_site.h"

namespace sitegen {

// Path in the new tree -> text. `origin` names where it came from, for the comment that
// opens each file ("the al-folio site in ../old").
std::map<std::string, std::string> content_files(const MigratedSite& site,
                                                 const std::string& origin);

}  // namespace sitegen
