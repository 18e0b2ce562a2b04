// Slugs keep URLs readable: letters and digits, hyphens between words. Latin letters
// lose their diacritics; words of other scripts become a short stable hash.
#include "text/slug.h"

#include <cstdint>

#include "text/strings.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

// The ASCII spelling of a Latin letter with diacritics, or "" when cp is none.
// Latin-1 Supplement, Latin Extended-A, the Latin Extended-B letters of Vietnamese,
// Romanian and pinyin, the Vietnamese block of Latin Extended Additional, and the
// full-width ASCII letters and digits of East Asian text.
std::string_view fold_latin(char32_t cp) {
  static constexpr std::string_view kLatin1[64] = {
      // U+00C0 .. U+00FF
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",
      "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "ss",
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",
      "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "y"};
  static constexpr char kExtA[] =  // U+0100 .. U+017F, one letter each but for the ligatures
      "aaaaaaccccccccdd"
      "ddeeeeeeeeeegggg"
      "gggghhhhiiiiiiii"
      "iijjjjkkklllllll"
      "lllnnnnnnnnnoooo"
      "oooorrrrrrssssss"
      "ssttttttuuuuuuuu"
      "uuuuwwyyyzzzzzzs";
  if (cp < 0xC0) return "";
  if (cp <= 0xFF) return kLatin1[cp - 0xC0];
  if (cp <= 0x17F) {
    if (cp == 0x132 || cp == 0x133) return "ij";
    if (cp == 0x152 || cp == 0x153) return "oe";
    return std::string_view(&kExtA[cp - 0x100], 1);
  }
  if (cp == 0x1A0 || cp == 0x1A1) return "o";  // ơ (Vietnamese)
  if (cp == 0x1AF || cp == 0x1B0) return "u";  // ư (Vietnamese)
  if (cp >= 0x1CD && cp <= 0x1DC)              // ǎ ǐ ǒ ǔ ǖ ǘ ǚ ǜ (pinyin)
    return std::string_view(&"aaiioouuuuuuuuuu"[cp - 0x1CD], 1);
  if (cp == 0x218 || cp == 0x219) return "s";  // ș (Romanian)
  if (cp == 0x21A || cp == 0x21B) return "t";  // ț (Romanian)
  if (cp >= 0x1EA0 && cp <= 0x1EF9) {          // Vietnamese: ạ ả ấ ... ẹ ... ỹ, by vowel
    if (cp < 0x1EB8) return "a";
    if (cp < 0x1EC8) return "e";
    if (cp < 0x1ECC) return "i";
    if (cp < 0x1EE4) return "o";
    if (cp < 0x1EF2) return "u";
    return "y";
  }
  static constexpr char kAlnum[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  if (cp >= 0xFF10 && cp <= 0xFF19) return std::string_view(&kAlnum[cp - 0xFF10], 1);
  if (cp >= 0xFF21 && cp <= 0xFF3A) return std::string_view(&kAlnum[10 + cp - 0xFF21], 1);
  if (cp >= 0xFF41 && cp <= 0xFF5A) return std::string_view(&kAlnum[10 + cp - 0xFF41], 1);
  return "";
}

// Combining diacritics (text in decomposed form, `e` + U+0301): dropped, not separators.
bool is_combining(char32_t cp) {
  return cp >= 0x300 && cp <= 0x36F;
}

// Letters of scripts other than Latin: Greek, Cyrillic, Hebrew, Arabic, the Indic
// scripts, Thai, ..., kana, CJK ideographs, Hangul. Punctuation, symbols and emoji
// (U+2000..U+2BFF, U+3000..U+303F, U+1F000..) are not letters: they separate words.
bool is_other_letter(char32_t cp) {
  return (cp >= 0x370 && cp <= 0x1DFF) || (cp >= 0x1F00 && cp <= 0x1FFF) ||
         (cp >= 0x3040 && cp <= 0xD7FF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0x20000 && cp <= 0x3FFFF);
}

}  // namespace

std::string slugify(std::string_view text) {
  std::string out;
  bool pending_hyphen = false;
  auto put = [&](std::string_view s) {
    if (pending_hyphen && !out.empty()) out += '-';
    pending_hyphen = false;
    out += s;
  };
  // A word in another script becomes the hash of its UTF-8 bytes, not the letters
  // themselves: slugs are file names and URLs that every page, the sitemap and the feed
  // write as they are, and GitHub Pages serves ASCII paths alike whatever the client's
  // percent-encoding or the Unicode normalization of the file name on disk (macOS keeps
  // names decomposed). The hash is stable, and the Latin words and numbers around it
  // stay readable: `胡清昊 2024` -> `343c2852-2024`.
  size_t other_start = std::string_view::npos;
  auto end_other = [&](size_t end) {
    if (other_start == std::string_view::npos) return;
    put(short_hash(text.substr(other_start, end - other_start)));
    pending_hyphen = true;
    other_start = std::string_view::npos;
  };
  for (size_t i = 0; i < text.size();) {
    size_t start = i;
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
      end_other(start);
      if (c >= 'A' && c <= 'Z') {
        char lower = static_cast<char>(c - 'A' + 'a');
        put(std::string_view(&lower, 1));
      } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        put(text.substr(start, 1));
      } else if (c != '\'') {  // "don't" -> "dont"
        pending_hyphen = true;
      }
      continue;
    }
    // Invalid bytes (U+FFFD) count as separators.
    char32_t cp = decode_utf8(text, i);
    if (is_combining(cp)) continue;
    if (is_other_letter(cp)) {
      if (other_start == std::string_view::npos) other_start = start;
      continue;
    }
    end_other(start);
    if (std::string_view f = fold_latin(cp); !f.empty())
      put(f);
    else
      pending_hyphen = true;
  }
  end_other(text.size());
  return out;
}

}  // namespace sitegen
