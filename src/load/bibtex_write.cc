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
// With `ligatures`, `--` stays a dash (a page range); else its hyphens are kept apart.
std::string escape(std::string_view s, bool ligatures = false) {
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
        out += c;
        if (!ligatures && i + 1 < s.size() && s[i + 1] == c) out += "{}";
        break;
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

// The length of the punctuation that `s` starts with (`back`: ends with): ASCII other
// than letters, digits and `$`, and curly quotes. It stays outside a word's braces.
size_t punctuation(std::string_view s, bool back) {
  static constexpr std::string_view kQuotes[] = {"“", "”", "‘", "’"};
  size_t n = 0;
  while (n < s.size()) {
    std::string_view rest = back ? s.substr(0, s.size() - n) : s.substr(n);
    char c = back ? rest.back() : rest.front();
    if (static_cast<unsigned char>(c) < 0x80) {
      if (is_alnum(c) || c == '$') break;
      ++n;
      continue;
    }
    size_t q = 0;
    for (std::string_view quote : kQuotes)
      if (back ? rest.ends_with(quote) : rest.starts_with(quote)) q = quote.size();
    if (q == 0) break;
    n += q;
  }
  return n;
}

// A title with each word that has a capital after its first letter braced (`{GPU}`,
// `{PyTorch}`, `{Non-Intrusive}`) so that styles keep its case. The braces hold the
// word alone: punctuation around it stays outside (`{Long-Tail}:`, `({GPU})`).
std::string escape_title(std::string_view s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] == ' ') {
      out += ' ';
      ++i;
      continue;
    }
    size_t end = s.find(' ', i);
    if (end == std::string_view::npos) end = s.size();
    std::string_view token = s.substr(i, end - i);
    size_t lead = punctuation(token, false);
    size_t trail = lead == token.size() ? 0 : punctuation(token, true);
    std::string_view word = token.substr(lead, token.size() - lead - trail);
    bool protect = false;
    for (size_t k = 0; k < word.size(); ++k) {
      if (word[k] == '$') {
        if (size_t n = math_span(word, k)) {
          k += n - 1;
          continue;
        }
      }
      if (k > 0 && is_upper(word[k])) protect = true;
    }
    out += escape(token.substr(0, lead));
    out += protect ? "{" + escape(word) + "}" : escape(word);
    out += escape(token.substr(lead + word.size()));
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
    if (a.corporate || (n.jr.empty() && a.name.find(',') != std::string::npos)) {
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

std::string page_range(std::string_view pages) {
  std::string out(pages);
  for (size_t at; (at = out.find("--")) != std::string::npos;) out.replace(at, 2, "–");
  return out;
}

std::string bibtex_entry_type(const Publication& p) {
  return p.bibtex_type.empty() ? default_bibtex_type(p) : p.bibtex_type;
}

std::string default_bibtex_type(const Publication& p) {
  // Only an eprint makes a @misc a preprint; without one, a preprint is @unpublished.
  if (p.type == PublicationType::kPreprint && p.arxiv.empty()) return "unpublished";
  return std::string(info(p.type).bibtex_type);
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
  add("series", p.series);
  add("school", p.school.empty() && std::string_view(vfield) == "school" ? venue : p.school);
  add("institution", p.institution);
  add("publisher", p.publisher);
  add("address", p.address);
  add("volume", p.volume);
  add("number", p.number);
  // A range's en dash is BibTeX's `--`, which reads back as the en dash.
  std::string pages = escape(p.pages, /*ligatures=*/true);
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
