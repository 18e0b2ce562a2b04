// site.toml's [style]: the accent colour, read and checked for its spelling here (its
// contrast with the theme's backgrounds is checked when the theme is known,
// site_build/accent.h), and the fonts: the theme's, the system's or a family under static/.
#include <algorithm>
#include <cctype>

#include "load/load.h"
#include "model/colour.h"
#include "text/url_scheme.h"

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

// The font formats a browser reads, by file extension.
bool font_extension(const std::string& rel) {
  size_t dot = rel.rfind('.');
  if (dot == std::string::npos) return false;
  std::string ext = rel.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == "woff2" || ext == "woff" || ext == "ttf" || ext == "otf";
}

// "400" or "100 900": CSS font-weight numbers from 1 to 1000, a range for a variable font.
bool font_weight(const std::string& text) {
  int numbers = 0;
  size_t i = 0;
  while (i < text.size()) {
    size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i == start || i - start > 4) return false;
    int n = std::stoi(text.substr(start, i - start));
    if (n < 1 || n > 1000) return false;
    if (++numbers > 2) return false;
    if (i < text.size() && (text[i] != ' ' || i + 1 == text.size())) return false;
    if (i < text.size()) ++i;
  }
  return numbers > 0;
}

void load_font(const Source& source, const TomlNode& table, StyleSettings& style,
               Diagnostics& diags) {
  TableReader r(table, "[style.font]", diags);
  std::string family;
  if (r.string("family", &family, true)) {
    if (family.empty() || family.find_first_of("\"\\<>{};\n\r\t") != std::string::npos)
      diags.error(r.find("family")->loc,
                  "`family` must be a font's name such as \"Inter\", without quotes, "
                  "backslashes or any of `<>{};`");
    else
      style.font_family = family;
  }
  std::vector<std::string> files;
  if (r.string_array("files", &files, true)) {
    const TomlNode* node = r.find("files");
    if (files.empty())
      diags.error(node->loc, "`files` lists no font file: name at least one under static/");
    for (size_t i = 0; i < files.size(); ++i) {
      const std::string& rel = files[i];
      const NodeLoc& loc = node->items[i].loc;
      if (!font_extension(rel))
        diags.error(loc, "font file `" + rel +
                             "` is not a web font: expected a .woff2, .woff, .ttf or .otf file");
      else if (is_external_url(rel) || rel.starts_with("/") || rel.find("..") != std::string::npos)
        diags.error(loc, "font file `" + rel +
                             "` must be a path under static/, such as \"fonts/inter.woff2\": "
                             "the site serves its fonts itself");
      else if (!source.exists("static/" + rel))
        diags.error(loc, "font file `" + rel + "` does not exist: expected the file at " +
                             source.display("static/" + rel));
      else
        style.font_files.push_back(rel);
    }
  }
  std::string weight;
  if (r.string("weight", &weight)) {
    if (font_weight(weight))
      style.font_weight = weight;
    else
      diags.error(r.find("weight")->loc,
                  "`weight` must be a CSS font weight such as \"400\", or a range such as "
                  "\"100 900\" for a variable font, not `" +
                      weight + "`");
  }
  r.finish();
  if (style.font_family.empty() || style.font_files.empty()) {
    style.font_family.clear();
    style.font_files.clear();
  }
}

// head = "snippets/head.html": the file's text, read from the content folder; a path
// that is not there is an error at the key.
void read_snippet(const Source& source, TableReader& r, std::string_view key, std::string* out) {
  std::string rel;
  if (!r.string(key, &rel)) return;
  const NodeLoc& loc = r.find(key)->loc;
  std::string example = "\"snippets/" + std::string(key) + ".html\"";
  if (rel.empty() || is_external_url(rel) || rel.starts_with("/") ||
      rel.find("..") != std::string::npos) {
    r.diags().error(loc, "`" + std::string(key) +
                             "` must be a path to an HTML file in the content folder, such as " +
                             example + ", not `" + rel + "`");
    return;
  }
  std::string err;
  if (!source.exists(rel)) {
    r.diags().error(loc, "`" + std::string(key) + "` names `" + rel +
                             "`, which does not exist: expected the file at " +
                             source.display(rel));
    return;
  }
  if (!source.inside(rel, &err)) {
    r.diags().error(loc, "`" + std::string(key) + "` names `" + rel + "`: " + err);
    return;
  }
  std::optional<std::string> text = source.read(rel, &err);
  if (!text) {
    r.diags().error(loc, "cannot read " + source.display(rel) + ": " + err);
    return;
  }
  *out = std::move(*text);
}

}  // namespace

void load_style(const Source& source, const TomlNode& table, StyleSettings& style,
                Diagnostics& diags) {
  TableReader r(table, "[style]", diags);
  read_colour(r, "accent", &style.accent, &style.accent_loc);
  read_colour(r, "accent_dark", &style.accent_dark, &style.accent_dark_loc);
  if (!style.accent_dark.empty() && !r.find("accent"))
    diags.error(r.find("accent_dark")->key_loc,
                "`accent_dark` is the dark-mode shade of `accent`: set `accent` too");
  std::string fonts;
  if (r.string("fonts", &fonts)) {
    static const std::vector<std::string_view> kFonts = {"bundled", "system"};
    if (fonts == "system")
      style.system_fonts = true;
    else if (fonts != "bundled")
      diags.error(r.find("fonts")->loc, "unknown `fonts` value `" + fonts +
                                            "`: expected \"bundled\" (the theme's fonts) or "
                                            "\"system\" (the reader's)" +
                                            did_you_mean(fonts, kFonts));
  }
  if (const TomlNode* font = r.table("font")) load_font(source, *font, style, diags);
  std::string layout;
  if (r.string("home_layout", &layout)) {
    static const std::vector<std::string_view> kLayouts = {"beside", "above"};
    if (layout == "above")
      style.home_above = true;
    else if (layout != "beside")
      diags.error(r.find("home_layout")->loc,
                  "unknown `home_layout` value `" + layout +
                      "`: expected \"beside\" (the profile beside the text) or \"above\" (the "
                      "profile above it)" +
                      did_you_mean(layout, kLayouts));
  }
  std::vector<std::string> sections;
  if (r.string_array("home", &sections)) {
    const TomlNode* node = r.find("home");
    std::vector<std::string_view> known(std::begin(kHomeSections), std::end(kHomeSections));
    style.home_sections.clear();  // `home = []`: the profile alone
    std::string list;
    for (size_t i = 0; i < known.size(); ++i)
      list += (i == 0                  ? ""
               : i + 1 == known.size() ? " or "
                                       : ", ") +
              ("\"" + std::string(known[i]) + "\"");
    for (size_t i = 0; i < sections.size(); ++i) {
      const std::string& name = sections[i];
      if (std::find(known.begin(), known.end(), name) == known.end())
        diags.error(node->items[i].loc, "unknown home page section `" + name + "`: expected " +
                                            list + did_you_mean(name, known));
      else if (std::find(sections.begin(), sections.begin() + i, name) != sections.begin() + i)
        diags.error(node->items[i].loc,
                    "home page section `" + name + "` is listed twice: a section shows once");
      else
        style.home_sections.push_back(name);
    }
  }
  read_snippet(source, r, "head", &style.head_html);
  read_snippet(source, r, "footer", &style.footer_html);
  r.finish();
}

}  // namespace sitegen
