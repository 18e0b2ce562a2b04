// Tests that read files kept outside the repository (../shared beside a development
// checkout) report themselves skipped when those files are absent, instead of passing.
#pragma once

#include <cstdio>
#include <filesystem>

namespace sitegen::testing {

// Prints the marker that makes ctest count the test as skipped (SKIP_REGULAR_EXPRESSION,
// set where the tests are discovered in CMakeLists.txt) and returns true when `p` does
// not exist. It goes to stdout directly: doctest drops the MESSAGEs of passing tests.
inline bool skip_without(const std::filesystem::path& p) {
  if (std::filesystem::exists(p)) return false;
  std::printf("SKIPPED: %s not found\n", p.lexically_normal().string().c_str());
  std::fflush(stdout);
  return true;
}

}  // namespace sitegen::testing
