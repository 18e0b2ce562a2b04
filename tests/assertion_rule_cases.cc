// A small test binary for tests/assertion_rule_test.sh, which shows the rule of
// support/assertion_rule.h at work: one case of each kind it tells apart.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <stdexcept>

#include "support/assertion_rule.h"

TEST_CASE("a case that checks something") {
  CHECK(1 + 1 == 2);
}

TEST_CASE("a case that checks nothing") {
  int n = 0;
  for (int i = 0; i < n; ++i) CHECK(i >= 0);  // a loop over nothing
}

TEST_CASE("a case that says it was skipped") {
  if (sitegen::testing::skip_without("/nonexistent/testdata")) return;
  CHECK(false);
}

TEST_CASE("a case that fails with no assertion") {
  throw std::runtime_error("broken");
}

int main(int argc, char** argv) {
  return sitegen::testing::run_tests(argc, argv);
}
