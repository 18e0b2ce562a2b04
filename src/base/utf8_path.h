// A path from sitegen's UTF-8 text. Where a path is made from a std::string, the C++
// library converts by the C locale, which on Windows is not UTF-8: a name like
// "Müller.pdf" would name another file there. From char8_t the conversion is UTF-8
// everywhere (on POSIX systems, none at all).
#pragma once

#include <filesystem>
#include <string_view>

namespace sitegen {

inline std::filesystem::path utf8_path(std::string_view s) {
  return std::filesystem::path(
      std::u8string_view(reinterpret_cast<const char8_t*>(s.data()), s.size()));
}

}  // namespace sitegen
