// sRGB colours as site.toml and theme.toml write them (`#rgb`, `#rrggbb`), and the WCAG 2.1
// contrast maths the accent colour is checked with at build time.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sitegen {

struct Colour {
  int r = 0, g = 0, b = 0;  // 0..255 each
  bool operator==(const Colour&) const = default;
};

// `#rgb` or `#rrggbb`, either case; nullopt for anything else (names, rgb(), `#rrggbbaa`).
std::optional<Colour> parse_colour(std::string_view text);
// `#rrggbb`, lowercase: the one spelling written to pages.
std::string colour_hex(Colour c);

// WCAG 2.1 relative luminance, 0 (black) to 1 (white).
double relative_luminance(Colour c);
// WCAG 2.1 contrast ratio, 1 to 21, the same either way round.
double contrast_ratio(Colour a, Colour b);
// "4.48": the ratio cut (not rounded) to two decimals, so a colour that fails never
// reads as passing.
std::string ratio_text(double ratio);

// `weight` of `c` and the rest of `with`, channel by channel in gamma-encoded sRGB, each
// rounded: what CSS `color-mix(in srgb, c weight, with)` gives.
Colour mix(Colour c, Colour with, double weight);

}  // namespace sitegen
