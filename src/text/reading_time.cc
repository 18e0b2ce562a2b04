// reading_minutes (reading_time.h).
#include "text/reading_time.h"

#include "text/utf8.h"

namespace sitegen {

namespace {

constexpr int kWordsPerMinute = 220;
constexpr int kCharsPerMinute = 500;

// Han ideographs, kana and their punctuation: scripts read a character at a time.
bool read_by_character(char32_t c) {
  return (c >= 0x3000 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x3FFFF);
}

bool is_space(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x00A0;
}

}  // namespace

int reading_minutes(std::string_view text) {
  long words = 0, chars = 0;
  bool in_word = false;
  for (size_t i = 0; i < text.size();) {
    char32_t c = decode_utf8(text, i);
    if (read_by_character(c)) {
      ++chars;
      in_word = false;
    } else if (is_space(c)) {
      in_word = false;
    } else if (!in_word) {
      ++words;
      in_word = true;
    }
  }
  // In characters read per minute: a word of the first kind counts for 500/220 of them.
  long per_minute = long{kWordsPerMinute} * kCharsPerMinute;
  long load = words * kCharsPerMinute + chars * kWordsPerMinute;
  long minutes = (load + per_minute - 1) / per_minute;
  return minutes < 1 ? 1 : static_cast<int>(minutes);
}

}  // namespace sitegen
