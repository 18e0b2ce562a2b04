// Changing the links of a Markdown text in place (their addresses, or a link turned back
// into its text), found with md4c (markdown_links) so only real links are touched.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "markdown/markdown.h"

namespace sitegen {

struct LinkChange {
  enum Kind { kKeep, kAddress, kUnlink } kind = kKeep;
  std::string url;  // kAddress: the new address
};

// `decide` is asked about each link and image. kAddress rewrites the destination;
// kUnlink leaves a link's text (an image goes, alt text and all). An inline link written
// as `[text](destination "title")` can be changed; others (reference links, autolinks)
// are kept, and `unchanged` is called with each of those that `decide` wanted changed.
std::string edit_markdown_links(std::string_view md,
                                const std::function<LinkChange(const MarkdownLink&)>& decide,
                                const std::function<void(const MarkdownLink&)>& unchanged = {});

}  // namespace sitegen
