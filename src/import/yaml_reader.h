// YAML front matter (Hugo Blox and Wowchemy pages): the only libyaml user. A document
// becomes the located tree TOML gives (TomlNode), so one reader serves both kinds.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/diag.h"
#include "toml/toml_reader.h"

namespace sitegen {

// Parses the first document of `text` into a tree of tables, arrays and scalars.
// Scalars: plain `true`/`false` (any case) are booleans, plain integers are integers,
// `null`, `~` and empty values are empty strings, everything else (dates, floats,
// quoted text) is a string. Anchors and aliases are resolved. `first_line` is the
// line of the file the text starts on, so locations point into the whole file.
// Errors (syntax, a key that is not a scalar, nesting deeper than 200, aliases that
// expand past 100,000 nodes) are reported at their line:col; the result is then nullopt.
std::optional<TomlNode> parse_yaml(std::string_view text, const std::string& display_path,
                                   Diagnostics& diags, int first_line = 1);

}  // namespace sitegen
