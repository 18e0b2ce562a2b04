// Fuzzes the template engine against kainjow mustache: any template compiles or fails
// with the same error at the same offset in both, and renders to the same bytes, also
// when pages go through a RenderCache.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "support/mustache_oracle.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  std::string text(reinterpret_cast<const char*>(bytes), size);
  // Sections over a list nested in each other multiply the output: twenty levels over
  // a two-entry list render a million copies, in both engines. Any lookup of a list
  // names it, so a bound on the names bounds the work.
  size_t lists = 0;
  for (const char* name : {"items", "strs", "refs"})
    for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1))
      ++lists;
  if (lists > 8) return 0;
  sitegen::Value shared = sitegen::oracle::shared_data();
  sitegen::Value d = sitegen::oracle::sample_data(shared);
  sitegen::oracle::Result ours = sitegen::oracle::sitegen_render(text, d);
  if (!ours.ok && ours.text.find("nested more than") != std::string::npos) return 0;
  sitegen::oracle::Result theirs = sitegen::oracle::kainjow_render(text, d);
  if (ours.ok != theirs.ok || ours.text != theirs.text || ours.offset != theirs.offset)
    std::abort();
  // Pages rendered through one RenderCache, the second with other outer values.
  if (!ours.ok) return 0;
  sitegen::Value other = sitegen::oracle::sample_data(shared, true);
  std::vector<sitegen::oracle::Result> cached =
      sitegen::oracle::sitegen_render_cached(text, {&d, &other, &d});
  if (cached[0].text != theirs.text || cached[2].text != theirs.text ||
      cached[1].text != sitegen::oracle::kainjow_render(text, other).text)
    std::abort();
  return 0;
}
