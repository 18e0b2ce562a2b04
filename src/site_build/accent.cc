// The accent colour's contrast checks and derived shades. Shades are found by mixing in
// whole-percent steps toward black (light scheme) or white (dark scheme), so the result is
// the same in every build.
#include "site_build/accent.h"

#include <vector>

namespace sitegen {

namespace {

constexpr double kTextContrast = 4.5;  // WCAG 2.1 AA, 1.4.3, normal text
// A dark shade sitegen derives aims higher, as the theme's own does (8.9:1): a shade just
// at 4.5:1 on a dark background reads dull.
constexpr double kDerivedDarkContrast = 7.0;
constexpr Colour kBlack{0, 0, 0};
constexpr Colour kWhite{255, 255, 255};

// The background of `backgrounds` that `c` contrasts least with.
Colour weakest(Colour c, const std::vector<Colour>& backgrounds) {
  Colour worst = backgrounds.front();
  for (Colour b : backgrounds)
    if (contrast_ratio(c, b) < contrast_ratio(c, worst)) worst = b;
  return worst;
}

bool passes(Colour c, const std::vector<Colour>& backgrounds, double needed = kTextContrast) {
  return contrast_ratio(c, weakest(c, backgrounds)) >= needed;
}

// `c` mixed toward `toward` by the least whole percent, starting at `start` percent of `c`,
// that passes against every background; `toward` itself when none does.
Colour nearest_passing(Colour c, Colour toward, const std::vector<Colour>& backgrounds,
                       int start = 100, double needed = kTextContrast) {
  for (int percent = start; percent >= 0; --percent) {
    Colour m = mix(c, toward, percent / 100.0);
    if (passes(m, backgrounds, needed)) return m;
  }
  return toward;
}

// Reports `c` failing against the weakest of `backgrounds`, naming a shade that passes.
void report(const std::string& key, Colour c, const std::vector<Colour>& backgrounds, bool light,
            const SourceLoc& loc, Diagnostics& diags) {
  Colour bg = weakest(c, backgrounds);
  Colour fix = nearest_passing(c, light ? kBlack : kWhite, backgrounds);
  diags.error(loc, "`" + key + "` " + colour_hex(c) + " has a contrast of " +
                       ratio_text(contrast_ratio(c, bg)) + ":1 with the " +
                       (light ? "light" : "dark") + " background " + colour_hex(bg) +
                       ", and text needs at least 4.5:1 (WCAG 2.1 AA): " + colour_hex(fix) +
                       " is the nearest " + (light ? "darker" : "lighter") + " shade that passes");
}

}  // namespace

std::optional<AccentShades> resolve_accent(const StyleSettings& style, const Theme& theme,
                                           Diagnostics& diags) {
  if (style.accent.empty()) return std::nullopt;
  const std::vector<Colour>& light_bgs = theme.light_backgrounds;
  const std::vector<Colour>& dark_bgs = theme.dark_backgrounds;
  Colour light = *parse_colour(style.accent);
  bool ok = passes(light, light_bgs);
  if (!ok) report("accent", light, light_bgs, true, style.accent_loc, diags);
  Colour dark = light;
  if (!style.accent_dark.empty()) {
    dark = *parse_colour(style.accent_dark);
    if (!passes(dark, dark_bgs)) {
      report("accent_dark", dark, dark_bgs, false, style.accent_dark_loc, diags);
      ok = false;
    }
  } else if (!passes(dark, dark_bgs)) {
    dark = nearest_passing(light, kWhite, dark_bgs, 100, kDerivedDarkContrast);
  }
  if (!ok) return std::nullopt;
  // The tint behind chips, then the strong shade: hover and chip text, which must pass on
  // the tint as well as on the backgrounds.
  Colour light_soft = mix(light, light_bgs.front(), 0.1);
  Colour dark_soft = mix(dark, dark_bgs.front(), 0.12);
  std::vector<Colour> light_under = light_bgs, dark_under = dark_bgs;
  light_under.push_back(light_soft);
  dark_under.push_back(dark_soft);
  Colour light_strong = nearest_passing(light, kBlack, light_under, 80);
  Colour dark_strong = nearest_passing(dark, kWhite, dark_under, 75);
  return AccentShades{colour_hex(light), colour_hex(light_strong), colour_hex(light_soft),
                      colour_hex(dark),  colour_hex(dark_strong),  colour_hex(dark_soft)};
}

std::string accent_style_html(const AccentShades& s) {
  return "<style>:root { --accent: " + s.light + "; --accent-strong: " + s.light_strong +
         "; --accent-soft: " + s.light_soft + "; --accent-dark: " + s.dark +
         "; --accent-dark-strong: " + s.dark_strong + "; --accent-dark-soft: " + s.dark_soft +
         "; }</style>\n";
}

}  // namespace sitegen
