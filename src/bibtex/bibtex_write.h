// A clean BibTeX entry generated from the model, for each paper's page and
// /publications.bib: site-only fields (selected, abbr, preview, links) stripped.
#pragma once

#include <string>
#include <string_view>

#include "model/model.h"

namespace sitegen {

// One entry, fields in a fixed order, ending with a newline. Text stays UTF-8 (biber
// and bibtex8 read it); math, `$...$` as the page shows it (text/tex_math.h), is
// written as it is, spaces, braces and specials and all, when its braces balance;
// outside it LaTeX specials are escaped; words with inner capitals (`GPU`, `PyTorch`)
// are braced so styles keep their case, and a group's name (Author::corporate) is one
// braced name.
// Round trip: bibtex_to_publications(parse_bibtex(to_bibtex(p))) gives back every
// field BibTeX carries (bibtex_write_test.cc lists them); workshop, poster and talk
// come back as conference, conference and other: BibTeX has no such types.
std::string to_bibtex(const Publication& p);

// Pages as the model holds them: a range with an en dash, as BibTeX's `--` reads
// (`1--22` -> `1–22`), so that a range written either way is the same range.
std::string page_range(std::string_view pages);

// The entry type written for p: p.bibtex_type, else the usual one for p.type, but
// @unpublished for a preprint without an arXiv id (a @misc without one reads as `other`).
std::string bibtex_entry_type(const Publication& p);

// The entry type p gets when it sets no bibtex_type.
std::string default_bibtex_type(const Publication& p);

// The entry key: p.key, else p.slug, else citation_key(p).
std::string bibtex_key(const Publication& p);

}  // namespace sitegen
