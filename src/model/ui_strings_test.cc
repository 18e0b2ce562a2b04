#include "model/ui_strings.h"

#include <doctest/doctest.h>

#include <algorithm>

#include "toml/toml_reader.h"

namespace sitegen {

namespace {

// Every key of an i18n file, in file order ("date.months" for the dates).
std::vector<std::string> ui_string_keys(std::string_view text) {
  std::vector<std::string> keys;
  Diagnostics diags;
  std::optional<TomlNode> root = parse_toml(text, "i18n", diags);
  if (!root) return keys;
  for (const auto& [key, value] : root->fields) {
    if (value.kind != TomlNode::Kind::kTable) {
      keys.push_back(key);
      continue;
    }
    for (const auto& [sub, _] : value.fields) keys.push_back(key + "." + sub);
  }
  return keys;
}

}  // namespace

TEST_CASE("ui strings: every built-in language has every key of the English file") {
  std::vector<std::string> english = ui_string_keys(embedded_i18n_files().at("en.toml"));
  REQUIRE(english.size() > 60);
  for (const char* lang : {"zh", "zh-Hant", "ja", "ko", "de", "fr", "es", "pt"}) {
    CAPTURE(lang);
    auto file = embedded_i18n_files().find(std::string(lang) + ".toml");
    REQUIRE(file != embedded_i18n_files().end());
    std::vector<std::string> keys = ui_string_keys(file->second);
    for (const std::string& key : english) {
      CAPTURE(key);
      CHECK(std::find(keys.begin(), keys.end(), key) != keys.end());
    }
    for (const std::string& key : keys) {
      CAPTURE(key);
      CHECK(std::find(english.begin(), english.end(), key) != english.end());
    }
    Diagnostics diags;
    UiStrings ui = builtin_ui_strings("en");
    add_ui_strings(std::string(file->second), std::string(lang) + ".toml", ui, diags);
    CHECK(diags.format_all() == "");
  }
}

TEST_CASE("ui strings: language tags find their file") {
  CHECK(builtin_language("zh") == "zh");
  CHECK(builtin_language("zh-Hans") == "zh");
  CHECK(builtin_language("zh-CN") == "zh");
  CHECK(builtin_language("zh-Hant") == "zh-Hant");
  CHECK(builtin_language("zh-TW") == "zh-Hant");
  CHECK(builtin_language("zh-Hant-HK") == "zh-Hant");
  CHECK(builtin_language("pt-BR") == "pt");
  CHECK(builtin_language("DE") == "de");
  CHECK(builtin_language("sv") == "");
  CHECK(builtin_ui_strings("sv").get("news") == "News");
}

TEST_CASE("ui strings: dates in each language, with the precision given") {
  Date y{2024, 0, 0}, ym{2024, 2, 0}, ymd{2024, 2, 18}, jan{2024, 1, 0}, apr{2024, 4, 0};
  Date present{0, 0, 0, true};
  auto dates = [](const char* tag) { return builtin_ui_strings(tag).dates; };
  CHECK(format_date(ym, dates("en")) == "Feb 2024");
  CHECK(format_date(y, dates("zh")) == "2024年");
  CHECK(format_date(ym, dates("zh")) == "2024年2月");
  CHECK(format_date(ymd, dates("zh")) == "2024年2月18日");
  CHECK(format_range(jan, apr, dates("zh")) == "2024年1月 – 4月");
  CHECK(format_range(ym, present, dates("zh")) == "2024年2月 – 至今");
  CHECK(format_date(ymd, dates("ko")) == "2024년 2월 18일");
  CHECK(format_date(ym, dates("fr")) == "février 2024");
  CHECK(format_date(ymd, dates("fr")) == "18 février 2024");
  CHECK(format_date(ymd, dates("de")) == "18. Februar 2024");
  CHECK(format_date(ym, dates("es")) == "febrero de 2024");
  CHECK(format_range(jan, apr, dates("pt")) == "janeiro – abril de 2024");
  CHECK(format_date(y, dates("fr")) == "2024");
}

TEST_CASE("ui strings: a value's placeholders are filled, others kept") {
  UiStrings zh = builtin_ui_strings("zh");
  CHECK(zh.get("in_total", {{"n", "12"}}) == "共 12 篇");
  CHECK(fill("{a} and {b}", {{"a", "1"}}) == "1 and {b}");
  CHECK(fill("open {", {}) == "open {");
}

}  // namespace sitegen

namespace sitegen {

TEST_CASE("ui strings: a theme adds its own words, and the content changes any") {
  I18nFiles theme = {
      {"en.toml", {"themes/t/i18n/en.toml", "news = \"Updates\"\nteaching = \"Teaching\"\n"}},
      {"de.toml", {"themes/t/i18n/de.toml", "teaching = \"Lehre\"\n"}}};
  I18nFiles content = {
      {"zh.toml", {"content/i18n/zh.toml", "teaching = \"教学\"\nteachin = \"x\"\n"}}};
  Diagnostics diags;
  UiStrings zh = ui_strings_for("zh", theme, content, diags);
  CHECK(zh.get("news") == "新闻");  // the theme's English does not replace Chinese
  CHECK(zh.get("teaching") == "教学");
  UiStrings de = ui_strings_for("de", theme, {}, diags);
  CHECK(de.get("teaching") == "Lehre");
  UiStrings ja = ui_strings_for("ja", theme, {}, diags);
  CHECK(ja.get("teaching") == "Teaching");
  CHECK(ui_strings_for("en", theme, {}, diags).get("news") == "Updates");
  CHECK(diags.format_all() ==
        "content/i18n/zh.toml:2:1: warning: unknown key `teachin` in content/i18n/zh.toml: the "
        "i18n files' keys are those of the built-in en.toml (did you mean `teaching`?)\n"
        "  teachin = \"x\"\n"
        "  ^\n");
}

}  // namespace sitegen
