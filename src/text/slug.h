// URL-safe slugs and the unique-URL rule for ids.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// Lowercase ASCII letters, digits and single hyphens; "" when nothing is left.
// Latin letters with diacritics lose them ("Zürich" -> "zurich", "Straße" -> "strasse");
// each word of another script becomes 8 hex digits of its hash ("胡清昊" -> "343c2852").
std::string slugify(std::string_view text);

}  // namespace sitegen
