// Splits a page into its `+++` TOML front matter and Markdown body.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sitegen {

struct FrontMatter {
  std::string
      toml;  // the front matter, padded with one empty line so its line numbers are the file's
  std::string_view body;
  int body_line = 1;  // the line the body starts on
};

// nullopt and *why set when the text opens with `+++` but the closing line is missing.
// A text without front matter gives an empty `toml` and the whole text as body.
std::optional<FrontMatter> split_front_matter(std::string_view text, std::string* why);

}  // namespace sitegen
