// The BibTeX parser (see bibtex.h): a hand-written single pass over the text with
// byte offsets turned into line:col as it goes. The mapping is in bibtex_map.cc.
#include "bibtex/bibtex.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "text/ascii.h"
#include "text/strings.h"
#include "text/utf8.h"

namespace sitegen {
namespace {

// BibTeX identifiers (entry types, field and string names) and keys end at a space, a
// control byte or DEL; names also at `"#%'(),={}` and `@` (which starts the next entry),
// keys at `,{}()"=`.
constexpr ByteSet kNameEnd(" \x7F\"#%'(),={}@", true);
constexpr ByteSet kKeyEnd(" \x7F,{}()\"=", true);
// What ends a run of plain text inside a {braced} or "quoted" part.
constexpr ByteSet kDelimiter("{}\"\n");

bool is_name_char(char c) {
  return !kNameEnd(c);
}
bool is_key_char(char c) {
  return !kKeyEnd(c);
}

// What a value belongs to, for messages: "field `title`". Only put into words when there
// is a mistake, since the parser reads thousands of values.
struct What {
  std::string_view before, name, after;
  std::string_view entry = {};  // the key of the entry the value is in, if any
  std::string str() const { return std::string(before) + std::string(name) + std::string(after); }
};

// "Did you mean" compares with every candidate: only the first few misses get one, so a
// hostile file cannot make the reader quadratic.
constexpr int kMaxSuggestions = 20;

// Bounds on what a file can make: `@string`s that double each other reach gigabytes in a
// few lines, and braces nested without end are no text anyone writes. No BibTeX value
// comes near a megabyte, nor a file's expansions near 64 MB, nor braces near 100 levels.
constexpr size_t kMaxValueBytes = size_t{1} << 20;
constexpr size_t kMaxExpandedBytes = size_t{64} << 20;
constexpr int kMaxBraceDepth = 100;

// Line and column of byte offsets. The parser mostly moves forward, so the scan
// resumes where the last one stopped; going back (rare: errors) rescans.
class Locator {
 public:
  Locator(std::string_view text, const std::string& path) : text_(text), path_(path) {}
  SourceLoc at(size_t offset) {
    offset = std::min(offset, text_.size());
    if (offset < line_start_) line_start_ = scanned_ = 0, line_ = 1;
    while (scanned_ < offset) {
      const void* nl = std::memchr(text_.data() + scanned_, '\n', offset - scanned_);
      if (!nl) {
        scanned_ = offset;
        break;
      }
      line_start_ = scanned_ = static_cast<size_t>(static_cast<const char*>(nl) - text_.data()) + 1;
      ++line_;
    }
    size_t from = line_start_ == 0 ? byte_order_mark_size(text_) : line_start_;
    int col = 1 + static_cast<int>(utf8_length(text_.substr(from, offset - from)));
    return {path_, line_, col};
  }

 private:
  std::string_view text_;
  const std::string& path_;
  size_t line_start_ = 0, scanned_ = 0;
  int line_ = 1;
};

class Parser {
 public:
  Parser(std::string_view text, const std::string& path, Diagnostics& diags)
      : s_(text), path_(path), diags_(diags), loc_(text, path) {
    static constexpr const char* kMonths[][2] = {
        {"jan", "January"},   {"feb", "February"}, {"mar", "March"},    {"apr", "April"},
        {"may", "May"},       {"jun", "June"},     {"jul", "July"},     {"aug", "August"},
        {"sep", "September"}, {"oct", "October"},  {"nov", "November"}, {"dec", "December"}};
    for (const auto& m : kMonths) strings_[m[0]] = m[1];
  }
  std::vector<BibEntry> run();

 private:
  void report(bool error, size_t offset, std::string message);
  void skip_space();
  bool at_line_start(size_t at) const;
  bool entry_starts_after(size_t newline) const;
  bool entry_starts_at(size_t at) const;
  bool ran_out() const;
  std::string where_noticed(size_t at);
  size_t recovery_point(size_t from) const;
  bool parse_entry(std::string_view type, char close, size_t at, std::vector<BibEntry>& out);
  bool parse_string(char close);
  bool parse_value(const What& what, std::string* value,
                   std::vector<BibValuePart>* parts = nullptr);
  bool read_delimited(const What& what, std::string* value);
  void add_part(std::vector<BibValuePart>* parts, size_t at, size_t offset, bool literal);
  bool expect_close(char close, const std::string& what);

  std::string_view s_;
  size_t pos_ = 0;
  const std::string& path_;
  Diagnostics& diags_;
  Locator loc_;
  std::unordered_map<std::string, std::string> strings_;
  bool source_added_ = false;
  int suggestions_ = 0;
  size_t expanded_ = 0;  // bytes copied from @string values, in the whole file
  bool expansion_reported_ = false;
};

void Parser::report(bool error, size_t offset, std::string message) {
  if (!source_added_) {  // only now: the happy path never copies the text
    diags_.add_source(path_, std::string(s_));
    source_added_ = true;
  }
  if (error) {
    diags_.error(loc_.at(offset), std::move(message));
  } else {
    diags_.warning(loc_.at(offset), std::move(message));
  }
}

// Whitespace, and `%` comments between tokens (BibTeX has none, but people comment
// out fields that way and every LaTeX user expects it to work).
void Parser::skip_space() {
  while (pos_ < s_.size()) {
    if (is_space(s_[pos_])) {
      ++pos_;
    } else if (s_[pos_] == '%') {
      while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
    } else {
      break;
    }
  }
}

bool Parser::at_line_start(size_t at) const {
  while (at > 0 && (s_[at - 1] == ' ' || s_[at - 1] == '\t')) --at;
  return at == 0 || s_[at - 1] == '\n';
}

// Whether the line after this newline starts a new entry (`@word{`): a value that
// runs into one was not closed.
bool Parser::entry_starts_after(size_t newline) const {
  size_t k = newline + 1;
  while (k < s_.size() && (s_[k] == ' ' || s_[k] == '\t')) ++k;
  return entry_starts_at(k);
}

bool Parser::entry_starts_at(size_t k) const {
  if (k >= s_.size() || s_[k] != '@' || !at_line_start(k)) return false;
  size_t t = ++k;
  while (k < s_.size() && is_alpha(s_[k])) ++k;
  if (k == t) return false;
  while (k < s_.size() && is_space(s_[k])) ++k;
  return k < s_.size() && (s_[k] == '{' || s_[k] == '(');
}

// Whether the parser, still inside an entry or value, has reached the end of the file
// or the next entry: then the brace that opened it was never closed.
bool Parser::ran_out() const {
  return pos_ >= s_.size() || entry_starts_at(pos_);
}

// Where an unclosed brace was noticed, for its message (which points at the brace).
std::string Parser::where_noticed(size_t at) {
  if (at >= s_.size()) {
    return "the file ended at line " + std::to_string(loc_.at(s_.size() - 1).line);
  }
  SourceLoc next = loc_.at(at);
  return "the next entry starts at line " + std::to_string(next.line) + ":" +
         std::to_string(next.col);
}

size_t Parser::recovery_point(size_t from) const {
  while (from < s_.size()) {
    const void* p = std::memchr(s_.data() + from, '@', s_.size() - from);
    if (!p) break;
    size_t at = static_cast<size_t>(static_cast<const char*>(p) - s_.data());
    if (at_line_start(at)) return at;
    from = at + 1;
  }
  return s_.size();
}

std::vector<BibEntry> Parser::run() {
  std::vector<BibEntry> entries;
  // Without this, bytes of another encoding would reach every page as garbage.
  if (size_t bad = invalid_utf8_at(s_); bad != std::string_view::npos) {
    report(true, bad,
           "invalid UTF-8 (is the file in Latin-1 or another encoding? save it as UTF-8)");
    return entries;
  }
  pos_ = byte_order_mark_size(s_);
  while (pos_ < s_.size()) {
    const void* p = std::memchr(s_.data() + pos_, '@', s_.size() - pos_);
    if (!p) break;
    size_t at = static_cast<size_t>(static_cast<const char*>(p) - s_.data());
    pos_ = at + 1;
    size_t t0 = pos_;
    while (pos_ < s_.size() && is_name_char(s_[pos_])) ++pos_;
    if (pos_ == t0) continue;  // a lone `@` in the text between entries
    std::string_view written = s_.substr(t0, pos_ - t0);
    std::string type = ascii_lower(written);
    size_t after_type = pos_;
    skip_space();
    if (pos_ >= s_.size() || (s_[pos_] != '{' && s_[pos_] != '(')) {
      // An address in a comment is not an entry; `@article` starting a line is.
      if (at_line_start(at) && type != "comment") {
        report(true, after_type, "expected `{` or `(` after `@" + std::string(written) + "`");
      }
      continue;
    }
    char close = s_[pos_] == '{' ? '}' : ')';
    ++pos_;
    bool ok = true;
    if (type == "comment") {
      int depth = 1;
      size_t i = pos_;
      for (; i < s_.size() && depth > 0; ++i) depth += (s_[i] == s_[pos_ - 1]) - (s_[i] == close);
      if (depth == 0) pos_ = i;  // unbalanced: the rest is ordinary text between entries
    } else if (type == "preamble") {
      std::string ignored;
      ok = parse_value({"`@preamble`", "", ""}, &ignored) && expect_close(close, "`@preamble`");
    } else if (type == "string") {
      ok = parse_string(close);
    } else {
      ok = parse_entry(written, close, at, entries);
    }
    if (!ok) pos_ = recovery_point(pos_);
  }
  return entries;
}

bool Parser::expect_close(char close, const std::string& what) {
  skip_space();
  if (pos_ < s_.size() && s_[pos_] == close) {
    ++pos_;
    return true;
  }
  report(true, pos_, std::string("expected `") + close + "` after " + what);
  return false;
}

bool Parser::parse_string(char close) {
  skip_space();
  size_t n0 = pos_;
  while (pos_ < s_.size() && is_name_char(s_[pos_])) ++pos_;
  if (pos_ == n0) {
    report(true, pos_, "expected a string name after `@string`");
    return false;
  }
  std::string name = ascii_lower(s_.substr(n0, pos_ - n0));
  skip_space();
  if (pos_ >= s_.size() || s_[pos_] != '=') {
    report(true, pos_, "expected `=` after string name `" + name + "`");
    return false;
  }
  ++pos_;
  std::string value;
  What what{"string `", name, "`"};
  if (!parse_value(what, &value) || !expect_close(close, "the value of " + what.str())) {
    // A string too long is defined empty, so the strings made from it say nothing more.
    if (value.size() > kMaxValueBytes) strings_[name].clear();
    return false;
  }
  strings_[name] = std::move(value);
  return true;
}

bool Parser::parse_entry(std::string_view type, char close, size_t at, std::vector<BibEntry>& out) {
  BibEntry e;
  e.type = ascii_lower(type);
  e.loc = loc_.at(at);
  size_t open = pos_ - 1;
  // Reaching the end of the file or the next entry inside this one is its brace's fault.
  auto unclosed = [&] {
    std::string of = e.key.empty() ? "`@" + std::string(type) + "`" : "entry `" + e.key + "`";
    report(true, open,
           std::string("unclosed `") + s_[open] + "` of " + of + ": " + where_noticed(pos_));
    return false;
  };
  skip_space();
  size_t k0 = pos_;
  // A key never starts with `@`: that is the next entry, and this one has no key.
  while (pos_ < s_.size() && is_key_char(s_[pos_]) && !(pos_ == k0 && s_[pos_] == '@')) ++pos_;
  if (pos_ == k0) {
    if (ran_out()) return unclosed();
    report(true, pos_,
           "expected an entry key after `@" + std::string(type) + (close == '}' ? "{`" : "(`"));
    return false;
  }
  e.key = s_.substr(k0, pos_ - k0);
  e.key_loc = loc_.at(k0);
  skip_space();
  if (pos_ < s_.size() && s_[pos_] == close) {
    ++pos_;
    out.push_back(std::move(e));
    return true;
  }
  if (pos_ >= s_.size() || s_[pos_] != ',') {
    if (ran_out()) return unclosed();
    report(true, pos_, "expected `,` after entry key `" + e.key + "`");
    return false;
  }
  ++pos_;
  auto closer = [close] { return std::string("`") + close + "`"; };
  while (true) {
    skip_space();
    if (pos_ < s_.size() && s_[pos_] == close) break;  // also after a trailing comma
    size_t f0 = pos_;
    while (pos_ < s_.size() && is_name_char(s_[pos_])) ++pos_;
    if (pos_ == f0) {
      if (ran_out()) return unclosed();
      report(true, pos_, "expected a field name or " + closer() + " in entry `" + e.key + "`");
      return false;
    }
    std::string_view written = s_.substr(f0, pos_ - f0);
    skip_space();
    if (pos_ >= s_.size() || s_[pos_] != '=') {
      if (ran_out()) return unclosed();
      report(true, pos_, "expected `=` after field name `" + std::string(written) + "`");
      return false;
    }
    ++pos_;
    BibField field{ascii_lower(written), {}, loc_.at(f0), {}};
    if (!parse_value({"field `", written, "`", e.key}, &field.value, &field.parts)) return false;
    if (e.find(field.name)) {
      report(false, f0,
             "duplicate field `" + std::string(written) + "` in entry `" + e.key +
                 "`; the first one is kept");
    } else {
      e.fields.push_back(std::move(field));
    }
    skip_space();
    if (pos_ < s_.size() && s_[pos_] == ',') {
      ++pos_;
      continue;
    }
    if (pos_ < s_.size() && s_[pos_] == close) break;
    if (ran_out()) return unclosed();
    report(true, pos_,
           "expected `,` or " + closer() + " after field `" + std::string(written) + "`");
    return false;
  }
  ++pos_;
  out.push_back(std::move(e));
  return true;
}

void Parser::add_part(std::vector<BibValuePart>* parts, size_t at, size_t offset, bool literal) {
  if (!parts) return;
  SourceLoc loc = loc_.at(offset);
  parts->push_back({at, loc.line, loc.col, literal});
}

// value = part { `#` part }, part = {braced} | "quoted" | number | string name.
bool Parser::parse_value(const What& what, std::string* value, std::vector<BibValuePart>* parts) {
  bool after_hash = false;
  while (true) {
    skip_space();
    size_t part_at = pos_;
    char c = pos_ < s_.size() ? s_[pos_] : '\0';
    if (c == '{' || c == '"') {
      add_part(parts, value->size(), pos_ + 1, true);
      if (!read_delimited(what, value)) return false;
    } else if (is_digit(c)) {
      size_t d0 = pos_;
      while (pos_ < s_.size() && is_digit(s_[pos_])) ++pos_;
      add_part(parts, value->size(), d0, true);
      value->append(s_.substr(d0, pos_ - d0));
    } else if (pos_ < s_.size() && is_name_char(c)) {
      size_t n0 = pos_;
      while (pos_ < s_.size() && is_name_char(s_[pos_])) ++pos_;
      std::string_view name = s_.substr(n0, pos_ - n0);
      auto it = strings_.find(ascii_lower(name));
      if (it != strings_.end()) {
        expanded_ += it->second.size();
        if (expanded_ > kMaxExpandedBytes) {
          if (expansion_reported_) return false;  // said once: the file is refused anyway
          expansion_reported_ = true;
          report(true, n0,
                 "expanding string `" + std::string(name) + "` in " + what.str() +
                     (what.entry.empty() ? "" : " of entry `" + std::string(what.entry) + "`") +
                     " makes this file's @string expansions pass 64 MB");
          return false;
        }
        add_part(parts, value->size(), n0, false);
        value->append(it->second);
      } else {
        std::vector<std::string_view> known;
        if (++suggestions_ <= kMaxSuggestions) {
          for (const auto& [k, v] : strings_) known.push_back(k);
        }
        report(false, n0,
               "undefined string `" + std::string(name) + "`" +
                   did_you_mean(ascii_lower(name), known));
      }
    } else {
      report(
          true, pos_,
          (after_hash ? "expected a value after `#` in " : "expected a value for ") + what.str());
      return false;
    }
    if (value->size() > kMaxValueBytes) {
      report(true, part_at,
             "the value of " + what.str() +
                 (what.entry.empty() ? "" : " in entry `" + std::string(what.entry) + "`") +
                 " passes 1 MB (are @string definitions doubling each other?)");
      return false;
    }
    skip_space();
    if (pos_ >= s_.size() || s_[pos_] != '#') return true;
    ++pos_;
    after_hash = true;
  }
}

// A {braced} or "quoted" part; braces must balance, as in BibTeX (which counts `\{` too).
bool Parser::read_delimited(const What& what, std::string* value) {
  size_t open = pos_;
  bool quoted = s_[open] == '"';
  int depth = quoted ? 0 : 1;
  size_t i = open + 1;
  for (; i < s_.size(); ++i) {
    while (i < s_.size() && !kDelimiter(s_[i])) ++i;
    if (i == s_.size()) break;
    char c = s_[i];
    if (c == '{') {
      if (++depth > kMaxBraceDepth) {
        report(true, i,
               "braces nested more than " + std::to_string(kMaxBraceDepth) +
                   " levels deep in the value of " + what.str());
        pos_ = i;
        return false;
      }
    } else if (c == '}') {
      if (depth == 0) {
        report(true, i, "unbalanced `}` in the value of " + what.str());
        pos_ = i;
        return false;
      }
      if (--depth == 0 && !quoted) break;
    } else if (c == '"' && quoted && depth == 0) {
      break;
    } else if (c == '\n' && entry_starts_after(i)) {
      size_t next = i + 1;
      while (s_[next] != '@') ++next;
      report(true, open,
             std::string("unclosed `") + s_[open] + "` in the value of " + what.str() + ": " +
                 where_noticed(next));
      pos_ = i;
      return false;
    }
  }
  if (i >= s_.size()) {
    report(true, open,
           std::string("unclosed `") + s_[open] + "` in the value of " + what.str() + ": " +
               where_noticed(s_.size()));
    pos_ = s_.size();
    return false;
  }
  value->append(s_.substr(open + 1, i - open - 1));
  pos_ = i + 1;
  return true;
}

}  // namespace

SourceLoc BibField::loc_in_value(size_t offset) const {
  auto after = std::upper_bound(parts.begin(), parts.end(), offset,
                                [](size_t o, const BibValuePart& p) { return o < p.at; });
  if (after == parts.begin()) return loc;
  const BibValuePart& part = *(after - 1);
  SourceLoc out{loc.path, part.line, part.col};
  if (!part.literal) return out;
  // The part is a copy of the file's text: count its lines and characters.
  for (size_t i = part.at; i < offset && i < value.size(); ++i) {
    if (value[i] == '\n') {
      ++out.line;
      out.col = 1;
    } else if (!is_utf8_continuation(value[i])) {
      ++out.col;
    }
  }
  return out;
}

const BibField* BibEntry::find(std::string_view name) const {
  for (const BibField& f : fields) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

bool is_bibtex_type_word(std::string_view type) {
  if (type.empty() || type[0] < 'a' || type[0] > 'z') return false;
  return std::all_of(type.begin(), type.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || is_digit(c) || c == '_' || c == '-';
  });
}

std::vector<BibEntry> parse_bibtex(std::string_view text, const std::string& display_path,
                                   Diagnostics& diags) {
  return Parser(text, display_path, diags).run();
}

}  // namespace sitegen
