// TOML reading: documents become a small located tree whose tables keep document order
// (parsed by toml++, toml_convert.cc); TableReader gives typed reads and unknown-key warnings.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/date.h"
#include "base/diag.h"

namespace sitegen {

// A file path shared by every node of a document: a big publications.toml has a quarter
// of a million nodes, and a copy of the path in each of their two locations was a third of
// the tree's memory.
class SharedPath {
 public:
  SharedPath() = default;
  explicit SharedPath(const std::string& path) : path_(std::make_shared<const std::string>(path)) {}
  std::string_view view() const { return path_ ? std::string_view(*path_) : std::string_view(); }
  friend bool operator==(const SharedPath& a, std::string_view b) { return a.view() == b; }

 private:
  std::shared_ptr<const std::string> path_;
};

// A node's SourceLoc, with the path shared. Converts to and from SourceLoc, so it is used
// like one.
struct NodeLoc {
  SharedPath path;
  int line = 0;
  int col = 0;

  NodeLoc() = default;
  NodeLoc(SharedPath p, int l, int c) : path(std::move(p)), line(l), col(c) {}
  NodeLoc(const SourceLoc& loc) : path(loc.path), line(loc.line), col(loc.col) {}
  operator SourceLoc() const { return SourceLoc{std::string(path.view()), line, col}; }
};

struct TomlNode {
  enum class Kind { kString, kInteger, kFloat, kBool, kDate, kTime, kDateTime, kArray, kTable };
  Kind kind = Kind::kTable;
  NodeLoc loc;      // where the value starts (a table: its header)
  NodeLoc key_loc;  // where its key is written (for tables in arrays: the [[header]])
  std::string str;
  int64_t integer = 0;
  double real = 0;
  bool boolean = false;
  Date date;
  std::vector<TomlNode> items;                           // kArray
  std::vector<std::pair<std::string, TomlNode>> fields;  // kTable, in document order

  // Declared here, defined in toml_reader.cc: clang 14 with libstdc++ 12 cannot check an
  // implicit constructor while `fields` names the incomplete pair<string, TomlNode>.
  TomlNode() noexcept;
};

// "a string", "an integer", ... for messages.
std::string_view kind_name(TomlNode::Kind kind);
// What a value is, in the words of messages: kind_name, but "an array of strings" or
// "an array of tables" for an array that holds only those.
std::string type_name(const TomlNode& n);

// Typed reads of one value, the value of `key` (toml_value.cc): the one place a value's
// type is checked. A wrong type is an error at the value, "`key` must be <type>, not
// <what it is>", with a hint where the meaning is clear; the read then returns false
// and leaves *out alone.
bool read_string(const TomlNode& n, std::string_view key, Diagnostics& diags, std::string* out);
bool read_boolean(const TomlNode& n, std::string_view key, Diagnostics& diags, bool* out);
bool read_integer(const TomlNode& n, std::string_view key, Diagnostics& diags, int* out);
// A TOML date (or date-time, its time ignored), an integer year, or a "YYYY[-MM[-DD]]"
// string; with allow_present also "present".
bool read_date(const TomlNode& n, std::string_view key, Diagnostics& diags, Date* out,
               bool allow_present);
// An array of strings; with one_string_allowed a single string too (a list of one).
bool read_strings(const TomlNode& n, std::string_view key, Diagnostics& diags,
                  std::vector<std::string>* out, bool one_string_allowed);

// Parses a document with toml++ (toml_convert.cc); on a mistake reports it
// (file:line:col) and returns nullopt. Strings and keys come out in Unicode NFC.
// The text is registered with diags, so its lines can be quoted; pass it as an rvalue to
// have it moved there rather than copied.
std::optional<TomlNode> parse_toml(std::string_view text, const std::string& display_path,
                                   Diagnostics& diags);
std::optional<TomlNode> parse_toml(std::string&& text, const std::string& display_path,
                                   Diagnostics& diags);

// The hint for a list written as a table (`[publication]` for `[[publication]]`):
// "write [[publication]], with double brackets, above each entry".
std::string list_header_hint(std::string_view key);

// Typed reads from one table. Every key asked for is "known"; finish() warns about the rest.
class TableReader {
 public:
  TableReader(const TomlNode& table, std::string what, Diagnostics& diags)
      : table_(table), what_(std::move(what)), diags_(diags) {
    known_.reserve(kKeysReserved);
  }

  const TomlNode* find(std::string_view key);
  // Each returns false (leaving *out alone) when the key is absent or has the wrong type
  // (which is reported). `required` reports a missing key at the table's header.
  bool string(std::string_view key, std::string* out, bool required = false);
  bool boolean(std::string_view key, bool* out);
  bool integer(std::string_view key, int* out);
  // A TOML date, an integer year, or a "YYYY[-MM[-DD]]" string.
  bool date(std::string_view key, Date* out, bool allow_present = false, bool required = false);
  // A string or an array of strings.
  bool strings(std::string_view key, std::vector<std::string>* out, bool required = false);
  // An array of strings only (a list whose items may hold commas, such as authors).
  bool string_array(std::string_view key, std::vector<std::string>* out, bool required = false);
  // A table, or an array of tables; nullptr when absent or of another type (reported).
  const TomlNode* table(std::string_view key);
  std::vector<const TomlNode*> tables(std::string_view key);
  // Marks a key as known without reading it.
  void accept(std::string_view key) { known_.push_back(key); }

  // Warns about every key that was never asked for, with a did-you-mean hint.
  void finish();
  const TomlNode& node() const { return table_; }
  Diagnostics& diags() { return diags_; }

 private:
  // The value of `key`, or nullptr; a missing required key is reported at the header.
  const TomlNode* find_required(std::string_view key, bool required);

  // Room for the keys the longest reader asks for ([[publication]]'s), so known_ is
  // allocated once, not grown key by key for each of thousands of entries.
  static constexpr size_t kKeysReserved = 32;

  const TomlNode& table_;
  std::string what_;  // "site.toml", "[[publication]]", ... for messages
  Diagnostics& diags_;
  std::vector<std::string_view> known_;
};

}  // namespace sitegen
