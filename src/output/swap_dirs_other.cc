// Systems without a swap of two folders known to sitegen: the output is replaced by two
// renames. (macOS could use renamex_np with RENAME_SWAP in a swap_dirs_macos.cc.)
#include <cerrno>

#include "output/swap_dirs.h"

namespace sitegen {

bool swap_dirs(const std::filesystem::path&, const std::filesystem::path&) {
  errno = ENOSYS;
  return false;
}

}  // namespace sitegen
