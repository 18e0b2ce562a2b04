// A strict reading of the HTML sitegen writes: every element spelled out with its end
// tag, nested as written. Markup the HTML parser would restructure on its own (implied
// end tags, a block closing a paragraph, table rows without a section, ...) is not read
// at all, so a patch is only ever made where the browser's elements are the source's.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "serve/html_tree_rules.h"

namespace sitegen {

// Offsets are 32-bit (page_patch leaves larger pages whole): a big page has tens of
// thousands of elements, read twice per patch.
struct HtmlElement {
  std::string_view name;  // as written
  Tag tag = Tag::kOther;
  uint16_t state = 0;  // what is open inside this element
  uint32_t bits = 0;
  uint32_t start = 0, open_end = 0, close_start = 0, end = 0;  // `<`, after `>`, `</`, after `>`
  int parent = -1;
  uint32_t index = 0;  // among its parent's element children
};

// The elements of `doc` in the order their start tags appear, or nullopt when the
// document is not markup this reading takes as it is (or is 4 GiB or more).
std::optional<std::vector<HtmlElement>> read_strict_html(std::string_view doc);

}  // namespace sitegen
