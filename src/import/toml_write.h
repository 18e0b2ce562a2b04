// Publications written as publications.toml text, for `sitegen import`: editable,
// commented where it helps, and read back by load into the same publications.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace sitegen {

struct TomlEntry {
  Publication pub;
  std::vector<std::string> comments;  // `# ...` lines written under the [[publication]] header
};

// The whole file: `header` lines as comments, then one [[publication]] per entry, in
// order. Round trip: loading the text gives each publication back as load would give it
// from its source (title, authors with markers, venue, dates, type, links, details and
// the generated BibTeX), so a site builds the same pages from either. Text that came
// from BibTeX with `<` or a script link in its abstract or note gets `raw_html = false`,
// which keeps its HTML shown as text and its script links dropped, as they were. Any
// text makes valid TOML: comments stay one line, bytes that are not UTF-8 become U+FFFD.
std::string publications_to_toml(const std::vector<TomlEntry>& entries,
                                 const std::vector<std::string>& header);

// A TOML basic string literal: "...", with the escapes TOML requires.
std::string toml_string(std::string_view s);
// A TOML multi-line string whose value is exactly s: '''literal''' when it can be,
// else """basic""" with escapes. It starts on the next line, for readability.
std::string toml_multiline(std::string_view s);
// A key: bare when it can be, else quoted.
std::string toml_key(std::string_view key);

}  // namespace sitegen
