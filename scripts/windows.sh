#!/usr/bin/env bash
# Builds sitegen.exe for Windows x86-64 on Debian 12, with MinGW-w64 (g++ with POSIX
# threads): one file, with the C and C++ runtime and every library linked in. The
# libraries are built for Windows here from the source packages of the very Debian
# versions the Linux build uses (Debian's patches applied), fetched with `apt-get source`
# from the archives this machine's apt installs Debian from, and pinned by version and by
# the SHA-256 of their .dsc, which pins every file of the package (docs/windows.md).
# Usage: scripts/windows.sh [BUILD_DIR] (default build-windows; the program is
# BUILD_DIR/sitegen.exe). Needs the packages of scripts/install-deps.sh --test.
# shellcheck disable=SC2016 # ${prefix} in the .pc texts below is pkg-config's variable
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
out="${1:-build-windows}"
mkdir -p "$out"
out="$(realpath "$out")"
deps="$out/deps"
prefix="$deps/prefix"
# Downloads and the libraries built from them are kept between runs: a second run with
# the same pins and recipes rebuilds sitegen.exe alone.
cache="$(realpath -m "${SITEGEN_WINDOWS_CACHE:-$deps/downloads}")"
readonly host=x86_64-w64-mingw32
jobs="$(nproc)"

# The source packages: the version of Debian 12's -dev package the Linux build compiles
# against (checked below); the SHA-256 of its .dsc as the archive's signed Sources index
# gives it (so the version is the one Debian built), and of each file used: upstream's
# tarball and, for the security updates that can be fetched, Debian's patches
# (debian.tar.xz), applied as Debian does. docs/windows.md says which.
readonly ZLIB=1:1.2.13.dfsg-1
readonly ZLIB_DSC=3fa1e6b2fc525062aa88207dda52fed8e045373c809d362fe8a2bfbf7cf515a8
readonly ZLIB_ORIG=71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1
readonly MD4C=0.4.8-1
readonly MD4C_DSC=450fc8a9b29e7c7f525de50183ae2109d43b35f4232999ab4385ca98d173beb4
readonly MD4C_ORIG=4a457df853425b6bb6e3457aa1d1a13bccec587a04c38c622b1013a0da41439f
readonly UTF8PROC=2.8.0-1
readonly UTF8PROC_DSC=6ce2b0ab12fe7d0c3fd0a40d4eb886ae82bf6ea356e4db1a0a9f76582947625c
readonly UTF8PROC_ORIG=a0a60a79fe6f6d54e7d411facbfcc867a6e198608f2cd992490e46f04b1bcecc
readonly LIBYAML=0.2.5-1
readonly LIBYAML_DSC=1edbf86e5cd76937ff62892ba6c2537456d645d834d4cd4a82430b8be7051bf4
readonly LIBYAML_ORIG=fa240dbf262be053f3898006d502d514936c818e422afdcf33921c63bed9bf2e
readonly HTTPLIB=0.11.4+ds-1+deb12u1
readonly HTTPLIB_DSC=a4dde747bbde7cc9fa62cdf50d61140a0eaefb7f1383497ef2d48daf3bf5f9ec
readonly HTTPLIB_ORIG=8b1a5df569003b6a4f24c68489bbda5c64aec94697bdc9ebba5d79408b2ae7eb
readonly HTTPLIB_DEBIAN=a0adf8a38610806f6d94ba69839438635e5e6580775e28ff31d6a081e34f1484
readonly OPENSSL=3.0.22-1~deb12u2
readonly OPENSSL_DSC=7c45299a4363febec120676393d4314841c7c50da244a6e6a256f072d632d337
readonly OPENSSL_ORIG=67ebca7e50d17383028045486653492195b83db95f8558709701bb47b5c1ef81
readonly LIBWEBP=1.2.4-0.2+deb12u1
readonly LIBWEBP_DSC=d9ed0b59e2010f255c28d0869fd15b31f9b08aed757bfc91862d43aa9ec1aa99
readonly LIBWEBP_ORIG=7bf5a8a28cc69bcfa8cb214f2c3095703c6b73ac5fba4d5480c205331d9494df
readonly LIBWEBP_DEBIAN=69cdba4dfe2e1b34d55fa80c1b29c31cacd40dd183812d6bcca7e508a2f7afcd
readonly LIBJPEG=1:2.1.5-2
readonly LIBJPEG_DSC=d718ead0dfbcbc8523665c02a7f7152e31039ded641d022868722623bb3b486d
readonly LIBJPEG_ORIG=254f3642b04e309fee775123133c6464181addc150499561020312ec61c1bf7c
readonly LIBPNG=1.6.39-2+deb12u6
readonly LIBPNG_DSC=efd9099f7f74c7bcd4f1540a97be3ce1cb9bc4ff97dfc2062ea66117b17ce686
readonly LIBPNG_ORIG=a00e9d2f2f664186e4202db9299397f851aea71b36a35e74910b8820e380d441

die() {
  echo "windows.sh: error: $*" >&2
  exit 1
}

# shellcheck source=scripts/check-installed.sh
source scripts/check-installed.sh
check_installed zlib1g-dev "$ZLIB"
check_installed libmd4c-dev "$MD4C"
check_installed libutf8proc-dev "$UTF8PROC"
check_installed libyaml-dev "$LIBYAML"
check_installed libcpp-httplib-dev "$HTTPLIB"
check_installed libssl-dev "$OPENSSL"
check_installed libwebp-dev "$LIBWEBP"
check_installed libjpeg62-turbo-dev "$LIBJPEG"
check_installed libpng-dev "$LIBPNG"
for tool in "$host-g++-posix" "$host-gcc-posix" "$host-windres" curl patch; do
  command -v "$tool" >/dev/null || die "$tool is missing (scripts/install-deps.sh --test)"
done

# apt-get source needs deb-src lines: the same archives as this machine's deb lines
# (those of Debian itself), in an apt state of their own, so the machine's is untouched.
# The main archive comes first: apt takes a version listed in several Sources indexes
# from the first, and the security archive's index lists versions its pool lacks.
apt_dir="$deps/apt"
apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o APT::Sandbox::User=root)
if [[ ! -s "$apt_dir/sources.list" ]]; then
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
  # shellcheck disable=SC2016 # $(REPO_URI) and $(RELEASE) are apt's fields, not the shell's.
  apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 'Created-By: Packages' 'Origin: Debian' |
    sort -u | sort -s -k2,2 -t' ' | awk '{ print ($2 ~ /-security$/ ? 1 : 0), "deb-src", $1, $2, "main" }' |
    sort -s -n -k1,1 | cut -d' ' -f2- >"$apt_dir/sources.list"
  [[ -s "$apt_dir/sources.list" ]] ||
    die "this machine's apt sources name no Debian archive (run apt-get update first)"
  apt-get "${apt_opts[@]}" update -qq || {
    rm -f "$apt_dir/sources.list"
    die "cannot read the Sources index of this machine's Debian archives"
  }
fi

# Fetches one file of a source package into the cache, checked against its pin: apt
# tells where it is and the SHA-256 the signed index gives the .dsc and the file.
fetch() {
  local pkg="$1" version="$2" dsc_sha="$3" suffix="$4" sha="$5" uris uri name file
  mkdir -p "$cache"
  uris="$(apt-get "${apt_opts[@]}" source --print-uris -qq "$pkg=$version")" ||
    die "apt-get source knows no $pkg $version: update the pins in scripts/windows.sh"
  grep -q "\.dsc [0-9]* SHA256:$dsc_sha\$" <<<"$uris" ||
    die "the archive's $pkg $version is not the pinned one (.dsc SHA-256 $dsc_sha)"
  read -r uri name _ < <(grep -E "_[^ ]*\\.$suffix " <<<"$uris" | head -n 1)
  [[ -n "$name" ]] || die "$pkg $version has no .$suffix file"
  grep -q " SHA256:$sha\$" < <(grep -F " $name " <<<"$uris") ||
    die "the archive's $name does not have the pinned SHA-256 $sha"
  file="$cache/$name"
  if [[ ! -f "$file" ]]; then
    echo "windows.sh: fetching $name" >&2
    curl -fsSL --retry 3 -o "$file.part" "${uri//\'/}" || die "cannot fetch $name"
    mv "$file.part" "$file"
  fi
  echo "$sha  $file" | sha256sum --check --quiet --strict || {
    rm -f "$file"
    die "$file does not have the pinned SHA-256 $sha"
  }
  echo "$file"
}

# Unpacks upstream's tarball of a source package into $deps/src/<pkg> and, when its
# debian.tar.xz is pinned (a sixth argument), applies Debian's patches in their order.
unpack() {
  local pkg="$1" version="$2" dsc_sha="$3" orig_suffix="$4" orig_sha="$5" debian_sha="${6:-}" src patch
  src="$deps/src/$pkg"
  rm -rf "$src"
  mkdir -p "$src"
  tar -xf "$(fetch "$pkg" "$version" "$dsc_sha" "$orig_suffix" "$orig_sha")" -C "$src" --strip-components=1
  [[ -n "$debian_sha" ]] || return 0
  tar -xJf "$(fetch "$pkg" "$version" "$dsc_sha" debian.tar.xz "$debian_sha")" -C "$src"
  [[ -f "$src/debian/patches/series" ]] || return 0
  while read -r patch _; do
    [[ -z "$patch" || "$patch" == \#* ]] || patch -s -p1 -d "$src" <"$src/debian/patches/$patch" ||
      die "Debian's $patch does not apply to $pkg"
  done <"$src/debian/patches/series"
}

toolchain=(-DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/mingw-w64.cmake" -DSITEGEN_WINDOWS_PREFIX="$prefix"
  -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DCMAKE_INSTALL_PREFIX="$prefix"
  -DCMAKE_INSTALL_LIBDIR=lib)
cmake_lib() {
  local name="$1" src="$2"
  shift 2
  cmake -S "$src" -B "$deps/build/$name" "${toolchain[@]}" "$@" >"$deps/build/$name.log" 2>&1 &&
    cmake --build "$deps/build/$name" -j"$jobs" >>"$deps/build/$name.log" &&
    cmake --install "$deps/build/$name" >>"$deps/build/$name.log" || {
    tail -n 40 "$deps/build/$name.log" >&2
    die "building $name for Windows failed (log: $deps/build/$name.log)"
  }
}
# A pkg-config file for a library installed without one (${prefix} in the texts given is
# pkg-config's variable, hence single quotes).
pc() {
  printf 'prefix=%s\nName: %s\nDescription: %s (for Windows)\nVersion: %s\n%s\n' \
    "$prefix" "$1" "$1" "$2" "$3" >"$prefix/lib/pkgconfig/$1.pc"
}

# One function per library; each is built again when its pin or its recipe (the
# function's text, the toolchain file) changes.
build_zlib() { # the importers' client unpacks gzip and deflate answers; libpng needs it
  unpack zlib "$ZLIB" "$ZLIB_DSC" orig.tar.bz2 "$ZLIB_ORIG"
  (cd "$deps/src/zlib" && CHOST="$host" CC="$host-gcc-posix" ./configure --static --prefix="$prefix" &&
    make -j"$jobs" libz.a && make install) >"$deps/build/zlib.log" 2>&1 || {
    tail -n 40 "$deps/build/zlib.log" >&2
    die "building zlib for Windows failed (log: $deps/build/zlib.log)"
  }
}
build_md4c() {
  unpack md4c "$MD4C" "$MD4C_DSC" orig.tar.gz "$MD4C_ORIG"
  cmake_lib md4c "$deps/src/md4c"
}
build_utf8proc() {
  unpack utf8proc "$UTF8PROC" "$UTF8PROC_DSC" orig.tar.gz "$UTF8PROC_ORIG"
  cmake_lib utf8proc "$deps/src/utf8proc"
  # utf8proc's CMake build installs no .pc file; a static library needs UTF8PROC_STATIC.
  pc libutf8proc 2.8.0 'Cflags: -I${prefix}/include -DUTF8PROC_STATIC
Libs: -L${prefix}/lib -lutf8proc'
}
build_libyaml() {
  unpack libyaml "$LIBYAML" "$LIBYAML_DSC" orig.tar.gz "$LIBYAML_ORIG"
  cmake_lib yaml "$deps/src/libyaml" -DBUILD_TESTING=OFF -DINSTALL_CMAKE_DIR=lib/cmake/yaml
  # libyaml's CMake build installs no .pc file; a static library needs YAML_DECLARE_STATIC.
  pc yaml-0.1 0.2.5 'Cflags: -I${prefix}/include -DYAML_DECLARE_STATIC
Libs: -L${prefix}/lib -lyaml'
}
build_httplib() { # header-only: upstream's httplib.h with Debian's patches
  unpack cpp-httplib "$HTTPLIB" "$HTTPLIB_DSC" orig.tar.xz "$HTTPLIB_ORIG" "$HTTPLIB_DEBIAN"
  cp "$deps/src/cpp-httplib/httplib.h" "$prefix/include/"
  # With zlib, without brotli: the importers' client asks for gzip and deflate alone.
  pc cpp-httplib 0.11.4 'Requires: libssl libcrypto zlib
Cflags: -I${prefix}/include -DCPPHTTPLIB_OPENSSL_SUPPORT -DCPPHTTPLIB_ZLIB_SUPPORT
Libs: -lws2_32 -lcrypt32'
}
build_openssl() { # the importers' HTTPS: only what a TLS client uses, no command-line tool
  unpack openssl "$OPENSSL" "$OPENSSL_DSC" orig.tar.gz "$OPENSSL_ORIG"
  (cd "$deps/src/openssl" &&
    ./Configure mingw64 --cross-compile-prefix="$host-" no-shared no-tests no-module no-legacy \
      no-engine no-dso no-deprecated no-ui-console --prefix="$prefix" --libdir=lib &&
    make -j"$jobs" build_libs && make install_dev) >"$deps/build/openssl.log" 2>&1 || {
    tail -n 40 "$deps/build/openssl.log" >&2
    die "building OpenSSL for Windows failed (log: $deps/build/openssl.log)"
  }
}
build_libwebp() { # the resized images, written as WebP
  unpack libwebp "$LIBWEBP" "$LIBWEBP_DSC" orig.tar.gz "$LIBWEBP_ORIG" "$LIBWEBP_DEBIAN"
  cmake_lib libwebp "$deps/src/libwebp" -DWEBP_BUILD_ANIM_UTILS=OFF -DWEBP_BUILD_CWEBP=OFF \
    -DWEBP_BUILD_DWEBP=OFF -DWEBP_BUILD_GIF2WEBP=OFF -DWEBP_BUILD_IMG2WEBP=OFF \
    -DWEBP_BUILD_VWEBP=OFF -DWEBP_BUILD_WEBPINFO=OFF -DWEBP_BUILD_WEBPMUX=OFF \
    -DWEBP_BUILD_EXTRAS=OFF
}
build_libjpeg() { # JPEG photos read; without the SIMD code, which needs nasm
  unpack libjpeg-turbo "$LIBJPEG" "$LIBJPEG_DSC" orig.tar.gz "$LIBJPEG_ORIG"
  # Its own GNUInstallDirs takes a relative CMAKE_INSTALL_LIBDIR from the current folder.
  cmake_lib libjpeg "$deps/src/libjpeg-turbo" -DENABLE_SHARED=OFF -DENABLE_STATIC=ON \
    -DWITH_SIMD=OFF -DWITH_TURBOJPEG=OFF -DCMAKE_INSTALL_LIBDIR="$prefix/lib"
}
build_libpng() { # PNG images read, against the zlib above
  unpack libpng1.6 "$LIBPNG" "$LIBPNG_DSC" orig.tar.gz "$LIBPNG_ORIG"
  cmake_lib libpng "$deps/src/libpng1.6" -DPNG_SHARED=OFF -DPNG_STATIC=ON -DPNG_TESTS=OFF \
    -DZLIB_INCLUDE_DIR="$prefix/include" -DZLIB_LIBRARY="$prefix/lib/libz.a"
  # A static libpng needs zlib after it on the link line: make pkg-config say so.
  sed -i 's/^Requires\.private: *zlib/Requires: zlib/; s/^Requires: *$/Requires: zlib/' \
    "$prefix/lib/pkgconfig/libpng16.pc"
  grep -q '^Requires: zlib' "$prefix/lib/pkgconfig/libpng16.pc" || echo 'Requires: zlib' >>"$prefix/lib/pkgconfig/libpng16.pc"
  ln -sf libpng16.pc "$prefix/lib/pkgconfig/libpng.pc"
}
build_headers() { # the header-only libraries: the files of this machine's Debian packages
  cp -r /usr/include/{toml++,kainjow,nlohmann} "$prefix/include/"
  mkdir -p "$prefix/lib/cmake"
  cp -r /usr/share/cmake/nlohmann_json "$prefix/lib/cmake/"
  pc tomlplusplus "$(pkg-config --modversion tomlplusplus)" 'Cflags: -I${prefix}/include -DTOML_HEADER_ONLY=1'
}

mkdir -p "$prefix/include" "$prefix/lib/pkgconfig" "$prefix/.stamps" "$deps/build"
toolchain_sha="$(sha256sum cmake/mingw-w64.cmake | cut -d' ' -f1)"
for lib in zlib md4c utf8proc libyaml httplib openssl libwebp libjpeg libpng headers; do
  stamp="$( (declare -f "build_$lib" fetch unpack cmake_lib pc && echo "$toolchain_sha" &&
    declare -p "${!ZLIB@}" "${!MD4C@}" "${!UTF8PROC@}" "${!LIBYAML@}" "${!HTTPLIB@}" \
      "${!OPENSSL@}" "${!LIBWEBP@}" "${!LIBJPEG@}" "${!LIBPNG@}") | sha256sum | cut -c1-16)"
  [[ "$(cat "$prefix/.stamps/$lib" 2>/dev/null)" == "$stamp" ]] && continue
  echo "windows.sh: building $lib for Windows" >&2
  start=$SECONDS
  "build_$lib"
  echo "$stamp" >"$prefix/.stamps/$lib"
  echo "windows.sh: $lib built in $((SECONDS - start)) s" >&2
done

# Only the prefix is seen (the toolchain file sets PKG_CONFIG_LIBDIR to it): nothing of
# this machine's Linux libraries can be picked up.
cmake -S . -B "$out" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/mingw-w64.cmake" \
  -DCMAKE_BUILD_TYPE=Release -DSITEGEN_WERROR=ON -DSITEGEN_JEMALLOC=OFF \
  -DSITEGEN_WINDOWS_PREFIX="$prefix" -DOPENSSL_ROOT_DIR="$prefix" -DOPENSSL_USE_STATIC_LIBS=ON \
  ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER="$CMAKE_CXX_COMPILER_LAUNCHER"} \
  ${CMAKE_C_COMPILER_LAUNCHER:+-DCMAKE_C_COMPILER_LAUNCHER="$CMAKE_C_COMPILER_LAUNCHER"} >/dev/null
cmake --build "$out" -j"$jobs" --target sitegen
echo "windows program: $out/sitegen.exe ($(stat -c %s "$out/sitegen.exe") bytes)"
