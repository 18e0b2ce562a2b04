// Systems without a swap of two folders known to sitegen (every one but Linux, and the
// portable build): swap_dirs() says so, and the writer replaces the output by two
// renames. A system's own swap goes in a file of its own, listed in CMakeLists.txt.
#include <cerrno>

#include "output/swap_dirs.h"

namespace sitegen {

bool swap_dirs(const std::filesystem::path&, const std::filesystem::path&) {
  errno = ENOSYS;
  return false;
}

}  // namespace sitegen
