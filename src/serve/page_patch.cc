// What changed between two builds of a page, from the strict reading of both
// (strict_html.h): the innermost element holding the change, and the run of its element
// children to replace. The patches go to the live-reload script as JSON.
#include "serve/page_patch.h"

#include <algorithm>
#include <cstdint>

#include "serve/strict_html.h"
#include "text/escape.h"
#include "text/strings.h"

namespace sitegen {

namespace {

int find_body(const std::vector<HtmlElement>& els) {
  for (size_t i = 0; i < els.size(); ++i)
    if (els[i].tag == Tag::kBody && els[i].parent >= 0 &&
        els[static_cast<size_t>(els[i].parent)].tag == Tag::kHtml)
      return static_cast<int>(i);
  return -1;
}

std::vector<size_t> children_of(const std::vector<HtmlElement>& els, int parent) {
  std::vector<size_t> out;
  for (size_t i = static_cast<size_t>(parent) + 1; i < els.size(); ++i) {
    if (els[i].start >= els[parent].close_start) break;
    if (els[i].parent == parent) out.push_back(i);
  }
  return out;
}

// Any `<script`, in any case, even where it opens no element: a patch never runs script.
bool has_script(std::string_view html) {
  for (size_t i = html.find('<'); i != std::string_view::npos; i = html.find('<', i + 1))
    if (iequals(html.substr(i, 7), "<script")) return true;
  return false;
}

}  // namespace

std::optional<std::vector<PagePatch>> page_patch(std::string_view before, std::string_view after) {
  if (before == after) return std::vector<PagePatch>{};
  if (std::max(before.size(), after.size()) >= UINT32_MAX) return std::nullopt;
  size_t limit = std::min(before.size(), after.size());
  size_t p = 0;
  while (p < limit && before[p] == after[p]) ++p;
  size_t s = 0;
  while (s < limit - p && before[before.size() - 1 - s] == after[after.size() - 1 - s]) ++s;
  size_t before_end = before.size() - s, after_end = after.size() - s;

  std::optional<std::vector<HtmlElement>> a = read_strict_html(before);
  if (!a) return std::nullopt;
  std::optional<std::vector<HtmlElement>> b = read_strict_html(after);
  if (!b) return std::nullopt;
  const std::vector<HtmlElement>& ea = *a;
  const std::vector<HtmlElement>& eb = *b;
  int body = find_body(eb);
  if (body < 0 || find_body(ea) != body || p < eb[body].open_end) return std::nullopt;

  // The innermost element whose content holds the whole change in both documents.
  // Elements that start before the change are the same in both, at the same index.
  int target = -1;
  for (size_t i = 0; i < eb.size() && eb[i].start < p; ++i)
    if (eb[i].open_end <= p && p <= eb[i].close_start) target = static_cast<int>(i);
  // Its end tag must be the same bytes of the common suffix in both: a change that ends
  // inside a tag or an attribute value can make the same bytes after it read as other
  // elements.
  auto same_close = [&](int e) {
    return before.size() - ea[e].close_start == after.size() - eb[e].close_start;
  };
  while (target >= 0 &&
         (eb[target].close_start < after_end || ea[target].close_start < before_end ||
          !same_close(target) || (eb[target].bits & kRawText)))
    target = eb[target].parent;
  if (target < body) return std::nullopt;

  std::vector<size_t> ca = children_of(ea, target), cb = children_of(eb, target);
  size_t keep = 0;
  while (keep < ca.size() && keep < cb.size() && eb[cb[keep]].end <= p) ++keep;
  // The children after the change: the same bytes from their start to the target's end.
  // Compared as written rather than cut at the common suffix, so a new item between two
  // others replaces neither.
  size_t tail = 0;
  while (keep + tail < ca.size() && keep + tail < cb.size()) {
    const HtmlElement& x = ea[ca[ca.size() - 1 - tail]];
    const HtmlElement& y = eb[cb[cb.size() - 1 - tail]];
    size_t x_end = tail ? ea[ca[ca.size() - tail]].start : ea[target].close_start;
    size_t y_end = tail ? eb[cb[cb.size() - tail]].start : eb[target].close_start;
    if (before.substr(x.start, x_end - x.start) != after.substr(y.start, y_end - y.start)) break;
    ++tail;
  }
  size_t from_a = keep ? ea[ca[keep - 1]].end : ea[target].open_end;
  size_t to_a = tail ? ea[ca[ca.size() - tail]].start : ea[target].close_start;
  size_t from_b = keep ? eb[cb[keep - 1]].end : eb[target].open_end;
  size_t to_b = tail ? eb[cb[cb.size() - tail]].start : eb[target].close_start;
  // The bytes around the replaced run must be the same in both pages, or the patched page
  // would not be the new one.
  if (before.substr(0, from_a) != after.substr(0, from_b) ||
      before.substr(to_a) != after.substr(to_b))
    return std::nullopt;
  std::string_view removed = before.substr(from_a, to_a - from_a);
  std::string_view added = after.substr(from_b, to_b - from_b);
  if (has_script(removed) || has_script(added)) return std::nullopt;
  // The parser drops a newline right after <pre>'s start tag; in a fragment it would not.
  Tag t = eb[target].tag;
  if (!keep && (t == Tag::kPre || t == Tag::kListing || t == Tag::kTextarea) && !added.empty() &&
      (added[0] == '\n' || added[0] == '\r'))
    return std::nullopt;

  PagePatch patch;
  for (int e = target; e != body; e = eb[e].parent) {
    patch.path.push_back(eb[e].index);
    patch.tags.push_back(ascii_lower(eb[e].name));
  }
  std::reverse(patch.path.begin(), patch.path.end());
  std::reverse(patch.tags.begin(), patch.tags.end());
  patch.children = ca.size();
  patch.keep = keep;
  patch.remove = ca.size() - keep - tail;
  patch.html = std::string(added);
  return std::vector<PagePatch>{std::move(patch)};
}

std::string page_patch_json(const std::vector<PagePatch>& patches) {
  std::string out = "[";
  for (const PagePatch& p : patches) {
    if (out.size() > 1) out += ',';
    out += "{\"path\":[";
    for (size_t i = 0; i < p.path.size(); ++i) out += (i ? "," : "") + std::to_string(p.path[i]);
    out += "],\"tags\":[";
    for (size_t i = 0; i < p.tags.size(); ++i) out += (i ? "," : "") + json_string(p.tags[i]);
    out += "],\"children\":" + std::to_string(p.children) + ",\"keep\":" + std::to_string(p.keep) +
           ",\"remove\":" + std::to_string(p.remove) + ",\"html\":" + json_string(p.html) + "}";
  }
  return out + "]";
}

}  // namespace sitegen
