#!/usr/bin/env bash
# Installs what building sitegen needs on macOS: the libraries from Homebrew, and the one
# that Homebrew does not carry, pinned by SHA-256: kainjow mustache 4.1, from the file of
# the Debian package the Linux build uses, which a Debian machine fetches with its own
# apt sources:
#   apt-get download libkainjow-mustache-dev=4.1+ds-2
# (CI's Linux job does so and hands the file to the macOS job.) KaTeX is in the
# repository (katex/). Writes the CMake flag that points the build at it to
# DEST/cmake-flags.
# Usage: scripts/macos-deps.sh DEST MUSTACHE_DEB
set -euo pipefail

dest=${1:?usage: macos-deps.sh DEST MUSTACHE_DEB}
mustache_deb=${2:?usage: macos-deps.sh DEST MUSTACHE_DEB (the file of libkainjow-mustache-dev 4.1+ds-2)}
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
  utf8proc webp jpeg-turbo libpng
check "$mustache_deb" "$MUSTACHE_SHA256"
mustache_deb=$(cd "$(dirname "$mustache_deb")" && pwd)/$(basename "$mustache_deb")
mkdir -p "$dest"
cd "$dest"

# kainjow/mustache.hpp, header-only, from the Debian package the Linux build uses.
rm -rf mustache && mkdir mustache
(cd mustache && ar x "$mustache_deb" && tar xf data.tar.xz ./usr/include)

# Homebrew keeps jpeg-turbo out of its prefix (keg-only): CMake's pkg-config looks there too.
echo "-DKAINJOW_MUSTACHE_INCLUDE_DIR=$dest/mustache/usr/include" \
  "-DCMAKE_PREFIX_PATH=$(brew --prefix jpeg-turbo)" > cmake-flags
echo "macos-deps: ready; CMake flags in $dest/cmake-flags: $(cat cmake-flags)"
