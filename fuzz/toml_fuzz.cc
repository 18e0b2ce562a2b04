// Fuzzes TOML reading: parse_toml on its own, then a whole site loaded from memory
// with the input as site.toml, and again as each list file beside a valid site.toml.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "load.h"
#include "source.h"
#include "toml_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  {
    sitegen::Diagnostics diags;
    sitegen::parse_toml(text, "fuzz.toml", diags);
    diags.format_all();
  }
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
