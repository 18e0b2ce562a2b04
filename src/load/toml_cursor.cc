// The TOML parser's reading position: comments, UTF-8, and messages about what was found.
#include "load/toml_cursor.h"

#include "text/utf8.h"

namespace sitegen::toml {

namespace {

std::string hex_code(unsigned char b) {
  const char* digits = "0123456789ABCDEF";
  return std::string("U+00") + digits[b >> 4] + digits[b & 15];
}

constexpr const char* kInvalidUtf8 =
    "invalid UTF-8 (is the file in Latin-1 or another encoding? save it as UTF-8)";

}  // namespace

void Cursor::skip_comment() {
  const char* q = p + 1;
  for (;;) {
    while (q != end && static_cast<unsigned char>(*q) >= 0x20 && *q != 0x7F &&
           static_cast<unsigned char>(*q) < 0x80)
      ++q;
    if (q == end || *q == '\n') break;
    unsigned char b = static_cast<unsigned char>(*q);
    if (b >= 0x80) {
      q = utf8_char(q);
    } else if (b == '\t') {
      ++q;
    } else if (b == '\r' && q + 1 != end && q[1] == '\n') {
      break;
    } else {
      fail(q, "control character " + hex_code(b) + " in a comment");
    }
  }
  p = q;
}

const char* Cursor::utf8_char(const char* q) const {
  size_t n = static_cast<size_t>(end - q) < 4 ? static_cast<size_t>(end - q) : 4;
  unsigned char b = static_cast<unsigned char>(*q);
  size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
  // invalid_utf8_at checks one sequence as well as a whole text.
  if (len > n || invalid_utf8_at(std::string_view(q, len)) != std::string_view::npos)
    fail(q, kInvalidUtf8);
  return q + len;
}

std::string Cursor::found(const char* q) const {
  if (q == end) return "the end of the file";
  unsigned char b = static_cast<unsigned char>(*q);
  if (b == '\n' || (b == '\r' && q + 1 != end && q[1] == '\n')) return "the end of the line";
  if (b == ' ') return "a space";
  if (b == '`') return "a backtick";
  if (b < 0x20 || b == 0x7F) return "a control character (" + hex_code(b) + ")";
  if (b < 0x80) return "`" + std::string(1, static_cast<char>(b)) + "`";
  return "`" + std::string(q, utf8_char(q)) + "`";
}

void Cursor::fail(const char* q, std::string message) const {
  throw Failure{q, std::move(message)};
}

void Cursor::expected(const char* q, std::string_view what, std::string_view hint) const {
  if (q != end && static_cast<unsigned char>(*q) >= 0x80) {
    // Outside strings TOML is ASCII: say so, rather than what else would have fitted.
    const char* after = utf8_char(q);
    fail(q, "unexpected `" + std::string(q, after) +
                "` outside a quoted string: TOML keys and values other than strings are ASCII, "
                "so put it in quotes");
  }
  std::string message = "expected " + std::string(what) + ", found " + found(q);
  if (!hint.empty()) message += " (" + std::string(hint) + ")";
  fail(q, std::move(message));
}

}  // namespace sitegen::toml
