// Fuzzes the loading of a site's TOML files: the input parsed by parse_toml (toml++ and
// the scan before it), then a whole site loaded from memory with the input as
// site.toml, and again as each list file beside a valid site.toml.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "base/source.h"
#include "load/load.h"
#include "toml/toml_reader.h"

namespace {

[[noreturn]] void fail(const char* what, const std::string& text) {
  std::fprintf(stderr, "%s\ninput (%zu bytes):\n%s\n", what, text.size(), text.c_str());
  std::abort();
}

// Every node is on a line of the document, and no table holds a key twice.
void check_tree(const sitegen::TomlNode& n, int lines, const std::string& text) {
  for (const sitegen::NodeLoc* loc : {&n.loc, &n.key_loc})
    if (loc->line < 1 || loc->line > lines || loc->col < 1 || loc->path.view() != "fuzz.toml")
      fail("a node outside the document", text);
  std::set<std::string_view> keys;
  for (const auto& [key, value] : n.fields) {
    if (!keys.insert(key).second) fail("a key twice in one table", text);
    check_tree(value, lines, text);
  }
  for (const sitegen::TomlNode& item : n.items) check_tree(item, lines, text);
}

// Every diagnostic is located in its file and says something.
void check_diagnostics(const sitegen::Diagnostics& diags, const std::string& text) {
  for (const sitegen::Diagnostic& d : diags.all())
    if (d.message.empty() || d.loc.path.empty() || d.loc.line < 0 || d.loc.col < 0)
      fail("a diagnostic without a place or a message", text);
  diags.format_all();
}

void load(std::map<std::string, std::string> files, const std::string& text) {
  sitegen::Diagnostics diags;
  sitegen::MemorySource src(std::move(files));
  sitegen::load_site(src, diags);
  check_diagnostics(diags, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  {
    sitegen::Diagnostics diags;
    std::optional<sitegen::TomlNode> root = sitegen::parse_toml(text, "fuzz.toml", diags);
    if (root.has_value() != (diags.error_count() == 0)) fail("a result and an error", text);
    int lines = 1;
    for (char c : text) lines += c == '\n';
    if (root) check_tree(*root, lines, text);
    check_diagnostics(diags, text);
  }
  load({{"site.toml", text}}, text);
  load({{"site.toml", "[person]\nname = \"Ada Example\"\n"},
        {"publications.toml", text},
        {"news.toml", text},
        {"talks.toml", text},
        {"cv.toml", text}},
       text);
  return 0;
}
