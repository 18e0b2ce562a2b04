// site.toml's accent colour checked against the theme's backgrounds (WCAG 2.1 AA: 4.5:1
// for text) and the shades the theme's stylesheet gets as custom properties.
#pragma once

#include <optional>
#include <string>

#include "base/diag.h"
#include "model/model.h"
#include "theme/theme.h"

namespace sitegen {

// Every value "#rrggbb". `strong` is the shade for hovered links and for text on `soft`,
// the tint behind chips; each pair passes 4.5:1, as does the accent on each background.
struct AccentShades {
  std::string light, light_strong, light_soft;
  std::string dark, dark_strong, dark_soft;
};

// nullopt when site.toml sets no accent, or when it fails (reported at its place, with the
// ratio, the background and the nearest shade that passes).
std::optional<AccentShades> resolve_accent(const StyleSettings& style, const Theme& theme,
                                           Diagnostics& diags);

// `<style>` setting --accent, --accent-strong, --accent-soft and their --accent-dark-*
// twins on :root, for every page's head.
std::string accent_style_html(const AccentShades& shades);

}  // namespace sitegen
