// parse_toml (toml_reader.h): toml++ parses, and its DOM becomes a TomlNode tree with
// toml++'s locations and the fields of each table in document order. The only file
// that includes toml++.
#include <toml++/toml.h>
#include <algorithm>
#include <atomic>

#include "base/date.h"
#include "base/parallel.h"
#include "text/ascii.h"
#include "text/nfc.h"
#include "text/strings.h"
#include "text/utf8.h"
#include "toml/toml_guard.h"
#include "toml/toml_reader.h"

namespace sitegen {

namespace {

// Turns a toml++ document this file owns into a TomlNode tree, its strings and keys in
// Unicode NFC (text/nfc.h). Strings are moved out of the toml++ tree, and each table and
// array is emptied once converted, so the new tree reuses that memory instead of
// claiming as much again.
class Converter {
 public:
  // `first_line`: the line of the file where the parsed text starts (see parse_in_pieces).
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
  NodeLoc loc(const toml::source_position& at) const {
    return NodeLoc{path_, static_cast<int>(at.line + first_line_ - 1), static_cast<int>(at.column)};
  }

  SharedPath path_;
  size_t first_line_;
  // The entries of the tables being converted, innermost last: one buffer for the whole
  // document rather than one per table.
  std::vector<Field> fields_;
};

Date date_of(const toml::date& d) {
  return Date{d.year, d.month, d.day, false};
}

void Converter::convert(toml::node& n, TomlNode& out) {
  out.loc = loc(n.source().begin);
  out.key_loc = out.loc;
  switch (n.type()) {
    case toml::node_type::string:
      out.kind = TomlNode::Kind::kString;
      out.str = std::move(n.as_string()->get());
      to_nfc_in_place(out.str);  // the text as typed, or as `\u` escapes spell it
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
    case toml::node_type::date:
      out.kind = TomlNode::Kind::kDate;
      out.date = date_of(n.as_date()->get());
      break;
    case toml::node_type::time:
      out.kind = TomlNode::Kind::kTime;
      break;
    case toml::node_type::date_time:
      out.kind = TomlNode::Kind::kDateTime;
      out.date = date_of(n.as_date_time()->get().date);
      break;
    case toml::node_type::array: {
      out.kind = TomlNode::Kind::kArray;
      toml::array& a = *n.as_array();
      out.items.resize(a.size());
      for (size_t i = 0; i < a.size(); ++i) {
        convert(a[i], out.items[i]);
      }
      a.clear();
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
  // toml++ keeps keys sorted; document order comes back from their positions.
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
    to_nfc_in_place(name);
    convert(*f.value, child);
    if (f.key->source().begin.line > 0) child.key_loc = loc(f.key->source().begin);
  }
  fields_.resize(first);
  t.clear();
}

// toml++'s "Error while parsing string: ..." reads like sitegen's other messages:
// lowercase, with no period at the end.
std::string as_message(std::string_view description) {
  std::string s(description);
  if (s.size() > 1 && s[0] >= 'A' && s[0] <= 'Z' && !(s[1] >= 'A' && s[1] <= 'Z'))
    s[0] = static_cast<char>(s[0] - 'A' + 'a');
  while (!s.empty() && (s.back() == '.' || s.back() == '\n')) s.pop_back();
  return s;
}

// The hint for toml++'s date error at line:col when the value before it is a partial
// date (`date = 2025-04`), which TOML has no type for; "" otherwise.
std::string partial_date_hint(std::string_view doc, size_t line, size_t col) {
  // toml++ counts columns after a byte-order mark.
  size_t start = byte_order_mark_size(doc);
  for (size_t l = 1; l < line; ++l) {
    start = doc.find('\n', start);
    if (start == std::string_view::npos) return "";
    ++start;
  }
  std::string_view text = doc.substr(start, doc.find('\n', start) - start);
  size_t end = std::min(col - 1, text.size());  // the value ends before the error
  size_t from = end;
  while (from > 0 && (is_digit(text[from - 1]) || text[from - 1] == '-')) --from;
  std::string_view value = text.substr(from, end - from);
  bool more = end < text.size() && (is_digit(text[end]) || text[end] == '-');  // `2024-1-1`
  if (more || value.size() < 6 || value.size() > 7 || value[4] != '-' ||
      std::count(value.begin(), value.end(), '-') != 1)
    return "";
  int month = std::stoi(std::string(value.substr(5)));
  if (month < 1 || month > 12) return "";
  std::string quoted = "\"" + std::string(value.substr(0, 5)) + (value.size() == 6 ? "0" : "") +
                       std::string(value.substr(5)) + "\"";
  // `key = 2025-04` on a line of its own: the hint shows the whole line.
  std::string_view before = trim(text.substr(0, from));
  if (before.ends_with('=')) {
    std::string_view key = trim(before.substr(0, before.size() - 1));
    if (!key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
          return is_alpha(c) || is_digit(c) || c == '_' || c == '-' || c == '.';
        }))
      quoted = std::string(key) + " = " + quoted;
  }
  return " (a partial date must be quoted: write " + quoted + ")";
}

// sitegen's own words for toml++'s error at line:col in a date such as `2024-13-01`
// (`date = 2024-13-01`: "bad date in `date`: month must be 01 to 12"), with the offset of
// the part that is wrong; nullopt when the text there is no such date.
struct DateLiteralError {
  size_t offset;
  std::string message;
};
std::optional<DateLiteralError> date_literal_error(std::string_view doc, size_t line, size_t col) {
  // toml++ counts columns after a byte-order mark.
  size_t start = byte_order_mark_size(doc);
  for (size_t l = 1; l < line; ++l) {
    start = doc.find('\n', start);
    if (start == std::string_view::npos) return std::nullopt;
    ++start;
  }
  std::string_view text = doc.substr(start, doc.find('\n', start) - start);
  size_t at = std::min(col == 0 ? 0 : col - 1, text.size());
  size_t from = at;
  while (from > 0 && (is_digit(text[from - 1]) || text[from - 1] == '-')) --from;
  std::string_view value = text.substr(from);
  if (value.size() < 10 || value[4] != '-' || value[7] != '-') return std::nullopt;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!is_digit(value[i])) return std::nullopt;
  int year = std::stoi(std::string(value.substr(0, 4)));
  int month = std::stoi(std::string(value.substr(5, 2)));
  int day = std::stoi(std::string(value.substr(8, 2)));
  std::string why;
  if (make_date(year, month, day, &why)) return std::nullopt;
  size_t part = year < 1 ? 0 : month < 1 || month > 12 ? 5 : 8;  // the year, month or day
  std::string_view before = trim(text.substr(0, from));
  std::string where;
  if (before.ends_with('=')) {
    std::string_view key = trim(before.substr(0, before.size() - 1));
    if (!key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
          return is_alpha(c) || is_digit(c) || c == '_' || c == '-';
        }))
      where = " in `" + std::string(key) + "`";
  }
  return DateLiteralError{start + from + part, "bad date" + where + ": " + why};
}

// For toml++'s "cannot redefine existing table 'publication'" (`[publication]` twice) and
// "... existing array 'publication' as table" (after `[[publication]]`): the list's header.
std::string list_as_table_hint(std::string_view message) {
  size_t open = message.find("existing table '");
  if (open == std::string_view::npos) open = message.find("existing array '");
  if (open == std::string_view::npos) return "";
  open += 16;
  size_t close = message.find('\'', open);
  if (close == std::string_view::npos) return "";
  std::string_view name = message.substr(open, close - open);
  std::string_view last =
      name.substr(name.rfind('.') == std::string_view::npos ? 0 : name.rfind('.') + 1);
  for (std::string_view list : {"publication", "news", "talk", "section", "entry", "given"})
    if (last == list) return " (" + list_header_hint(name) + ")";
  return "";
}

TomlNode parse_piece(std::string_view text, const SharedPath& path, size_t first_line) {
  // No path for toml++: each of its nodes would hold a counted reference to it, and
  // only line and column are read from them.
  toml::table table = toml::parse(text);
  TomlNode root;
  Converter(path, first_line).convert(table, root);
  return root;
}

// A big document is parsed in pieces on all cores, cut at `[[name]]` headers: the text
// before the first one, then runs of whole entries. toml++ reads each piece as it would
// inside the whole document when every piece after the first holds only its own
// `name` array (tables inside its entries are part of them) and the first piece holds
// none of those names: the arrays are then joined in order. Anything else (another
// table after the entries, an error in a piece) returns nullopt, and the document is
// parsed whole, which also reports any error exactly where it is.
constexpr size_t kPieceBytes = 256 * 1024;

std::optional<TomlNode> parse_in_pieces(std::string_view doc,
                                        const std::vector<TomlScan::ListHeader>& headers,
                                        const SharedPath& path) {
  size_t threads = max_threads();
  if (headers.empty() || threads < 2 || doc.size() < 2 * kPieceBytes) return std::nullopt;
  // Four pieces a core, so the cores finish together.
  size_t target = std::max(kPieceBytes, doc.size() / (4 * threads));
  std::vector<size_t> cuts{0};
  std::vector<std::string_view> names{""};
  for (const TomlScan::ListHeader& h : headers)
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
    if (fields.size() != 1 || fields[0].first != names[k] ||
        fields[0].second.kind != TomlNode::Kind::kArray)
      return std::nullopt;
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

}  // namespace

std::optional<TomlNode> parse_toml(std::string_view text, const std::string& display_path,
                                   Diagnostics& diags) {
  return parse_toml(std::string(text), display_path, diags);
}

std::optional<TomlNode> parse_toml(std::string&& text, const std::string& display_path,
                                   Diagnostics& diags) {
  std::string_view doc = diags.add_source(display_path, std::move(text));
  TomlScan scan = scan_toml(doc);
  if (scan.trouble) {
    diags.error(diags.loc_at(display_path, scan.trouble->offset), scan.trouble->message);
    return std::nullopt;
  }
  SharedPath path(display_path);
  try {
    std::optional<TomlNode> root = parse_in_pieces(doc, scan.list_headers, path);
    if (!root) root = parse_piece(doc, path, 1);
    root->loc = root->key_loc = NodeLoc{path, 1, 1};
    return root;
  } catch (const toml::parse_error& e) {
    const toml::source_position& at = e.source().begin;
    SourceLoc loc{display_path, static_cast<int>(at.line), static_cast<int>(at.column)};
    if (scan.unclosed) {
      SourceLoc from = diags.loc_at(display_path, scan.unclosed_from);
      if (std::pair(loc.line, loc.col) >= std::pair(from.line, from.col)) {
        diags.error(diags.loc_at(display_path, scan.unclosed->offset), scan.unclosed->message);
        return std::nullopt;
      }
    }
    std::string message = as_message(e.description());
    if (message.starts_with("error while parsing date:")) {
      if (std::optional<DateLiteralError> date = date_literal_error(doc, at.line, at.column)) {
        diags.error(diags.loc_at(display_path, date->offset), std::move(date->message));
        return std::nullopt;
      }
      message += partial_date_hint(doc, at.line, at.column);
    }
    message += list_as_table_hint(message);
    diags.error(std::move(loc), std::move(message));
    return std::nullopt;
  }
}

}  // namespace sitegen
