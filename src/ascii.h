// ASCII character classes for the readers. Unlike <cctype>, they ignore the locale
// and take a plain char (no cast to unsigned char needed), and bytes of UTF-8
// sequences are never letters, digits or space.
#pragma once

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

}  // namespace sitegen
