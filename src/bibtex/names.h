// BibTeX name lists: `A and B and others`, each name as `First von Last`,
// `von Last, First` or `von Last, Jr, First`, turned into display names and markers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace sitegen {

// The four parts of one name, each words joined by single spaces.
struct NameParts {
  std::string first, von, last, jr;
};

struct AuthorList {
  std::vector<Author> authors;
  bool et_al = false;  // the list contained `others` (or `et al.`)
};

// Splits on `and` (any case) between whitespace at brace depth 0. Pieces are trimmed.
std::vector<std::string_view> split_name_list(std::string_view list);

// Splits one BibTeX name into its parts, still in LaTeX, with BibTeX's rules: the
// von part is the lowercase words, a braced word is one word whose case does not count.
NameParts split_name(std::string_view name);

// "First von Last, Jr." with empty parts left out.
std::string display_name(const NameParts& parts);

// A whole `author` value: split, decoded to UTF-8, display form, trailing markers
// (`Chen*, Chen`, `Smith$^\dagger$`) moved to Author::markers, `others` to et_al.
AuthorList parse_author_list(std::string_view list);

// Parts of a display name ("Ludwig van Beethoven", "Martin Luther King, Jr."),
// for writing it back as `von Last, Jr, First`. The last word is the last name.
NameParts split_display_name(std::string_view display);

// The rule for names written in publications.toml: a name in braces (`"{The ENCODE
// Project Consortium}"`, the braces removed) or one with ` and ` in it (`"Barnes and
// Noble"`) is a group's name, Author::corporate.
void mark_corporate(Author& a);

// A name as written in BibTeX order turned into display order, for comparing names:
// "Li, W." -> "W. Li", "van Beethoven, Ludwig" -> "Ludwig van Beethoven"; a name
// without a comma, or with only a suffix after it ("King, Jr."), is returned as it is.
std::string display_order(std::string_view name);

}  // namespace sitegen
