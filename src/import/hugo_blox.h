// `sitegen import hugo-blox`: the publication pages of a Hugo Blox (or older Wowchemy /
// Hugo Academic) site read into publications, ready for publications_to_toml.
#pragma once

#include <string>
#include <vector>

#include "base/diag.h"
#include "base/source.h"
#include "import/toml_write.h"
#include "model/model.h"

namespace sitegen {

struct HugoBloxOptions {
  // The site owner's name, for the profile slugs `admin` (Wowchemy) and `me` (Hugo Blox)
  // in author lists. Empty: the name from content/authors/<slug>/_index.md, else the slug
  // is kept with a warning.
  std::string owner_name;
};

struct HugoBloxImport {
  std::vector<TomlEntry> entries;     // newest first, as Hugo Blox lists them
  std::vector<Marker> markers;        // `author_notes` texts, as marks after author names
  std::vector<std::string> sections;  // the section folders read: "content/publication"
};

// Reads the publication pages under `source`, whose root is a Hugo site (with content/),
// its content/ folder, or one publication section. A section is a folder named
// publication* (publication/, publications/) directly under content/; its pages are
// `<slug>/index.md` bundles and `<slug>.md` files, with YAML (`---`) or TOML (`+++`)
// front matter. A page's `id` is its slug. Rules:
//  - authors: profile slugs become names (see HugoBloxOptions); author_notes become
//    marks (`*`, `†`, ... one per distinct note) listed in `markers`.
//  - publication_types: CSL names (paper-conference, article-journal, article = preprint,
//    report, thesis, book, chapter, patent, ...) or Wowchemy's numbers ("1" conference,
//    "2" journal, "3" preprint, "4" report, "5" book, "6" chapter, "7" thesis, "8" patent).
//  - publication / publication_short: venue_full / venue, Markdown emphasis and a leading
//    "In " removed. A cite.bib beside index.md gives its venue instead, and the details
//    (volume, pages, publisher, entry type, ...) and anything the front matter lacks.
//  - date (its day too), abstract (else summary), featured -> selected, tags, doi and
//    hugoblox.ids.{doi,arxiv}, url_pdf/url_code/... and `links` -> links.
// Problems are reported with file:line:col; keys that have no place in sitegen (image,
// projects, slides, ...) are skipped quietly, unknown ones with a warning.
HugoBloxImport import_hugo_blox(const Source& source, const HugoBloxOptions& options,
                                Diagnostics& diags);

}  // namespace sitegen
