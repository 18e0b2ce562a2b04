// md4c's callback API driven to write HTML (html_writer.cc).
#pragma once

#include <md4c.h>

#include <string>
#include <string_view>
#include <vector>

#include "markdown/markdown.h"

namespace sitegen {

// A text's footnotes and citations as the writer meets them (footnotes.h): the labels
// defined, and those referenced, in the order of their first reference, with how many
// references each has; the keys that may be cited with the URL of each, and those cited,
// in the order of their first citation.
struct FootnoteRefs {
  std::vector<std::string> labels;
  std::vector<std::string> order;
  std::vector<int> counts;
  const std::vector<std::string>* cite_keys = nullptr;
  const std::vector<std::string>* cite_urls = nullptr;
  std::vector<size_t> cited;  // indexes into cite_keys
};

// Appends the HTML of `md`, parsed with md4c's `parser_flags`, to `out`: md_html()'s
// HTML, with the changes `opts` asks for (markdown.h). With `notes`, each `[^label]` of
// a defined label in the text (not in code, math, a link or an image) becomes a numbered
// reference to it, and each `[@key]` (or `[@key1; @key2]`) of keys that may be cited a
// numbered link to each.
void write_html(std::string_view md, unsigned parser_flags, const MarkdownOptions& opts,
                std::string& out, FootnoteRefs* notes = nullptr);

}  // namespace sitegen
