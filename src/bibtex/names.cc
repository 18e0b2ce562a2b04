// BibTeX name lists (see names.h). Splitting happens on the raw LaTeX, because
// braces decide what counts; each part is decoded to UTF-8 afterwards.
#include "bibtex/names.h"

#include <cstring>

#include "bibtex/latex.h"
#include "text/ascii.h"
#include "text/strings.h"
#include "text/utf8.h"

namespace sitegen {
namespace {

// 'l' lowercase, 'u' uppercase, 0 no case. Covers ASCII, Latin-1, Latin Extended-A,
// Greek and Cyrillic, which is where names with a von part live.
char code_point_case(char32_t cp) {
  if (cp < 0x80) {
    if (cp >= 'a' && cp <= 'z') return 'l';
    if (cp >= 'A' && cp <= 'Z') return 'u';
    return 0;
  }
  if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) return 'u';
  if (cp >= 0xDF && cp <= 0xFF && cp != 0xF7) return 'l';
  if (cp >= 0x100 && cp <= 0x17F) {
    if (cp == 0x138 || cp == 0x149 || cp == 0x17F) return 'l';
    if (cp == 0x178) return 'u';
    bool odd_upper = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
    return ((cp % 2 == 1) == odd_upper) ? 'u' : 'l';
  }
  if (cp >= 0x391 && cp <= 0x3A9) return 'u';
  if (cp >= 0x3B1 && cp <= 0x3C9) return 'l';
  if (cp >= 0x400 && cp <= 0x42F) return 'u';
  if (cp >= 0x430 && cp <= 0x45F) return 'l';
  return 0;
}

// Control words that are letters: their case is their own.
bool is_letter_command(std::string_view cs) {
  static constexpr const char* kLetters[] = {"i",  "j",  "o",  "O",  "l",  "L",  "ss", "SS",
                                             "aa", "AA", "ae", "AE", "oe", "OE", "dh", "DH",
                                             "th", "TH", "ng", "NG", "dj", "DJ"};
  for (const char* l : kLetters) {
    if (cs == l) return true;
  }
  return false;
}

// The case of a word as BibTeX judges it: its first letter at brace depth 0, where a
// group starting with a backslash (`{\'E}`) counts by the letter inside it and any
// other group (`{van}`, `{Barnes and Noble}`) has no case.
char word_case(std::string_view w) {
  int special = 0;          // depth inside groups whose letters count
  bool enter_next = false;  // an accent just ended: its braced argument counts
  for (size_t i = 0; i < w.size();) {
    char c = w[i];
    if (c == '{') {
      if (special > 0 || enter_next || (i + 1 < w.size() && w[i + 1] == '\\')) {
        ++special;
        ++i;
      } else {
        int depth = 0;
        for (; i < w.size(); ++i) {
          if (w[i] == '{') ++depth;
          if (w[i] == '}' && --depth == 0) break;
        }
        ++i;
      }
      enter_next = false;
      continue;
    }
    enter_next = false;
    if (c == '}') {
      if (special > 0) --special;
      ++i;
      continue;
    }
    if (c == '\\') {
      size_t j = i + 1;
      if (j < w.size() && is_alpha(w[j])) {
        while (j < w.size() && is_alpha(w[j])) ++j;
        std::string_view cs = w.substr(i + 1, j - i - 1);
        if (is_letter_command(cs)) return (cs[0] >= 'a' && cs[0] <= 'z') ? 'l' : 'u';
        enter_next = true;
      } else {
        j = std::min(j + 1, w.size());
        enter_next = true;
      }
      while (j < w.size() && is_space(w[j])) ++j;
      i = j;
      continue;
    }
    char32_t cp = decode_utf8(w, i);
    if (char k = code_point_case(cp)) return k;
  }
  return 0;
}

// Words of one comma-separated part, split at whitespace and ties at depth 0.
std::vector<std::string_view> split_words(std::string_view part) {
  std::vector<std::string_view> words;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i <= part.size(); ++i) {
    char c = i < part.size() ? part[i] : ' ';
    if (c == '{') ++depth;
    if (c == '}' && depth > 0) --depth;
    if (depth == 0 && (is_space(c) || c == '~')) {
      if (i > start) words.push_back(part.substr(start, i - start));
      start = i + 1;
    }
  }
  return words;
}

std::string join(const std::vector<std::string_view>& words, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to; ++i) {
    if (!out.empty()) out += ' ';
    out += words[i];
  }
  return out;
}

// Splits `von Last` words: von runs to the last lowercase word before the final word.
void split_von_last(const std::vector<std::string_view>& w, NameParts& p) {
  size_t von_end = 0;  // one past the last von word
  for (size_t i = 0; i + 1 < w.size(); ++i) {
    if (word_case(w[i]) == 'l') von_end = i + 1;
  }
  p.von = join(w, 0, von_end);
  p.last = join(w, von_end, w.size());
}

// Splits `First von Last` words: von starts at the first lowercase word before the last.
void split_first_von_last(const std::vector<std::string_view>& w, NameParts& p) {
  if (w.empty()) return;
  size_t von_begin = w.size() - 1;
  for (size_t i = 0; i + 1 < w.size(); ++i) {
    if (word_case(w[i]) == 'l') {
      von_begin = i;
      break;
    }
  }
  p.first = join(w, 0, von_begin);
  std::vector<std::string_view> rest(w.begin() + static_cast<long>(von_begin), w.end());
  split_von_last(rest, p);
}

// Marker symbols an author name may end with.
constexpr std::string_view kMarkerChars[] = {"*", "†", "‡", "§", "¶", "#", "⋆", "✉",
                                             "♠", "♣", "♥", "♦", "♮", "♯", "♭"};

// `$^{*}$`, `$^\dagger$`, `$\ast$`: the marker symbols it spells, or "" if it is not one.
std::string math_marker(std::string_view math) {
  static constexpr std::pair<const char*, const char*> kMath[] = {
      {"\\ast", "*"},         {"\\star", "⋆"},     {"\\dagger", "†"},
      {"\\dag", "†"},         {"\\ddagger", "‡"},  {"\\ddag", "‡"},
      {"\\S", "§"},           {"\\P", "¶"},        {"\\#", "#"},
      {"\\sharp", "♯"},       {"\\flat", "♭"},     {"\\natural", "♮"},
      {"\\spadesuit", "♠"},   {"\\clubsuit", "♣"}, {"\\heartsuit", "♥"},
      {"\\diamondsuit", "♦"}, {"*", "*"}};
  std::string out;
  size_t i = 0;
  while (i < math.size()) {
    char c = math[i];
    if (c == '^' || c == '{' || c == '}' || c == ',' || is_space(c)) {
      ++i;
      continue;
    }
    bool found = false;
    for (const auto& [tex, sym] : kMath) {
      size_t n = std::strlen(tex);
      if (math.compare(i, n, tex) == 0 &&
          !(n > 1 && i + n < math.size() && is_alpha(math[i + n]))) {
        out += sym;
        i += n;
        found = true;
        break;
      }
    }
    if (!found) return "";
  }
  return out;
}

// Moves trailing marker symbols of a decoded name part into *markers (in reading order).
void strip_markers(std::string& part, std::string* markers) {
  while (true) {
    while (!part.empty() && is_space(part.back())) part.pop_back();
    bool found = false;
    for (std::string_view m : kMarkerChars) {
      // The last byte first: most names end in a letter, which ends no marker.
      if (part.size() > m.size() && part.back() == m.back() && part.ends_with(m)) {
        markers->insert(0, m);
        part.resize(part.size() - m.size());
        found = true;
        break;
      }
    }
    if (!found && part.size() > 2 && part.back() == '$') {
      size_t open = part.rfind('$', part.size() - 2);
      if (open != std::string::npos && open > 0) {
        std::string sym =
            math_marker(std::string_view(part).substr(open + 1, part.size() - open - 2));
        if (!sym.empty()) {
          markers->insert(0, sym);
          part.resize(open);
          found = true;
        }
      }
    }
    if (!found) return;
  }
}

// `{Barnes and Noble}`: the whole text is one braced group.
bool is_one_group(std::string_view s) {
  if (s.size() < 2 || s.front() != '{' || s.back() != '}') return false;
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '{') ++depth;
    if (s[i] == '}' && --depth == 0) return i + 1 == s.size();
  }
  return false;
}

bool is_et_al(std::string_view name) {
  // The name without braces and with ties as spaces, compared without copying it.
  auto spells = [name](std::string_view word) {
    size_t k = 0;
    for (char c : name) {
      if (c == '{' || c == '}') continue;
      char l = c == '~' ? ' ' : (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
      if (k == word.size() || l != word[k++]) return false;
    }
    return k == word.size();
  };
  return spells("others") || spells("et al.") || spells("et al");
}

}  // namespace

std::vector<std::string_view> split_name_list(std::string_view list) {
  std::vector<std::string_view> names;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    char c = list[i];
    if (c == '{') ++depth;
    if (c == '}' && depth > 0) --depth;
    if (depth != 0 || !is_space(c)) continue;
    size_t j = i;
    while (j < list.size() && is_space(list[j])) ++j;
    if (j + 3 < list.size() && iequals(list.substr(j, 3), "and") && is_space(list[j + 3])) {
      std::string_view piece = trim(list.substr(start, i - start));
      if (!piece.empty()) names.push_back(piece);
      start = j + 3;
      i = j + 2;
    }
  }
  std::string_view piece = trim(list.substr(start));
  if (!piece.empty()) names.push_back(piece);
  return names;
}

NameParts split_name(std::string_view name) {
  std::vector<std::string_view> parts;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '{') ++depth;
    if (name[i] == '}' && depth > 0) --depth;
    if (depth == 0 && name[i] == ',') {
      parts.push_back(trim(name.substr(start, i - start)));
      start = i + 1;
    }
  }
  parts.push_back(trim(name.substr(start)));

  NameParts p;
  std::vector<std::string_view> w = split_words(parts[0]);
  if (parts.size() == 1) {
    split_first_von_last(w, p);
    return p;
  }
  split_von_last(w, p);
  if (parts.size() == 2) {
    p.first = join(split_words(parts[1]), 0, split_words(parts[1]).size());
  } else {
    std::vector<std::string_view> jr = split_words(parts[1]);
    p.jr = join(jr, 0, jr.size());
    std::string first;
    for (size_t i = 2; i < parts.size(); ++i) {  // more commas than BibTeX allows: keep them
      if (!first.empty()) first += ", ";
      std::vector<std::string_view> fw = split_words(parts[i]);
      first += join(fw, 0, fw.size());
    }
    p.first = first;
  }
  return p;
}

std::string display_name(const NameParts& parts) {
  std::string out;
  for (const std::string* s : {&parts.first, &parts.von, &parts.last}) {
    if (s->empty()) continue;
    if (!out.empty()) out += ' ';
    out += *s;
  }
  if (!parts.jr.empty()) {
    if (!out.empty()) out += ", ";
    out += parts.jr;
  }
  return out;
}

AuthorList parse_author_list(std::string_view list) {
  AuthorList result;
  for (std::string_view raw : split_name_list(list)) {
    if (is_et_al(raw)) {
      result.et_al = true;
      continue;
    }
    NameParts p = split_name(raw);
    Author author;
    author.corporate = p.first.empty() && p.von.empty() && p.jr.empty() && is_one_group(p.last);
    // Right to left, so markers keep their reading order.
    for (std::string* part : {&p.jr, &p.last, &p.von, &p.first}) {
      *part = latex_to_utf8(*part);
      strip_markers(*part, &author.markers);
    }
    author.name = display_name(p);
    if (author.name.empty()) continue;
    result.authors.push_back(std::move(author));
  }
  return result;
}

NameParts split_display_name(std::string_view display) {
  NameParts p;
  display = trim(display);
  size_t comma = display.rfind(',');
  if (comma != std::string_view::npos) {
    std::string_view after = trim(display.substr(comma + 1));
    static constexpr const char* kSuffixes[] = {"Jr", "Jr.", "Sr", "Sr.", "II", "III", "IV", "V"};
    bool suffix = false;
    for (const char* s : kSuffixes) suffix = suffix || after == s;
    if (suffix) {
      p.jr = after;
      display = trim(display.substr(0, comma));
    } else if (display.find(',') == comma) {  // already `Last, First`
      split_von_last(split_words(display.substr(0, comma)), p);
      p.first = after;
      return p;
    }
  }
  split_first_von_last(split_words(display), p);
  return p;
}

void mark_corporate(Author& a) {
  if (a.name.size() > 2 && is_one_group(a.name)) {
    a.name = std::string(trim(std::string_view(a.name).substr(1, a.name.size() - 2)));
    a.corporate = true;
  } else if (a.name.find(" and ") != std::string::npos) {
    a.corporate = true;
  }
}

std::string display_order(std::string_view name) {
  name = trim(name);
  if (name.find(',') == std::string_view::npos) return std::string(name);
  return display_name(split_display_name(name));
}

}  // namespace sitegen
