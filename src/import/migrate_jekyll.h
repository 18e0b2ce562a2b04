// What al-folio and academicpages share as Jekyll sites: _config.yml, the addresses
// Jekyll gives pages, posts and collection documents, the Liquid an al-folio page may
// hold, and posts and other documents turned into pages of the new site.
#pragma once

#include <string>
#include <vector>

#include "import/migrate_site.h"

namespace sitegen {

struct JekyllSite {
  TomlNode config;        // _config.yml (an empty table when there is none)
  std::string url;        // "https://alshedivat.github.io"
  std::string base_path;  // "/al-folio", or ""
};

// Reads _config.yml; sets the new site's base_url, language and the old site's base path,
// and how the old site's files are found (any file outside `_` and `.` folders).
JekyllSite read_jekyll_site(Migrator& m);

// The old address of a document: its `permalink`; else, for a post (`collection` "posts"),
// the site's `permalink` pattern; for another collection, the collection's pattern or
// /:collection/:path/; for a page, its path with .html.
std::string jekyll_url(const JekyllSite& j, const Migrator::Doc& d, const std::string& collection);

// al-folio's figure include as an image (when the old site has the file), other tags left out.
TagResolver jekyll_tags(Migrator& m);

// The files of a collection folder ("_posts") that Jekyll reads: .md, .markdown, .html.
std::vector<std::string> jekyll_documents(const Source& old, const std::string& folder);

// The path of a new page for an old address, made safe as a file name and kept out of
// the generated sections (/publications/, /news/, ...), unique among the site's pages.
std::string new_page_path(const MigratedSite& site, const std::string& old_url);

// A document as a page at (or near) its old address, its body cleaned of Liquid, and a
// redirect when the address changes; the page's path, or "" when the document is empty.
std::string add_document_page(Migrator& m, const JekyllSite& j, const Migrator::Doc& d,
                              const std::string& old_url, const std::string& title,
                              const std::string& lead);

// Posts (_posts/) into pages at their old addresses, and a page that lists them at
// `index_path` ("blog"), titled `index_title`; the number of posts.
int migrate_jekyll_posts(Migrator& m, const JekyllSite& j, const std::string& index_path,
                         const std::string& index_title);

// A title as the page shows it: kramdown's inline `$$x$$` math as `$x$`.
std::string jekyll_title(const std::string& title);

}  // namespace sitegen
