// Lenient reads of front matter trees (see node_values.h).
#include "import/node_values.h"

namespace sitegen {

const TomlNode* field(const TomlNode& table, std::string_view key) {
  if (table.kind != TomlNode::Kind::kTable) return nullptr;
  for (const auto& [k, v] : table.fields)
    if (k == key) return &v;
  return nullptr;
}

const TomlNode* field_at(const TomlNode& root, std::initializer_list<std::string_view> keys) {
  const TomlNode* n = &root;
  for (std::string_view k : keys)
    if (!(n = field(*n, k))) return nullptr;
  return n;
}

std::string text(const TomlNode* n) {
  if (!n) return "";
  switch (n->kind) {
    case TomlNode::Kind::kString:
      return n->str;
    case TomlNode::Kind::kInteger:
      return std::to_string(n->integer);
    case TomlNode::Kind::kBool:
      return n->boolean ? "true" : "false";
    case TomlNode::Kind::kDate:
    case TomlNode::Kind::kDateTime:
      return iso_date(n->date);
    default:
      return "";
  }
}

std::vector<std::string> texts(const TomlNode* n) {
  std::vector<std::string> out;
  if (!n) return out;
  if (n->kind != TomlNode::Kind::kArray) {
    if (!text(n).empty()) out.push_back(text(n));
    return out;
  }
  for (const TomlNode& item : n->items)
    if (!text(&item).empty()) out.push_back(text(&item));
  return out;
}

bool is_true(const TomlNode* n) {
  return n && n->kind == TomlNode::Kind::kBool && n->boolean;
}

}  // namespace sitegen
