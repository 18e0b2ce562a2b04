#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) in build-fuzz/ and runs each for
# SECONDS (default 60) on its corpus, one process on one core. Exits non-zero when a
# target crashes; the crashing input is kept in build-fuzz/artifacts/<target>/.
# usage: fuzz/run.sh [SECONDS] [TARGET...]     e.g. fuzz/run.sh 600 bibtex
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-60}
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
  targets=(load frontmatter bibtex latex date names yaml serve_path theme markdown page_patch
    serve_request manifest math import_answer page_name image)
fi
build=${SITEGEN_FUZZ_BUILD:-build-fuzz}

cc=clang-14 cxx=clang++-14
if ! command -v "$cxx" >/dev/null; then cc=clang cxx=clang++; fi
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  cmake -S . -B "$build" -DSITEGEN_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" >/dev/null
fi
cmake --build "$build" -j2 --target "${targets[@]/%/_fuzz}"
fuzz/make_corpus.sh >/dev/null

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
failed=()
printf '%-12s %8s %12s %8s %8s  %s\n' target seconds executions cov ft result
for t in "${targets[@]}"; do
  mkdir -p "$build/artifacts/$t" "$build/logs"
  log="$build/logs/$t.log"
  rc=0
  dict=()
  if [[ -f "fuzz/$t.dict" ]]; then dict=(-dict="fuzz/$t.dict"); fi
  "$build/fuzz/${t}_fuzz" "fuzz/corpus-$t" -max_total_time="$seconds" -max_len=16384 \
    -timeout=20 -rss_limit_mb=2560 -print_final_stats=1 "${dict[@]}" \
    -artifact_prefix="$build/artifacts/$t/" >"$log" 2>&1 || rc=$?
  # The last status line says how far the run got: "#123 DONE cov: 456 ft: 789 ...".
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
  execs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$' ||
          sed -E 's/^#([0-9]+).*/\1/' <<<"$last")
  cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo '?')
  ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo '?')
  result=ok
  if [[ $rc -ne 0 ]]; then
    result="CRASH (exit $rc; see $log and $build/artifacts/$t/)"
    failed+=("$t")
  fi
  printf '%-12s %8s %12s %8s %8s  %s\n' "$t" "$seconds" "$execs" "$cov" "$ft" "$result"
done
if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz: ${#failed[@]} target(s) crashed: ${failed[*]}" >&2
  for t in "${failed[@]}"; do
    grep -E 'ERROR: |runtime error:|SUMMARY:|deadly signal|Test unit written' \
      "$build/logs/$t.log" | head -n 8 >&2 || true
  done
  exit 1
fi
