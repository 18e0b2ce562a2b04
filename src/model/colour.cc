// Colour parsing and the WCAG 2.1 formulas (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
#include "model/colour.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sitegen {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

double linear(int channel) {
  double s = channel / 255.0;
  return s <= 0.04045 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
}

}  // namespace

std::optional<Colour> parse_colour(std::string_view text) {
  if (text.size() != 4 && text.size() != 7) return std::nullopt;
  if (text[0] != '#') return std::nullopt;
  int d[6];
  size_t n = text.size() - 1;
  for (size_t i = 0; i < n; ++i)
    if ((d[i] = hex_digit(text[i + 1])) < 0) return std::nullopt;
  if (n == 3) return Colour{d[0] * 17, d[1] * 17, d[2] * 17};
  return Colour{d[0] * 16 + d[1], d[2] * 16 + d[3], d[4] * 16 + d[5]};
}

std::string colour_hex(Colour c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

double relative_luminance(Colour c) {
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double contrast_ratio(Colour a, Colour b) {
  double la = relative_luminance(a), lb = relative_luminance(b);
  if (la < lb) std::swap(la, lb);
  return (la + 0.05) / (lb + 0.05);
}

std::string ratio_text(double ratio) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.2f", std::floor(ratio * 100 + 1e-9) / 100);
  return buf;
}

Colour mix(Colour c, Colour with, double weight) {
  auto channel = [&](int a, int b) {
    return static_cast<int>(std::lround(a * weight + b * (1 - weight)));
  };
  return {channel(c.r, with.r), channel(c.g, with.g), channel(c.b, with.b)};
}

}  // namespace sitegen
