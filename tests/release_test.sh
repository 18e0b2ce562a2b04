#!/usr/bin/env bash
# The release binary (scripts/release.sh) is self-contained: ldd lists only glibc, no
# symbol needs a glibc newer than the floor it was linked against, and with an empty
# environment, from an unrelated folder, it builds content/ byte for byte as the normal
# build does, on this machine's glibc and on the floor's own glibc (Debian 11's libc6,
# which scripts/release.sh downloaded and names in BUILD_DIR/glibc-floor).
# Usage: release_test.sh RELEASE_BINARY NORMAL_BINARY SOURCE_DIR
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

# The floor: no symbol of a newer glibc.
floor_file="$(dirname "$release")/glibc-floor"
[[ -f "$floor_file" ]] || fail "no $floor_file (scripts/release.sh writes it beside the binary)"
read -r floor libc6_deb <"$floor_file"
objdump -T "$release" | grep -o 'GLIBC_[0-9][0-9.]*' | cut -d_ -f2 | sort -uV >"$tmp/versions"
newest="$(tail -n 1 "$tmp/versions")"
echo "glibc symbol versions used: $(tr '\n' ' ' <"$tmp/versions")(floor $floor)"
[[ "$(printf '%s\n' "$newest" "$floor" | sort -V | tail -n 1)" == "$floor" ]] ||
  fail "the release binary needs glibc $newest, newer than its floor $floor:
$(objdump -T "$release" | grep -F "GLIBC_$newest")"

# A copy of the binary alone, run from an unrelated folder with no environment at all.
mkdir "$tmp/bin" "$tmp/elsewhere"
cp "$release" "$tmp/bin/sitegen"
(cd "$tmp/elsewhere" && env -i "$tmp/bin/sitegen" build "$src/content" -o "$tmp/release-out") ||
  fail "env -i sitegen build failed"
(cd "$src" && "$normal" build content -o "$tmp/normal-out") || fail "the normal build failed"
diff -r "$tmp/normal-out" "$tmp/release-out" || fail "the release binary's site differs"
[[ -f "$tmp/release-out/index.html" ]] || fail "no index.html was built"

# The same on the floor's glibc: its dynamic loader runs the binary with its libraries.
[[ -f "$libc6_deb" ]] || fail "no $libc6_deb (named in $floor_file): run scripts/release.sh again"
dpkg-deb -x "$libc6_deb" "$tmp/glibc"
# The package's links are absolute (/lib64/ld-linux-x86-64.so.2 -> /lib/...): followed
# inside the extracted folder.
inside() {
  local path="$tmp/glibc$1" target
  while [[ -L "$path" ]]; do
    target="$(readlink "$path")"
    if [[ "$target" == /* ]]; then path="$tmp/glibc$target"; else path="$(dirname "$path")/$target"; fi
  done
  echo "$path"
}
loader="$(inside "$(readelf -p .interp "$release" | grep -o '/[^ ]*ld-linux[^ ]*')")"
libdir="$(dirname "$(find "$tmp/glibc/lib" -name libc.so.6 | head -n 1)")"
(cd "$tmp/elsewhere" && env -i "$loader" --library-path "$libdir" \
  "$tmp/bin/sitegen" --version) >"$tmp/version" || fail "the binary does not start on glibc $floor"
grep -q "^sitegen " "$tmp/version" || fail "unexpected --version on glibc $floor: $(cat "$tmp/version")"
(cd "$tmp/elsewhere" && env -i "$loader" --library-path "$libdir" \
  "$tmp/bin/sitegen" build "$src/content" -o "$tmp/floor-out") ||
  fail "env -i sitegen build failed on glibc $floor"
diff -r "$tmp/normal-out" "$tmp/floor-out" || fail "the release binary's site differs on glibc $floor"
echo "ok: glibc only, nothing newer than glibc $floor, and content/ built byte-identically" \
  "with env -i, on this machine's glibc and on glibc $floor"
