// Writes a Publication as a BibTeX entry (see bibtex_write.h). The output is
// deterministic: same model, same bytes.
#include "load/bibtex_write.h"

#include <string_view>
#include <utility>
#include <vector>

#include "load/names.h"

namespace sitegen {
namespace {

bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || is_upper(c) || (c >= '0' && c <= '9');
}

// The length of a `$...$` math span at i whose braces balance, or 0. Escaped braces
// count too: BibTeX's own brace matching does not know about backslashes.
size_t math_span(std::string_view s, size_t i) {
  int depth = 0;
  for (size_t j = i + 1; j < s.size(); ++j) {
    char c = s[j];
    if (c == '\\' && j + 1 < s.size() && s[j + 1] == '$') {
      ++j;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (--depth < 0) return 0;
    } else if (c == '$') {
      return depth == 0 && j > i + 1 ? j - i + 1 : 0;
    }
  }
  return 0;
}

// Text as the inside of a braced BibTeX value that decodes back to the same text.
std::string escape(std::string_view s) {
  std::string out;
  out.reserve(s.size() + 8);
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '$') {
      if (size_t n = math_span(s, i)) {
        out.append(s.substr(i, n));
        i += n - 1;
      } else {
        out += "\\$";
      }
      continue;
    }
    switch (c) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '{':
        out += "\\textbraceleft{}";
        break;
      case '}':
        out += "\\textbraceright{}";
        break;
      case '&':
        out += "\\&";
        break;
      case '%':
        out += "\\%";
        break;
      case '#':
        out += "\\#";
        break;
      case '_':
        out += "\\_";
        break;
      case '~':
        out += "\\textasciitilde{}";
        break;
      case '^':
        out += "\\textasciicircum{}";
        break;
      case '-':
      case '`':
      case '\'':  // `--`, ``` `` ``` and `''` are ligatures in BibTeX: keep them apart
        out += c;
        if (i + 1 < s.size() && s[i + 1] == c) out += "{}";
        break;
      case '\xC2':
        if (i + 1 < s.size() && s[i + 1] == '\xA0') {  // no-break space
          out += '~';
          ++i;
          break;
        }
        out += c;
        break;
      default:
        out += c;
    }
  }
  return out;
}

// A title with words that have capitals after their first character braced: `{GPU}`.
std::string escape_title(std::string_view s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] == ' ') {
      out += ' ';
      ++i;
      continue;
    }
    size_t end = i;
    bool protect = false;
    while (end < s.size() && s[end] != ' ') {
      if (s[end] == '$') {
        size_t n = math_span(s, end);
        if (n) {
          end += n;
          continue;
        }
      }
      if (end > i && is_upper(s[end])) protect = true;
      ++end;
    }
    std::string word = escape(s.substr(i, end - i));
    out += protect ? "{" + word + "}" : word;
    i = end;
  }
  return out;
}

// A name part as written inside `author`: braced when a comma or `and` would split it.
std::string name_part(const std::string& part) {
  std::string e = escape(part);
  bool split_risk = part.find(',') != std::string::npos;
  size_t pos = 0;
  while (!split_risk && (pos = part.find("and", pos)) != std::string::npos) {
    bool word_start = pos == 0 || part[pos - 1] == ' ';
    bool word_end = pos + 3 == part.size() || part[pos + 3] == ' ';
    split_risk = word_start && word_end;
    pos += 3;
  }
  return split_risk ? "{" + e + "}" : e;
}

std::string author_field(const Publication& p) {
  std::string out;
  for (const Author& a : p.authors) {
    NameParts n = split_display_name(a.name);
    if (n.jr.empty() && a.name.find(',') != std::string::npos) {  // `Barnes and Noble, Inc.`
      if (!out.empty()) out += " and ";
      out += "{" + escape(a.name) + "}";
      continue;
    }
    std::string name =
        n.von.empty() ? name_part(n.last) : name_part(n.von) + " " + name_part(n.last);
    if (!n.jr.empty()) name += ", " + name_part(n.jr) + ",";
    if (!n.first.empty()) name += (n.jr.empty() ? ", " : " ") + name_part(n.first);
    if (name.empty()) continue;
    if (!out.empty()) out += " and ";
    out += name;
  }
  if (p.et_al && !out.empty()) out += " and others";
  return out;
}

// The field that holds the venue for an entry type.
const char* venue_field(const std::string& type) {
  if (type == "article" || type == "periodical") return "journal";
  if (type == "inproceedings" || type == "conference" || type == "incollection" ||
      type == "inbook") {
    return "booktitle";
  }
  if (type == "phdthesis" || type == "mastersthesis" || type == "thesis") return "school";
  return "howpublished";
}

std::string ascii_lower_word(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (is_alnum(c)) out += static_cast<char>(is_upper(c) ? c - 'A' + 'a' : c);
    if (!out.empty() && c == ' ') break;
  }
  return out;
}

std::string clean_key(std::string_view key) {
  std::string out;
  for (char c : key) {
    out += (static_cast<unsigned char>(c) <= ' ' ||
            std::string_view(",{}()\"=#%'").find(c) != std::string_view::npos)
               ? '_'
               : c;
  }
  return out;
}

}  // namespace

std::string bibtex_entry_type(const Publication& p) {
  return p.bibtex_type.empty() ? std::string(info(p.type).bibtex_type) : p.bibtex_type;
}

std::string bibtex_key(const Publication& p) {
  if (!p.key.empty()) return clean_key(p.key);
  if (!p.slug.empty()) return clean_key(p.slug);
  std::string key;
  if (!p.authors.empty()) key = ascii_lower_word(split_display_name(p.authors[0].name).last);
  if (p.year > 0) key += std::to_string(p.year);
  static constexpr std::string_view kSkip[] = {"a", "an", "the", "on", "of", "in", "for", "to"};
  size_t start = 0;
  while (start < p.title.size()) {
    size_t end = p.title.find(' ', start);
    if (end == std::string::npos) end = p.title.size();
    std::string word = ascii_lower_word(std::string_view(p.title).substr(start, end - start));
    bool skip = word.empty();
    for (std::string_view s : kSkip) skip = skip || word == s;
    if (!skip) {
      key += word;
      break;
    }
    start = end + 1;
  }
  return key.empty() ? "entry" : key;
}

std::string to_bibtex(const Publication& p) {
  std::string type = bibtex_entry_type(p);
  std::string venue = p.venue_full.empty() ? p.venue : p.venue_full;
  const char* vfield = venue_field(type);
  std::vector<std::pair<std::string, std::string>> fields;  // name, value as written
  auto add = [&](const char* name, const std::string& text) {
    if (!text.empty()) fields.emplace_back(name, "{" + escape(text) + "}");
  };
  auto add_raw = [&](const char* name, std::string value) {
    std::erase_if(value, [](char c) { return c == '{' || c == '}'; });
    if (!value.empty()) fields.emplace_back(name, "{" + value + "}");
  };

  std::string authors = author_field(p);
  if (!authors.empty()) fields.emplace_back("author", "{" + authors + "}");
  if (!p.title.empty()) fields.emplace_back("title", "{" + escape_title(p.title) + "}");
  if (std::string_view(vfield) != "school") add(vfield, venue);
  add("school", p.school.empty() && std::string_view(vfield) == "school" ? venue : p.school);
  add("institution", p.institution);
  add("publisher", p.publisher);
  add("address", p.address);
  add("volume", p.volume);
  add("number", p.number);
  // Escaped first: escape() would keep the `--` of a range apart as a ligature.
  std::string pages = escape(p.pages);
  for (size_t at; (at = pages.find("–")) != std::string::npos;) pages.replace(at, 3, "--");
  if (!pages.empty()) fields.emplace_back("pages", "{" + pages + "}");
  add("isbn", p.isbn);
  if (p.year > 0) fields.emplace_back("year", "{" + std::to_string(p.year) + "}");
  static constexpr const char* kMonths[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                            "jul", "aug", "sep", "oct", "nov", "dec"};
  if (p.date.month >= 1 && p.date.month <= 12 && p.date.year == p.year) {
    fields.emplace_back("month", kMonths[p.date.month - 1]);
  }
  add_raw("doi", p.doi);
  add_raw("url", p.url);
  if (!p.arxiv.empty()) {
    add_raw("eprint", p.arxiv);
    fields.emplace_back("archivePrefix", "{arXiv}");
  }

  size_t width = 0;
  for (const auto& f : fields) width = std::max(width, f.first.size());
  std::string out = "@" + type + "{" + bibtex_key(p);
  for (const auto& [name, value] : fields) {
    out += ",\n  " + name + std::string(width - name.size(), ' ') + " = " + value;
  }
  out += "\n}\n";
  return out;
}

}  // namespace sitegen
