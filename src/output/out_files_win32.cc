// The output's file calls on Windows: files made by their full UTF-16 path below the
// staging folder, hard links with CreateHardLinkW (NTFS; a copy elsewhere), and the
// builds' lock as a named mutex for the parent folder, which leaves no file behind.
#include <windows.h>

#include <algorithm>
#include <cwctype>
#include <functional>

#include "base/wide_text_win32.h"
#include "output/out_files.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

// `dir` joined with the '/'-separated `rel`, as Windows names it.
fs::path below(const fs::path& dir, const char* rel) {
  std::wstring w = to_wide(rel);
  std::replace(w.begin(), w.end(), L'/', L'\\');
  return dir / w;
}

bool write_all(HANDLE h, const char* data, size_t size) {
  while (size > 0) {
    DWORD n = 0;
    DWORD want = static_cast<DWORD>(std::min<size_t>(size, 1u << 30));
    if (!WriteFile(h, data, want, &n, nullptr)) return false;
    data += n;
    size -= n;
  }
  return true;
}

HANDLE create(const fs::path& p) {
  return CreateFileW(p.c_str(), GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr,
                     CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
}

bool copy_to(const fs::path& from, const fs::path& to, const fs::path& shown, std::string* err) {
  HANDLE in = CreateFileW(from.c_str(), GENERIC_READ,
                          FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                          OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (in == INVALID_HANDLE_VALUE) {
    *err = "cannot read " + from.string() + ": " + windows_message(GetLastError());
    return false;
  }
  if (GetFileType(in) != FILE_TYPE_DISK) {
    CloseHandle(in);
    *err = "cannot read " + from.string() + ": it is not a regular file";
    return false;
  }
  HANDLE out = create(to);
  if (out == INVALID_HANDLE_VALUE) {
    *err = "cannot create " + shown.string() + ": " + windows_message(GetLastError());
    CloseHandle(in);
    return false;
  }
  char buf[1 << 16];
  bool ok = true;
  for (;;) {
    DWORD n = 0;
    if (!ReadFile(in, buf, sizeof buf, &n, nullptr)) {
      *err = "cannot read " + from.string() + ": " + windows_message(GetLastError());
      ok = false;
      break;
    }
    if (n == 0) break;
    if (!write_all(out, buf, n)) {
      *err = "cannot write " + shown.string() + ": " + windows_message(GetLastError());
      ok = false;
      break;
    }
  }
  CloseHandle(in);
  if (!CloseHandle(out) && ok) {
    *err = "cannot write " + shown.string() + ": " + windows_message(GetLastError());
    ok = false;
  }
  return ok;
}

bool link_or_copy_to(const fs::path& from, const fs::path& to, const fs::path& shown,
                     std::string* err) {
  if (CreateHardLinkW(to.c_str(), from.c_str(), nullptr)) return true;
  return copy_to(from, to, shown, err);
}

}  // namespace

OutDir::~OutDir() = default;

bool OutDir::open(const fs::path& dir, std::error_code* ec) {
  path_ = dir;
  if (fs::is_directory(dir, *ec)) return true;
  if (!*ec) *ec = std::make_error_code(std::errc::not_a_directory);
  return false;
}

bool OutDir::write(const char* rel, std::string_view bytes, const fs::path& shown,
                   std::string* err) const {
  HANDLE h = create(below(path_, rel));
  if (h == INVALID_HANDLE_VALUE) {
    *err = "cannot create " + shown.string() + ": " + windows_message(GetLastError());
    return false;
  }
  bool ok = write_all(h, bytes.data(), bytes.size());
  DWORD code = GetLastError();
  if (!CloseHandle(h) && ok) {
    ok = false;
    code = GetLastError();
  }
  if (!ok) *err = "cannot write " + shown.string() + ": " + windows_message(code);
  return ok;
}

bool OutDir::copy(const fs::path& from, const char* rel, const fs::path& shown,
                  std::string* err) const {
  return copy_to(from, below(path_, rel), shown, err);
}

bool OutDir::link_or_copy(const fs::path& from, const char* rel, const fs::path& shown,
                          std::string* err) const {
  return link_or_copy_to(from, below(path_, rel), shown, err);
}

bool OutDir::make_dir(const std::string& rel, std::error_code* ec) const {
  if (CreateDirectoryW(below(path_, rel.c_str()).c_str(), nullptr)) return true;
  DWORD code = GetLastError();
  if (code == ERROR_ALREADY_EXISTS) return true;
  *ec = std::error_code(static_cast<int>(code), std::system_category());
  return false;
}

bool link_or_copy_file(const fs::path& from, const fs::path& to, std::string* err) {
  return link_or_copy_to(from, to, from, err);
}

bool create_mark(const fs::path& file, std::string* err) {
  // CREATE_NEW never follows a link at the place: a file (or link) there is an error.
  HANDLE h = CreateFileW(file.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                         FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
  if (h == INVALID_HANDLE_VALUE) {
    DWORD code = GetLastError();
    std::error_code ec;
    if (code == ERROR_FILE_EXISTS && fs::is_regular_file(fs::symlink_status(file, ec))) return true;
    *err = "cannot create " + file.string() + ": " + windows_message(code);
    return false;
  }
  CloseHandle(h);
  return true;
}

FolderLock::~FolderLock() {
  if (handle_ != -1) CloseHandle(reinterpret_cast<HANDLE>(handle_));
}

// The mutex is named for the folder's full path, lower-cased as NTFS compares names; it
// ends with the process, so a killed build leaves no stale lock.
bool FolderLock::try_lock(const fs::path& dir) {
  std::wstring key = fs::absolute(dir).lexically_normal().native();
  std::transform(key.begin(), key.end(), key.begin(), [](wchar_t c) { return std::towlower(c); });
  std::wstring name = L"Local\\sitegen-build-" + std::to_wstring(std::hash<std::wstring>()(key));
  HANDLE h = CreateMutexW(nullptr, TRUE, name.c_str());
  if (!h) return false;
  if (GetLastError() == ERROR_ALREADY_EXISTS) {
    CloseHandle(h);
    return false;
  }
  handle_ = reinterpret_cast<intptr_t>(h);
  return true;
}

}  // namespace sitegen
