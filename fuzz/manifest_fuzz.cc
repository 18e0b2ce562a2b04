// Fuzzes the output manifest: the input, split at NUL bytes, is a list of file names
// written and read back; the input whole is read as a stamp.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>

#include "output/manifest.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view s(reinterpret_cast<const char*>(data), size);
  std::set<std::string> names;
  for (size_t pos = 0; pos <= s.size();) {
    size_t end = s.find('\0', pos);
    if (end == std::string_view::npos) end = s.size();
    if (end > pos) names.emplace(s.substr(pos, end - pos));
    pos = end + 1;
  }
  // Every list of names reads back as itself.
  std::set<std::string> back;
  std::string err;
  if (!sitegen::read_manifest(sitegen::write_manifest(names), &back, &err) || back != names)
    std::abort();
  // Any text is read or refused with a reason; what is read writes and reads back alike.
  std::set<std::string> files;
  if (!sitegen::read_manifest(s, &files, &err)) {
    if (err.empty()) std::abort();
    return 0;
  }
  if (!sitegen::read_manifest(sitegen::write_manifest(files), &back, &err) || back != files)
    std::abort();
  return 0;
}
