// The internal link check: every href, src and srcset of every HTML page must name a
// file of the built site (and an element, when it names a #fragment). Works on the
// in-memory Output, so `sitegen check --links` writes nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "render/output.h"

namespace sitegen {

struct BrokenLink {
  std::string page;    // output path of the page holding the link: "news/index.html"
  std::string url;     // the URL as written in the page
  std::string reason;  // "", or why it is broken when that is not plain absence
};

// `root` is the base path ("/" or "/repo/"); `abs` the absolute base URL
// ("https://host/repo/") or "". Absolute URLs starting with `abs` are checked as internal
// ones; other absolute URLs are not followed.
std::vector<BrokenLink> check_links(const Output& out, const std::string& root,
                                    const std::string& abs);

// "news/index.html: broken link to /join/ (outside the base path /repo/)"
std::string format_broken_link(const BrokenLink& b);

}  // namespace sitegen
