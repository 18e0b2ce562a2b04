// sitegen's TOML 1.0.0 parser: text straight into a located TomlNode tree, in one pass
// with no tree in between. parse_toml (toml_reader.h) is the way in for the rest of
// sitegen; this is the parser itself, for it and for the tests.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "load/toml_reader.h"

namespace sitegen {

struct TomlError {
  size_t offset = 0;  // in the text: the character that is wrong
  std::string message;
};

// Reads a whole document into *root (a table; its own location is left to the caller),
// fields in the order their keys are first written. Locations are where toml++ put them,
// which sitegen's messages have always used: lines from 1, columns in characters from 1
// (a byte-order mark is not one). A value is where it starts, its key where the key's
// last part is written. A table made by a header is at the header's `[`; so is one the
// header only implies (`a` of `[a.b]`: at the first header that implies it, until `[a]`
// itself comes), and its key is in that first header. An `[[array]]` is at its first
// header, each of its tables at its own; a table a dotted key makes is at that part of
// the key; an array's item is where it starts, and so is its "key". Returns false, with
// *error set, at the first mistake.
bool parse_toml_text(std::string_view text, const SharedPath& path, TomlNode* root,
                     TomlError* error);

}  // namespace sitegen
