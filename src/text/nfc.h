// Unicode Normalization Form C: one spelling for every character, so that text from a
// .bib file (`Nguy{\~{\^e}}n`), a TOML file typed on macOS (`e` + U+0301) and an
// importer's JSON compare, highlight, slug and search alike. The one user of utf8proc.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// `s` in NFC. Text that is not valid UTF-8 comes back unchanged (its reader reports it).
// Text with no code point from U+0300 on is NFC already and is returned without a pass
// of the library: most names, keys and titles.
std::string to_nfc(std::string_view s);

// The same, in place; leaves `s` alone when it is NFC already.
void to_nfc_in_place(std::string& s);

}  // namespace sitegen
