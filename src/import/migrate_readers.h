// The reader of each template for `sitegen migrate` (migrate.h): each fills a
// MigratedSite from the old site and notes what it left out.
#pragma once

#include "import/migrate_site.h"

namespace sitegen {

void migrate_al_folio(Migrator& m);
void migrate_academicpages(Migrator& m);
void migrate_hugo_blox_site(Migrator& m);

// Shared by them: a profile's links, by what each template calls them.
// `kind`: "al-folio" (_data/socials.yml keys), "academicpages" (_config.yml author keys).
void add_social_links(const TomlNode& table, const std::string& kind, Person& person, Migrator& m);
// The site owner among the authors of a paper: the names of `authors` that match the
// person's name or aliases, or that `bold` marks, added to the aliases as written.
void add_owner_aliases(const std::vector<std::string>& authors,
                       const std::vector<std::string>& bold, Person& person);
// A link or file of the old site named in a front matter field: an address of the old
// site's own host becomes a path when the old site has the file (copied into static/);
// "" (with a note) for a path whose file is not there.
std::string old_site_link(Migrator& m, const std::string& url, const std::string& old_host,
                          const SourceLoc& at);
// Text for a Markdown link's label: brackets and backslashes escaped.
std::string link_text(const std::string& s);

}  // namespace sitegen
