// NFC through utf8proc (see nfc.h).
#include "text/nfc.h"

#include <utf8proc.h>

#include <cstdlib>
#include <string_view>

namespace sitegen {

namespace {

// Every code point below U+0300 is a starter with no decomposition that nothing before
// it composes with: a text of them alone is NFC. In UTF-8, such a text has no byte from
// 0xCC (the lead byte of U+0300) on.
bool below_combining_marks(std::string_view s) {
  for (char c : s)
    if (static_cast<unsigned char>(c) >= 0xCC) return false;
  return true;
}

}  // namespace

void to_nfc_in_place(std::string& s) {
  if (below_combining_marks(s)) return;
  utf8proc_uint8_t* out = nullptr;
  utf8proc_ssize_t n = utf8proc_map(
      reinterpret_cast<const utf8proc_uint8_t*>(s.data()), static_cast<utf8proc_ssize_t>(s.size()),
      &out, static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
  if (n >= 0) {  // else invalid UTF-8: kept for its reader's message
    std::string_view nfc(reinterpret_cast<const char*>(out), static_cast<size_t>(n));
    if (nfc != s) s.assign(nfc);
  }
  std::free(out);
}

std::string to_nfc(std::string_view s) {
  std::string out(s);
  to_nfc_in_place(out);
  return out;
}

}  // namespace sitegen
