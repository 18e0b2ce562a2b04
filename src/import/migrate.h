// `sitegen migrate`: a whole al-folio, academicpages or Hugo Blox site read into a content
// tree that builds (profile and links, biography, publications, news, talks, CV, pages,
// redirects of the old addresses), with a report of what was done and what to check.
// The old site is only read; nothing is written here.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "base/source.h"
#include "import/migrate_site.h"

namespace sitegen {

enum class SiteKind { kAlFolio, kAcademicPages, kHugoBlox };

std::string_view site_kind_name(SiteKind kind);  // "al-folio", "academicpages", "hugo-blox"
std::optional<SiteKind> site_kind_named(std::string_view name);
// Which template a site uses, from the files only each has; nullopt when none fits.
std::optional<SiteKind> detect_site_kind(const Source& old);

struct Migration {
  std::map<std::string, std::string> files;   // path in the new tree -> its text
  std::map<std::string, std::string> copies;  // path in the new tree -> file of the old site
  MigrationReport report;
  size_t build_errors = 0;  // of the new tree, built in memory: 0 when it builds
};

// Reads `old` as a site of `kind`. `old_name` is how the old site is named in the
// comments of the new files ("../my-al-folio"), `new_name` how the new tree is named in
// the diagnostics of its build ("mysite").
Migration migrate_site(const Source& old, SiteKind kind, const std::string& old_name,
                       const std::string& new_name);

// The new tree as a content source, for the build check and for tests: the written files
// and the copies (those under static/ as empty files: only their names matter to a build).
MemorySource migrated_source(const Migration& m, const Source& old, const std::string& new_name);

// The report as `sitegen migrate` prints it.
std::string format_report(const Migration& m, SiteKind kind, const std::string& old_name,
                          const std::string& new_name, bool dry_run);

}  // namespace sitegen
