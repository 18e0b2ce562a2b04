// NFC through utf8proc (see nfc.h).
#include "text/nfc.h"

#include <utf8proc.h>

#include <cstdlib>
#include <string_view>

#include "text/utf8.h"

namespace sitegen {

namespace {

// Whether every code point of s is nfc_stable. Text that is not UTF-8 may pass: it is
// left as it is either way.
bool stable_text(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
    } else if (!nfc_stable(decode_utf8(s, i))) {
      return false;
    }
  }
  return true;
}

}  // namespace

void to_nfc_in_place(std::string& s) {
  if (stable_text(s)) return;
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
