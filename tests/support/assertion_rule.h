// The main of a doctest binary with one rule added: a test case that runs no assertion
// fails unless it said it was skipped (testing::skip, skip.h). Without the rule, a test
// that returns early, or whose loop finds nothing to check, passes without testing
// anything. Include it in the one file of a test binary that defines
// DOCTEST_CONFIG_IMPLEMENT before including doctest.
#pragma once

#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "support/skip.h"

namespace sitegen::testing {

// The names of the test cases of this run that ran no assertion and were not skipped.
inline std::vector<std::string>& cases_without_assertions() {
  static std::vector<std::string> names;
  return names;
}

// A doctest listener: it sees each test case start and end (with its count of
// assertions) alongside the reporter that prints the results.
struct AssertionRule : doctest::IReporter {
  explicit AssertionRule(const doctest::ContextOptions&) {}

  void test_case_start(const doctest::TestCaseData& tc) override {
    name_ = tc.m_name;
    skipped_current_test() = false;
  }
  void test_case_end(const doctest::CurrentTestCaseStats& stats) override {
    // A case that failed (an exception, a failed assertion) is reported already.
    if (stats.numAssertsCurrentTest > 0 || skipped_current_test() || !stats.testCaseSuccess) return;
    std::printf(
        "FAILED: test case \"%s\" ran no assertion and did not say it was skipped "
        "(tests/support/skip.h)\n",
        name_.c_str());
    std::fflush(stdout);
    cases_without_assertions().push_back(name_);
  }

  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}

 private:
  std::string name_;
};

REGISTER_LISTENER("assertion_rule", 1, AssertionRule);

// doctest's own main, failing when a case broke the rule.
inline int run_tests(int argc, char** argv) {
  doctest::Context context(argc, argv);
  int result = context.run();
  if (context.shouldExit()) return result;
  const auto& empty = cases_without_assertions();
  if (!empty.empty()) {
    std::printf("%zu test case(s) ran no assertion:\n", empty.size());
    for (const std::string& name : empty) std::printf("  %s\n", name.c_str());
    return 1;
  }
  return result;
}

}  // namespace sitegen::testing
