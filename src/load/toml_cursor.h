// The reading position of sitegen's TOML parser (toml_parse.cc, toml_strings.cc,
// toml_scalars.cc): the next byte, its line, columns counted in characters, and failing
// with a message there.
#pragma once

#include <string>
#include <string_view>

#include "load/toml_reader.h"

namespace sitegen::toml {

// Thrown at the first mistake and caught by parse_toml_text: a document is refused
// whole, so nothing needs unwinding but the stack.
struct Failure {
  const char* at;
  std::string message;
};

// The deepest a document may nest tables and arrays: the parser recurses once per
// array or inline table, and everything that walks a TomlNode tree recurses too.
constexpr int kMaxDepth = 200;

class Cursor {
 public:
  Cursor(std::string_view text, SharedPath path)
      : p(text.data()),
        end(text.data() + text.size()),
        path_(std::move(path)),
        line_(1),
        line_start_(text.data()),
        col_ptr_(text.data()) {}

  const char* p;  // the next byte
  const char* const end;

  bool at_end() const { return p == end; }
  bool at(char c) const { return p != end && *p == c; }
  const SharedPath& path() const { return path_; }
  int line() const { return line_; }

  // A byte-order mark is skipped and, as toml++ did, not counted as a column.
  void skip_bom() {
    if (end - p >= 3 && std::string_view(p, 3) == "\xEF\xBB\xBF") p += 3;
    line_start_ = col_ptr_ = p;
  }

  // Where `at` is, `at` being on the current line: columns count characters, not bytes.
  // Places are asked for in order, so each counts on from the last.
  NodeLoc loc(const char* at) { return NodeLoc{path_, line_, column(at)}; }
  int column(const char* at) {
    if (at < col_ptr_) {
      col_ptr_ = line_start_;
      col_ = 1;
    }
    int col = col_;
    for (const char* q = col_ptr_; q < at; ++q)
      col += (static_cast<unsigned char>(*q) & 0xC0) != 0x80;
    col_ptr_ = at;
    return col_ = col;
  }

  // The line feed at `nl` has been read.
  void newline(const char* nl) {
    ++line_;
    line_start_ = col_ptr_ = nl + 1;
    col_ = 1;
  }

  void skip_spaces() {
    while (p != end && (*p == ' ' || *p == '\t')) ++p;
  }

  // Reads a line end (LF or CRLF) if there is one.
  bool line_end() {
    if (p != end && *p == '\n') {
      newline(p++);
      return true;
    }
    if (p != end && *p == '\r' && p + 1 != end && p[1] == '\n') {
      newline(p + 1);
      p += 2;
      return true;
    }
    return false;
  }

  // Skips a comment from its `#` to the line end (not read), refusing control
  // characters and invalid UTF-8 in it.
  void skip_comment();
  // Checks the UTF-8 sequence starting at `q` (a byte >= 0x80); returns its end.
  const char* utf8_char(const char* q) const;

  // What is at `q`, for a message: "`x`", "the end of the line", "the end of the file".
  std::string found(const char* q) const;
  [[noreturn]] void fail(const char* q, std::string message) const;
  // Fails with "expected <what>, found <what is at q> (<hint>)"; outside strings, where
  // this is used, a non-ASCII character gets its own message instead.
  [[noreturn]] void expected(const char* q, std::string_view what,
                             std::string_view hint = {}) const;

 private:
  SharedPath path_;
  int line_;
  const char* line_start_;
  const char* col_ptr_;  // the last place located on this line, and its column
  int col_ = 1;
};

// The values other than arrays and tables; each starts at c.p and leaves it after.
// A string, as a key or a value (toml_strings.cc): `"..."`, `'...'` and, unless `key`,
// their multi-line forms.
void read_string(Cursor& c, std::string& out, bool key = false);
// A number, boolean, date, time or date-time (toml_scalars.cc); anything else is refused.
void read_scalar(Cursor& c, TomlNode& out);

}  // namespace sitegen::toml
