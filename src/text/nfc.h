// Unicode Normalization Form C: one spelling for every character, so that text from a
// .bib file (`Nguy{\~{\^e}}n`), a TOML file typed on macOS (`e` + U+0301) and an
// importer's JSON compare, highlight, slug and search alike. The one user of utf8proc.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// `s` in NFC. Text that is not valid UTF-8 comes back unchanged (its reader reports it).
std::string to_nfc(std::string_view s);

// The same, in place; leaves `s` alone when it is NFC already.
void to_nfc_in_place(std::string& s);

// Whether NFC leaves code point `cp` as it is whatever comes before it: NFC keeps it
// alone as it is, and no character composes with it as the second of a pair. A text of such code
// points is NFC, and is not given to the library: ASCII and Latin-1 up to U+02FF, the dashes,
// quotes and bullets of General Punctuation (U+2010..U+205E) and the CJK ideographs
// (U+4E00..U+9FFF), most of what titles and names hold.
constexpr bool nfc_stable(char32_t cp) {
  return cp < 0x300 || (cp >= 0x2010 && cp <= 0x205E) || (cp >= 0x4E00 && cp <= 0x9FFF);
}

}  // namespace sitegen
