#!/usr/bin/env bash
# Builds the release binary: sitegen for this machine's architecture (x86-64, or arm64 on
# arm64), linked statically against everything but glibc, so it runs on any glibc-based
# Linux from the last five years (docs/releasing.md). Usage: scripts/release.sh [BUILD_DIR]
# (default build-release; the binary is BUILD_DIR/sitegen). Runs on Debian 12 with the
# packages of scripts/install-deps.sh; the network is used only for Debian's archive.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${1:-build-release}"
mirror="${SITEGEN_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
multiarch="$(gcc -dumpmachine)"
syslib="/usr/lib/$multiarch"
deps="$out/deps"
prefix="$(pwd)/$deps/prefix"

# Debian ships md4c and cpp-httplib as shared libraries only, so both are built here from
# the source of the very Debian packages the normal build uses, pinned by SHA-256.
readonly MD4C_DEB=0.4.8-1
readonly MD4C_ORIG=pool/main/m/md4c/md4c_0.4.8.orig.tar.gz
readonly MD4C_ORIG_SHA256=4a457df853425b6bb6e3457aa1d1a13bccec587a04c38c622b1013a0da41439f
readonly HTTPLIB_DEB=0.11.4+ds-1+deb12u1
readonly HTTPLIB_ORIG=pool/main/c/cpp-httplib/cpp-httplib_0.11.4+ds.orig.tar.xz
readonly HTTPLIB_ORIG_SHA256=8b1a5df569003b6a4f24c68489bbda5c64aec94697bdc9ebba5d79408b2ae7eb
readonly HTTPLIB_DEBIAN=pool/main/c/cpp-httplib/cpp-httplib_0.11.4+ds-1+deb12u1.debian.tar.xz
readonly HTTPLIB_DEBIAN_SHA256=a0adf8a38610806f6d94ba69839438635e5e6580775e28ff31d6a081e34f1484

die() {
  echo "release.sh: error: $*" >&2
  exit 1
}

# The headers the normal build compiles against must be the source built here.
check_installed() {
  local pkg="$1" want="$2" got
  got="$(dpkg-query -W -f '${Version}' "$pkg" 2>/dev/null)" || die "$pkg is not installed (scripts/install-deps.sh)"
  [[ "$got" == "$want" ]] ||
    die "$pkg is $got, but this script pins the source of $want: update the pins in scripts/release.sh"
}
check_installed libmd4c-dev "$MD4C_DEB"
check_installed libcpp-httplib-dev "$HTTPLIB_DEB"
for a in libyaml.a libjemalloc_pic.a libz.a libbrotlienc.a libbrotlidec.a libbrotlicommon.a; do
  [[ -f "$syslib/$a" ]] || die "$syslib/$a is missing (scripts/install-deps.sh)"
done

# Downloads a file of Debian's archive once, and checks it against its pinned SHA-256.
fetch() {
  local path="$1" sha="$2" file="$deps/downloads/${1##*/}"
  mkdir -p "$deps/downloads"
  if [[ ! -f "$file" ]]; then
    echo "fetching $mirror/$path" >&2
    curl -fsSL --retry 3 -o "$file.part" "$mirror/$path"
    mv "$file.part" "$file"
  fi
  if ! echo "$sha  $file" | sha256sum --check --quiet --strict; then
    rm -f "$file"
    die "$file does not have the pinned SHA-256 $sha"
  fi
  echo "$file"
}

rm -rf "$deps/src" "$prefix"
mkdir -p "$deps/src" "$prefix/lib/pkgconfig" "$prefix/include"

# md4c and md4c-html: static, position-independent (sitegen is a PIE).
tar -xzf "$(fetch "$MD4C_ORIG" "$MD4C_ORIG_SHA256")" -C "$deps/src"
cmake -S "$deps/src/md4c-release-0.4.8" -B "$deps/md4c-build" -DCMAKE_BUILD_TYPE=Release \
  -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib >/dev/null
cmake --build "$deps/md4c-build" -j"$(nproc)" >/dev/null
cmake --install "$deps/md4c-build" >/dev/null

# cpp-httplib: upstream's header-only httplib.h with Debian's patches, and the compression
# the Debian library has (zlib, brotli). Not OpenSSL: sitegen serves only plain HTTP.
tar -xJf "$(fetch "$HTTPLIB_ORIG" "$HTTPLIB_ORIG_SHA256")" -C "$deps/src"
httplib_src="$(echo "$deps"/src/yhirose-cpp-httplib-*)"
tar -xJf "$(fetch "$HTTPLIB_DEBIAN" "$HTTPLIB_DEBIAN_SHA256")" -C "$httplib_src"
while read -r patch; do
  [[ -z "$patch" || "$patch" == \#* ]] || patch -s -p1 -d "$httplib_src" <"$httplib_src/debian/patches/$patch"
done <"$httplib_src/debian/patches/series"
cp "$httplib_src/httplib.h" "$prefix/include/"

# The libraries Debian ships as archives are copied alone into the prefix, so that the
# build cannot pick their .so instead.
cp "$syslib/libyaml.a" "$syslib/libz.a" "$syslib/libbrotli"{enc,dec,common}.a "$prefix/lib/"
cp "$syslib/libjemalloc_pic.a" "$prefix/lib/libjemalloc.a"

pc() {
  printf 'prefix=%s\nName: %s\nDescription: %s (static, for the release build)\nVersion: %s\n%s\n' \
    "$prefix" "$1" "$1" "$2" "$3" >"$prefix/lib/pkgconfig/$1.pc"
}
pc yaml-0.1 "$(pkg-config --modversion yaml-0.1)" 'Libs: -L${prefix}/lib -lyaml'
pc jemalloc "$(pkg-config --modversion jemalloc)" 'Libs: -L${prefix}/lib -ljemalloc -lm -pthread -ldl'
# toml++ header-only: the same Debian headers, compiled into sitegen.
pc tomlplusplus "$(pkg-config --modversion tomlplusplus)" 'Cflags: -DTOML_HEADER_ONLY=1'
pc cpp-httplib 0.11.4 "Cflags: -I\${prefix}/include -DCPPHTTPLIB_ZLIB_SUPPORT -DCPPHTTPLIB_BROTLI_SUPPORT
Libs: -L\${prefix}/lib -lbrotlienc -lbrotlidec -lbrotlicommon -lz"

# Only the prefix's .pc files are seen, and the libraries' CMake packages are not looked
# for, so every library comes from the prefix.
PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig" PKG_CONFIG_PATH="" \
  cmake -S . -B "$out" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_EXE_LINKER_FLAGS="-static-libstdc++ -static-libgcc" \
  -DCMAKE_DISABLE_FIND_PACKAGE_md4c=ON -DCMAKE_DISABLE_FIND_PACKAGE_tomlplusplus=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_httplib=ON
cmake --build "$out" -j"$(nproc)" --target sitegen

# The binary needs glibc alone.
if ldd "$out/sitegen" | grep -vE '^\s*(linux-vdso\.so|/lib.*/ld-linux[-a-z0-9_.]*\.so|lib(c|m|pthread|dl|rt)\.so)'; then
  die "$out/sitegen needs the libraries above besides glibc"
fi
echo "release binary: $out/sitegen ($(stat -c %s "$out/sitegen") bytes), needs glibc" \
  "$(objdump -T "$out/sitegen" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -n 1 | cut -d_ -f2)"
