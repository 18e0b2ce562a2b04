// Swapping two folders in one step, where the system can: the platform's part of
// writing the output (swap_dirs_linux.cc, swap_dirs_other.cc).
#pragma once

#include <filesystem>

namespace sitegen {

// Exchanges the folders at `a` and `b` atomically; false (errno set) where the system
// cannot, and then the caller renames one after the other.
bool swap_dirs(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace sitegen
