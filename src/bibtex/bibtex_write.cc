// Writes a Publication as a BibTeX entry (see bibtex_write.h). The output is
// deterministic: same model, same bytes.
#include "bibtex/bibtex_write.h"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "bibtex/citation_key.h"
#include "bibtex/names.h"
#include "text/tex_math.h"

namespace sitegen {
namespace {

bool is_upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || is_upper(c) || (c >= '0' && c <= '9');
}

// Whether BibTeX holds the TeX of a math span as it is: its braces balance as BibTeX
// counts them (a backslash does not escape a brace there), and no dollar in it would end
// the math early for a reader of the .bib (which closes math at the next unescaped `$`).
bool holds_as_is(std::string_view tex) {
  int depth = 0;
  for (size_t j = 0; j < tex.size(); ++j) {
    char c = tex[j];
    if (c == '\\' && j + 1 < tex.size() && tex[j + 1] != '{' && tex[j + 1] != '}') {
      ++j;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (--depth < 0) return false;
    } else if (c == '$') {
      return false;
    }
  }
  return depth == 0;
}

// Text with its math: the `$...$` that the page shows as math (the rule of
// text/tex_math.h) is written as it is, since math is valid BibTeX; the rest is
// escaped where LaTeX or BibTeX would read it otherwise.
class Escaper {
 public:
  // With `ligatures`, `--` stays a dash (a page range); else its hyphens are kept apart.
  explicit Escaper(std::string_view s, bool ligatures = false) : s_(s), ligatures_(ligatures) {
    if (s.find('$') == std::string_view::npos) return;
    split_math(
        s, [](std::string_view) {},
        [&](const MathSpan& m) {
          if (holds_as_is(s.substr(m.tex_start, m.tex_end - m.tex_start))) math_.push_back(m);
        });
  }

  // The math span that holds offset i, or nullptr.
  const MathSpan* math_at(size_t i) const {
    auto it = first_ending_after(i);
    return it != math_.end() && it->start <= i ? &*it : nullptr;
  }

  // s[from, to) escaped; `to` never cuts a math span.
  void append(std::string& out, size_t from, size_t to) const;
  std::string all() const {
    std::string out;
    out.reserve(s_.size() + 8);
    append(out, 0, s_.size());
    return out;
  }

 private:
  void append_text(std::string& out, size_t from, size_t to) const;
  std::vector<MathSpan>::const_iterator first_ending_after(size_t i) const {
    return std::upper_bound(math_.begin(), math_.end(), i,
                            [](size_t at, const MathSpan& m) { return at < m.end; });
  }
  std::string_view s_;
  bool ligatures_;
  std::vector<MathSpan> math_;  // in order
};

void Escaper::append(std::string& out, size_t from, size_t to) const {
  for (auto m = first_ending_after(from); m != math_.end() && m->start < to; ++m) {
    append_text(out, from, m->start);
    out.append(s_.substr(m->start, m->end - m->start));
    from = m->end;
  }
  append_text(out, from, to);
}

void Escaper::append_text(std::string& out, size_t from, size_t to) const {
  for (size_t i = from; i < to; ++i) {
    char c = s_[i];
    switch (c) {
      case '$':
        out += "\\$";
        break;
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
        if (!ligatures_ && i + 1 < to && s_[i + 1] == c) out += "{}";
        break;
      case '`':
      case '\'':  // `--`, ``` `` ``` and `''` are ligatures in BibTeX: keep them apart
        out += c;
        if (i + 1 < to && s_[i + 1] == c) out += "{}";
        break;
      case '\xC2':
        if (i + 1 < to && s_[i + 1] == '\xA0') {  // no-break space
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
}

std::string escape(std::string_view s, bool ligatures = false) {
  return Escaper(s, ligatures).all();
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
// word alone: punctuation around it stays outside (`{Long-Tail}:`, `({GPU})`). Math is
// one word, spaces and all, and its letters never ask for braces.
std::string escape_title(std::string_view s) {
  Escaper text(s);
  std::string out;
  out.reserve(s.size() + 16);
  size_t i = 0;
  while (i < s.size()) {
    if (s[i] == ' ') {
      out += ' ';
      ++i;
      continue;
    }
    size_t end = i;
    while (end < s.size() && s[end] != ' ') {
      const MathSpan* m = text.math_at(end);
      end = m ? m->end : end + 1;
    }
    std::string_view token = s.substr(i, end - i);
    size_t lead = punctuation(token, false);
    size_t trail = lead == token.size() ? 0 : punctuation(token, true);
    bool protect = false;
    for (size_t k = i + lead + 1; k < end - trail; ++k) {
      if (const MathSpan* m = text.math_at(k)) {
        k = m->end - 1;
        continue;
      }
      if (is_upper(s[k])) protect = true;
    }
    text.append(out, i, i + lead);
    if (protect) out += '{';
    text.append(out, i + lead, end - trail);
    if (protect) out += '}';
    text.append(out, end - trail, end);
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

// The field that holds the venue for an entry type (the table in publication_type.h).
const char* venue_field(const std::string& type) {
  const BibtexEntryTypeInfo* row = bibtex_entry_type_info(type);
  return row ? row->venue_field.data() : "howpublished";
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
  return citation_key(p);
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
