// LaTeX as found in BibTeX values, turned into UTF-8 text: accents, escapes,
// dashes and quotes, font commands unwrapped, protective braces dropped, math kept.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

enum class LatexMode {
  kText,      // plain text: whitespace runs collapse to one space
  kMarkdown,  // Markdown source: lines kept, emphasis as `*x*`, Markdown specials escaped
};

// A control word latex_to_utf8 does not know. Its name never reaches the output:
// `\foo{bar}` shows `bar`, `\foo` and `\foo{}` show nothing.
struct LatexUnknown {
  std::string name;   // with the backslash: `\foo`
  size_t offset = 0;  // of the backslash, in the value given to latex_to_utf8
  bool has_arg = false;
};

// Decodes a BibTeX field value into UTF-8 in NFC (accents composed with their letters
// where Unicode has the letter: `\~{\^e}` is ễ). Math (`$...$`, `\(...\)`, `\[...\]`) is kept as
// `$...$` / `$$...$$` with its contents untouched, so the Markdown renderer shows it
// as math. Unknown commands are appended to `unknown` (when given) in value order,
// so the caller can warn where they are written.
std::string latex_to_utf8(std::string_view latex, LatexMode mode = LatexMode::kText,
                          std::vector<LatexUnknown>* unknown = nullptr);

// The warning for an unknown command, with a did-you-mean among the known ones:
// "unknown LaTeX command `\textsterlin` (did you mean `\textsterling`?): left out".
std::string latex_unknown_message(const LatexUnknown& u);

// For URL-like fields (url, doi, pdf, ...): braces dropped, `\_ \% \# \& \~ \$`
// unescaped, surrounding whitespace trimmed; nothing else is interpreted.
std::string latex_verbatim(std::string_view value);

}  // namespace sitegen
