// Fuzzes the template engine against kainjow mustache: any template compiles or fails
// with the same error at the same offset in both, and renders to the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "mustache_oracle.h"

namespace {

sitegen::Value data_for(const sitegen::Value& shared) {
  using sitegen::Value;
  Value d = Value::object();
  d.set("title", "A <b>&'\"");
  d.set("yes", Value(true));
  d.set("no", Value(false));
  d.set("blank", " \t");
  d.set("nl", "line\nbreak");
  Value items = Value::list();
  for (const char* name : {"x", "y"}) {
    Value item = Value::object();
    item.set("name", name);
    item.set("yes", Value(name[0] == 'y'));
    items.push(std::move(item));
  }
  d.set("items", std::move(items));
  d.set("none", Value::list());
  d.set("ref", Value::ref(&shared));
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  std::string text(reinterpret_cast<const char*>(bytes), size);
  // Sections over a list nested in each other multiply the output: twenty levels over
  // `items` (two entries) render a million copies, in both engines. Any lookup of the
  // list names it, so a bound on the name bounds the work.
  size_t lists = 0;
  for (size_t at = text.find("items"); at != std::string::npos; at = text.find("items", at + 1))
    ++lists;
  if (lists > 8) return 0;
  sitegen::Value shared = sitegen::Value::object();
  shared.set("name", "shared");
  sitegen::Value d = data_for(shared);
  sitegen::oracle::Result ours = sitegen::oracle::sitegen_render(text, d);
  if (!ours.ok && ours.text.find("nested more than") != std::string::npos) return 0;
  sitegen::oracle::Result theirs = sitegen::oracle::kainjow_render(text, d);
  if (ours.ok != theirs.ok || ours.text != theirs.text || ours.offset != theirs.offset)
    std::abort();
  return 0;
}
