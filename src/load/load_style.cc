// site.toml's [style]: the accent colour, read and checked for its spelling here; its
// contrast with the theme's backgrounds is checked when the theme is known (site_build/accent.h).
#include "load/load.h"
#include "model/colour.h"

namespace sitegen {

namespace {

// Reads a colour key into "#rrggbb"; a value that is no colour is an error at its place.
void read_colour(TableReader& r, std::string_view key, std::string* out, SourceLoc* loc) {
  std::string text;
  if (!r.string(key, &text)) return;
  const TomlNode* node = r.find(key);
  std::optional<Colour> c = parse_colour(text);
  if (!c) {
    r.diags().error(node->loc, "`" + std::string(key) +
                                   "` must be a colour written `#rgb` or `#rrggbb`, such as "
                                   "\"#1a5fb4\", not `" +
                                   text + "`");
    return;
  }
  *out = colour_hex(*c);
  *loc = node->loc;
}

}  // namespace

void load_style(const TomlNode& table, StyleSettings& style, Diagnostics& diags) {
  TableReader r(table, "[style]", diags);
  read_colour(r, "accent", &style.accent, &style.accent_loc);
  read_colour(r, "accent_dark", &style.accent_dark, &style.accent_dark_loc);
  if (!style.accent_dark.empty() && !r.find("accent"))
    diags.error(r.find("accent_dark")->key_loc,
                "`accent_dark` is the dark-mode shade of `accent`: set `accent` too");
  r.finish();
}

}  // namespace sitegen
