// Typed values from located TOML trees (parsed in toml_convert.cc), with located errors.
#include "load/toml_reader.h"

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
