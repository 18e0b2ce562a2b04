// toml++ as the reference for sitegen's own TOML parser (toml_parse.h): a document read
// by both must give the same located tree, or be refused by both. This is how
// toml_reader.cc turned toml++'s DOM into a TomlNode tree before sitegen had its own
// parser. Used by the tests and fuzz/toml_fuzz.cc only; sitegen itself does not link toml++.
#pragma once

#include <toml++/toml.h>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "load/toml_reader.h"

namespace sitegen::oracle {

// Turns a toml++ document into a TomlNode tree: strings are moved out of the toml++
// tree, which is thrown away afterwards.
class TomlConverter {
 public:
  explicit TomlConverter(SharedPath path) : path_(std::move(path)) {}

  void convert(toml::node& n, TomlNode& out) {
    out.loc = to_loc(n.source().begin);
    out.key_loc = out.loc;
    switch (n.type()) {
      case toml::node_type::string:
        out.kind = TomlNode::Kind::kString;
        out.str = std::move(n.as_string()->get());
        break;
      case toml::node_type::integer:
        out.kind = TomlNode::Kind::kInteger;
        out.integer = n.as_integer()->get();
        break;
      case toml::node_type::floating_point:
        out.kind = TomlNode::Kind::kFloat;
        out.real = n.as_floating_point()->get();
        break;
      case toml::node_type::boolean:
        out.kind = TomlNode::Kind::kBool;
        out.boolean = n.as_boolean()->get();
        break;
      case toml::node_type::date: {
        out.kind = TomlNode::Kind::kDate;
        toml::date d = n.as_date()->get();
        out.date = Date{d.year, d.month, d.day, false};
        break;
      }
      case toml::node_type::time:
        out.kind = TomlNode::Kind::kTime;
        break;
      case toml::node_type::date_time: {
        out.kind = TomlNode::Kind::kDateTime;
        toml::date d = n.as_date_time()->get().date;
        out.date = Date{d.year, d.month, d.day, false};
        break;
      }
      case toml::node_type::array: {
        out.kind = TomlNode::Kind::kArray;
        toml::array& a = *n.as_array();
        out.items.resize(a.size());
        for (size_t i = 0; i < a.size(); ++i) convert(a[i], out.items[i]);
        break;
      }
      case toml::node_type::table:
      default:
        out.kind = TomlNode::Kind::kTable;
        if (toml::table* t = n.as_table()) convert_table(*t, out);
        break;
    }
  }

 private:
  // A table's entry, ordered by where its key is written (the value's position, for a
  // key toml++ has none for); `index`, toml++'s order, settles equal positions.
  struct Field {
    uint32_t line;
    uint32_t col;
    size_t index;
    const toml::key* key;
    toml::node* value;
    bool operator<(const Field& o) const {
      return line != o.line ? line < o.line : col != o.col ? col < o.col : index < o.index;
    }
  };

  NodeLoc to_loc(const toml::source_position& at) const {
    return NodeLoc{path_, static_cast<int>(at.line), static_cast<int>(at.column)};
  }

  void convert_table(toml::table& t, TomlNode& out) {
    // toml++ sorts keys; document order comes back from the key positions.
    std::vector<Field> fields;
    for (auto&& [key, value] : t) {
      const toml::source_position& at =
          key.source().begin.line > 0 ? key.source().begin : value.source().begin;
      fields.push_back({at.line, at.column, fields.size(), &key, &value});
    }
    std::sort(fields.begin(), fields.end());
    out.fields.resize(fields.size());
    for (size_t i = 0; i < fields.size(); ++i) {
      auto& [name, child] = out.fields[i];
      name = fields[i].key->str();
      convert(*fields[i].value, child);
      if (fields[i].key->source().begin.line > 0)
        child.key_loc = to_loc(fields[i].key->source().begin);
    }
  }

  SharedPath path_;
};

// toml++ caps arrays and inline tables at 256 levels, but not dotted keys and table
// headers: `[a.a.a...]` with 50,000 parts overflows the stack inside toml::parse. So
// the nesting a document can reach is estimated before parsing, counting every table
// level a header, a dotted key or a bracket opens. Strings and comments are skipped;
// anything the scan gets wrong only makes the estimate larger.
constexpr int kOracleMaxNesting = 200;

// Skips a string starting at text[i] (a quote); returns the index after it.
inline size_t skip_string(std::string_view text, size_t i) {
  char q = text[i];
  bool multi = text.compare(i, 3, std::string(3, q)) == 0;
  i += multi ? 3 : 1;
  while (i < text.size()) {
    char c = text[i];
    if (c == '\\' && q == '"') {
      i += 2;
    } else if (c == q) {
      if (!multi) return i + 1;
      size_t run = 0;
      while (i + run < text.size() && text[i + run] == q && run < 5) ++run;
      i += run;
      if (run >= 3) return i;
    } else if (c == '\n' && !multi) {
      return i;
    } else {
      ++i;
    }
  }
  return text.size();
}

// What toml++ cannot be trusted with, found before it parses: nesting deeper than
// kOracleMaxNesting, and a non-ASCII character outside strings and comments (TOML
// allows none there, and toml++ 3.3 reaches TOML_UNREACHABLE, undefined behaviour, for
// some of them, e.g. Cyrillic or `、` right after a key: upstream issues #190 and #295).
// Returns the offset of the problem, or nullopt.
inline std::optional<size_t> scan_for_trouble(std::string_view text, bool* too_deep) {
  std::vector<int> opened;  // levels each open `[` or `{` of a value added
  int depth = 0;            // levels of the current [header], plus sum(opened)
  int key_parts = 0;        // parts of the key before the last `=`
  int dots = 0;             // dots in the key or value being read
  bool line_start = true;
  *too_deep = false;
  auto deep = [&](size_t i) {
    *too_deep = true;
    return i;
  };
  size_t from = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  for (size_t i = from; i < text.size();) {
    char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '"' || c == '\'') {
      i = skip_string(text, i);
      line_start = false;
    } else if (c == '\n') {
      line_start = true;
      dots = 0;
      ++i;
    } else if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
    } else if (c == '[' && line_start && opened.empty()) {
      size_t start = i;
      bool array = text.compare(i, 2, "[[") == 0;
      i += array ? 2 : 1;
      int parts = 2;  // the first part, and the array of [[tables]]
      while (i < text.size() && text[i] != ']' && text[i] != '\n') {
        if (text[i] == '"' || text[i] == '\'') {
          i = skip_string(text, i);
          continue;
        }
        if (text[i] == '.' && ++parts > kOracleMaxNesting) return deep(start);
        if (static_cast<unsigned char>(text[i]) >= 0x80) return i;
        ++i;
      }
      depth = parts;
      key_parts = dots = 0;
      line_start = false;
    } else {
      line_start = false;
      if (static_cast<unsigned char>(c) >= 0x80) {
        return i;
      } else if (c == '.') {
        if (depth + ++dots + 1 > kOracleMaxNesting) return deep(i);
      } else if (c == '=') {
        key_parts = dots + 1;
        dots = 0;
      } else if (c == '[' || c == '{') {
        int levels = c == '[' ? key_parts + 1 : std::max(key_parts, 1);
        opened.push_back(levels);
        depth += levels;
        if (depth > kOracleMaxNesting) return deep(i);
        key_parts = dots = 0;
      } else if (c == ']' || c == '}') {
        if (!opened.empty()) {
          depth -= opened.back();
          opened.pop_back();
        }
        key_parts = dots = 0;
      } else if (c == ',') {
        key_parts = dots = 0;
      }
      ++i;
    }
  }
  return std::nullopt;
}

struct TomlResult {
  std::optional<TomlNode> tree;
  std::string error;      // toml++'s description, or what the scan refused
  bool too_deep = false;  // refused by the nesting estimate
};

// Parses a document with toml++ and converts it as toml_reader.cc once did.
inline TomlResult toml_reference(std::string_view text, const std::string& path) {
  TomlResult r;
  if (std::optional<size_t> at = scan_for_trouble(text, &r.too_deep)) {
    r.error = r.too_deep ? "too deeply nested" : "non-ASCII outside a string";
    return r;
  }
  try {
    toml::table t = toml::parse(text);
    TomlNode root;
    TomlConverter(SharedPath(path)).convert(t, root);
    root.loc = root.key_loc = NodeLoc{SharedPath(path), 1, 1};
    r.tree = std::move(root);
  } catch (const toml::parse_error& e) {
    r.error = std::string(e.description());
  }
  return r;
}

// toml++ 3.3 trims more than TOML 1.0.0 after a line-ending backslash in a multi-line
// string: Unicode spaces (U+00A0, U+3000 and the others of its
// is_non_ascii_horizontal_whitespace) go with the spaces, tabs and line ends. TOML's
// whitespace is tab and space alone ("Whitespace means tab (0x09) or space (0x20)"), so
// sitegen keeps them. Returns the text with each character toml++ would trim that way
// replaced by `_` (one character for one, so locations stay), on which the two read
// alike; "" when the text has none.
inline std::string without_unicode_spaces_toml_plus_plus_trims(std::string_view text) {
  auto unicode_space = [&](size_t i) -> size_t {  // its length in bytes, or 0
    auto b = [&](size_t k) {
      return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0;
    };
    if (b(0) == 0xC2 && b(1) == 0xA0) return 2;  // U+00A0
    if (b(0) == 0xE1 && ((b(1) == 0x9A && b(2) == 0x80) || (b(1) == 0xA0 && b(2) == 0x8E)))
      return 3;  // U+1680, U+180E
    if (b(0) == 0xE2 && b(1) == 0x80 && ((b(2) >= 0x80 && b(2) <= 0x8B) || b(2) == 0xAF))
      return 3;  // U+2000-200B, U+202F
    if (b(0) == 0xE2 && b(1) == 0x81 && (b(2) == 0x9F || b(2) == 0xA0)) return 3;  // U+205F, U+2060
    if (b(0) == 0xE3 && b(1) == 0x80 && b(2) == 0x80) return 3;                    // U+3000
    if (b(0) == 0xEF && b(1) == 0xBB && b(2) == 0xBF) return 3;                    // U+FEFF
    return 0;
  };
  std::string out;
  bool replaced = false;
  for (size_t i = 0; i < text.size();) {
    out += text[i];
    if (text[i++] != '\\') continue;
    size_t j = i;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t')) ++j;
    if (!(j < text.size() && (text[j] == '\n' || text.substr(j, 2) == "\r\n"))) continue;
    // What toml++ trims: spaces, tabs, line ends and Unicode spaces.
    for (;;) {
      if (j < text.size() && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n')) {
        ++j;
      } else if (text.substr(j, 2) == "\r\n") {
        j += 2;
      } else if (size_t n = unicode_space(j)) {
        out.append(text.substr(i, j - i)).push_back('_');
        i = j += n;
        replaced = true;
      } else {
        break;
      }
    }
    out.append(text.substr(i, j - i));
    i = j;
  }
  return replaced ? out : "";
}

// Where two trees first differ ("" when they are the same): kind, value, loc, key_loc,
// field names and their order, item counts.
inline std::string toml_difference(const TomlNode& a, const TomlNode& b,
                                   const std::string& where = "(root)") {
  auto at = [](const NodeLoc& l) { return std::to_string(l.line) + ":" + std::to_string(l.col); };
  if (a.kind != b.kind)
    return where + ": " + std::string(kind_name(a.kind)) + " vs " + std::string(kind_name(b.kind));
  if (a.loc.line != b.loc.line || a.loc.col != b.loc.col || a.loc.path.view() != b.loc.path.view())
    return where + ": loc " + at(a.loc) + " vs " + at(b.loc);
  if (a.key_loc.line != b.key_loc.line || a.key_loc.col != b.key_loc.col ||
      a.key_loc.path.view() != b.key_loc.path.view())
    return where + ": key_loc " + at(a.key_loc) + " vs " + at(b.key_loc);
  switch (a.kind) {
    case TomlNode::Kind::kString:
      if (a.str != b.str) return where + ": \"" + a.str + "\" vs \"" + b.str + "\"";
      break;
    case TomlNode::Kind::kInteger:
      if (a.integer != b.integer)
        return where + ": " + std::to_string(a.integer) + " vs " + std::to_string(b.integer);
      break;
    case TomlNode::Kind::kFloat:
      // Bit for bit, so -0.0 differs from 0.0; any NaN equals any NaN.
      if (!(std::isnan(a.real) && std::isnan(b.real)) &&
          std::memcmp(&a.real, &b.real, sizeof(double)) != 0)
        return where + ": " + std::to_string(a.real) + " vs " + std::to_string(b.real);
      break;
    case TomlNode::Kind::kBool:
      if (a.boolean != b.boolean) return where + ": boolean differs";
      break;
    case TomlNode::Kind::kDate:
    case TomlNode::Kind::kDateTime:
      if (a.date.year != b.date.year || a.date.month != b.date.month || a.date.day != b.date.day)
        return where + ": date differs";
      break;
    case TomlNode::Kind::kTime:
      break;
    case TomlNode::Kind::kArray:
      if (a.items.size() != b.items.size())
        return where + ": " + std::to_string(a.items.size()) + " vs " +
               std::to_string(b.items.size()) + " items";
      for (size_t i = 0; i < a.items.size(); ++i) {
        std::string d =
            toml_difference(a.items[i], b.items[i], where + "[" + std::to_string(i) + "]");
        if (!d.empty()) return d;
      }
      break;
    case TomlNode::Kind::kTable:
      for (size_t i = 0; i < std::max(a.fields.size(), b.fields.size()); ++i) {
        std::string na = i < a.fields.size() ? a.fields[i].first : "(none)";
        std::string nb = i < b.fields.size() ? b.fields[i].first : "(none)";
        if (na != nb)
          return where + ": field " + std::to_string(i) + " `" + na + "` vs `" + nb + "`";
        std::string d = toml_difference(a.fields[i].second, b.fields[i].second, where + "." + na);
        if (!d.empty()) return d;
      }
      break;
  }
  return "";
}

}  // namespace sitegen::oracle
