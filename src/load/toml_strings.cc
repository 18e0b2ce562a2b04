// TOML strings, keys and values: basic ("...") with escapes, literal ('...'), and the
// multi-line forms of both. The text is copied straight into the node's string.
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "load/toml_cursor.h"

namespace sitegen::toml {

namespace {

// Bytes a string takes as they are: printable ASCII other than its quote (and, in a
// basic string, the backslash). Everything else takes a closer look.
constexpr bool plain(unsigned char b, char quote) {
  return b >= 0x20 && b < 0x7F && b != static_cast<unsigned char>(quote) &&
         (quote == '\'' || b != '\\');
}

// The first byte from q that is not plain. Strings are most of a big list file (titles,
// abstracts), so they are scanned 16 bytes at a time where the machine can.
const char* skip_plain(const char* q, const char* end, char quote) {
#if defined(__SSE2__)
  const __m128i quotes = _mm_set1_epi8(quote);
  // A literal string has no escapes: its "backslash" is the quote again.
  const __m128i backslashes = _mm_set1_epi8(quote == '\'' ? quote : '\\');
  const __m128i space = _mm_set1_epi8(0x20);
  const __m128i del = _mm_set1_epi8(0x7F);
  while (end - q >= 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
    // Signed, bytes from 0x80 are below 0x20 too: non-ASCII takes the closer look.
    __m128i special =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quotes), _mm_cmpeq_epi8(v, backslashes)),
                     _mm_or_si128(_mm_cmplt_epi8(v, space), _mm_cmpeq_epi8(v, del)));
    if (int mask = _mm_movemask_epi8(special))
      return q + __builtin_ctz(static_cast<unsigned>(mask));
    q += 16;
  }
#endif
  while (q != end && plain(static_cast<unsigned char>(*q), quote)) ++q;
  return q;
}

std::string hex4(uint32_t v, int digits) {
  std::string s;
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4)
    s += "0123456789ABCDEF"[(v >> shift) & 15];
  return s;
}

[[noreturn]] void control_character(Cursor& c, const char* q) {
  std::string code = hex4(static_cast<unsigned char>(*q), 4);
  c.fail(q, "control character U+" + code + " in a string: write it as `\\u" + code + "`");
}

void append_utf8(std::string& out, uint32_t v) {
  if (v < 0x80) {
    out += static_cast<char>(v);
  } else if (v < 0x800) {
    out += static_cast<char>(0xC0 | (v >> 6));
    out += static_cast<char>(0x80 | (v & 0x3F));
  } else if (v < 0x10000) {
    out += static_cast<char>(0xE0 | (v >> 12));
    out += static_cast<char>(0x80 | ((v >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (v & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (v >> 18));
    out += static_cast<char>(0x80 | ((v >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((v >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (v & 0x3F));
  }
}

// Reads the escape at `q` (a backslash) into `out`; returns the byte after it.
const char* escape(Cursor& c, const char* q, std::string& out) {
  if (q + 1 == c.end)
    c.fail(q + 1, "expected an escaped character after `\\`, found the end of the file");
  char e = q[1];
  switch (e) {
    case 'b':
      out += '\b';
      return q + 2;
    case 't':
      out += '\t';
      return q + 2;
    case 'n':
      out += '\n';
      return q + 2;
    case 'f':
      out += '\f';
      return q + 2;
    case 'r':
      out += '\r';
      return q + 2;
    case '"':
      out += '"';
      return q + 2;
    case '\\':
      out += '\\';
      return q + 2;
    case 'u':
    case 'U': {
      int digits = e == 'u' ? 4 : 8;
      uint32_t v = 0;
      const char* h = q + 2;
      for (int i = 0; i < digits; ++i, ++h) {
        char d = h == c.end ? '\0' : *h;
        int x = d >= '0' && d <= '9'   ? d - '0'
                : d >= 'a' && d <= 'f' ? d - 'a' + 10
                : d >= 'A' && d <= 'F' ? d - 'A' + 10
                                       : -1;
        if (x < 0)
          c.fail(q, "expected " + std::to_string(digits) + " hexadecimal digits after `\\" +
                        std::string(1, e) + "` in a string (write `\\\\` for a backslash)");
        v = v << 4 | static_cast<uint32_t>(x);
      }
      std::string written = "`\\" + std::string(1, e) + std::string(q + 2, h) + "`";
      if (v >= 0xD800 && v <= 0xDFFF)
        c.fail(q, "escape " + written +
                      " is a UTF-16 surrogate, not a character: write the "
                      "character it stands for with one `\\U` escape");
      if (v > 0x10FFFF)
        c.fail(q, "escape " + written + " is past U+10FFFF, the last Unicode character");
      append_utf8(out, v);
      return h;
    }
    default: {
      unsigned char b = static_cast<unsigned char>(e);
      std::string what = b > 0x20 && b < 0x7F ? "`\\" + std::string(1, e) + "`"
                                              : "a `\\` before " + c.found(q + 1);
      c.fail(q, "unknown escape " + what +
                    " in a string: expected one of \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX "
                    "\\UXXXXXXXX (write `\\\\` for a backslash)");
    }
  }
}

// A single-line string from the quote at c.p.
void read_line_string(Cursor& c, std::string& out, char quote) {
  const char* q = c.p + 1;
  const char* run = q;
  out.clear();
  for (;;) {
    q = skip_plain(q, c.end, quote);
    unsigned char b = q == c.end ? 0 : static_cast<unsigned char>(*q);
    if (q != c.end && b == static_cast<unsigned char>(quote)) {
      out.append(run, q);
      c.p = q + 1;
      return;
    }
    if (q == c.end || b == '\n' || (b == '\r' && q + 1 != c.end && q[1] == '\n'))
      c.fail(q, "expected `" + std::string(1, quote) + "` to close the string, found " +
                    c.found(q) + " (use `" + std::string(3, quote) +
                    "` for text over several lines)");
    if (b == '\\') {
      out.append(run, q);
      run = q = escape(c, q, out);
    } else if (b >= 0x80) {
      q = c.utf8_char(q);
    } else if (b == '\t') {
      ++q;
    } else {
      control_character(c, q);
    }
  }
}

// A multi-line string from the three quotes at c.p.
void read_multi_line_string(Cursor& c, std::string& out, char quote) {
  const char* open = c.p;
  c.p += 3;
  out.clear();
  c.line_end();  // a line end right after the quotes is not part of the text
  const char* q = c.p;
  const char* run = q;
  for (;;) {
    q = skip_plain(q, c.end, quote);
    if (q == c.end)
      c.fail(open, "multi-line string is never closed: expected `" + std::string(3, quote) +
                       "` before the end of the file");
    unsigned char b = static_cast<unsigned char>(*q);
    if (b == static_cast<unsigned char>(quote)) {
      size_t n = 1;
      while (q + n != c.end && q[n] == quote && n < 5) ++n;
      if (n < 3) {
        q += n;
        continue;
      }
      // Up to two quotes right before the closing three are text.
      out.append(run, q + (n - 3));
      c.p = q + n;
      return;
    }
    if (b == '\\') {
      out.append(run, q);
      const char* r = q + 1;
      while (r != c.end && (*r == ' ' || *r == '\t')) ++r;
      if (r != c.end && (*r == '\n' || (*r == '\r' && r + 1 != c.end && r[1] == '\n'))) {
        // A line-ending backslash: the line end and all space after it go.
        for (;;) {
          if (r != c.end && (*r == ' ' || *r == '\t')) {
            ++r;
          } else if (r != c.end && *r == '\n') {
            c.newline(r++);
          } else if (r != c.end && *r == '\r' && r + 1 != c.end && r[1] == '\n') {
            c.newline(r + 1);
            r += 2;
          } else {
            break;
          }
        }
        run = q = r;
      } else if (r != q + 1) {
        c.fail(q, "a `\\` followed by spaces must end its line (a line-ending backslash), but " +
                      c.found(r) + " follows");
      } else {
        run = q = escape(c, q, out);
      }
    } else if (b == '\n') {
      c.newline(q++);
    } else if (b == '\r' && q + 1 != c.end && q[1] == '\n') {
      // CRLF is read as LF, as a line end anywhere else is.
      out.append(run, q);
      out += '\n';
      c.newline(q + 1);
      run = q = q + 2;
    } else if (b >= 0x80) {
      q = c.utf8_char(q);
    } else if (b == '\t') {
      ++q;
    } else {
      control_character(c, q);
    }
  }
}

}  // namespace

void read_string(Cursor& c, std::string& out, bool key) {
  char quote = *c.p;
  bool multi = c.end - c.p >= 3 && c.p[1] == quote && c.p[2] == quote;
  if (!multi) return read_line_string(c, out, quote);
  if (key) c.fail(c.p, "a key cannot be a multi-line string");
  read_multi_line_string(c, out, quote);
}

}  // namespace sitegen::toml
