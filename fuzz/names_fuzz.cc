// Fuzzes BibTeX name lists: splitting on `and`, name parts, markers, display names.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "bibtex/names.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view s(reinterpret_cast<const char*>(data), size);
  for (std::string_view one : sitegen::split_name_list(s)) {
    sitegen::NameParts parts = sitegen::split_name(one);
    sitegen::display_name(parts);
  }
  sitegen::AuthorList list = sitegen::parse_author_list(s);
  for (const sitegen::Author& a : list.authors) {
    sitegen::NameParts parts = sitegen::split_display_name(a.name);
    sitegen::display_name(parts);
  }
  sitegen::split_display_name(s);
  return 0;
}
