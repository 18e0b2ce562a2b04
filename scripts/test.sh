#!/usr/bin/env bash
# Runs sitegen's whole test suite on the build in build/ (or $1): first installs the
# tools only the tests use (scripts/install-deps.sh --test: Chromium, Java, Node.js
# and the npm packages, Hugo, clang, ...), then ctest.
# Usage: scripts/test.sh [BUILD_DIR]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
if [[ ! -f "$build/CTestTestfile.cmake" ]]; then
  echo "test: error: no build in $build/: build sitegen first (the README's first command)" >&2
  exit 1
fi
./scripts/install-deps.sh --test
# Tests registered by what the test tools made available (node, python3) appear once
# CMake looks again.
cmake "$build" >/dev/null
cmake --build "$build" -j2
ctest --test-dir "$build" --output-on-failure </dev/null
