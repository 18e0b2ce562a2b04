// The id a publication gets when its content gives none: its citation key, its page's
// URL and the id an import writes are the same word, so one paper has one id.
#pragma once

#include <string>

#include "model/model.h"

namespace sitegen {

// "hu2026taming": the first author's last name, the year and the first title word that
// is not a short function word ("a", "the", "towards", ...), each as slugify() writes it,
// so the key is a slug too. The last name is the last word of the name, before a suffix
// ("Martin Luther King, Jr." -> "king"), and a name in BibTeX's order ("Hu, Qinghao")
// counts by its last name. A part that is missing is left out; "paper" when all three are.
std::string citation_key(const Publication& p);

}  // namespace sitegen
