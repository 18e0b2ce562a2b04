// TableReader: the fields of one table of a located TOML tree (parsed in toml_convert.cc),
// each read by its typed read (toml_value.cc), and unknown keys warned about.
#include "toml/toml_reader.h"

#include <algorithm>

namespace sitegen {

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

const TomlNode* TableReader::find(std::string_view key) {
  known_.push_back(key);
  for (const auto& [k, v] : table_.fields)
    if (k == key) return &v;
  return nullptr;
}

const TomlNode* TableReader::find_required(std::string_view key, bool required) {
  const TomlNode* n = find(key);
  if (!n && required)
    diags_.error(table_.key_loc, what_ + " is missing required key `" + std::string(key) + "`");
  return n;
}

bool TableReader::string(std::string_view key, std::string* out, bool required) {
  const TomlNode* n = find_required(key, required);
  return n && read_string(*n, key, diags_, out);
}

bool TableReader::boolean(std::string_view key, bool* out) {
  const TomlNode* n = find(key);
  return n && read_boolean(*n, key, diags_, out);
}

bool TableReader::integer(std::string_view key, int* out) {
  const TomlNode* n = find(key);
  return n && read_integer(*n, key, diags_, out);
}

bool TableReader::date(std::string_view key, Date* out, bool allow_present, bool required) {
  const TomlNode* n = find_required(key, required);
  return n && read_date(*n, key, diags_, out, allow_present);
}

bool TableReader::strings(std::string_view key, std::vector<std::string>* out, bool required) {
  const TomlNode* n = find_required(key, required);
  return n && read_strings(*n, key, diags_, out, true);
}

bool TableReader::string_array(std::string_view key, std::vector<std::string>* out, bool required) {
  const TomlNode* n = find_required(key, required);
  return n && read_strings(*n, key, diags_, out, false);
}

const TomlNode* TableReader::table(std::string_view key) {
  const TomlNode* n = find(key);
  if (!n) return nullptr;
  if (n->kind != TomlNode::Kind::kTable) {
    diags_.error(n->loc, "`" + std::string(key) + "` must be a table, not " + type_name(*n));
    return nullptr;
  }
  return n;
}

std::string list_header_hint(std::string_view key) {
  return "write [[" + std::string(key) + "]], with double brackets, above each entry";
}

std::vector<const TomlNode*> TableReader::tables(std::string_view key) {
  std::vector<const TomlNode*> out;
  const TomlNode* n = find(key);
  if (!n) return out;
  std::string must = "`" + std::string(key) + "` must be an array of tables";
  if (n->kind == TomlNode::Kind::kTable) {  // `[publication]`, one bracket short
    diags_.error(n->loc, must + ", not a table (" + list_header_hint(key) + ")");
    return out;
  }
  if (n->kind != TomlNode::Kind::kArray) {
    diags_.error(n->loc, must + " (`[[" + std::string(key) + "]]`), not " + type_name(*n));
    return out;
  }
  for (const TomlNode& item : n->items) {
    if (item.kind != TomlNode::Kind::kTable) {
      diags_.error(item.loc, must + ", not an array containing " + type_name(item));
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
