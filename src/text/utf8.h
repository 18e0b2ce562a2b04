// UTF-8 at the byte level: validation (every content reader checks its file before
// parsing, as toml++ and md4c do not report where a bad byte is), decoding of text
// already checked, encoding, character counts for columns, and the byte-order mark.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace sitegen {

// The offset of the first byte that does not start a well-formed UTF-8 sequence
// (overlong forms, surrogates and code points past U+10FFFF are ill-formed), or
// std::string_view::npos when the whole text is valid.
inline size_t invalid_utf8_at(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
    unsigned char c = b(0);
    size_t n;
    unsigned char lo = 0x80, hi = 0xBF;  // the allowed range of the second byte
    if (c < 0x80) {
      ++i;
      // Most of a text is ASCII: skip it eight bytes at a time.
      uint64_t w;
      while (i + sizeof w <= s.size() &&
             (std::memcpy(&w, s.data() + i, sizeof w), (w & 0x8080808080808080ull) == 0))
        i += sizeof w;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 3;
      if (c == 0xE0) lo = 0xA0;  // overlong
      if (c == 0xED) hi = 0x9F;  // surrogates
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 4;
      if (c == 0xF0) lo = 0x90;  // overlong
      if (c == 0xF4) hi = 0x8F;  // past U+10FFFF
    } else {
      return i;
    }
    if (i + n > s.size() || b(1) < lo || b(1) > hi) return i;
    for (size_t k = 2; k < n; ++k)
      if ((b(k) & 0xC0) != 0x80) return i;
    i += n;
  }
  return std::string_view::npos;
}

// The code point of the UTF-8 sequence at s[i], advancing i past it, for text that
// invalid_utf8_at() accepted: it does not check the bytes after the first. A
// continuation byte in first place is U+FFFD; a sequence cut off by the end ends there.
inline char32_t decode_utf8(std::string_view s, size_t& i) {
  unsigned char c = static_cast<unsigned char>(s[i++]);
  if (c < 0x80) return c;
  if (c < 0xC0) return 0xFFFD;
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
  char32_t cp = c & (0x3F >> extra);
  for (int k = 0; k < extra && i < s.size(); ++k) cp = (cp << 6) | (s[i++] & 0x3F);
  return cp;
}

// Whether byte `c` continues a UTF-8 sequence (10xxxxxx) instead of starting a character.
constexpr bool is_utf8_continuation(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

// The characters (code points) of `s`, as a column counts them: the bytes that start one.
inline size_t utf8_length(std::string_view s) {
  size_t n = 0;
  for (char c : s) n += !is_utf8_continuation(c);
  return n;
}

// 3 when `text` starts with the UTF-8 byte-order mark, which every reader of content
// skips (toml++ and md4c do too), else 0.
inline size_t byte_order_mark_size(std::string_view text) {
  return text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
}

// Appends code point `cp` as UTF-8.
inline void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace sitegen
