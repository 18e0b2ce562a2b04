// A page of another generator (Jekyll, Hugo): front matter between `---` lines (YAML) or
// `+++` lines (TOML), then the body.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sitegen {

struct PageParts {
  bool has_front = false;  // false: no front matter, the whole text is the body
  bool yaml = true;
  std::string_view front;  // the front matter's text, without its fence lines
  int front_line = 2;      // the line of the file `front` starts on
  std::string_view body;
  int body_line = 1;  // the line of the file `body` starts on
};

// nullopt, with *why, when a front matter is opened and never closed. A UTF-8 byte order
// mark is skipped.
std::optional<PageParts> split_page(std::string_view text, std::string* why);

}  // namespace sitegen
