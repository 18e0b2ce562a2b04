// TeX math to HTML without JavaScript: Greek letters and common symbols become
// Unicode, ^ and _ become <sup>/<sub>, \frac{a}{b} becomes a/b. Enough for the math
// researchers put in titles, notes and abstracts ($O(n \log n)$, $1.9\times$).
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// `tex` is HTML-escaped already (as md4c emits it); the result is HTML.
std::string math_to_html(std::string_view tex);

}  // namespace sitegen
