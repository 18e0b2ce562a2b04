#!/usr/bin/env bash
# Installs what building sitegen needs on macOS: the libraries from Homebrew, and the one
# that Homebrew does not carry, pinned by SHA-256: kainjow mustache 4.1 (Debian's package
# of the header). (KaTeX is in the repository, katex/.) Writes the CMake flag that points
# the build at it to DEST/cmake-flags.
# Usage: scripts/macos-deps.sh DEST
set -euo pipefail

dest=${1:?usage: macos-deps.sh DEST}
readonly MUSTACHE_DEB=libkainjow-mustache-dev_4.1+ds-2_amd64.deb
readonly MUSTACHE_URL=https://deb.debian.org/debian/pool/main/libk/libkainjow-mustache/$MUSTACHE_DEB
readonly MUSTACHE_SHA256=b9efb1f842492ff117a3906b3956a8dc2959046a1e6151b71d6980645121b7fe

check() {
  local got
  got=$(shasum -a 256 "$1" | cut -d' ' -f1)
  if [[ "$got" != "$2" ]]; then
    echo "macos-deps: error: $1 has SHA-256 $got, expected $2" >&2
    exit 1
  fi
}

brew install cmake pkgconf md4c tomlplusplus cpp-httplib libyaml jemalloc doctest openssl@3 nlohmann-json \
  utf8proc
mkdir -p "$dest"
cd "$dest"

# kainjow/mustache.hpp, header-only, from the Debian package the Linux build uses.
rm -rf mustache && mkdir mustache
curl -sSfL --retry 3 -o "$MUSTACHE_DEB" "$MUSTACHE_URL"
check "$MUSTACHE_DEB" "$MUSTACHE_SHA256"
(cd mustache && ar x "../$MUSTACHE_DEB" && tar xf data.tar.xz ./usr/include)

echo "-DKAINJOW_MUSTACHE_INCLUDE_DIR=$dest/mustache/usr/include" > cmake-flags
echo "macos-deps: ready; CMake flags in $dest/cmake-flags: $(cat cmake-flags)"
