// Writes publications as publications.toml (see toml_write.h). Keys come in the order
// docs/content-format.md lists them, so an imported file reads like a hand-written one.
#include "import/toml_write.h"

#include <cstdio>

#include "base/date.h"
#include "bibtex/bibtex_write.h"
#include "import/safe_urls.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

// Lines longer than this put one array item per line.
constexpr size_t kMaxLine = 100;

bool is_control(unsigned char c) {
  return c < 0x20 || c == 0x7F;
}

enum class Into {
  kString,     // a basic string "...": every control character escaped
  kMultiline,  // a multi-line basic string """...""": newlines and tabs kept
  kComment,    // a `# ...` comment: no escapes there, so quotes and backslashes stay
};

// TOML is UTF-8 throughout and a comment ends at a newline: a byte that does not belong
// to a well-formed sequence becomes U+FFFD and a control character its escape (`\n`), so
// no value or comment can end early or make the file unreadable.
void escape_into(std::string& out, std::string_view s, Into into) {
  for (size_t i = 0; i < s.size(); ++i) {
    char ch = s[i];
    unsigned char c = static_cast<unsigned char>(ch);
    if (c >= 0x80) {
      size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      size_t bad = invalid_utf8_at(s.substr(i, len));
      if (i + len > s.size() || bad != std::string_view::npos) {
        out += into == Into::kComment ? "\xEF\xBF\xBD" : "\\uFFFD";
        continue;
      }
      out.append(s.substr(i, len));
      i += len - 1;
      continue;
    }
    bool comment = into == Into::kComment;
    switch (ch) {
      case '"':
        out += comment ? "\"" : "\\\"";
        break;
      case '\\':
        out += comment ? "\\" : "\\\\";
        break;
      case '\t':
        out += into == Into::kString ? "\\t" : "\t";
        break;
      case '\n':
        out += into == Into::kMultiline ? "\n" : "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (is_control(c)) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04X", c);
          out += buf;
        } else {
          out += ch;
        }
    }
  }
}

// A `# ...` line: `text` as a comment that stays one line.
std::string comment_line(std::string_view text) {
  if (text.empty()) return "#\n";
  std::string out = "# ";
  escape_into(out, text, Into::kComment);
  return out + "\n";
}

std::string string_array(std::string_view key, const std::vector<std::string>& items) {
  std::string inline_form = "[";
  for (size_t i = 0; i < items.size(); ++i) inline_form += (i ? ", " : "") + toml_string(items[i]);
  inline_form += "]";
  if (key.size() + 3 + inline_form.size() <= kMaxLine) return inline_form;
  std::string out = "[\n";
  for (const std::string& item : items) out += "  " + toml_string(item) + ",\n";
  return out + "]";
}

// Someone else's abstract or note needs `raw_html = false` to be read back as such: when
// it holds HTML (shown as text) or a link to a script URL (dropped, whatever site.toml's
// allow_javascript_urls says).
bool needs_others_mark(const std::string& s) {
  return s.find('<') != std::string::npos || has_unsafe_link(s);
}

class EntryWriter {
 public:
  explicit EntryWriter(std::string& out) : out_(out) {}
  void str(std::string_view key, const std::string& value, std::string_view comment = {}) {
    if (!value.empty()) raw(key, toml_string(value), comment);
  }
  void raw(std::string_view key, const std::string& literal, std::string_view comment = {}) {
    out_ += toml_key(key) + " = " + literal;
    out_ += comment.empty() ? "\n" : "  " + comment_line(comment);
  }

 private:
  std::string& out_;
};

void write_entry(std::string& out, const TomlEntry& entry) {
  const Publication& p = entry.pub;
  out += "\n[[publication]]";
  if (!p.loc.path.empty() && p.loc.line > 0)
    out += "  " + comment_line(p.loc.path + ":" + std::to_string(p.loc.line));
  else
    out += "\n";
  for (const std::string& c : entry.comments) out += comment_line(c);
  EntryWriter w(out);
  w.str("id", p.key);
  // Required keys: written even when empty, so the entry still loads (as it did from BibTeX).
  w.raw("title", toml_string(p.title), p.title.empty() ? "missing in the source" : "");
  std::vector<std::string> authors;
  for (const Author& a : p.authors) {
    // A group's name is braced unless its ` and ` already says so (docs/content-format.md).
    bool brace = a.corporate && a.name.find(" and ") == std::string::npos;
    authors.push_back((brace ? "{" + a.name + "}" : a.name) + a.markers);
  }
  if (p.et_al) authors.push_back("et al.");
  w.raw("authors", string_array("authors", authors),
        authors.empty() ? "missing in the source" : "");
  w.str("venue", p.venue);
  w.str("venue_full", p.venue_full);
  // `date` alone gives the year too; a year-only publication writes `year`.
  bool date_gives_year = !p.date.empty() && p.date.year == p.year;
  if (p.year && !date_gives_year) w.raw("year", std::to_string(p.year));
  if (!p.date.empty()) w.raw("date", toml_string(iso_date(p.date)));
  w.raw("type", toml_string(std::string(info(p.type).name)));
  if (p.status != PublicationStatus::kPublished)
    w.raw("status", toml_string(std::string(info(p.status).name)));
  if (p.selected) w.raw("selected", "true", "shown on the home page");
  if (p.awards.size() == 1) w.str("award", p.awards[0]);
  if (p.awards.size() > 1) w.raw("award", string_array("award", p.awards));
  if (p.abbr != p.venue) w.str("abbr", p.abbr);
  w.str("note", p.note);
  if (!p.tags.empty()) w.raw("tags", string_array("tags", p.tags));
  w.str("doi", p.doi);
  w.str("arxiv", p.arxiv);
  w.str("dblp", p.dblp);
  w.str("preview", p.preview);
  if ((!p.abstract_trusted && needs_others_mark(p.abstract)) ||
      (!p.note_trusted && needs_others_mark(p.note)))
    w.raw("raw_html", "false",
          "HTML in the abstract and note is shown as text, and script links dropped, as from "
          "BibTeX");
  if (!p.bibtex_type.empty() && p.bibtex_type != default_bibtex_type(p))
    w.raw("bibtex_type", toml_string(p.bibtex_type));
  w.str("publisher", p.publisher);
  w.str("volume", p.volume);
  w.str("number", p.number);
  w.str("pages", p.pages);
  w.str("address", p.address);
  w.str("school", p.school);
  w.str("institution", p.institution);
  w.str("isbn", p.isbn);
  w.str("series", p.series);
  w.str("url", p.url);
  if (!p.abstract.empty()) w.raw("abstract", toml_multiline(p.abstract));
  if (!p.links.empty()) {
    out += "[publication.links]\n";
    for (const Link& l : p.links) w.raw(l.label, toml_string(l.url));
  }
}

}  // namespace

std::string toml_string(std::string_view s) {
  std::string out = "\"";
  escape_into(out, s, Into::kString);
  return out + "\"";
}

std::string toml_multiline(std::string_view s) {
  bool literal = s.find("'''") == std::string_view::npos && (s.empty() || s.back() != '\'') &&
                 invalid_utf8_at(s) == std::string_view::npos;
  for (char c : s)
    if (is_control(static_cast<unsigned char>(c)) && c != '\n' && c != '\t') literal = false;
  if (literal) return "'''\n" + std::string(s) + "'''";
  std::string out = "\"\"\"\n";
  escape_into(out, s, Into::kMultiline);
  return out + "\"\"\"";
}

std::string toml_key(std::string_view key) {
  bool bare = !key.empty();
  for (char c : key)
    bare = bare && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-');
  return bare ? std::string(key) : toml_string(key);
}

std::string publications_to_toml(const std::vector<TomlEntry>& entries,
                                 const std::vector<std::string>& header) {
  std::string out;
  for (const std::string& h : header) out += comment_line(h);
  for (const TomlEntry& e : entries) write_entry(out, e);
  return out;
}

}  // namespace sitegen
