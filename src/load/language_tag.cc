// RFC 5646, section 2.1: langtag = language ["-" script] ["-" region] *("-" variant)
// *("-" extension) ["-" privateuse], or a private-use tag "x-...". Case does not matter.
#include "load/language_tag.h"

#include <vector>

#include "text/ascii.h"
#include "text/strings.h"

namespace sitegen {

namespace {

bool all_of(std::string_view s, bool (*pred)(char)) {
  for (char c : s)
    if (!pred(c)) return false;
  return true;
}
bool alpha(char c) {
  return is_alpha(c);
}
bool digit(char c) {
  return is_digit(c);
}
bool alnum(char c) {
  return is_alpha(c) || is_digit(c);
}

std::vector<std::string_view> subtags_of(std::string_view tag) {
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    size_t dash = tag.find('-', start);
    parts.push_back(tag.substr(start, dash == std::string_view::npos ? dash : dash - start));
    if (dash == std::string_view::npos) return parts;
    start = dash + 1;
  }
}

// Names of languages in English and in themselves, for the hint.
struct LanguageName {
  std::string_view name;
  std::string_view tag;
};
constexpr LanguageName kNames[] = {
    {"english", "en"},       {"german", "de"},     {"deutsch", "de"},   {"french", "fr"},
    {"français", "fr"},      {"francais", "fr"},   {"spanish", "es"},   {"español", "es"},
    {"espanol", "es"},       {"portuguese", "pt"}, {"português", "pt"}, {"portugues", "pt"},
    {"italian", "it"},       {"italiano", "it"},   {"dutch", "nl"},     {"nederlands", "nl"},
    {"chinese", "zh"},       {"mandarin", "zh"},   {"中文", "zh"},      {"简体中文", "zh"},
    {"繁體中文", "zh-Hant"}, {"japanese", "ja"},   {"日本語", "ja"},    {"korean", "ko"},
    {"한국어", "ko"},        {"russian", "ru"},    {"русский", "ru"},   {"polish", "pl"},
    {"polski", "pl"},        {"swedish", "sv"},    {"svenska", "sv"},   {"danish", "da"},
    {"dansk", "da"},         {"norwegian", "nb"},  {"norsk", "nb"},     {"finnish", "fi"},
    {"suomi", "fi"},         {"czech", "cs"},      {"čeština", "cs"},   {"greek", "el"},
    {"turkish", "tr"},       {"türkçe", "tr"},     {"arabic", "ar"},    {"hebrew", "he"},
    {"hindi", "hi"},         {"persian", "fa"},    {"farsi", "fa"},     {"ukrainian", "uk"},
    {"vietnamese", "vi"},    {"tiếng việt", "vi"}, {"thai", "th"},      {"indonesian", "id"},
    {"catalan", "ca"},       {"català", "ca"},     {"romanian", "ro"},  {"hungarian", "hu"},
};

}  // namespace

bool is_language_tag(std::string_view tag) {
  std::vector<std::string_view> parts = subtags_of(tag);
  for (std::string_view p : parts)
    if (p.empty() || p.size() > 8 || !all_of(p, alnum)) return false;
  size_t i = 0;
  auto at = [&](size_t k) { return k < parts.size() ? parts[k] : std::string_view(); };
  auto is_x = [](std::string_view p) { return p.size() == 1 && to_lower(p[0]) == 'x'; };
  auto private_use = [&](size_t from) { return is_x(at(from)) && from + 1 < parts.size(); };
  if (is_x(at(0))) return private_use(0);
  if (at(0).size() < 2 || at(0).size() > 3 || !all_of(at(0), alpha)) return false;
  ++i;
  for (int extlang = 0; extlang < 3 && at(i).size() == 3 && all_of(at(i), alpha); ++extlang) ++i;
  if (at(i).size() == 4 && all_of(at(i), alpha)) ++i;  // script
  if ((at(i).size() == 2 && all_of(at(i), alpha)) || (at(i).size() == 3 && all_of(at(i), digit)))
    ++i;                                                                         // region
  while ((at(i).size() >= 5) || (at(i).size() == 4 && is_digit(at(i)[0]))) ++i;  // variants
  while (i < parts.size() && at(i).size() == 1 && !is_x(at(i))) {                // extensions
    size_t first = ++i;
    while (i < parts.size() && at(i).size() >= 2) ++i;
    if (i == first) return false;
  }
  if (i < parts.size() && is_x(at(i))) {
    if (!private_use(i)) return false;
    i = parts.size();
  }
  return i == parts.size();
}

std::string language_tag_for(std::string_view value) {
  std::string lower = ascii_lower(trim(value));
  for (const LanguageName& n : kNames)
    if (lower == n.name) return std::string(n.tag);
  // en_US, zh_CN: POSIX locales write an underscore.
  std::string dashed = std::string(trim(value));
  for (char& c : dashed)
    if (c == '_') c = '-';
  return dashed != value && is_language_tag(dashed) ? dashed : "";
}

bool is_two_letter_language_tag(std::string_view tag) {
  // ISO 639-1, in alphabetical order.
  static constexpr std::string_view kCodes =
      "aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu "
      "cv cy da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi "
      "ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks "
      "ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl "
      "nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl "
      "sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve "
      "vi vo wa wo xh yi yo za zh zu";
  if (!is_language_tag(tag) || (tag.size() > 2 && tag[2] != '-')) return false;
  std::string code = ascii_lower(tag.substr(0, 2));
  for (size_t i = 0; i < kCodes.size(); i += 3)
    if (kCodes.substr(i, 2) == code) return true;
  return false;
}

std::string_view section_named(std::string_view name) {
  struct Section {
    std::string_view folder, what;
  };
  static constexpr Section kSections[] = {{"publications", "the publication list"},
                                          {"news", "the news page"},
                                          {"talks", "the talks page"},
                                          {"cv", "the CV"},
                                          {"people", "the group's people pages"},
                                          {"assets", "the theme's stylesheet and icons"}};
  for (const Section& s : kSections)
    if (iequals(name, s.folder)) return s.what;
  return "";
}

}  // namespace sitegen
