// Fuzzes the HTML tokenizer (text/html_scan.h) and page_patch (serve/page_patch.h) with two
// documents, the input split at its first NUL byte: the tokens cover a document from
// start to end, and a patch, applied to the first document as the live-reload script
// applies it to the page, gives the second byte for byte.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "serve/page_patch.h"
#include "serve/strict_html.h"
#include "text/html_scan.h"
#include "text/strings.h"

namespace {

using namespace sitegen;

[[noreturn]] void fail(const char* what, std::string_view before, std::string_view after) {
  std::fprintf(stderr, "page_patch_fuzz: %s\n--- before:\n%.*s\n--- after:\n%.*s\n", what,
               static_cast<int>(before.size()), before.data(), static_cast<int>(after.size()),
               after.data());
  std::abort();
}

bool inside(std::string_view part, std::string_view doc, size_t from, size_t to) {
  return part.data() >= doc.data() + from && part.data() + part.size() <= doc.data() + to;
}

// Every token starts where the one before it ended, and only the last may be cut short.
void check_tokens(std::string_view doc) {
  HtmlTokenizer tokens(doc);
  size_t at = 0;
  for (HtmlToken t = tokens.next();; t = tokens.next()) {
    for (;;) {
      if (t.start != at || t.end < t.start || t.end > doc.size())
        fail("a token out of place", doc, "");
      if (t.kind == HtmlTokenKind::kEnd) {
        if (t.end != doc.size()) fail("the end before the end", doc, "");
        return;
      }
      if (t.end == t.start && t.kind != HtmlTokenKind::kRawText) fail("an empty token", doc, "");
      if (!t.terminated && t.end != doc.size()) fail("cut short before the end", doc, "");
      bool tag = t.kind == HtmlTokenKind::kStartTag || t.kind == HtmlTokenKind::kEndTag;
      if (tag && !inside(t.name, doc, t.start, t.end)) fail("a name outside its tag", doc, "");
      at = t.end;
      if (t.kind != HtmlTokenKind::kStartTag) break;
      for (const HtmlAttr& a : tokens.attributes())
        if (a.name.empty() || !inside(a.name, doc, t.start, t.end) ||
            !inside(a.value, doc, t.start, t.end))
          fail("an attribute outside its tag", doc, "");
      if (!iequals(t.name, "script") && !iequals(t.name, "title")) break;
      t = tokens.raw_text(t.name);
    }
  }
}

// The patch applied as live_reload.js applies it: the target found from <body> by path,
// and the nodes between its first `keep` and its last element children replaced.
std::string apply(std::string_view before, std::string_view after, const PagePatch& p) {
  std::optional<std::vector<HtmlElement>> els = read_strict_html(before);
  if (!els) fail("a patch for a page the strict reading refuses", before, after);
  const std::vector<HtmlElement>& e = *els;
  auto child = [&](int parent, size_t index) {
    for (size_t i = static_cast<size_t>(parent) + 1; i < e.size(); ++i)
      if (e[i].parent == parent && e[i].index == index) return static_cast<int>(i);
    return -1;
  };
  int at = -1;
  for (size_t i = 0; i < e.size() && at < 0; ++i)
    if (e[i].tag == Tag::kBody && e[i].parent >= 0 && e[e[i].parent].tag == Tag::kHtml)
      at = static_cast<int>(i);
  if (at < 0 || p.path.size() != p.tags.size()) fail("a patch without its body", before, after);
  for (size_t k = 0; k < p.path.size(); ++k) {
    at = child(at, p.path[k]);
    if (at < 0 || ascii_lower(e[at].name) != p.tags[k])
      fail("a path that leads nowhere", before, after);
  }
  std::vector<int> kids;
  for (size_t i = 0; child(at, i) >= 0; ++i) kids.push_back(child(at, i));
  if (kids.size() != p.children || p.keep + p.remove > p.children)
    fail("a patch counting other children", before, after);
  size_t from = p.keep ? e[kids[p.keep - 1]].end : e[at].open_end;
  size_t to =
      p.keep + p.remove < kids.size() ? e[kids[p.keep + p.remove]].start : e[at].close_start;
  return std::string(before.substr(0, from)) + p.html + std::string(before.substr(to));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  size_t nul = input.find('\0');
  std::string_view before = input.substr(0, nul);
  std::string_view after = nul == std::string_view::npos ? before : input.substr(nul + 1);
  check_tokens(before);
  check_tokens(after);
  html_urls(after);
  html_ids(after);
  std::optional<std::vector<PagePatch>> patches = page_patch(before, after);
  if (!patches) return 0;  // the page is loaded whole: nothing is applied
  if (before == after ? !patches->empty() : patches->size() != 1)
    fail("patches for nothing, or more than one", before, after);
  for (const PagePatch& p : *patches) {
    if (apply(before, after, p) != after)
      fail("a patch that does not give the new page", before, after);
    page_patch_json(*patches);
  }
  return 0;
}
