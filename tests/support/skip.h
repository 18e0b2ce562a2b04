// A test case that cannot run here (files kept outside the repository are absent, the
// machine does not allow a mount) says so and is counted as skipped, instead of passing:
// a case that runs no assertion and does not say it was skipped fails
// (tests/support/assertion_rule.h).
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>

namespace sitegen::testing {

// Whether the running test case called skip(); the rule of assertion_rule.h reads and
// resets it.
inline bool& skipped_current_test() {
  static bool skipped = false;
  return skipped;
}

// Prints the marker that makes ctest count the test as skipped (SKIP_REGULAR_EXPRESSION,
// set where the tests are discovered in CMakeLists.txt), with the reason. It goes to
// stdout directly: doctest drops the MESSAGEs of passing tests.
inline void skip(const std::string& why) {
  std::printf("SKIPPED: %s\n", why.c_str());
  std::fflush(stdout);
  skipped_current_test() = true;
}

// Skips the test and returns true when `p` does not exist.
inline bool skip_without(const std::filesystem::path& p) {
  if (std::filesystem::exists(p)) return false;
  skip(p.lexically_normal().string() + " not found");
  return true;
}

}  // namespace sitegen::testing
