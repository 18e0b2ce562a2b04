// Slugs keep URLs readable: letters and digits, hyphens between words.
#include "text/slug.h"

#include <cstdint>

#include "text/utf8.h"

namespace sitegen {

namespace {

// Base letter of common Latin-1 and Latin Extended-A code points, or 0.
char fold_latin(uint32_t cp) {
  static const char kLatin1[] =  // U+00C0 .. U+00FF
      "aaaaaaaceeeeiiii"
      "dnooooo*ouuuuyts"
      "aaaaaaaceeeeiiii"
      "dnooooo/ouuuuyty";
  if (cp >= 0xC0 && cp <= 0xFF) {
    char c = kLatin1[cp - 0xC0];
    return (c == '*' || c == '/') ? 0 : c;
  }
  if (cp >= 0x100 && cp <= 0x17F) {
    static const char kExtA[] =
        "aaaaaaccccccccdd"
        "ddeeeeeeeeeegggg"
        "gggghhhhiiiiiiii"
        "iijjjjkkklllllll"
        "lllnnnnnnnnnoooo"
        "oooorrrrrrssssss"
        "ssttttttuuuuuuuu"
        "uuuuwwyyyzzzzzzs";
    return kExtA[cp - 0x100];
  }
  return 0;
}

}  // namespace

std::string slugify(std::string_view text) {
  std::string out;
  bool pending_hyphen = false;
  auto put = [&](char c) {
    if (pending_hyphen && !out.empty()) out += '-';
    pending_hyphen = false;
    out += c;
  };
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
      if (c >= 'A' && c <= 'Z')
        put(static_cast<char>(c - 'A' + 'a'));
      else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
        put(static_cast<char>(c));
      else if (c == '\'')
        continue;  // "don't" -> "dont"
      else
        pending_hyphen = true;
      continue;
    }
    // Invalid bytes (U+FFFD) count as separators.
    char32_t cp = decode_utf8(text, i);
    if (char f = fold_latin(cp))
      put(f);
    else
      pending_hyphen = true;
  }
  return out;
}

}  // namespace sitegen
