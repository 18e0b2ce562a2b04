// Live preview of a big page: what changed between two builds of one page, as the
// smallest run of element children to replace, so the open page is patched in place
// instead of fetched, parsed and laid out again whole.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

// Replace, inside the element reached from <body> by `path` (element-child indexes;
// `tags` names each step), the nodes after its first `keep` element children and
// before its last (`children` - `keep` - `remove`) ones with `html`.
struct PagePatch {
  std::vector<size_t> path;
  std::vector<std::string> tags;  // lowercase tag name at each step of path
  size_t children = 0;            // element children the target has before the patch
  size_t keep = 0;
  size_t remove = 0;
  std::string html;
};

// How `before` becomes `after`, both whole HTML documents: no patches when they are the
// same, one when the change lies inside <body>. nullopt when a patch could not stand
// for a fresh load: a change in <head>, a <script> in the replaced part, or markup that
// a browser's parser would not turn into the elements it spells (an end tag that does
// not match, an element left open, a block inside <p>, a row outside a table section,
// ...); the page is then swapped whole.
std::optional<std::vector<PagePatch>> page_patch(std::string_view before, std::string_view after);

// The patches as JSON for the live-reload script: [{"path":[...],"tags":[...],...}].
std::string page_patch_json(const std::vector<PagePatch>& patches);

}  // namespace sitegen
