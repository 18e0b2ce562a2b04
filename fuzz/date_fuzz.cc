// Fuzzes date parsing ("2025", "2025-09", "2025-09-18", "present") and formatting.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "base/date.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view s(reinterpret_cast<const char*>(data), size);
  for (bool allow_present : {false, true}) {
    std::string why;
    std::optional<sitegen::Date> d = sitegen::parse_date(s, allow_present, &why);
    if (!d) {
      if (why.empty()) std::abort();  // every failure says what was expected
      continue;
    }
    sitegen::format_date(*d);
    sitegen::format_range(*d, *d);
    sitegen::format_range(sitegen::Date{}, *d);
    std::string iso = sitegen::iso_date(*d);
    // A parsed date prints back as a date that parses to itself.
    if (!d->present) {
      std::string why2;
      std::optional<sitegen::Date> again = sitegen::parse_date(iso, false, &why2);
      if (!again || !(*again == *d)) std::abort();
    }
  }
  return 0;
}
