// md4c's callback API driven to write HTML (html_writer.cc).
#pragma once

#include <md4c.h>

#include <string>
#include <string_view>

#include "markdown/markdown.h"

namespace sitegen {

// Appends the HTML of `md`, parsed with md4c's `parser_flags`, to `out`: md_html()'s
// HTML, with the changes `opts` asks for (markdown.h).
void write_html(std::string_view md, unsigned parser_flags, const MarkdownOptions& opts,
                std::string& out);

}  // namespace sitegen
