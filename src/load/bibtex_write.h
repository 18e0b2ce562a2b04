// A clean BibTeX entry generated from the model, for each paper's page and
// /publications.bib: site-only fields (selected, abbr, preview, links) stripped.
#pragma once

#include <string>

#include "load/model.h"

namespace sitegen {

// One entry, fields in a fixed order, ending with a newline. Text stays UTF-8 (biber
// and bibtex8 read it); LaTeX specials are escaped, `$math$` is kept, and words
// with inner capitals (`GPU`, `PyTorch`) are braced so styles keep their case.
// Round trip: bibtex_to_publications(parse_bibtex(to_bibtex(p))) gives back p's title,
// authors, venue, year, doi and type (workshop, poster and talk come back as
// conference, conference and other: BibTeX has no such types).
std::string to_bibtex(const Publication& p);

// The entry type written for p: p.bibtex_type, else the usual one for p.type.
std::string bibtex_entry_type(const Publication& p);

// The entry key: p.key, else p.slug, else `<last name><year><first title word>`.
std::string bibtex_key(const Publication& p);

}  // namespace sitegen
