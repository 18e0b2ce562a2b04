// Themes: templates, partials and assets from the built-in set, a theme folder, or a
// path; single files overridden by content/layouts/. Partials are expanded into each
// template and the result compiled once here, so rendering never parses a template.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "base/diag.h"
#include "base/source.h"
#include "model/colour.h"
#include "model/model.h"
#include "theme/template.h"

namespace sitegen {

struct Theme {
  std::string name;
  std::string dir;  // the theme folder it was read from; "" for a built-in theme
  // Page kind ("home") -> its compiled template, partials expanded; "partials/pub" ->
  // that partial compiled on its own, for data_partial_html values.
  Templates templates;
  std::map<std::string, std::string> files;   // page kind -> its template's file, as shown
  std::map<std::string, std::string> assets;  // path under assets/ -> bytes
  // The theme's own words: i18n/zh.toml -> {path shown in messages, text}.
  I18nFiles i18n;
  // theme.toml's [accent]: the backgrounds the accent colour's text stands on, in the light
  // and the dark scheme; site.toml's accent must reach 4.5:1 against each.
  std::vector<Colour> light_backgrounds{Colour{255, 255, 255}};
  std::vector<Colour> dark_backgrounds{Colour{0, 0, 0}};
};

// The page templates every theme provides.
const std::vector<std::string>& theme_template_names();

// A theme named by path is a folder inside the content directory; a theme named by name
// is looked up in `themes_dir` (--theme-dir; may be empty), then in the content
// directory's themes/, then among the built-in ones. Every theme file is read through a
// Source, so none comes from outside those folders. With no name, the built-in default is used.
// When this reports an error the theme is incomplete, but `name` and `dir` say where it was sought.
Theme load_theme(const Site& site, const Source& content, const std::string& themes_dir,
                 Diagnostics& diags);

// Built-in theme files, generated from themes/ at build time: "scholar/home.mustache" -> bytes.
const std::map<std::string, std::string_view>& embedded_theme_files();

}  // namespace sitegen
