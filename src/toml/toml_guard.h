// What toml++ 3.3 must not be given, found before it parses: text that is not UTF-8,
// non-ASCII outside strings, and nesting deep enough to overflow its stack.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

// The deepest a document may nest tables, arrays and dotted keys.
constexpr int kMaxTomlNesting = 200;

struct TomlTrouble {
  size_t offset = 0;  // in the text: the character that is wrong
  std::string message;
};

struct TomlScan {
  std::optional<TomlTrouble> trouble;  // the document is refused before toml++ sees it
  // The first string left open: toml++'s error at or after `unclosed_from` (where the
  // string starts) is about it, and says only "encountered end-of-file" or "unescaped
  // control characters ...", so this message replaces it.
  std::optional<TomlTrouble> unclosed;
  size_t unclosed_from = 0;
  // Each `[[name]]` header with a bare name, alone at the start of a line: where a big
  // list file can be cut into pieces (toml_convert.cc).
  struct ListHeader {
    size_t at;
    std::string_view name;
  };
  std::vector<ListHeader> list_headers;
};

// The first of these in the text (TomlScan::trouble):
//  - invalid UTF-8 (toml++ says only "encountered invalid utf-8 sequence");
//  - a non-ASCII character outside strings and comments: TOML allows none there, and
//    toml++ 3.3 reaches TOML_UNREACHABLE (undefined behaviour) for some of them, e.g.
//    Cyrillic or `、` right after a key (upstream issues #190 and #295);
//  - nesting past kMaxTomlNesting levels: toml++ caps arrays and inline tables at 256,
//    but recurses once per part of a dotted key or a table header, and `[a.a.a...]`
//    with 50,000 parts overflows the stack.
// Levels are counted from the text alone, as the tree will have them: a table header's
// parts are levels 1, 2, ... (an [[array]] is one more level than a table), a dotted
// key's parts continue from its table's, and each array and inline table opens one.
// A header below an [[array]] counts one level fewer than the tree will hold.
TomlScan scan_toml(std::string_view text);

}  // namespace sitegen
