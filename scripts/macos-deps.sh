#!/usr/bin/env bash
# Installs what building sitegen needs on macOS: the libraries from Homebrew, and the two
# that Homebrew does not carry, pinned by SHA-256: KaTeX 0.16.4 (the npm package, the
# version Debian 12 ships) and kainjow mustache 4.1, from the file of the Debian package
# the Linux build uses, which a Debian machine fetches with its own apt sources:
#   apt-get download libkainjow-mustache-dev=4.1+ds-2
# (CI's Linux job does so and hands the file to the macOS job.)
# Writes the CMake flags that point the build at them to DEST/cmake-flags.
# Usage: scripts/macos-deps.sh DEST MUSTACHE_DEB
set -euo pipefail

dest=${1:?usage: macos-deps.sh DEST MUSTACHE_DEB}
mustache_deb=${2:?usage: macos-deps.sh DEST MUSTACHE_DEB (the file of libkainjow-mustache-dev 4.1+ds-2)}
readonly KATEX_SHA256=079333bb5ea5501b3636e40301f7af8b68663d7cd51d1b20eae02442b73c6973
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
check "$mustache_deb" "$MUSTACHE_SHA256"
mustache_deb=$(cd "$(dirname "$mustache_deb")" && pwd)/$(basename "$mustache_deb")
mkdir -p "$dest"
cd "$dest"

# KaTeX's dist/ (katex.min.js, katex.min.css, fonts/) with LICENSE beside it.
rm -rf katex package katex-0.16.4.tgz
npm pack katex@0.16.4 --silent >/dev/null
check katex-0.16.4.tgz "$KATEX_SHA256"
tar xzf katex-0.16.4.tgz && mv package katex

# kainjow/mustache.hpp, header-only, from the Debian package the Linux build uses.
rm -rf mustache && mkdir mustache
(cd mustache && ar x "$mustache_deb" && tar xf data.tar.xz ./usr/include)

echo "-DSITEGEN_KATEX_DIR=$dest/katex/dist -DKAINJOW_MUSTACHE_INCLUDE_DIR=$dest/mustache/usr/include" \
  > cmake-flags
echo "macos-deps: ready; CMake flags in $dest/cmake-flags: $(cat cmake-flags)"
