// Sibling keys rather than inline tables ({en = "...", zh = "..."}): a field keeps its
// one type, so a site gains a language without rewriting a line it has, and an editor
// shows each translation on its own line, next to the text it translates.
#include "load/translate.h"

#include <algorithm>

#include "text/utf8.h"

namespace sitegen {

namespace {

constexpr std::string_view kTranslatedKeys[] = {"title", "description", "position", "interests",
                                                "text",  "what",        "details"};

// Whether a reader of `file` in another language expects the field `key` translated.
// Words are (a position, a CV entry, a news item); names and places are not (`where`,
// `event`, `location`, `affiliation`, `address`: a university, a venue, a city), nor is a
// talk's title, which is the title it was given under, as a paper's is. URLs, dates and
// ids are the same in every language. Every field may still be translated.
bool asks_translation(std::string_view file, std::string_view key) {
  if (key == "title") return file != "talks.toml";
  return std::find(std::begin(kTranslatedKeys), std::end(kTranslatedKeys), key) !=
         std::end(kTranslatedKeys);
}

// A value without a word (`PLDI '26`, `2024`, `ACM TOPLAS`): a lower-case letter, or a
// letter of a script without case, makes a word.
bool has_words(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    char32_t c = decode_utf8(text, i);
    if (c >= 'a' && c <= 'z') return true;
    if (c < 0xC0 || (c >= 0xC0 && c <= 0xDE) || c == 0xF7) continue;  // ASCII, Latin-1 capitals
    bool symbol = (c >= 0x2000 && c <= 0x2BFF) || (c >= 0x3000 && c <= 0x303F) ||
                  (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF20) ||
                  (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65) || c >= 0x1F000;
    if (!symbol) return true;
  }
  return false;
}

// The text(s) a field holds: a string, or the strings of an array.
std::vector<std::string> texts_of(const TomlNode& value) {
  std::vector<std::string> texts;
  if (value.kind == TomlNode::Kind::kString) texts.push_back(value.str);
  for (const TomlNode& item : value.items)
    if (item.kind == TomlNode::Kind::kString) texts.push_back(item.str);
  return texts;
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
              std::string_view file, std::vector<Untranslated>* missing) {
  if (node.kind == TomlNode::Kind::kArray) {
    for (TomlNode& item : node.items) localize(item, languages, lang, file, missing);
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
    if (missing && value.kind != TomlNode::Kind::kTable && asks_translation(file, key) &&
        std::find(translated.begin(), translated.end(), key) == translated.end()) {
      std::vector<std::string> texts = texts_of(value);
      if (std::any_of(texts.begin(), texts.end(),
                      [](const std::string& t) { return has_words(t); }))
        missing->push_back({value.key_loc, "`" + key + "`", key, std::move(texts)});
    }
    localize(value, languages, lang, file, missing);
  }
}

}  // namespace

void localize_toml(TomlNode& root, const std::vector<std::string>& languages,
                   const std::string& lang, std::string_view file,
                   std::vector<Untranslated>* missing) {
  if (languages.size() < 2) return;
  localize(root, languages, lang, file, missing);
}

const std::vector<std::string_view>& translated_fields() {
  static const std::vector<std::string_view> kFields(std::begin(kTranslatedKeys),
                                                     std::end(kTranslatedKeys));
  return kFields;
}

void drop_same_in_all_languages(Site& site, const std::string& site_toml) {
  const SameInAllLanguages& same = site.same_in_all_languages;
  auto listed = [](const std::vector<std::string>& list, const std::string& s) {
    return std::find(list.begin(), list.end(), s) != list.end();
  };
  std::erase_if(site.untranslated, [&](const Untranslated& u) {
    if (u.key.empty()) return false;  // a Markdown file
    if (listed(same.fields, u.key)) return true;
    // The site's title when it is the owner's name.
    if (u.key == "title" && u.loc.path == site_toml && u.texts.size() == 1 &&
        (u.texts[0] == site.person.name || u.texts[0] == site.group.name))
      return true;
    return !u.texts.empty() && std::all_of(u.texts.begin(), u.texts.end(),
                                           [&](const auto& t) { return listed(same.texts, t); });
  });
}

std::string translated_path(std::string_view rel, std::string_view lang) {
  size_t dot = rel.rfind('.');
  return std::string(rel.substr(0, dot)) + "." + std::string(lang) +
         std::string(rel.substr(dot == std::string_view::npos ? rel.size() : dot));
}

std::string_view translation_suffix(std::string_view rel) {
  if (!rel.ends_with(".md")) return {};
  std::string_view stem = rel.substr(0, rel.size() - 3);
  size_t dot = stem.rfind('.');
  size_t slash = stem.rfind('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash) ||
      dot == 0 || stem[dot - 1] == '/')
    return {};
  return stem.substr(dot + 1);
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
