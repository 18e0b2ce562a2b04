// The words a theme shows and how dates are written, per language: i18n/<language>.toml
// files built into sitegen, extended by a theme's i18n/ folder and the content's.
#pragma once

#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/date.h"
#include "base/diag.h"

namespace sitegen {

struct UiStrings {
  std::string file;  // the built-in file the language uses: "zh", "zh-Hant"; "" for none
  // "news" -> "News"; a table's keys with its name: "type.conference", "links.pdf".
  std::map<std::string, std::string, std::less<>> text;
  DateFormat dates;

  // The text of `key`; the English one where this language has none.
  const std::string& get(std::string_view key) const;
  // The same with its {name}s filled in: get("in_total", {{"n", "12"}}) -> "12 in total".
  std::string get(std::string_view key,
                  std::initializer_list<std::pair<std::string_view, std::string>> values) const;
};

// The built-in file a language tag (BCP 47) uses: "zh", "zh-Hans", "zh-CN" -> "zh";
// "zh-Hant", "zh-TW", "zh-HK" -> "zh-Hant"; "pt-BR" -> "pt"; "" when there is none.
std::string builtin_language(std::string_view tag);
// The built-in strings of a language: English, overlaid by the language's own file.
UiStrings builtin_ui_strings(std::string_view tag);
// Overlays one i18n file on `into`. A key neither English nor `into` has is warned
// about, unless `new_keys` (a theme's file, which may add words for its templates).
void add_ui_strings(std::string text, const std::string& display, UiStrings& into,
                    Diagnostics& diags, bool new_keys = false);
// The names an i18n file for a language tag may have: "zh-CN" -> "zh.toml", "zh-CN.toml".
std::vector<std::string> ui_file_names(std::string_view tag);
// i18n files of a theme or a content folder: "zh.toml" -> {path shown in messages, text}.
using I18nFiles = std::map<std::string, std::pair<std::string, std::string>>;
// The strings of a language: built in, then the theme's en.toml and its file for the
// language, then the content's file.
UiStrings ui_strings_for(std::string_view tag, const I18nFiles& theme, const I18nFiles& content,
                         Diagnostics& diags);

// Built-in i18n files, generated from i18n/ at build time: "zh.toml" -> bytes.
const std::map<std::string, std::string_view>& embedded_i18n_files();

}  // namespace sitegen
