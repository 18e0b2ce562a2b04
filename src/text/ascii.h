// ASCII character classes for the readers. Unlike <cctype>, they ignore the locale
// and take a plain char (no cast to unsigned char needed), and bytes of UTF-8
// sequences are never letters, digits or space. ByteSet is a class of bytes as a table,
// for the scanners that skip runs of ordinary bytes (escaping, LaTeX, BibTeX).
#pragma once

#include <string_view>

namespace sitegen {

constexpr bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}
constexpr bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
constexpr bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
constexpr char to_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// The bytes of `chars`, and with `controls` also those below 0x20.
struct ByteSet {
  bool has[256] = {};
  constexpr explicit ByteSet(std::string_view chars, bool controls = false) {
    for (int c = 0; c < 0x20; ++c) has[c] = controls;
    for (char c : chars) has[static_cast<unsigned char>(c)] = true;
  }
  constexpr bool operator()(char c) const { return has[static_cast<unsigned char>(c)]; }
};

}  // namespace sitegen
