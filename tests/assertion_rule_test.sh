#!/usr/bin/env bash
# The rule of tests/support/assertion_rule.h, shown on the small binary of
# tests/assertion_rule_cases.cc: a test case that runs no assertion fails unless it says
# it was skipped, and the binary's exit status says so, for ctest and for a whole run.
# Usage: assertion_rule_test.sh BINARY
set -uo pipefail
bin=$1
status=0

# expect CODE TEXT ARGS...: the binary run with ARGS exits with CODE and prints TEXT.
expect() {
  local code=$1 text=$2 out got
  shift 2
  out=$("$bin" --no-version "$@" 2>&1)
  got=$?
  if [[ $got -ne $code ]]; then
    echo "FAIL: $* exited with $got, not $code; it printed:"; echo "$out"; status=1
  elif [[ $out != *"$text"* ]]; then
    echo "FAIL: $* did not print: $text"; echo "it printed:"; echo "$out"; status=1
  else
    echo "ok: $* (exit $code)"
  fi
}

expect 0 "1 passed" --test-case="a case that checks something"
expect 1 'FAILED: test case "a case that checks nothing" ran no assertion and did not say it was skipped (tests/support/skip.h)' \
  --test-case="a case that checks nothing"
expect 0 "SKIPPED: /nonexistent/testdata not found" --test-case="a case that says it was skipped"
# A case that fails for another reason is reported as doctest reports it, once.
expect 1 "broken" --test-case="a case that fails with no assertion"
if "$bin" --no-version --test-case="a case that fails with no assertion" | grep -q "ran no assertion"; then
  echo "FAIL: a failing case is also reported as one with no assertion"; status=1
fi
# All four at once: the run fails, naming only the case that checked nothing.
out=$("$bin" --no-version 2>&1)
if [[ $? -ne 1 || $out != *$'1 test case(s) ran no assertion:\n  a case that checks nothing'* ]]; then
  echo "FAIL: the whole run did not fail naming the empty case; it printed:"; echo "$out"; status=1
else
  echo "ok: the whole run fails and names the empty case"
fi
exit $status
