// The one test binary: every src/*_test.cc is linked in. Its main holds each test case
// to run at least one assertion or to say it was skipped (support/assertion_rule.h).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "support/assertion_rule.h"

int main(int argc, char** argv) {
  return sitegen::testing::run_tests(argc, argv);
}
