// Sibling keys rather than inline tables ({en = "...", zh = "..."}): a field keeps its
// one type, so a site gains a language without rewriting a line it has, and an editor
// shows each translation on its own line, next to the text it translates.
#include "load/translate.h"

#include <algorithm>

namespace sitegen {

namespace {

// The fields that hold words for a reader; the others (URLs, dates, ids) are the same in
// every language and never reported as untranslated.
constexpr std::string_view kTextKeys[] = {"title",   "description", "position", "affiliation",
                                          "address", "interests",   "text",     "what",
                                          "where",   "location",    "details",  "event"};

bool is_text_key(std::string_view key) {
  return std::find(std::begin(kTextKeys), std::end(kTextKeys), key) != std::end(kTextKeys);
}

// The language of a sibling key ("title_zh-Hant" -> "zh-Hant"), or "".
std::string_view key_language(std::string_view key, const std::vector<std::string>& languages,
                              std::string_view* base) {
  for (const std::string& l : languages)
    if (key.size() > l.size() + 1 && key.ends_with(l) && key[key.size() - l.size() - 1] == '_') {
      *base = key.substr(0, key.size() - l.size() - 1);
      return l;
    }
  return {};
}

void localize(TomlNode& node, const std::vector<std::string>& languages, const std::string& lang,
              std::vector<Untranslated>* missing) {
  if (node.kind == TomlNode::Kind::kArray) {
    for (TomlNode& item : node.items) localize(item, languages, lang, missing);
    return;
  }
  if (node.kind != TomlNode::Kind::kTable) return;
  auto& fields = node.fields;
  std::vector<std::string> translated;
  for (auto& [key, value] : fields) {
    std::string_view base;
    if (key_language(key, languages, &base) != lang) continue;
    auto it =
        std::find_if(fields.begin(), fields.end(), [&](const auto& f) { return f.first == base; });
    translated.emplace_back(base);
    if (it != fields.end()) it->second = value;
  }
  // A value in the language without a default one: it is the field's value here.
  for (auto& [key, value] : fields) {
    std::string_view base;
    if (key_language(key, languages, &base) != lang) continue;
    if (std::none_of(fields.begin(), fields.end(), [&](const auto& f) { return f.first == base; }))
      key = std::string(base);
  }
  std::erase_if(fields, [&](const auto& f) {
    std::string_view base;
    return !key_language(f.first, languages, &base).empty();
  });
  for (auto& [key, value] : fields) {
    if (missing && value.kind != TomlNode::Kind::kTable && is_text_key(key) &&
        std::find(translated.begin(), translated.end(), key) == translated.end())
      missing->push_back({value.key_loc, "`" + key + "`"});
    localize(value, languages, lang, missing);
  }
}

}  // namespace

void localize_toml(TomlNode& root, const std::vector<std::string>& languages,
                   const std::string& lang, std::vector<Untranslated>* missing) {
  if (languages.size() < 2) return;
  localize(root, languages, lang, missing);
}

std::string translated_path(std::string_view rel, std::string_view lang) {
  size_t dot = rel.rfind('.');
  return std::string(rel.substr(0, dot)) + "." + std::string(lang) +
         std::string(rel.substr(dot == std::string_view::npos ? rel.size() : dot));
}

bool is_translation(std::string_view rel, const std::vector<std::string>& languages) {
  if (!rel.ends_with(".md")) return false;
  std::string_view stem = rel.substr(0, rel.size() - 3);
  for (const std::string& l : languages)
    if (stem.size() > l.size() + 1 && stem.ends_with(l) && stem[stem.size() - l.size() - 1] == '.')
      return true;
  return false;
}

}  // namespace sitegen
