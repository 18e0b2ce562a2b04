// TeX math kept as its source in the HTML, `<span class="math">TeX</span>`, for KaTeX to
// typeset in the browser (the site's copy, loaded only by pages with math); without
// JavaScript the reader sees the TeX.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// Appends the element for one expression; `escaped_tex` is HTML-escaped already (as md4c
// gives it). A displayed formula has the classes "math display".
void append_math_html(std::string& out, std::string_view escaped_tex, bool display);

// Plain text (a title) in which `$...$` is math, as the BibTeX reader keeps it: the text
// HTML-escaped, each expression an inline math element. A dollar opens math only before
// a non-space and closes it only after a non-space and before a non-digit, so "$5 or
// $10" stays text; `$$...$$` is inline math too (text/tex_math.h, the rule the BibTeX
// written for a paper follows too).
std::string text_with_math_html(std::string_view text);

// Whether HTML made by the functions above (or by markdown_to_html) holds math.
bool has_math(std::string_view html);

}  // namespace sitegen
