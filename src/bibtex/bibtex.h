// BibTeX files: a single-pass parser with exact locations (bibtex.cc), and the mapping of
// entries onto Publication as docs/content-format.md describes (bibtex_map.cc).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/diag.h"
#include "model/model.h"

namespace sitegen {

// Where a part of a field's value was written: value bytes from `at` on come from
// line:col. A {braced}, "quoted" or numeric part is the file's own text, so a position
// inside it can be counted from there; a @string's text is not (`literal` false), so
// all of it is placed at the string's name.
struct BibValuePart {
  size_t at = 0;
  int line = 0;
  int col = 0;
  bool literal = true;
};

struct BibField {
  std::string name;                 // lowercased
  std::string value;                // raw LaTeX, after @string expansion and `#` concatenation
  SourceLoc loc;                    // the field name
  std::vector<BibValuePart> parts;  // in value order

  // Where byte `offset` of value is written in the file (the field name if unknown).
  SourceLoc loc_in_value(size_t offset) const;
};

struct BibEntry {
  std::string type;              // lowercased: "inproceedings"
  std::string key;               // as written
  SourceLoc loc;                 // the `@`
  SourceLoc key_loc;             // the key
  std::vector<BibField> fields;  // in file order; a repeated field keeps its first value

  const BibField* find(std::string_view name) const;
};

// Whether `type` can be written back as `@<type>{`: a lowercase letter, then lowercase
// letters, digits, `_` or `-` (every BibTeX and biblatex type is such a word).
bool is_bibtex_type_word(std::string_view type);

// Parses a .bib file. Text outside entries is ignored (comments, Jekyll front matter);
// `@comment` and `@preamble` are skipped; `@string` macros (and the predefined month
// macros jan..dec) are expanded. A value past 1 MB, a file's expansions past 64 MB and
// braces nested past 100 levels are errors. Each syntax error is reported at its line:col and
// parsing resumes at the next `@` that starts a line, so one run reports everything.
std::vector<BibEntry> parse_bibtex(std::string_view text, const std::string& display_path,
                                   Diagnostics& diags);

// Maps entries onto publications (key = BibTeX key, id_given = true, slug left empty).
// Pass the entries of all .bib files at once so crossrefs and duplicates resolve
// across files. Rules:
//  - crossref: a field the entry lacks comes from the entry its `crossref` names
//    (the target's `title` becomes the missing `booktitle`); the target's own
//    identifiers and links (doi, url, isbn, eprint, pdf, ...) are not inherited,
//    since they name the volume. An entry named by some crossref that is only a
//    volume (a @proceedings, @book, @collection, ... with no author) is not a
//    publication of its own. A crossref naming its own entry is ignored, and so are
//    crossrefs that go round in a circle (all their entries kept), each with a warning.
//  - duplicate keys: the first entry under a key is kept and later ones dropped,
//    silently when equal up to whitespace and DBLP's timestamp, biburl and bibsource
//    (an export repeating its @proceedings), else with a warning naming both
//    locations and the fields that differ.
//  - types: inproceedings/conference -> conference; article -> journal, or preprint
//    when the journal is arXiv/CoRR/bioRxiv-like (Google Scholar exports); misc,
//    unpublished, online with eprint/arxiv/archivePrefix -> preprint; phdthesis,
//    mastersthesis -> thesis (venue_full falls back to school); patent; else other.
//  - venue_full: booktitle or journal (MathSciNet's fjournal first), else a
//    howpublished that is not a URL. venue: abbr, else shortjournal, else journal
//    when fjournal gave the full name.
//  - al-folio: abbr, selected, award (plain award text) or award_name (`:trophy:`
//    shortcodes dropped; award then joins the note), pdf/code/html/slides/poster/
//    video/website/supp/blog become links in file order, preview.
//  - abstract and note keep their Markdown but are not trusted (Publication::
//    abstract_trusted, note_trusted): raw HTML in them is shown as text, not markup.
// Required fields are not checked here: publications.toml may still supply them.
std::vector<Publication> bibtex_to_publications(const std::vector<BibEntry>& entries,
                                                Diagnostics& diags);

}  // namespace sitegen
