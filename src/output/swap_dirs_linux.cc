// Linux swaps two folders with renameat2(RENAME_EXCHANGE) (since 3.15; glibc has no
// wrapper before 2.28, hence the system call).
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>

#include "output/swap_dirs.h"

namespace sitegen {

bool swap_dirs(const std::filesystem::path& a, const std::filesystem::path& b) {
#ifdef SYS_renameat2
  return ::syscall(SYS_renameat2, AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0;
#else
  (void)a;
  (void)b;
  errno = ENOSYS;
  return false;
#endif
}

}  // namespace sitegen
