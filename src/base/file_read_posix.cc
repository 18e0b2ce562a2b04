// Reading a content file with POSIX calls: opened non-blocking, so that a FIFO returns at
// once and fstat then refuses it, and read with one read() into a string of its size.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "base/file_read.h"

namespace sitegen {

namespace {

std::string not_regular(mode_t mode) {
  if (S_ISREG(mode)) return "";
  if (S_ISDIR(mode)) return "is a directory";
  const char* what = S_ISFIFO(mode)                   ? "a named pipe (FIFO)"
                     : S_ISSOCK(mode)                 ? "a socket"
                     : S_ISCHR(mode) || S_ISBLK(mode) ? "a device"
                                                      : "not a regular file";
  return std::string("it is ") + what + "; sitegen reads only regular files";
}

}  // namespace

std::string not_a_regular_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) != 0 ? std::strerror(errno) : not_regular(st.st_mode);
}

std::optional<std::string> read_regular_file(const std::string& path, uintmax_t max,
                                             std::string* err, uintmax_t* too_big) {
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    *err = std::strerror(errno);
    return std::nullopt;
  }
  struct stat st {};
  std::string why = ::fstat(fd, &st) != 0 ? std::strerror(errno) : not_regular(st.st_mode);
  if (why.empty() && static_cast<uintmax_t>(st.st_size) > max) {
    *too_big = static_cast<uintmax_t>(st.st_size);
    ::close(fd);
    return std::nullopt;
  }
  if (!why.empty()) {
    *err = std::move(why);
    ::close(fd);
    return std::nullopt;
  }
  // One read() into a string of the file's size: a stream copy of a 14 MB
  // publications.toml took as long as parsing a tenth of it. A file that grows while
  // it is read stops at the limit.
  std::string bytes(st.st_size > 0 ? st.st_size + 1 : 4096, '\0');
  size_t size = 0;
  for (;;) {
    if (size == bytes.size()) {
      if (size > max) {
        ::close(fd);
        *too_big = size;
        return std::nullopt;
      }
      bytes.resize(std::min<uintmax_t>(bytes.size() * 2, max + 1));
    }
    ssize_t n = ::read(fd, bytes.data() + size, bytes.size() - size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      if (n < 0) {
        *err = "read failed";
        return std::nullopt;
      }
      break;
    }
    size += static_cast<size_t>(n);
  }
  bytes.resize(size);
  return bytes;
}

}  // namespace sitegen
