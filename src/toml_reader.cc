// Converts toml++ documents into TomlNode trees and reads them with located errors.
#include "toml_reader.h"

#include <toml++/toml.h>
#include <algorithm>
#include <atomic>

#include "parallel.h"

namespace sitegen {

namespace {

// `first_line`: the line of the file where the parsed text starts (see parse_in_pieces).
NodeLoc to_loc(const toml::source_position& at, const SharedPath& path, size_t first_line) {
  return NodeLoc{path, static_cast<int>(at.line + first_line - 1), static_cast<int>(at.column)};
}

// Turns a toml++ document this file owns into a TomlNode tree: strings are moved out of
// the toml++ tree, which is thrown away afterwards.
class Converter {
 public:
  Converter(SharedPath path, size_t first_line) : path_(std::move(path)), first_line_(first_line) {}
  void convert(toml::node& n, TomlNode& out);

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
  void convert_table(toml::table& t, TomlNode& out);

  SharedPath path_;
  size_t first_line_;
  // The entries of the tables being converted, innermost last: one buffer for the whole
  // document rather than one per table.
  std::vector<Field> fields_;
};

void Converter::convert(toml::node& n, TomlNode& out) {
  out.loc = to_loc(n.source().begin, path_, first_line_);
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
      a.clear();  // see convert_table
      break;
    }
    case toml::node_type::table:
    default:
      out.kind = TomlNode::Kind::kTable;
      if (toml::table* t = n.as_table()) convert_table(*t, out);
      break;
  }
}

void Converter::convert_table(toml::table& t, TomlNode& out) {
  // toml++ sorts keys; document order comes back from the key positions.
  size_t first = fields_.size();
  for (auto&& [key, value] : t) {
    const toml::source_position& at =
        key.source().begin.line > 0 ? key.source().begin : value.source().begin;
    fields_.push_back({at.line, at.column, fields_.size() - first, &key, &value});
  }
  auto begin = fields_.begin() + static_cast<std::ptrdiff_t>(first);
  if (!std::is_sorted(begin, fields_.end())) std::sort(begin, fields_.end());
  size_t count = fields_.size() - first;
  out.fields.resize(count);
  for (size_t i = 0; i < count; ++i) {
    Field f = fields_[first + i];  // a copy: converting the value may grow fields_
    auto& [name, child] = out.fields[i];
    name = f.key->str();
    convert(*f.value, child);
    if (f.key->source().begin.line > 0)
      child.key_loc = to_loc(f.key->source().begin, path_, first_line_);
  }
  fields_.resize(first);
  // Freed as soon as it is converted, so the new tree reuses its memory instead of
  // claiming as much again.
  t.clear();
}

// toml++ caps arrays and inline tables at 256 levels, but not dotted keys and table
// headers: `[a.a.a...]` with 50,000 parts overflows the stack inside toml::parse. So
// the nesting a document can reach is estimated before parsing, counting every table
// level a header, a dotted key or a bracket opens. Strings and comments are skipped;
// anything the scan gets wrong only makes the estimate larger.
constexpr int kMaxNesting = 200;

// Skips a string starting at text[i] (a quote); returns the index after it.
size_t skip_string(std::string_view text, size_t i) {
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

// The length of the UTF-8 sequence starting at text[i] (a byte >= 0x80); 0 if invalid.
size_t utf8_length(std::string_view text, size_t i) {
  unsigned char c = static_cast<unsigned char>(text[i]);
  size_t n = c >= 0xC2 && c <= 0xDF   ? 2
             : c >= 0xE0 && c <= 0xEF ? 3
             : c >= 0xF0 && c <= 0xF4 ? 4
                                      : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  return n;
}

struct ScanProblem {
  size_t at;
  std::string message;
};

// A `[[name]]` header with a bare name at the start of a line, outside strings and
// arrays: a place where a document can be cut into pieces (see parse_in_pieces).
struct Header {
  size_t at;
  std::string_view name;
};

bool is_bare_key(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
}

// What toml++ cannot be trusted with, found before it parses:
//  - nesting deeper than kMaxNesting (see above);
//  - a non-ASCII character outside strings and comments. TOML allows none there, and
//    toml++ 3.3 reaches TOML_UNREACHABLE (undefined behaviour) for some of them, e.g.
//    Cyrillic or `、` right after a key (upstream issues #190 and #295).
// Invalid UTF-8 is left to toml++, which reports it. Also collects the `[[name]]`
// headers where the document could be cut.
std::optional<ScanProblem> scan(std::string_view text, std::vector<Header>* headers) {
  auto non_ascii = [&](size_t i) -> std::optional<ScanProblem> {
    size_t n = utf8_length(text, i);
    if (n == 0) return std::nullopt;
    return ScanProblem{i, "unexpected `" + std::string(text.substr(i, n)) +
                              "` outside a quoted string: TOML keys and values other than "
                              "strings are ASCII, so put it in quotes"};
  };
  auto too_deep = [](size_t i) {
    return ScanProblem{i, "too deeply nested: more than " + std::to_string(kMaxNesting) +
                              " levels of tables, arrays and dotted keys"};
  };
  std::vector<int> opened;  // levels each open `[` or `{` of a value added
  int depth = 0;            // levels of the current [header], plus sum(opened)
  int key_parts = 0;        // parts of the key before the last `=`
  int dots = 0;             // dots in the key or value being read
  bool line_start = true;
  // A byte-order mark opens the file; toml++ skips it.
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
      // A [table] or [[array of tables]] header: its parts are levels below the root.
      size_t start = i;
      bool array = text.compare(i, 2, "[[") == 0;
      i += array ? 2 : 1;
      int parts = 2;  // the first part, and the array of [[tables]]
      while (i < text.size() && text[i] != ']' && text[i] != '\n') {
        if (text[i] == '"' || text[i] == '\'') {
          i = skip_string(text, i);
          continue;
        }
        if (text[i] == '.' && ++parts > kMaxNesting) return too_deep(start);
        if (static_cast<unsigned char>(text[i]) >= 0x80) return non_ascii(i);
        ++i;
      }
      if (array && (start == 0 || text[start - 1] == '\n') && text.compare(i, 2, "]]") == 0 &&
          is_bare_key(text.substr(start + 2, i - start - 2)))
        headers->push_back({start, text.substr(start + 2, i - start - 2)});
      depth = parts;
      key_parts = dots = 0;
      line_start = false;
    } else {
      line_start = false;
      if (static_cast<unsigned char>(c) >= 0x80) {
        return non_ascii(i);
      } else if (c == '.') {
        if (depth + ++dots + 1 > kMaxNesting) return too_deep(i);
      } else if (c == '=') {
        key_parts = dots + 1;
        dots = 0;
      } else if (c == '[' || c == '{') {
        // A key's value is one level per key part; an array's items, and a table that
        // is an item, one more.
        int levels = c == '[' ? key_parts + 1 : std::max(key_parts, 1);
        opened.push_back(levels);
        depth += levels;
        if (depth > kMaxNesting) return too_deep(i);
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

// A big document is parsed in pieces on all cores, cut at `[[name]]` headers: the text
// before the first one, then runs of whole entries. toml++ reads each piece as it would
// inside the whole document when every piece after the first holds only its own
// `name` array (tables inside its entries are part of them) and the first piece holds
// none of those names: the arrays are then joined in order. Anything else (another
// table after the entries, an error in a piece) returns nullopt, and the document is
// parsed whole, which also reports any error exactly where it is.
constexpr size_t kPieceBytes = 256 * 1024;

TomlNode parse_piece(std::string_view text, const SharedPath& path, size_t first_line) {
  // No path for toml++: its nodes would each hold a counted reference to it, and only
  // line and column are read from them.
  toml::table t = toml::parse(text);
  TomlNode root;
  Converter(path, first_line).convert(t, root);
  return root;
}

std::optional<TomlNode> parse_in_pieces(std::string_view doc, const std::vector<Header>& headers,
                                        const SharedPath& path) {
  size_t threads = max_threads();
  if (headers.empty() || threads < 2 || doc.size() < 2 * kPieceBytes) return std::nullopt;
  // Four pieces a core, so the cores finish together.
  size_t target = std::max(kPieceBytes, doc.size() / (4 * threads));
  std::vector<size_t> cuts{0};
  std::vector<std::string_view> names{""};
  for (const Header& h : headers)
    if (cuts.size() == 1 || h.at - cuts.back() >= target) {
      cuts.push_back(h.at);
      names.push_back(h.name);
    }
  cuts.push_back(doc.size());
  std::vector<size_t> first_line(names.size(), 1);
  for (size_t k = 1; k < names.size(); ++k)
    first_line[k] =
        first_line[k - 1] +
        static_cast<size_t>(std::count(doc.begin() + static_cast<std::ptrdiff_t>(cuts[k - 1]),
                                       doc.begin() + static_cast<std::ptrdiff_t>(cuts[k]), '\n'));
  std::vector<TomlNode> pieces(names.size());
  std::atomic<bool> failed{false};
  parallel_for(pieces.size(), 1, [&](size_t k) {
    try {
      pieces[k] = parse_piece(doc.substr(cuts[k], cuts[k + 1] - cuts[k]), path, first_line[k]);
    } catch (const toml::parse_error&) {
      failed = true;
    }
  });
  if (failed) return std::nullopt;
  TomlNode root = std::move(pieces[0]);
  for (const auto& [key, value] : root.fields)
    if (std::find(names.begin() + 1, names.end(), key) != names.end()) return std::nullopt;
  for (size_t k = 1; k < pieces.size(); ++k) {
    auto& fields = pieces[k].fields;
    if (fields.size() != 1 || fields[0].first != names[k]) return std::nullopt;
    auto same = [&](const auto& f) { return f.first == names[k]; };
    auto it = std::find_if(root.fields.begin(), root.fields.end(), same);
    if (it == root.fields.end()) {
      root.fields.push_back(std::move(fields[0]));
    } else {
      auto& items = fields[0].second.items;
      it->second.items.insert(it->second.items.end(), std::make_move_iterator(items.begin()),
                              std::make_move_iterator(items.end()));
    }
  }
  return root;
}

std::string lower_first(std::string s) {
  if (!s.empty() && s[0] >= 'A' && s[0] <= 'Z' && (s.size() < 2 || !(s[1] >= 'A' && s[1] <= 'Z')))
    s[0] = static_cast<char>(s[0] - 'A' + 'a');
  while (!s.empty() && (s.back() == '.' || s.back() == '\n')) s.pop_back();
  return s;
}

}  // namespace

TomlNode::TomlNode() noexcept = default;

std::string_view kind_name(TomlNode::Kind kind) {
  switch (kind) {
    case TomlNode::Kind::kString:
      return "a string";
    case TomlNode::Kind::kInteger:
      return "an integer";
    case TomlNode::Kind::kFloat:
      return "a float";
    case TomlNode::Kind::kBool:
      return "a boolean";
    case TomlNode::Kind::kDate:
      return "a date";
    case TomlNode::Kind::kTime:
      return "a time";
    case TomlNode::Kind::kDateTime:
      return "a date-time";
    case TomlNode::Kind::kArray:
      return "an array";
    case TomlNode::Kind::kTable:
      return "a table";
  }
  return "a value";
}

std::optional<TomlNode> parse_toml(std::string_view text, const std::string& display_path,
                                   Diagnostics& diags) {
  return parse_toml(std::string(text), display_path, diags);
}

std::optional<TomlNode> parse_toml(std::string&& text, const std::string& display_path,
                                   Diagnostics& diags) {
  std::string_view doc = diags.add_source(display_path, std::move(text));
  std::vector<Header> headers;
  if (std::optional<ScanProblem> p = scan(doc, &headers)) {
    diags.error(diags.loc_at(display_path, p->at), p->message);
    return std::nullopt;
  }
  SharedPath path(display_path);
  try {
    std::optional<TomlNode> root = parse_in_pieces(doc, headers, path);
    if (!root) root = parse_piece(doc, path, 1);
    root->loc = root->key_loc = NodeLoc{path, 1, 1};
    return root;
  } catch (const toml::parse_error& e) {
    const toml::source_position& at = e.source().begin;
    diags.error(SourceLoc{display_path, static_cast<int>(at.line), static_cast<int>(at.column)},
                lower_first(std::string(e.description())));
    return std::nullopt;
  }
}

const TomlNode* TableReader::find(std::string_view key) {
  known_.push_back(key);
  for (const auto& [k, v] : table_.fields)
    if (k == key) return &v;
  return nullptr;
}

void TableReader::wrong_type(std::string_view key, const TomlNode& n, std::string_view expected) {
  diags_.error(n.loc, "`" + std::string(key) + "` must be " + std::string(expected) + ", not " +
                          std::string(kind_name(n.kind)));
}

bool TableReader::string(std::string_view key, std::string* out, bool required) {
  const TomlNode* n = find(key);
  if (!n) {
    if (required)
      diags_.error(table_.key_loc, what_ + " is missing required key `" + std::string(key) + "`");
    return false;
  }
  if (n->kind != TomlNode::Kind::kString) {
    wrong_type(key, *n, "a string");
    return false;
  }
  *out = n->str;
  return true;
}

bool TableReader::boolean(std::string_view key, bool* out) {
  const TomlNode* n = find(key);
  if (!n) return false;
  if (n->kind != TomlNode::Kind::kBool) {
    wrong_type(key, *n, "true or false");
    return false;
  }
  *out = n->boolean;
  return true;
}

bool TableReader::integer(std::string_view key, int* out) {
  const TomlNode* n = find(key);
  if (!n) return false;
  if (n->kind != TomlNode::Kind::kInteger || n->integer < INT32_MIN || n->integer > INT32_MAX) {
    wrong_type(key, *n, "an integer");
    return false;
  }
  *out = static_cast<int>(n->integer);
  return true;
}

bool TableReader::date(std::string_view key, Date* out, bool allow_present, bool required) {
  const TomlNode* n = find(key);
  if (!n) {
    if (required)
      diags_.error(table_.key_loc, what_ + " is missing required key `" + std::string(key) + "`");
    return false;
  }
  std::string why;
  std::optional<Date> d;
  switch (n->kind) {
    case TomlNode::Kind::kDate:
    case TomlNode::Kind::kDateTime:
      d = n->date;
      break;
    case TomlNode::Kind::kInteger:
      if (n->integer >= 1 && n->integer <= 9999)
        d = Date{static_cast<int>(n->integer), 0, 0};
      else
        why = "year out of range";
      break;
    case TomlNode::Kind::kString:
      d = parse_date(n->str, allow_present, &why);
      break;
    default:
      why = "expected a date, not " + std::string(kind_name(n->kind));
  }
  if (!d) {
    diags_.error(n->loc, "bad date in `" + std::string(key) + "`: " + why);
    return false;
  }
  *out = *d;
  return true;
}

bool TableReader::strings(std::string_view key, std::vector<std::string>* out, bool required) {
  const TomlNode* n = find(key);
  if (!n) {
    if (required)
      diags_.error(table_.key_loc, what_ + " is missing required key `" + std::string(key) + "`");
    return false;
  }
  if (n->kind == TomlNode::Kind::kString) {
    *out = {n->str};
    return true;
  }
  if (n->kind != TomlNode::Kind::kArray) {
    wrong_type(key, *n, "a string or an array of strings");
    return false;
  }
  std::vector<std::string> result;
  result.reserve(n->items.size());
  for (const TomlNode& item : n->items) {
    if (item.kind != TomlNode::Kind::kString) {
      diags_.error(item.loc, "`" + std::string(key) + "` must hold only strings, not " +
                                 std::string(kind_name(item.kind)));
      return false;
    }
    result.push_back(item.str);
  }
  *out = std::move(result);
  return true;
}

const TomlNode* TableReader::table(std::string_view key) {
  const TomlNode* n = find(key);
  if (!n) return nullptr;
  if (n->kind != TomlNode::Kind::kTable) {
    wrong_type(key, *n, "a table");
    return nullptr;
  }
  return n;
}

std::vector<const TomlNode*> TableReader::tables(std::string_view key) {
  std::vector<const TomlNode*> out;
  const TomlNode* n = find(key);
  if (!n) return out;
  if (n->kind != TomlNode::Kind::kArray) {
    wrong_type(key, *n, "an array of tables (`[[" + std::string(key) + "]]`)");
    return out;
  }
  for (const TomlNode& item : n->items) {
    if (item.kind != TomlNode::Kind::kTable) {
      wrong_type(key, item, "an array of tables");
      return {};
    }
    out.push_back(&item);
  }
  return out;
}

void TableReader::finish() {
  for (const auto& [k, v] : table_.fields) {
    if (std::find(known_.begin(), known_.end(), k) != known_.end()) continue;
    diags_.warning(v.key_loc, "unknown key `" + k + "` in " + what_ + did_you_mean(k, known_));
  }
}

}  // namespace sitegen
