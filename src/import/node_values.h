// Reading the located trees that YAML and TOML front matter become (TomlNode), when the
// keys are another program's and may be missing or of any type: absent and mistyped
// values read as empty.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "toml/toml_reader.h"

namespace sitegen {

// The value of `key` in a table; nullptr when absent or when `table` is not a table.
const TomlNode* field(const TomlNode& table, std::string_view key);
// The value at a path of keys: at(root, {"scholar", "last_name"}).
const TomlNode* field_at(const TomlNode& root, std::initializer_list<std::string_view> keys);
// A scalar as text: strings as written, numbers and booleans as YAML spells them; "" for
// tables, arrays and nullptr.
std::string text(const TomlNode* n);
// A list of scalars, or one scalar as a list of one; empty items left out.
std::vector<std::string> texts(const TomlNode* n);
// Whether the value is the boolean true.
bool is_true(const TomlNode* n);

}  // namespace sitegen
