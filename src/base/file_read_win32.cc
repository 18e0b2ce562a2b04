// Reading a content file on Windows: CreateFileW with the UTF-16 name, shared with
// writers as other Windows programs expect, and read with ReadFile into a string of its
// size. Only disk files are read (a named pipe or a device is refused).
#include <windows.h>

#include <algorithm>

#include "base/file_read.h"
#include "base/wide_text_win32.h"

namespace sitegen {

std::string not_a_regular_file(const std::string& path) {
  DWORD attrs = GetFileAttributesW(to_wide(path).c_str());
  if (attrs == INVALID_FILE_ATTRIBUTES) return windows_message(GetLastError());
  if (attrs & FILE_ATTRIBUTE_DIRECTORY) return "is a directory";
  if (attrs & FILE_ATTRIBUTE_DEVICE) return "it is a device; sitegen reads only regular files";
  return "";
}

std::optional<std::string> read_regular_file(const std::string& path, uintmax_t max,
                                             std::string* err, uintmax_t* too_big) {
  HANDLE h = CreateFileW(to_wide(path).c_str(), GENERIC_READ,
                         FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) {
    DWORD code = GetLastError();
    std::string why = code == ERROR_ACCESS_DENIED ? not_a_regular_file(path) : "";
    *err = why.empty() ? windows_message(code) : why;
    return std::nullopt;
  }
  LARGE_INTEGER size{};
  std::string why = GetFileType(h) != FILE_TYPE_DISK ? "it is not a regular file; sitegen reads "
                                                       "only regular files"
                    : !GetFileSizeEx(h, &size)       ? windows_message(GetLastError())
                                                     : "";
  if (why.empty() && static_cast<uintmax_t>(size.QuadPart) > max) {
    *too_big = static_cast<uintmax_t>(size.QuadPart);
    CloseHandle(h);
    return std::nullopt;
  }
  if (!why.empty()) {
    *err = std::move(why);
    CloseHandle(h);
    return std::nullopt;
  }
  std::string bytes(size.QuadPart > 0 ? size.QuadPart + 1 : 4096, '\0');
  size_t got = 0;
  for (;;) {
    if (got == bytes.size()) {
      if (got > max) {
        CloseHandle(h);
        *too_big = got;
        return std::nullopt;
      }
      bytes.resize(std::min<uintmax_t>(bytes.size() * 2, max + 1));
    }
    DWORD n = 0;
    DWORD want = static_cast<DWORD>(std::min<size_t>(bytes.size() - got, 1u << 30));
    if (!ReadFile(h, bytes.data() + got, want, &n, nullptr)) {
      CloseHandle(h);
      *err = "read failed";
      return std::nullopt;
    }
    if (n == 0) break;
    got += n;
  }
  CloseHandle(h);
  bytes.resize(got);
  return bytes;
}

}  // namespace sitegen
