// The output's file calls on POSIX systems: files made relative to the staging folder's
// descriptor (openat), hard links with linkat, the builds' lock with flock on the parent.
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "output/out_files.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

// Writes all of `bytes` to an open descriptor; false with errno set on failure.
bool write_all(int fd, const char* data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = ENOSPC;
      return false;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool write_at(int dir, const char* rel, std::string_view bytes, const fs::path& shown,
              std::string* err) {
  int fd = ::openat(dir, rel, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    *err = "cannot create " + shown.string() + ": " + std::strerror(errno);
    return false;
  }
  bool ok = write_all(fd, bytes.data(), bytes.size());
  int saved = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (!ok) *err = "cannot write " + shown.string() + ": " + std::strerror(saved);
  return ok;
}

// std::filesystem::copy_file is not used: it reports a full disk as "Input/output
// error", and does not say which side failed.
bool copy_at(const fs::path& from, int dir, const char* rel, const fs::path& shown,
             std::string* err) {
  // Non-blocking, so that a FIFO put where a file was cannot hang the build.
  int in = ::open(from.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  struct stat st {};
  if (in >= 0 && ::fstat(in, &st) == 0 && !S_ISREG(st.st_mode)) {
    ::close(in);
    *err = "cannot read " + from.string() + ": it is not a regular file";
    return false;
  }
  if (in < 0) {
    *err = "cannot read " + from.string() + ": " + std::strerror(errno);
    return false;
  }
  int out = ::openat(dir, rel, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0) {
    *err = "cannot create " + shown.string() + ": " + std::strerror(errno);
    ::close(in);
    return false;
  }
  char buf[1 << 16];
  bool ok = true;
  for (;;) {
    ssize_t n = ::read(in, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      *err = "cannot read " + from.string() + ": " + std::strerror(errno);
      ok = false;
      break;
    }
    if (n == 0) break;
    if (!write_all(out, buf, static_cast<size_t>(n))) {
      *err = "cannot write " + shown.string() + ": " + std::strerror(errno);
      ok = false;
      break;
    }
  }
  ::close(in);
  if (::close(out) != 0 && ok) {
    *err = "cannot write " + shown.string() + ": " + std::strerror(errno);
    ok = false;
  }
  return ok;
}

bool link_or_copy_at(const fs::path& from, int dir, const char* rel, const fs::path& shown,
                     std::string* err) {
  if (::linkat(AT_FDCWD, from.c_str(), dir, rel, 0) == 0) return true;
  return copy_at(from, dir, rel, shown, err);
}

}  // namespace

OutDir::~OutDir() {
  if (fd_ >= 0) ::close(fd_);
}

bool OutDir::open(const fs::path& dir, std::error_code* ec) {
  path_ = dir;
  fd_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd_ < 0) *ec = std::error_code(errno, std::generic_category());
  return fd_ >= 0;
}

bool OutDir::write(const char* rel, std::string_view bytes, const fs::path& shown,
                   std::string* err) const {
  return write_at(fd_, rel, bytes, shown, err);
}

bool OutDir::copy(const fs::path& from, const char* rel, const fs::path& shown,
                  std::string* err) const {
  return copy_at(from, fd_, rel, shown, err);
}

bool OutDir::link_or_copy(const fs::path& from, const char* rel, const fs::path& shown,
                          std::string* err) const {
  return link_or_copy_at(from, fd_, rel, shown, err);
}

bool OutDir::make_dir(const std::string& rel, std::error_code* ec) const {
  if (::mkdirat(fd_, rel.c_str(), 0755) == 0 || errno == EEXIST) return true;
  *ec = std::error_code(errno, std::generic_category());
  return false;
}

bool link_or_copy_file(const fs::path& from, const fs::path& to, std::string* err) {
  return link_or_copy_at(from, AT_FDCWD, to.c_str(), from, err);
}

bool create_mark(const fs::path& file, std::string* err) {
  int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    *err = "cannot create " + file.string() + ": " + std::strerror(errno);
    return false;
  }
  ::close(fd);
  return true;
}

FolderLock::~FolderLock() {
  if (handle_ >= 0) ::close(static_cast<int>(handle_));
}

bool FolderLock::try_lock(const fs::path& dir) {
  handle_ = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  return handle_ >= 0 && ::flock(static_cast<int>(handle_), LOCK_EX | LOCK_NB) == 0;
}

}  // namespace sitegen
