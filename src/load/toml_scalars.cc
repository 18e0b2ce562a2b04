// TOML values other than strings, arrays and tables: integers, floats, booleans, dates,
// times and date-times. Each is read as one token, then checked against TOML's grammar,
// so a mistake is reported at the character that breaks it.
#include <charconv>
#include <cstdint>
#include <limits>
#include <locale>
#include <sstream>

#include "load/toml_cursor.h"
#include "text/ascii.h"

namespace sitegen::toml {

namespace {

// The characters a number, boolean, date or time is made of.
constexpr bool token_char(char c) {
  return is_digit(c) || is_alpha(c) || c == '_' || c == '+' || c == '-' || c == '.' || c == ':';
}

constexpr bool is_hex(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
constexpr bool is_octal(char c) {
  return c >= '0' && c <= '7';
}
constexpr bool is_binary(char c) {
  return c == '0' || c == '1';
}

struct Token {
  const char* s;
  const char* e;
  std::string text() const { return std::string(s, e); }
};

[[noreturn]] void bad(Cursor& c, const char* at, const Token& t, std::string_view kind,
                      std::string_view why) {
  c.fail(at, "invalid " + std::string(kind) + " `" + t.text() + "`: " + std::string(why));
}

// Digits with single underscores between them, from the digit at q; returns their end.
template <typename IsDigit>
const char* digits(Cursor& c, const char* q, const Token& t, IsDigit is) {
  for (;;) {
    ++q;
    if (q == t.e) return q;
    if (is(*q)) continue;
    if (*q != '_') return q;
    if (q + 1 == t.e || !is(q[1]))
      bad(c, q, t, "number", "an underscore must be between two digits");
    ++q;
  }
}

void read_based_integer(Cursor& c, const Token& t, TomlNode& out) {
  char base = t.s[1];
  const char* q = t.s + 2;
  int shift = base == 'x' ? 4 : base == 'o' ? 3 : 1;
  bool (*is)(char) = base == 'x' ? is_hex : base == 'o' ? is_octal : is_binary;
  const char* name = base == 'x' ? "a hexadecimal" : base == 'o' ? "an octal" : "a binary";
  if (q == t.e || !is(*q))
    bad(c, q, t, "number", "expected " + std::string(name) + " digit after `0" + base + "`");
  const char* end = digits(c, q, t, is);
  if (end != t.e) bad(c, end, t, "number", "unexpected " + c.found(end));
  uint64_t v = 0;
  for (; q != end; ++q) {
    if (*q == '_') continue;
    uint64_t d = is_digit(*q) ? static_cast<uint64_t>(*q - '0')
                              : static_cast<uint64_t>((*q | 0x20) - 'a' + 10);
    if (v > (static_cast<uint64_t>(INT64_MAX) >> shift))
      bad(c, t.s, t, "integer", "it does not fit in 64 bits (the largest is 9223372036854775807)");
    v = v << shift | d;
  }
  out.kind = TomlNode::Kind::kInteger;
  out.integer = static_cast<int64_t>(v);
}

// A decimal integer or a float, with an optional sign.
void read_number(Cursor& c, const Token& t, TomlNode& out) {
  const char* q = t.s;
  bool negative = *q == '-';
  if (*q == '+' || *q == '-') ++q;
  const char* int_start = q;
  q = digits(c, q, t, is_digit);
  const char* int_end = q;
  if (*int_start == '0' && int_end - int_start > 1)
    bad(c, int_start, t, "number", "a number cannot start with a zero");
  bool is_float = false;
  if (q != t.e && *q == '.') {
    ++q;
    if (q == t.e || !is_digit(*q))
      bad(c, q, t, "float", "expected a digit after the decimal point");
    q = digits(c, q, t, is_digit);
    is_float = true;
  }
  if (q != t.e && (*q == 'e' || *q == 'E')) {
    ++q;
    if (q != t.e && (*q == '+' || *q == '-')) ++q;
    if (q == t.e || !is_digit(*q)) bad(c, q, t, "float", "expected a digit in the exponent");
    q = digits(c, q, t, is_digit);
    is_float = true;
  }
  if (q != t.e) bad(c, q, t, is_float ? "float" : "number", "unexpected " + c.found(q));

  if (!is_float) {
    uint64_t limit = negative ? uint64_t{1} << 63 : static_cast<uint64_t>(INT64_MAX);
    uint64_t v = 0;
    for (const char* d = int_start; d != int_end; ++d) {
      if (*d == '_') continue;
      uint64_t digit = static_cast<uint64_t>(*d - '0');
      if (v > (limit - digit) / 10)
        bad(c, t.s, t, "integer",
            "it does not fit in 64 bits (-9223372036854775808 to 9223372036854775807)");
      v = v * 10 + digit;
    }
    out.kind = TomlNode::Kind::kInteger;
    out.integer = negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
    return;
  }
  // The float without its sign and underscores, converted as toml++ did: the sign is
  // applied by multiplying, so `-0.0` is negative zero.
  std::string digits_only;
  digits_only.reserve(static_cast<size_t>(t.e - int_start));
  for (const char* d = int_start; d != t.e; ++d)
    if (*d != '_') digits_only += *d;
  double v = 0;
  std::from_chars_result r =
      std::from_chars(digits_only.data(), digits_only.data() + digits_only.size(), v);
  if (r.ec == std::errc::result_out_of_range) {
    // from_chars refuses too small as well as too large; a stream gives 0 or a
    // denormal for the first, as toml++'s did.
    std::istringstream in(digits_only);
    in.imbue(std::locale::classic());
    if (!(in >> v)) bad(c, t.s, t, "float", "it is too large for a 64-bit float");
  }
  out.kind = TomlNode::Kind::kFloat;
  out.real = negative ? v * -1.0 : v;
}

bool two_digits(const char* q, const Token& t) {
  return t.e - q >= 2 && is_digit(q[0]) && is_digit(q[1]);
}
int value_of(const char* q, int n) {
  int v = 0;
  for (int i = 0; i < n; ++i) v = v * 10 + (q[i] - '0');
  return v;
}

// HH:MM:SS with optional fractional seconds, from q; returns where it ends.
const char* read_time(Cursor& c, const char* q, const Token& t, std::string_view kind) {
  if (!(two_digits(q, t) && t.e - q > 2 && q[2] == ':' && two_digits(q + 3, t) && t.e - q > 5 &&
        q[5] == ':' && two_digits(q + 6, t)))
    bad(c, q, t, kind, "expected a time as HH:MM:SS");
  if (value_of(q, 2) > 23) bad(c, q, t, kind, "the hour must be 00 to 23");
  if (value_of(q + 3, 2) > 59) bad(c, q + 3, t, kind, "the minutes must be 00 to 59");
  // 60 is a leap second (TOML takes times as RFC 3339 does).
  if (value_of(q + 6, 2) > 60) bad(c, q + 6, t, kind, "the seconds must be 00 to 59");
  q += 8;
  if (q != t.e && *q == '.') {
    ++q;
    if (q == t.e || !is_digit(*q)) bad(c, q, t, kind, "expected a digit after the decimal point");
    while (q != t.e && is_digit(*q)) ++q;
  }
  return q;
}

void read_date_time(Cursor& c, const Token& t, TomlNode& out) {
  const char* s = t.s;
  if (!(t.e - s >= 10 && s[4] == '-' && two_digits(s + 5, t) && s[7] == '-' &&
        two_digits(s + 8, t)))
    bad(c, s, t, "date", "expected a date as YYYY-MM-DD");
  int year = value_of(s, 4), month = value_of(s + 5, 2), day = value_of(s + 8, 2);
  if (month < 1 || month > 12) bad(c, s + 5, t, "date", "the month must be 01 to 12");
  bool leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
  int days = month == 2                                              ? (leap ? 29 : 28)
             : month == 4 || month == 6 || month == 9 || month == 11 ? 30
                                                                     : 31;
  if (day < 1 || day > days)
    bad(c, s + 8, t, "date", "the day must be 01 to " + std::to_string(days) + " in that month");
  out.date = Date{year, month, day, false};
  if (t.e - s == 10) {
    out.kind = TomlNode::Kind::kDate;
    return;
  }
  if (s[10] != 'T' && s[10] != 't' && s[10] != ' ')
    bad(c, s + 10, t, "date-time", "expected `T` between the date and the time");
  const char* q = read_time(c, s + 11, t, "date-time");
  if (q != t.e && (*q == 'Z' || *q == 'z')) {
    ++q;
  } else if (q != t.e && (*q == '+' || *q == '-')) {
    if (!(two_digits(q + 1, t) && t.e - q > 3 && q[3] == ':' && two_digits(q + 4, t)))
      bad(c, q, t, "date-time", "expected a time offset as `Z`, `+HH:MM` or `-HH:MM`");
    if (value_of(q + 1, 2) > 23)
      bad(c, q + 1, t, "date-time", "the offset's hours must be 00 to 23");
    if (value_of(q + 4, 2) > 59)
      bad(c, q + 4, t, "date-time", "the offset's minutes must be 00 to 59");
    q += 6;
  }
  if (q != t.e) bad(c, q, t, "date-time", "unexpected " + c.found(q));
  out.kind = TomlNode::Kind::kDateTime;
}

}  // namespace

void read_scalar(Cursor& c, TomlNode& out) {
  const char* s = c.p;
  const char* e = s;
  while (e != c.end && token_char(*e)) ++e;
  if (e == s) c.expected(s, "a value");
  // A date, a space and a digit: a date-time written with a space for the `T`.
  if (e - s == 10 && is_digit(s[0]) && s[4] == '-' && s[7] == '-' && c.end - e >= 2 && *e == ' ' &&
      is_digit(e[1])) {
    e += 2;
    while (e != c.end && token_char(*e)) ++e;
  }
  Token t{s, e};
  std::string_view v(s, static_cast<size_t>(e - s));
  if (v == "true" || v == "false") {
    out.kind = TomlNode::Kind::kBool;
    out.boolean = v == "true";
  } else if (std::string_view rest = v.substr(s[0] == '+' || s[0] == '-');
             rest == "inf" || rest == "nan") {
    out.kind = TomlNode::Kind::kFloat;
    out.real = rest == "nan" ? std::numeric_limits<double>::quiet_NaN()
               : s[0] == '-' ? -std::numeric_limits<double>::infinity()
                             : std::numeric_limits<double>::infinity();
  } else if (is_digit(rest.empty() ? ' ' : rest[0])) {
    if (e - s >= 5 && is_digit(s[0]) && is_digit(s[1]) && is_digit(s[2]) && is_digit(s[3]) &&
        s[4] == '-')
      read_date_time(c, t, out);
    else if (e - s >= 3 && is_digit(s[0]) && is_digit(s[1]) && s[2] == ':') {
      const char* q = read_time(c, s, t, "time");
      if (q != e) bad(c, q, t, "time", "unexpected " + c.found(q));
      out.kind = TomlNode::Kind::kTime;
    } else if (e - s >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'o' || s[1] == 'b')) {
      read_based_integer(c, t, out);
    } else if (rest.size() >= 2 && rest[0] == '0' &&
               (rest[1] == 'x' || rest[1] == 'o' || rest[1] == 'b')) {
      bad(c, s, t, "number", "hexadecimal, octal and binary numbers take no sign");
    } else {
      read_number(c, t, out);
    }
  } else {
    std::string lower;
    for (char ch : v) lower += static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    std::string hint =
        lower == "true" || lower == "false" ? " (booleans are `true` and `false`, in lowercase)"
        : lower == "inf" || lower == "nan"  ? " (write `inf` and `nan` in lowercase)"
        : is_alpha(s[0])                    ? " (text needs quotes: `\"" + t.text() + "\"`)"
        : s[0] == '.' ? " (a float needs a digit before its point: `0" + t.text() + "`)"
                      : "";
    c.fail(s, "expected a value, found `" + t.text() + "`" + hint);
  }
  c.p = e;
}

}  // namespace sitegen::toml
