#!/usr/bin/env bash
# Builds the release binary: sitegen for this machine's architecture (x86-64, or arm64 on
# arm64), linked statically against everything but glibc, and linked against Debian 11's
# glibc 2.31, so it runs on any glibc-based Linux from the last five years
# (docs/releasing.md). Usage: scripts/release.sh [BUILD_DIR] (default build-release; the
# binary is BUILD_DIR/sitegen). Runs on Debian 12 with the packages of
# scripts/install-deps.sh --test; the network is used only for Debian's archive: the
# mirror this machine's apt installs Debian from, or the one SITEGEN_DEBIAN_MIRROR names.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${1:-build-release}"
arch="$(dpkg --print-architecture)"
multiarch="$(gcc -dumpmachine)"
syslib="/usr/lib/$multiarch"
llvm=/usr/lib/llvm-14
mkdir -p "$out"
out="$(realpath "$out")"
deps="$out/deps"
prefix="$deps/prefix"
sysroot="$deps/sysroot"
# Downloads are kept here between runs (CI may cache the folder).
cache="$(realpath -m "${SITEGEN_RELEASE_CACHE:-$deps/downloads}")"

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

# The glibc the binary is linked against: Debian 11's (bullseye), the oldest glibc of a
# distribution from the last five years. Its .debs make the sysroot; the SHA-256 are those
# of bullseye's Packages index.
readonly GLIBC_FLOOR=2.31
readonly GLIBC_DEB=2.31-13+deb11u11
readonly LINUX_DEB=5.10.223-1
case "$arch" in
  amd64)
    readonly LIBC6_SHA256=05f7264da867b37f4c5ce49266b558ea1e81e05a9464f623152fca70f3550282
    readonly LIBC6_DEV_SHA256=e7f7b45d9c5cfcf37609f0b6efd3c645272c812144703af89dfd32218fcb0fd3
    readonly LINUX_LIBC_DEV_SHA256=e3be603bd12377bb90fcfb0f2048ca3a81c886e49d6f09945b82159d1c54f7b2
    ;;
  arm64)
    readonly LIBC6_SHA256=baaa9aa184e2f21738c5819055e6740cc5b22f198e3f416e33f82b40ff6933d8
    readonly LIBC6_DEV_SHA256=28d478134722dcd4b0bd2045a199301d18713bf95947b9fce66634e7aeacab2e
    readonly LINUX_LIBC_DEV_SHA256=8b6374a64412d33eac61d74f77b8f932da4b8a707ea8a614791e2a35b8917618
    ;;
  *) echo "release.sh: error: no glibc $GLIBC_FLOOR pins for $arch (amd64, arm64)" >&2; exit 1 ;;
esac

die() {
  echo "release.sh: error: $*" >&2
  exit 1
}

# Debian's archive: SITEGEN_DEBIAN_MIRROR, else the mirror of this machine's apt sources that
# serves Debian itself (Origin and Label "Debian": not debian-security, not a third party).
# Its pool holds every file below, of Debian 11 and 12 alike. No host is named here: the
# repository names no package archive (scripts/check-archive-hosts.sh).
mirror="${SITEGEN_DEBIAN_MIRROR:-}"
if [[ -z "$mirror" ]]; then
  # shellcheck disable=SC2016 # $(REPO_URI) is apt's field, not the shell's.
  mirror="$(apt-get indextargets --format '$(REPO_URI)' 'Origin: Debian' 'Label: Debian' 2>/dev/null |
    sort -u | head -n 1)"
  [[ -n "$mirror" ]] || die "this machine's apt sources name no Debian archive (run apt-get update" \
    "first), and SITEGEN_DEBIAN_MIRROR is not set: set it to a Debian mirror's URL"
fi
mirror="${mirror%/}"

# The headers the normal build compiles against must be the source built here.
# shellcheck source=scripts/check-installed.sh
source scripts/check-installed.sh
check_installed libmd4c-dev "$MD4C_DEB"
check_installed libcpp-httplib-dev "$HTTPLIB_DEB"
for a in "$syslib"/lib{yaml,utf8proc,webp,jpeg,png16,jemalloc_pic,z,brotlienc,brotlidec,brotlicommon,ssl,crypto}.a \
  "$llvm"/lib/lib{c++,c++abi,unwind}.a "$llvm"/lib/clang/*/lib/linux/libclang_rt.builtins-*.a; do
  [[ -f "$a" ]] || die "$a is missing (scripts/install-deps.sh --test)"
done
command -v clang++-14 >/dev/null || die "clang++-14 is missing (scripts/install-deps.sh --test)"

# Downloads a file of Debian's archive once into the cache, and checks it against its
# pinned SHA-256.
fetch() {
  local path="$1" sha="$2" file="$cache/${1##*/}"
  mkdir -p "$cache"
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

rm -rf "$deps/src" "$deps/md4c-build" "$prefix" "$sysroot"
mkdir -p "$deps/src" "$prefix/lib/pkgconfig" "$prefix/include" "$sysroot"
echo "release.sh: downloads are cached in $cache" >&2

# The sysroot: glibc 2.31's headers, crt files and libraries, and the kernel headers.
libc6_deb="$(fetch "pool/main/g/glibc/libc6_${GLIBC_DEB}_$arch.deb" "$LIBC6_SHA256")"
for deb in "$libc6_deb" \
  "$(fetch "pool/main/g/glibc/libc6-dev_${GLIBC_DEB}_$arch.deb" "$LIBC6_DEV_SHA256")" \
  "$(fetch "pool/main/l/linux/linux-libc-dev_${LINUX_DEB}_$arch.deb" "$LINUX_LIBC_DEV_SHA256")"; do
  dpkg-deb -x "$deb" "$sysroot"
done
# The packages' absolute symlinks (libpthread.so -> /lib/...) would reach this machine's
# newer glibc: made relative, inside the sysroot.
find "$sysroot" -type l -lname '/*' | while read -r link; do
  ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$sysroot$(readlink "$link")")" "$link"
done

# clang with LLVM's C++ library, unwinder and compiler runtime, all static: GCC 12's
# libstdc++.a and libgcc_eh.a were built for glibc 2.36 and call functions glibc 2.31
# lacks (__libc_single_threaded, arc4random, _dl_find_object), LLVM's do not. The sysroot
# stands in for GCC's installation too, so nothing of this machine's glibc or GCC is seen.
export CC=clang-14 CXX=clang++-14
sysroot_flags="--sysroot=$sysroot --gcc-toolchain=$sysroot/usr"
cxx_flags="$sysroot_flags -stdlib=libc++"
c_ld_flags="$sysroot_flags -rtlib=compiler-rt -unwindlib=libunwind -static-libgcc -L$deps/llvm-lib"
ld_flags="$c_ld_flags -stdlib=libc++ -static-libstdc++"
# glibc 2.31 keeps dladdr (used by libunwind) and dlopen (OpenSSL) in libdl.
std_libs="-Wl,--push-state,--no-as-needed -ldl -Wl,--pop-state"
mkdir -p "$deps/llvm-lib"
cp "$llvm"/lib/lib{c++,c++abi,unwind}.a "$deps/llvm-lib/"
# GCC's crtbegin/crtend (no glibc calls) in the sysroot, for clang to fall back on where
# compiler-rt has no crtbegin of its own for the architecture.
gcc_crt="$(dirname "$(gcc -print-file-name=crtbeginS.o)")"
mkdir -p "$sysroot/usr/lib/gcc/$multiarch/$(basename "$gcc_crt")"
cp "$gcc_crt"/crt{begin,beginS,beginT,end,endS}.o "$sysroot/usr/lib/gcc/$multiarch/$(basename "$gcc_crt")/"

# md4c and md4c-html: static, position-independent (sitegen is a PIE).
tar -xzf "$(fetch "$MD4C_ORIG" "$MD4C_ORIG_SHA256")" -C "$deps/src"
cmake -S "$deps/src/md4c-release-0.4.8" -B "$deps/md4c-build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_FLAGS="$sysroot_flags" -DCMAKE_EXE_LINKER_FLAGS="$c_ld_flags" \
  -DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON \
  -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_INSTALL_LIBDIR=lib >/dev/null
cmake --build "$deps/md4c-build" -j"$(nproc)" >/dev/null
cmake --install "$deps/md4c-build" >/dev/null

# cpp-httplib: upstream's header-only httplib.h with Debian's patches, and what the Debian
# library is built with: OpenSSL (HTTPS clients), zlib and brotli.
tar -xJf "$(fetch "$HTTPLIB_ORIG" "$HTTPLIB_ORIG_SHA256")" -C "$deps/src"
httplib_src="$(echo "$deps"/src/yhirose-cpp-httplib-*)"
tar -xJf "$(fetch "$HTTPLIB_DEBIAN" "$HTTPLIB_DEBIAN_SHA256")" -C "$httplib_src"
while read -r patch; do
  [[ -z "$patch" || "$patch" == \#* ]] || patch -s -p1 -d "$httplib_src" <"$httplib_src/debian/patches/$patch"
done <"$httplib_src/debian/patches/series"
cp "$httplib_src/httplib.h" "$prefix/include/"

# Debian 12's C libraries as archives: they call nothing glibc 2.31 lacks (the link below
# fails if one does), so they are used as they are, copied alone into the prefix so that
# the build cannot pick their .so instead. jemalloc's C++ operators are left out: they
# are built for libstdc++, and libc++'s operator new calls jemalloc's malloc anyway.
cp "$syslib"/lib{yaml,utf8proc,webp,jpeg,png16,z,brotlienc,brotlidec,brotlicommon,ssl,crypto}.a "$prefix/lib/"
cp "$syslib/libjemalloc_pic.a" "$prefix/lib/libjemalloc.a"
ar d "$prefix/lib/libjemalloc.a" jemalloc_cpp.pic.o
# Their headers and the header-only libraries, from the same Debian packages: the sysroot
# hides this machine's /usr/include.
cp -r /usr/include/{yaml.h,utf8proc.h,zlib.h,zconf.h,brotli,toml++,kainjow,nlohmann,openssl,webp} "$prefix/include/"
cp -L /usr/include/{jpeglib.h,jmorecfg.h,jerror.h,png.h,pngconf.h,pnglibconf.h} "$prefix/include/"
cp /usr/include/"$multiarch"/openssl/* "$prefix/include/openssl/"
cp /usr/include/"$multiarch"/jconfig.h "$prefix/include/"

pc() {
  printf 'prefix=%s\nName: %s\nDescription: %s (static, for the release build)\nVersion: %s\n%s\n' \
    "$prefix" "$1" "$1" "$2" "$3" >"$prefix/lib/pkgconfig/$1.pc"
}
pc yaml-0.1 "$(pkg-config --modversion yaml-0.1)" 'Cflags: -I${prefix}/include
Libs: -L${prefix}/lib -lyaml'
pc libutf8proc "$(pkg-config --modversion libutf8proc)" 'Cflags: -I${prefix}/include -DUTF8PROC_STATIC
Libs: -L${prefix}/lib -lutf8proc'
# The image codecs: libwebp writes WebP, libjpeg-turbo and libpng (over zlib) read.
pc libwebp "$(pkg-config --modversion libwebp)" 'Cflags: -I${prefix}/include
Libs: -L${prefix}/lib -lwebp -lm -pthread'
pc libjpeg "$(pkg-config --modversion libjpeg)" 'Cflags: -I${prefix}/include
Libs: -L${prefix}/lib -ljpeg'
pc libpng "$(pkg-config --modversion libpng)" 'Cflags: -I${prefix}/include
Libs: -L${prefix}/lib -lpng16 -lz -lm'
pc jemalloc "$(pkg-config --modversion jemalloc)" 'Libs: -L${prefix}/lib -ljemalloc -lm -pthread -ldl'
# toml++ header-only: the same Debian headers, compiled into sitegen.
pc tomlplusplus "$(pkg-config --modversion tomlplusplus)" 'Cflags: -I${prefix}/include -DTOML_HEADER_ONLY=1'
openssl_version="$(pkg-config --modversion openssl)"
pc cpp-httplib 0.11.4 "Requires: libssl libcrypto
Cflags: -I\${prefix}/include -DCPPHTTPLIB_OPENSSL_SUPPORT -DCPPHTTPLIB_ZLIB_SUPPORT -DCPPHTTPLIB_BROTLI_SUPPORT
Libs: -L\${prefix}/lib -lbrotlienc -lbrotlidec -lbrotlicommon -lz"
# OpenSSL 3, static: for cpp-httplib above, and for CMake's FindOpenSSL, pointed here below
# (OPENSSL_ROOT_DIR, OPENSSL_USE_STATIC_LIBS).
pc libcrypto "$openssl_version" 'Cflags: -I${prefix}/include
Libs: -L${prefix}/lib -lcrypto -ldl -pthread'
pc libssl "$openssl_version" 'Requires: libcrypto
Libs: -L${prefix}/lib -lssl'
pc openssl "$openssl_version" 'Requires: libssl libcrypto'

# OpenSSL's TLS client links against glibc 2.31: checked here, as sitegen takes from the
# archives only what it calls (nothing of TLS until it speaks HTTPS).
printf '#include <openssl/ssl.h>\nint main(void) { SSL_CTX *c = SSL_CTX_new(TLS_client_method()); SSL_CTX_free(c); return c == 0; }\n' \
  >"$deps/src/tls.c"
# shellcheck disable=SC2086
clang-14 $sysroot_flags $c_ld_flags -I"$prefix/include" \
  "$deps/src/tls.c" -o "$deps/tls-check" "$prefix/lib/libssl.a" "$prefix/lib/libcrypto.a" $std_libs -pthread ||
  die "OpenSSL does not link against glibc $GLIBC_FLOOR"

# Only the prefix's .pc files are seen, and the libraries' CMake packages are not looked
# for, so every library comes from the prefix; nothing found by an earlier run is kept.
rm -f "$out/CMakeCache.txt"
PKG_CONFIG_LIBDIR="$prefix/lib/pkgconfig" PKG_CONFIG_PATH="" PKG_CONFIG_SYSROOT_DIR="" \
  cmake -S . -B "$out" -DCMAKE_BUILD_TYPE=Release --no-warn-unused-cli \
  -DCMAKE_C_FLAGS="$sysroot_flags" -DCMAKE_CXX_FLAGS="$cxx_flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$ld_flags" -DCMAKE_CXX_STANDARD_LIBRARIES="$std_libs" \
  -DKAINJOW_MUSTACHE_INCLUDE_DIR="$prefix/include" \
  -DOPENSSL_ROOT_DIR="$prefix" -DOPENSSL_USE_STATIC_LIBS=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_md4c=ON -DCMAKE_DISABLE_FIND_PACKAGE_tomlplusplus=ON \
  -DCMAKE_DISABLE_FIND_PACKAGE_httplib=ON
cmake --build "$out" -j"$(nproc)" --target sitegen

# The binary needs glibc alone, and no newer one than the floor.
if ldd "$out/sitegen" | grep -vE '^\s*(linux-vdso\.so|/lib.*/ld-linux[-a-z0-9_.]*\.so|lib(c|m|pthread|dl|rt)\.so)'; then
  die "$out/sitegen needs the libraries above besides glibc"
fi
newest="$(objdump -T "$out/sitegen" | grep -o 'GLIBC_[0-9][0-9.]*' | cut -d_ -f2 | sort -uV | tail -n 1)"
[[ "$(printf '%s\n' "$newest" "$GLIBC_FLOOR" | sort -V | tail -n 1)" == "$GLIBC_FLOOR" ]] ||
  die "$out/sitegen needs glibc $newest, newer than $GLIBC_FLOOR"
# For tests/release_test.sh: the floor, and the glibc to run the binary on.
printf '%s %s\n' "$GLIBC_FLOOR" "$libc6_deb" >"$out/glibc-floor"
echo "release binary: $out/sitegen ($(stat -c %s "$out/sitegen") bytes), linked against glibc" \
  "$GLIBC_FLOOR, newest symbol version used: GLIBC_$newest"
