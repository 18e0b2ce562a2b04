// i18n files are read with the TOML reader, so their mistakes are reported like any
// content file's; the English file is the list of keys every other file may set.
#include "model/ui_strings.h"

#include <algorithm>

#include "text/strings.h"
#include "toml/toml_reader.h"

namespace sitegen {

namespace {

constexpr std::string_view kDatePatterns[] = {"year",    "month", "day",
                                              "present", "range", "same_year"};

std::string* date_pattern(DateFormat& f, std::string_view key) {
  if (key == "year") return &f.year;
  if (key == "month") return &f.month;
  if (key == "day") return &f.day;
  if (key == "present") return &f.present;
  if (key == "range") return &f.range;
  if (key == "same_year") return &f.same_year;
  return nullptr;
}

const std::string& english_file_text() {
  static const std::string text(embedded_i18n_files().at("en.toml"));
  return text;
}

const UiStrings& english() {
  static const UiStrings strings = [] {
    UiStrings s;
    s.file = "en";
    Diagnostics diags;
    add_ui_strings(english_file_text(), "i18n/en.toml", s, diags);
    return s;
  }();
  return strings;
}

void read_dates(const TomlNode& table, UiStrings& into, Diagnostics& diags) {
  for (const auto& [key, value] : table.fields) {
    if (key == "months") {
      std::vector<std::string> months;
      if (!read_strings(value, key, diags, &months, false)) continue;
      if (months.size() != 12) {
        diags.error(value.loc,
                    "`months` must name 12 months, not " + std::to_string(months.size()));
        continue;
      }
      std::copy(months.begin(), months.end(), into.dates.months.begin());
    } else if (std::string* pattern = date_pattern(into.dates, key)) {
      read_string(value, key, diags, pattern);
    } else {
      std::vector<std::string_view> known(std::begin(kDatePatterns), std::end(kDatePatterns));
      known.push_back("months");
      diags.warning(value.key_loc,
                    "unknown key `" + key + "` in [date]" + did_you_mean(key, known));
    }
  }
}

}  // namespace

const std::string& UiStrings::get(std::string_view key) const {
  auto it = text.find(key);
  if (it != text.end()) return it->second;
  const UiStrings& en = english();
  if (this != &en) return en.get(key);
  static const std::string kNone;
  return kNone;
}

std::string UiStrings::get(
    std::string_view key,
    std::initializer_list<std::pair<std::string_view, std::string>> values) const {
  return fill(get(key), values);
}

std::string builtin_language(std::string_view tag) {
  std::string t = ascii_lower(tag);
  std::string primary = t.substr(0, t.find('-'));
  if (primary == "zh") {
    for (std::string_view traditional : {"-hant", "-tw", "-hk", "-mo"})
      if (t.find(traditional) != std::string::npos) return "zh-Hant";
    return "zh";
  }
  if (embedded_i18n_files().count(primary + ".toml")) return primary;
  return "";
}

UiStrings builtin_ui_strings(std::string_view tag) {
  UiStrings s = english();
  s.file = builtin_language(tag);
  if (!s.file.empty() && s.file != "en") {
    Diagnostics diags;
    add_ui_strings(std::string(embedded_i18n_files().at(s.file + ".toml")),
                   "i18n/" + s.file + ".toml", s, diags);
  }
  return s;
}

void add_ui_strings(std::string text, const std::string& display, UiStrings& into,
                    Diagnostics& diags, bool new_keys) {
  std::optional<TomlNode> root = parse_toml(std::move(text), display, diags);
  if (!root) return;
  // The English file defines the keys; while it is read itself, every key is new.
  const UiStrings* en = new_keys || (into.file == "en" && into.text.empty()) ? nullptr : &english();
  // A key is known when English has it, or a theme's file added it.
  auto known = [&](const std::string& key) {
    return !en || en->text.count(key) || into.text.count(key);
  };
  auto warn_unknown = [&](const TomlNode& n, const std::string& key) {
    std::vector<std::string_view> keys;
    for (const auto& [k, _] : into.text) keys.push_back(k);
    diags.warning(n.key_loc, "unknown key `" + key + "` in " + display +
                                 ": the i18n files' keys are those of the built-in en.toml" +
                                 did_you_mean(key, keys));
  };
  for (const auto& [key, value] : root->fields) {
    if (key == "date" && value.kind == TomlNode::Kind::kTable) {
      read_dates(value, into, diags);
    } else if (value.kind == TomlNode::Kind::kTable) {
      for (const auto& [sub, v] : value.fields) {
        std::string full = key + "." + sub;
        if (!known(full)) {
          warn_unknown(v, full);
          continue;
        }
        read_string(v, sub, diags, &into.text[full]);
      }
    } else if (!known(key)) {
      warn_unknown(value, key);
    } else {
      read_string(value, key, diags, &into.text[key]);
    }
  }
}

std::vector<std::string> ui_file_names(std::string_view tag) {
  std::vector<std::string> names;
  std::string file = builtin_language(tag);
  if (!file.empty()) names.push_back(file + ".toml");
  std::string own = std::string(tag) + ".toml";
  if (names.empty() || own != names.front()) names.push_back(own);
  return names;
}

UiStrings ui_strings_for(std::string_view tag, const I18nFiles& theme, const I18nFiles& content,
                         Diagnostics& diags) {
  UiStrings ui = builtin_ui_strings(tag);
  // A theme's words for its own templates are keys of its own: its en.toml says them in
  // English, for every language without them.
  if (auto it = theme.find("en.toml"); it != theme.end() && ui.file != "en") {
    UiStrings english_words;
    english_words.file = "theme";
    add_ui_strings(it->second.second, it->second.first, english_words, diags, true);
    for (auto& [key, text] : english_words.text) ui.text.emplace(key, text);  // new keys only
  }
  for (const std::string& name : ui_file_names(tag))
    if (auto it = theme.find(name); it != theme.end())
      add_ui_strings(it->second.second, it->second.first, ui, diags, true);
  for (const std::string& name : ui_file_names(tag))
    if (auto it = content.find(name); it != content.end())
      add_ui_strings(it->second.second, it->second.first, ui, diags);
  return ui;
}

}  // namespace sitegen
