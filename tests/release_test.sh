#!/usr/bin/env bash
# The release binary (scripts/release.sh) is self-contained: ldd lists only glibc, and
# with an empty environment, from an unrelated folder, it builds content/ byte for byte
# as the normal build does. Usage: release_test.sh RELEASE_BINARY NORMAL_BINARY SOURCE_DIR
# Exits with 77 (skipped) when there is no release binary yet.
set -euo pipefail

release="$1" normal="$2" src="$3"
if [[ ! -x "$release" ]]; then
  echo "no release binary at $release (scripts/release.sh builds it): skipped"
  exit 77
fi
release="$(realpath "$release")" normal="$(realpath "$normal")" src="$(realpath "$src")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*"
  exit 1
}

echo "ldd $release:"
ldd "$release" | tee "$tmp/ldd"
other="$(grep -vE '^\s*(linux-vdso\.so\.1|/lib[^ ]*/ld-linux[-a-z0-9_.]*\.so\.[0-9]+|lib(c|m|pthread|dl|rt)\.so\.[0-9]+) ' "$tmp/ldd" || true)"
[[ -z "$other" ]] || fail "the release binary needs more than glibc: $other"
grep -q 'libc\.so\.6 ' "$tmp/ldd" || fail "ldd shows no libc.so.6: not a dynamic glibc binary?"

# A copy of the binary alone, run from an unrelated folder with no environment at all.
mkdir "$tmp/bin" "$tmp/elsewhere"
cp "$release" "$tmp/bin/sitegen"
(cd "$tmp/elsewhere" && env -i "$tmp/bin/sitegen" build "$src/content" -o "$tmp/release-out") ||
  fail "env -i sitegen build failed"
(cd "$src" && "$normal" build content -o "$tmp/normal-out") || fail "the normal build failed"
diff -r "$tmp/normal-out" "$tmp/release-out" || fail "the release binary's site differs"
[[ -f "$tmp/release-out/index.html" ]] || fail "no index.html was built"
echo "ok: glibc only, and content/ built byte-identically with env -i"
