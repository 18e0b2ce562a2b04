// The structure of a TOML document: key-values, [table] and [[array]] headers, arrays
// and inline tables, and the rules on what may be defined where. Values other than
// arrays and tables are read by toml_strings.cc and toml_scalars.cc.
#include "load/toml_parse.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <iterator>
#include <unordered_map>
#include <vector>

#include "load/toml_cursor.h"
#include "text/ascii.h"

namespace sitegen {

namespace {

using toml::Cursor;
using toml::kMaxDepth;
using Kind = TomlNode::Kind;

// How a table or an array was made (TomlNode::made_by), which decides what later lines
// may add to it. TOML 1.0.0: a table is defined once, by its header or by dotted keys;
// a header may add sub-tables to any table but an inline one; dotted keys may add to a
// table they made or one that headers only implied; inline tables and arrays written as
// values are complete as written. These are toml++'s rules too.
enum MadeBy : uint8_t {
  kDefined = 0,     // a [table] (or the root, or a table of an [[array]]); an array value
  kImplied = 1,     // a table a header implies: `a` of `[a.b]`
  kDotted = 2,      // a table a dotted key makes: `a` of `a.b = 1`
  kInline = 3,      // `{...}`
  kTableArray = 4,  // an array made by [[headers]]
};

constexpr bool bare_key_char(char c) {
  return is_alpha(c) || is_digit(c) || c == '_' || c == '-';
}

// A table with this many keys gets a hash index, so a huge table is not searched key
// by key for each new one.
constexpr size_t kIndexFrom = 32;

struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using KeyIndex = std::unordered_map<std::string, uint32_t, NameHash, std::equal_to<>>;

class Parser {
 public:
  Parser(std::string_view text, const SharedPath& path, TomlNode& root)
      : c_(text, path), root_(root), table_(&root) {}

  void run() {
    c_.skip_bom();
    root_.kind = Kind::kTable;
    for (;;) {
      c_.skip_spaces();
      if (c_.at_end()) return;
      char ch = *c_.p;
      if (ch == '#') {
        c_.skip_comment();
      } else if (ch == '[') {
        std::string_view header = read_header();
        end_of_line("the header", header);
      } else if (bare_key_char(ch) || ch == '"' || ch == '\'') {
        std::string_view key = key_value(*table_, table_depth_);
        end_of_line("the value of", key);
      } else if (!c_.line_end()) {
        c_.expected(c_.p, "a key or a table header such as `[name]`");
      }
    }
  }

 private:
  // One part of a key: `a`, `"b c"`, `'d'` in `a."b c".'d'`.
  struct Part {
    const char* at;
    const char* end;
    int line, col;
    std::string_view bare;
    std::string quoted;
    bool is_quoted;
    std::string_view name() const { return is_quoted ? std::string_view(quoted) : bare; }
  };

  // Spaces, then a comment, then the line end or the end of the text, after `what`
  // `name` ("the value of `title`").
  void end_of_line(std::string_view what, std::string_view name) {
    c_.skip_spaces();
    if (c_.at('#')) c_.skip_comment();
    if (!c_.at_end() && !c_.line_end())
      c_.expected(
          c_.p, "the end of the line after " + std::string(what) + " `" + std::string(name) + "`");
  }

  [[noreturn]] void too_deep(const char* at) {
    c_.fail(at, "too deeply nested: more than " + std::to_string(kMaxDepth) +
                    " levels of tables, arrays and dotted keys");
  }

  // Reads a key into parts_[0, n); returns n.
  size_t read_key(std::string_view what) {
    size_t n = 0;
    for (;;) {
      if (n == parts_.size()) parts_.emplace_back();
      Part& part = parts_[n];
      part.at = c_.p;
      part.line = c_.line();
      part.col = c_.column(c_.p);
      if (!c_.at_end() && bare_key_char(*c_.p)) {
        const char* q = c_.p;
        while (q != c_.end && bare_key_char(*q)) ++q;
        part.bare = std::string_view(c_.p, static_cast<size_t>(q - c_.p));
        part.is_quoted = false;
        c_.p = q;
      } else if (c_.at('"') || c_.at('\'')) {
        toml::read_string(c_, part.quoted, true);
        part.is_quoted = true;
      } else {
        c_.expected(c_.p, n == 0 ? what : "a key after `.`");
      }
      part.end = c_.p;
      ++n;
      c_.skip_spaces();
      if (!c_.at('.')) return n;
      ++c_.p;
      c_.skip_spaces();
    }
  }

  // The first `n` parts of the key just read, as written.
  std::string written(size_t n) const { return std::string(parts_[0].at, parts_[n - 1].end); }

  NodeLoc loc_of(const Part& part) const { return NodeLoc{c_.path(), part.line, part.col}; }

  int find(const TomlNode& table, std::string_view name) const {
    if (table.key_index) {
      const KeyIndex& index = indexes_[table.key_index - 1];
      auto it = index.find(name);
      return it == index.end() ? -1 : static_cast<int>(it->second);
    }
    for (size_t i = 0; i < table.fields.size(); ++i) {
      const std::string& k = table.fields[i].first;
      if (k.size() == name.size() && std::memcmp(k.data(), name.data(), name.size()) == 0)
        return static_cast<int>(i);
    }
    return -1;
  }

  TomlNode& add(TomlNode& table, std::string_view name, NodeLoc key_loc) {
    table.fields.emplace_back(std::piecewise_construct, std::forward_as_tuple(name),
                              std::forward_as_tuple());
    uint32_t at = static_cast<uint32_t>(table.fields.size() - 1);
    if (table.key_index) {
      indexes_[table.key_index - 1].emplace(name, at);
    } else if (table.fields.size() == kIndexFrom) {
      KeyIndex& index = indexes_.emplace_back();
      for (uint32_t i = 0; i <= at; ++i) index.emplace(table.fields[i].first, i);
      table.key_index = static_cast<uint32_t>(indexes_.size());
    }
    TomlNode& node = table.fields.back().second;
    node.key_loc = std::move(key_loc);
    return node;
  }

  // The table that part `i` of the key names but no one has made yet, one level deeper.
  TomlNode& add_table(TomlNode& parent, size_t i, MadeBy made_by, int& depth) {
    if (++depth > kMaxDepth) too_deep(parts_[i].at);
    TomlNode& sub = add(parent, parts_[i].name(), loc_of(parts_[i]));
    sub.kind = Kind::kTable;
    sub.made_by = made_by;
    return sub;
  }

  std::string_view key_value(TomlNode& table, int depth);
  std::string_view read_header();
  void read_value(TomlNode& out, int depth);
  void read_array(TomlNode& out, int depth);
  void read_inline_table(TomlNode& out, int depth);
  void skip_blank_in_array();

  [[noreturn]] void dotted_conflict(size_t i, size_t n, const TomlNode& existing);
  [[noreturn]] void walk_conflict(size_t i, std::string_view header, const TomlNode& existing);
  [[noreturn]] void header_conflict(const char* at, std::string_view header, size_t n,
                                    bool is_array, const TomlNode& existing);

  Cursor c_;
  TomlNode& root_;
  TomlNode* table_;  // where key-values go: the root, or the table of the last header
  int table_depth_ = 0;
  std::vector<Part> parts_;  // of the key being read; reused, so their strings keep their room
  std::vector<KeyIndex> indexes_;
  // Where read_array gathers the items of an array at each depth (not resized, so a
  // reference to one level stays good while deeper ones are used).
  std::vector<std::vector<TomlNode>> scratch_ = std::vector<std::vector<TomlNode>>(kMaxDepth + 1);
};

// `a.b.c = value` into `table`; returns the key as written.
std::string_view Parser::key_value(TomlNode& table, int depth) {
  size_t n = read_key("a key");
  std::string_view key(parts_[0].at, static_cast<size_t>(parts_[n - 1].end - parts_[0].at));
  if (!c_.at('=')) c_.expected(c_.p, "`=` after the key `" + std::string(key) + "`");
  ++c_.p;
  c_.skip_spaces();
  if (c_.at_end() || *c_.p == '\n' || *c_.p == '\r' || *c_.p == '#')
    c_.expected(c_.p, "a value after `" + std::string(key) + " =`");
  TomlNode* t = &table;
  for (size_t i = 0; i + 1 < n; ++i) {
    int at = find(*t, parts_[i].name());
    if (at < 0) {
      t = &add_table(*t, i, kDotted, depth);
      t->loc = t->key_loc;
      continue;
    }
    TomlNode& sub = t->fields[static_cast<size_t>(at)].second;
    if (sub.kind != Kind::kTable || (sub.made_by != kDotted && sub.made_by != kImplied))
      dotted_conflict(i, n, sub);
    ++depth;
    t = &sub;
  }
  const Part& last = parts_[n - 1];
  if (int at = find(*t, last.name()); at >= 0)
    c_.fail(last.at, "duplicate key `" + std::string(key) + "`: it was first set at line " +
                         std::to_string(t->fields[static_cast<size_t>(at)].second.key_loc.line));
  TomlNode& field = add(*t, last.name(), loc_of(last));
  // Nothing the value holds is added to `t`, so `field` stays where it is.
  read_value(field, depth + 1);
  return key;
}

// A value at c_.p, which is not a line end; `depth` is where it would nest.
void Parser::read_value(TomlNode& out, int depth) {
  out.loc = c_.loc(c_.p);
  switch (*c_.p) {
    case '"':
    case '\'':
      out.kind = Kind::kString;
      toml::read_string(c_, out.str);
      break;
    case '[':
      read_array(out, depth);
      break;
    case '{':
      read_inline_table(out, depth);
      break;
    default:
      toml::read_scalar(c_, out);
  }
}

// Spaces, line ends and comments, which may come anywhere between an array's items.
void Parser::skip_blank_in_array() {
  for (;;) {
    c_.skip_spaces();
    if (c_.at('#')) c_.skip_comment();
    if (!c_.line_end()) return;
  }
}

void Parser::read_array(TomlNode& out, int depth) {
  if (depth > kMaxDepth) too_deep(c_.p);
  int line = c_.line();
  out.kind = Kind::kArray;
  ++c_.p;
  // The items gather in this depth's scratch list, then move into one allocation of
  // their number: growing the array item by item moved each item twice, on average.
  std::vector<TomlNode>& items = scratch_[static_cast<size_t>(depth)];
  for (;;) {
    skip_blank_in_array();
    if (c_.at(']')) break;
    if (c_.at_end())
      c_.expected(c_.p, "`]` to close the array opened at line " + std::to_string(line));
    TomlNode& item = items.emplace_back();
    read_value(item, depth + 1);
    item.key_loc = item.loc;
    skip_blank_in_array();
    if (c_.at(',')) {
      ++c_.p;
    } else if (!c_.at(']')) {
      c_.expected(c_.p,
                  "`,` or `]` after an item of the array opened at line " + std::to_string(line));
    }
  }
  ++c_.p;
  out.items.reserve(items.size());
  std::move(items.begin(), items.end(), std::back_inserter(out.items));
  items.clear();
}

void Parser::read_inline_table(TomlNode& out, int depth) {
  if (depth > kMaxDepth) too_deep(c_.p);
  out.kind = Kind::kTable;
  out.made_by = kInline;
  ++c_.p;
  c_.skip_spaces();
  if (c_.at('}')) {
    ++c_.p;
    return;
  }
  auto one_line = [&] {
    bool line_end = c_.at('\n') || c_.at('\r') || c_.at_end();
    return line_end ? "an inline table is written on one line" : "";
  };
  for (;;) {
    if (c_.at('}'))
      c_.fail(c_.p,
              "expected a key after `,` in the inline table, found `}` (TOML allows no comma "
              "after the last key of an inline table)");
    if (c_.at_end() || !(bare_key_char(*c_.p) || *c_.p == '"' || *c_.p == '\''))
      c_.expected(c_.p, "a key in the inline table", one_line());
    key_value(out, depth);
    c_.skip_spaces();
    if (c_.at('}')) break;
    if (!c_.at(',')) c_.expected(c_.p, "`,` or `}` after a value in the inline table", one_line());
    ++c_.p;
    c_.skip_spaces();
  }
  ++c_.p;
}

// `[a.b]` or `[[a.b]]`: finds or makes the table the next key-values go to. Returns
// the header as written.
std::string_view Parser::read_header() {
  const char* open = c_.p;
  NodeLoc loc = c_.loc(open);
  bool is_array = c_.end - c_.p >= 2 && c_.p[1] == '[';
  c_.p += is_array ? 2 : 1;
  c_.skip_spaces();
  size_t n = read_key(is_array ? "a name after `[[`" : "a table name after `[`");
  if (!c_.at(']'))
    c_.expected(c_.p, is_array ? "`]]` to close the header" : "`]` to close the header");
  ++c_.p;
  if (is_array && !c_.at(']')) c_.expected(c_.p, "`]]` to close the header");
  c_.p += is_array ? 1 : 0;
  std::string_view header(open, static_cast<size_t>(c_.p - open));

  TomlNode* t = &root_;
  int depth = 0;
  for (size_t i = 0; i + 1 < n; ++i) {
    int at = find(*t, parts_[i].name());
    if (at < 0) {
      t = &add_table(*t, i, kImplied, depth);
      t->loc = loc;
      continue;
    }
    TomlNode& sub = t->fields[static_cast<size_t>(at)].second;
    if (sub.kind == Kind::kTable && sub.made_by != kInline) {
      depth += 1;
      t = &sub;
    } else if (sub.kind == Kind::kArray && sub.made_by == kTableArray) {
      // A header under an [[array]] adds to its last table.
      depth += 2;
      t = &sub.items.back();
    } else {
      walk_conflict(i, header, sub);
    }
  }
  const Part& last = parts_[n - 1];
  int at = find(*t, last.name());
  if (is_array) {
    TomlNode* array;
    if (at < 0) {
      if (depth + 2 > kMaxDepth) too_deep(last.at);
      array = &add(*t, last.name(), loc_of(last));
      array->kind = Kind::kArray;
      array->made_by = kTableArray;
      array->loc = loc;
    } else {
      array = &t->fields[static_cast<size_t>(at)].second;
      if (array->kind != Kind::kArray || array->made_by != kTableArray)
        header_conflict(open, header, n, true, *array);
    }
    // The tables of a list are alike: room for as many keys as the last one had.
    size_t room = array->items.empty() ? 0 : array->items.back().fields.size();
    TomlNode& table = array->items.emplace_back();
    table.kind = Kind::kTable;
    table.loc = loc;
    table.key_loc = std::move(loc);
    table.fields.reserve(room);
    table_ = &table;
    table_depth_ = depth + 2;
    return header;
  }
  if (at < 0) {
    if (depth + 1 > kMaxDepth) too_deep(last.at);
    table_ = &add(*t, last.name(), loc_of(last));
    table_->kind = Kind::kTable;
    table_->loc = std::move(loc);
  } else {
    // A table a header only implied so far is defined now, unless dotted keys (or
    // values) already set something in it.
    TomlNode& table = t->fields[static_cast<size_t>(at)].second;
    bool only_tables = table.kind == Kind::kTable && table.made_by == kImplied;
    for (size_t i = 0; only_tables && i < table.fields.size(); ++i) {
      const TomlNode& f = table.fields[i].second;
      only_tables = f.kind == Kind::kTable ||
                    (f.kind == Kind::kArray && !f.items.empty() &&
                     std::all_of(f.items.begin(), f.items.end(),
                                 [](const TomlNode& x) { return x.kind == Kind::kTable; }));
    }
    if (!only_tables) header_conflict(open, header, n, false, table);
    table.made_by = kDefined;
    table.loc = std::move(loc);
    table_ = &table;
  }
  table_depth_ = depth + 1;
  return header;
}

// `a.b.c = 1` where `a.b` (parts_[0, i]) exists and may not take dotted keys.
void Parser::dotted_conflict(size_t i, size_t n, const TomlNode& existing) {
  std::string key = "`" + written(n) + "`";
  std::string prefix = "`" + written(i + 1) + "`";
  std::string line = std::to_string(existing.key_loc.line);
  if (existing.kind != Kind::kTable)
    c_.fail(parts_[i].at, "cannot set " + key + ": " + prefix + " is already " +
                              std::string(kind_name(existing.kind)) + " (set at line " + line +
                              "), not a table");
  if (existing.made_by == kInline)
    c_.fail(parts_[i].at, "cannot set " + key + ": " + prefix + " is an inline table (line " +
                              line + "), which is complete as written");
  c_.fail(parts_[i].at, "cannot set " + key + " with a dotted key: the table " + prefix +
                            " has its own header at line " + std::to_string(existing.loc.line) +
                            "; set `" + std::string(parts_[i + 1].at, parts_[n - 1].end) +
                            "` there");
}

// `[a.b.c]` where `a.b` (parts_[0, i]) exists and cannot hold tables.
void Parser::walk_conflict(size_t i, std::string_view header, const TomlNode& existing) {
  std::string start = "cannot define `" + std::string(header) + "`: `" + written(i + 1) + "` is ";
  std::string line = std::to_string(existing.key_loc.line);
  if (existing.kind == Kind::kTable)
    c_.fail(parts_[i].at,
            start + "an inline table (line " + line + "), which is complete as written");
  if (existing.kind == Kind::kArray)
    c_.fail(parts_[i].at,
            start + "an array written as a value (line " + line + "), not an array of tables");
  c_.fail(parts_[i].at, start + "already " + std::string(kind_name(existing.kind)) +
                            " (set at line " + line + "), not a table");
}

// `[a]` or `[[a]]` where `a` exists and cannot be what the header makes.
void Parser::header_conflict(const char* at, std::string_view header, size_t n, bool is_array,
                             const TomlNode& existing) {
  std::string h = "`" + std::string(header) + "`";
  std::string name = "`" + written(n) + "`";
  std::string line = std::to_string(existing.key_loc.line);
  std::string kind(kind_name(existing.kind));
  if (is_array) {
    if (existing.kind == Kind::kArray)
      c_.fail(at, "cannot add to the array " + name + " with " + h +
                      ": it was written as a value at line " + line +
                      ", which is complete as written");
    c_.fail(at,
            "cannot define " + h + ": " + name + " is already " + kind + " (line " + line + ")");
  }
  if (existing.kind == Kind::kArray && existing.made_by == kTableArray)
    c_.fail(at, "cannot define the table " + h + ": " + name +
                    " is already an array of tables (`[[" + written(n) + "]]` at line " +
                    std::to_string(existing.loc.line) + ")");
  if (existing.kind != Kind::kTable)
    c_.fail(at, "cannot define the table " + h + ": " + name + " is already " + kind +
                    " (set at line " + line + ")");
  std::string twice = "table " + h + " is defined twice: ";
  if (existing.made_by == kDotted) c_.fail(at, twice + "first with dotted keys at line " + line);
  if (existing.made_by == kInline) c_.fail(at, twice + "first as an inline table at line " + line);
  if (existing.made_by == kImplied) {
    for (const auto& [key, value] : existing.fields)
      if (value.kind != Kind::kTable)
        c_.fail(at, twice + "`" + key + "` was already set in it at line " +
                        std::to_string(value.key_loc.line));
  }
  c_.fail(at, twice + "first at line " + std::to_string(existing.loc.line));
}

}  // namespace

bool parse_toml_text(std::string_view text, const SharedPath& path, TomlNode* root,
                     TomlError* error) {
  try {
    Parser(text, path, *root).run();
    return true;
  } catch (const toml::Failure& f) {
    error->offset = static_cast<size_t>(f.at - text.data());
    error->message = f.message;
    return false;
  }
}

}  // namespace sitegen
