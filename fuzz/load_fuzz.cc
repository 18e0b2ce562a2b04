// Fuzzes TOML reading: sitegen's parser against toml++ (toml_oracle.h), which must read
// the input into the same tree or refuse it too; then a whole site loaded from memory
// with the input as site.toml, and again as each list file beside a valid site.toml.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>

#include "load/load.h"
#include "load/source.h"
#include "load/toml_reader.h"
#include "support/toml_oracle.h"

namespace {

// TOML 1.0.0 that toml++ 3.3 refuses and sitegen reads (toml_parse_test.cc, "TOML that
// toml++ refused and sitegen reads"): a leap second, a number longer than 128
// characters, fractional seconds past 64 digits. toml++'s words for them.
bool toml_plus_plus_limit(const std::string& error) {
  for (const char* limit : {"expected second between 0 and 59", "exceeds length limit",
                            "numeric value too long", "exceeds maximum precision"})
    if (error.find(limit) != std::string::npos) return true;
  return false;
}

[[noreturn]] void differ(const std::string& what, const std::string& text) {
  std::fprintf(stderr, "sitegen and toml++ differ: %s\ninput (%zu bytes):\n%s\n", what.c_str(),
               text.size(), text.c_str());
  std::abort();
}

// What differs between sitegen and toml++ on the text, "" if nothing does.
std::string difference(const std::string& text) {
  sitegen::Diagnostics diags;
  std::optional<sitegen::TomlNode> mine = sitegen::parse_toml(text, "fuzz.toml", diags);
  sitegen::oracle::TomlResult ref = sitegen::oracle::toml_reference(text, "fuzz.toml");
  // toml++ was not asked when its nesting estimate, which counts more levels than there
  // are, went past the limit: sitegen counts them exactly.
  if (ref.too_deep) return "";
  if (mine && !ref.tree)
    return toml_plus_plus_limit(ref.error) ? "" : "toml++ refuses it: " + ref.error;
  if (!mine && ref.tree) return "sitegen refuses it: " + diags.format_all();
  return mine ? sitegen::oracle::toml_difference(*mine, *ref.tree) : "";
}

void compare_with_toml_plus_plus(const std::string& text) {
  std::string d = difference(text);
  if (d.empty()) return;
  // toml++ trims Unicode spaces after a line-ending backslash, which TOML keeps
  // (toml_oracle.h): if that was all, the text without them reads alike.
  std::string plain = sitegen::oracle::without_unicode_spaces_toml_plus_plus_trims(text);
  if (plain.empty() || !difference(plain).empty()) differ(d, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  compare_with_toml_plus_plus(text);
  {
    sitegen::Diagnostics diags;
    sitegen::MemorySource src({{"site.toml", text}});
    sitegen::load_site(src, diags);
    diags.format_all();
  }
  {
    sitegen::Diagnostics diags;
    sitegen::MemorySource src({{"site.toml", "[person]\nname = \"Ada Example\"\n"},
                               {"publications.toml", text},
                               {"news.toml", text},
                               {"talks.toml", text},
                               {"cv.toml", text}});
    sitegen::load_site(src, diags);
    diags.format_all();
  }
  return 0;
}
