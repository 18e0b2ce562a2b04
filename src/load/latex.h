// LaTeX as found in BibTeX values, turned into UTF-8 text: accents, escapes,
// dashes and quotes, font commands unwrapped, protective braces dropped, math kept.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

enum class LatexMode {
  kText,      // plain text: whitespace runs collapse to one space
  kMarkdown,  // Markdown source: lines kept, emphasis as `*x*`, Markdown specials escaped
};

// Decodes a BibTeX field value. Math (`$...$`, `\(...\)`, `\[...\]`) is kept as
// `$...$` / `$$...$$` with its contents untouched, so the Markdown renderer shows it
// as math. Unknown commands lose their backslash and keep their argument.
std::string latex_to_utf8(std::string_view latex, LatexMode mode = LatexMode::kText);

// For URL-like fields (url, doi, pdf, ...): braces dropped, `\_ \% \# \& \~ \$`
// unescaped, surrounding whitespace trimmed; nothing else is interpreted.
std::string latex_verbatim(std::string_view value);

}  // namespace sitegen
