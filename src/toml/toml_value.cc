// Typed reads of one located TOML value: every field of every content file is read through
// these, so its type is checked where it is read, and a wrong type is an error at the value
// with a hint (`write authors = ["A", "B"]`) when what was meant is clear.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "text/escape.h"
#include "text/strings.h"
#include "toml/toml_reader.h"

namespace sitegen {

namespace {

using Kind = TomlNode::Kind;

// The key as it is written in TOML: bare, or quoted when it holds other characters.
std::string toml_quoted(std::string_view s);

std::string toml_key(std::string_view key) {
  bool bare = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return is_alpha(c) || is_digit(c) || c == '_' || c == '-';
  });
  return bare ? std::string(key) : toml_quoted(key);
}

std::string toml_quoted(std::string_view s) {
  static constexpr ByteSet kSpecial("\"\\\x7f", true);
  std::string out = "\"";
  append_escaped(out, s, kSpecial, [](std::string& o, char c) {
    if (c == '"' || c == '\\') {
      o += '\\';
      o += c;
      return;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(c));
    o += buf;
  });
  return out + "\"";
}

// " (write key = value)", the form sitegen expected.
std::string write_hint(std::string_view key, const std::string& value) {
  return " (write " + toml_key(key) + " = " + value + ")";
}

void wrong_type(const TomlNode& n, std::string_view key, std::string_view expected,
                const std::string& what, const std::string& hint, Diagnostics& diags) {
  diags.error(n.loc, "`" + std::string(key) + "` must be " + std::string(expected) + ", not " +
                         what + hint);
}

// The items a string meant as a list holds: "A, B and C" is A, B, C.
std::vector<std::string> split_list(std::string_view s) {
  std::vector<std::string> items;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    std::string_view part =
        s.substr(start, comma == std::string_view::npos ? s.npos : comma - start);
    part = trim(part);
    if (part.starts_with("and ")) part = trim(part.substr(4));  // "A, B, and C"
    for (size_t and_at; (and_at = part.find(" and ")) != std::string_view::npos;) {
      if (std::string_view head = trim(part.substr(0, and_at)); !head.empty())
        items.emplace_back(head);
      part = trim(part.substr(and_at + 5));
    }
    if (!part.empty()) items.emplace_back(part);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return items;
}

// The integer a string or float stands for ("2024", 2024.0), if it is one.
std::optional<int64_t> integer_meant(const TomlNode& n) {
  if (n.kind == Kind::kFloat && std::isfinite(n.real) && n.real == std::trunc(n.real) &&
      std::fabs(n.real) < 1e15)
    return static_cast<int64_t>(n.real);
  if (n.kind != Kind::kString) return std::nullopt;
  std::string_view s = trim(n.str);
  if (s.starts_with('+')) s.remove_prefix(1);
  int64_t value = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string type_name(const TomlNode& n) {
  if (n.kind == Kind::kArray && !n.items.empty()) {
    Kind first = n.items.front().kind;
    bool same = std::all_of(n.items.begin(), n.items.end(),
                            [&](const TomlNode& item) { return item.kind == first; });
    if (same && first == Kind::kString) return "an array of strings";
    if (same && first == Kind::kTable) return "an array of tables";
  }
  return std::string(kind_name(n.kind));
}

bool read_string(const TomlNode& n, std::string_view key, Diagnostics& diags, std::string* out) {
  if (n.kind == Kind::kString) {
    *out = n.str;
    return true;
  }
  std::string hint;
  if (n.kind == Kind::kInteger) hint = write_hint(key, toml_quoted(std::to_string(n.integer)));
  wrong_type(n, key, "a string", type_name(n), hint, diags);
  return false;
}

bool read_boolean(const TomlNode& n, std::string_view key, Diagnostics& diags, bool* out) {
  if (n.kind == Kind::kBool) {
    *out = n.boolean;
    return true;
  }
  std::string hint;
  if (n.kind == Kind::kString && (iequals(trim(n.str), "true") || iequals(trim(n.str), "false")))
    hint = write_hint(key, ascii_lower(trim(n.str)));
  wrong_type(n, key, "a boolean", type_name(n), hint, diags);
  return false;
}

bool read_integer(const TomlNode& n, std::string_view key, Diagnostics& diags, int* out) {
  if (n.kind == Kind::kInteger && n.integer >= INT32_MIN && n.integer <= INT32_MAX) {
    *out = static_cast<int>(n.integer);
    return true;
  }
  if (n.kind == Kind::kInteger) {
    diags.error(n.loc, "`" + std::string(key) + "` must be an integer from " +
                           std::to_string(INT32_MIN) + " to " + std::to_string(INT32_MAX));
    return false;
  }
  std::string hint;
  std::optional<int64_t> meant = integer_meant(n);
  if (meant && *meant >= INT32_MIN && *meant <= INT32_MAX)
    hint = write_hint(key, std::to_string(*meant));
  wrong_type(n, key, "an integer", type_name(n), hint, diags);
  return false;
}

bool read_date(const TomlNode& n, std::string_view key, Diagnostics& diags, Date* out,
               bool allow_present) {
  std::string why;
  std::optional<Date> d;
  switch (n.kind) {
    case Kind::kDate:
    case Kind::kDateTime:
      d = n.date;
      break;
    case Kind::kInteger:
      if (n.integer >= 1 && n.integer <= 9999)
        d = Date{static_cast<int>(n.integer), 0, 0};
      else
        why = "year out of range";
      break;
    case Kind::kString:
      d = parse_date(n.str, allow_present, &why);
      break;
    default:
      wrong_type(n, key, "a date", type_name(n), "", diags);
      return false;
  }
  if (!d) {
    diags.error(n.loc, "bad date in `" + std::string(key) + "`: " + why);
    return false;
  }
  *out = *d;
  return true;
}

bool read_strings(const TomlNode& n, std::string_view key, Diagnostics& diags,
                  std::vector<std::string>* out, bool one_string_allowed) {
  std::string_view expected =
      one_string_allowed ? "a string or an array of strings" : "an array of strings";
  if (n.kind == Kind::kString && one_string_allowed) {
    *out = {n.str};
    return true;
  }
  if (n.kind != Kind::kArray) {
    std::string hint;
    if (n.kind == Kind::kString) {
      // A list written as one string: each name its own string.
      std::string items;
      for (const std::string& item : split_list(n.str))
        items += (items.empty() ? "" : ", ") + toml_quoted(item);
      if (!items.empty()) hint = write_hint(key, "[" + items + "]");
    }
    wrong_type(n, key, expected, type_name(n), hint, diags);
    return false;
  }
  std::vector<std::string> result;
  result.reserve(n.items.size());
  for (const TomlNode& item : n.items) {
    if (item.kind != Kind::kString) {
      // Reported at the item, so the caret is under the value that is not a string.
      wrong_type(item, key, expected, "an array containing " + type_name(item), "", diags);
      return false;
    }
    result.push_back(item.str);
  }
  *out = std::move(result);
  return true;
}

}  // namespace sitegen
