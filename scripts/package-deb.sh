#!/usr/bin/env bash
# Makes the Debian package sitegen_<version>_<arch>.deb from the release binary
# (scripts/release.sh): the binary, its manual page and its bash, zsh and fish completions
# (printed by the binary itself, from the table behind `--help`), the documentation, and
# a copyright file naming every library linked into the binary, with the licences of
# Debian's packages of them. docs/releasing.md says how it is checked.
# Usage: scripts/package-deb.sh [BINARY [OUT_DIR]]
#   BINARY   default build-release/sitegen; OUT_DIR default: the binary's folder.
# Needs dpkg-dev (dpkg-shlibdeps) and binutils; runs on Debian 12 as any user.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
src="$PWD"
bin="${1:-build-release/sitegen}"
[[ -x "$bin" ]] || {
  echo "package-deb: error: no binary at $bin (scripts/release.sh builds it)" >&2
  exit 1
}
bin="$(realpath "$bin")"
out="$(realpath "${2:-$(dirname "$bin")}")"
mkdir -p "$out"

version="$("$bin" --version | sed -n '1s/^sitegen \([0-9][0-9.]*\).*/\1/p')"
[[ -n "$version" ]] || {
  echo "package-deb: error: $bin --version names no version" >&2
  exit 1
}
homepage="$("$bin" --version | sed -n '2p')"
arch="$(dpkg --print-architecture)"
# The date of the commit the package is made from keeps the package the same from run to
# run (dpkg-deb stamps files with SOURCE_DATE_EPOCH).
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$src" log -1 --format=%ct 2>/dev/null || date +%s)}"
maintainer="${SITEGEN_DEB_MAINTAINER:-sitegen developers <sitegen@users.noreply.github.com>}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/sitegen_${version}_$arch"
doc="$root/usr/share/doc/sitegen"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$doc/third-party" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/lintian/overrides"

# The binary, without its symbol table (Debian ships stripped binaries).
install -m 0755 "$bin" "$root/usr/bin/sitegen"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/sitegen"

"$bin" man | gzip -9n >"$root/usr/share/man/man1/sitegen.1.gz"
"$bin" completions bash >"$root/usr/share/bash-completion/completions/sitegen"
"$bin" completions zsh >"$root/usr/share/zsh/vendor-completions/_sitegen"
"$bin" completions fish >"$root/usr/share/fish/vendor_completions.d/sitegen.fish"

# Documentation: the README and docs/, compressed as Debian's policy asks of long files.
install -m 0644 README.md "$doc/README.md"
install -d "$doc/docs"
install -m 0644 docs/*.md "$doc/docs/"
find "$doc" -name '*.md' -size +4k -exec gzip -9n {} +
printf '%s\n\n  * %s\n\n -- %s  %s\n' \
  "sitegen ($version) unstable; urgency=medium" \
  "sitegen $version, packaged from the release binary." \
  "$maintainer" "$(date -u -R -d "@$SOURCE_DATE_EPOCH")" | gzip -9n >"$doc/changelog.gz"

# The libraries linked into the binary, by the Debian package whose code or source the
# release build uses (docs/releasing.md): their copyright files, as Debian ships them.
third_party=(
  "libc++1-14:libc++ (LLVM C++ library), libc++abi, libunwind, compiler-rt"
  "libmd4c-dev:md4c and md4c-html"
  "libcpp-httplib-dev:cpp-httplib"
  "libtomlplusplus-dev:toml++"
  "libkainjow-mustache-dev:kainjow mustache"
  "nlohmann-json3-dev:nlohmann/json"
  "libyaml-dev:libyaml"
  "libutf8proc-dev:utf8proc"
  "libwebp-dev:libwebp"
  "libjpeg62-turbo-dev:libjpeg-turbo"
  "libpng-dev:libpng"
  "libjemalloc-dev:jemalloc"
  "libssl-dev:OpenSSL"
  "zlib1g-dev:zlib"
  "libbrotli-dev:brotli"
)
listed=""
for entry in "${third_party[@]}"; do
  pkg="${entry%%:*}" what="${entry#*:}"
  if [[ ! -f "/usr/share/doc/$pkg/copyright" ]]; then
    echo "package-deb: error: /usr/share/doc/$pkg/copyright is missing: install $pkg" \
      "(scripts/install-deps.sh --test)" >&2
    exit 1
  fi
  install -m 0644 "/usr/share/doc/$pkg/copyright" "$doc/third-party/$pkg.copyright"
  listed+=" ${what}: third-party/$pkg.copyright."$'\n'
done

{
  cat <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: sitegen
Source: $homepage
Comment: The binary links these libraries statically; their copyright and licence
 notices, as Debian ships them, are in /usr/share/doc/sitegen/:
EOF
  printf '%s' "$listed" | sed 's/^ */ /'
  cat <<EOF

Files: *
Copyright: $(grep -m 1 '^Copyright' LICENSE | sed 's/^Copyright *\(([cC])\)* *//')
License: Expat

Files: themes/scholar/assets/fonts/*
Copyright: $(head -n 1 themes/scholar/assets/fonts/LICENSE-source-sans-3.txt)
License: OFL-1.1
Comment: Source Sans 3, Source Serif 4 and Source Code Pro, compiled into the binary
 with the theme.

Files: katex/*
Copyright: $(grep -m 1 '^Copyright' katex/LICENSE | sed 's/^Copyright *\(([cC])\)* *//')
License: Expat
Comment: KaTeX, compiled into the binary for sites with mathematics.

License: Expat
$(sed -e '1,/^Copyright/d' LICENSE | sed -e '/./,$!d' -e 's/^$/./' -e 's/^/ /')

License: OFL-1.1
$(sed -e '1,/^This Font Software is licensed/d' themes/scholar/assets/fonts/LICENSE-source-sans-3.txt |
    sed -e '/./,$!d' -e 's/^$/./' -e 's/^/ /')
EOF
} >"$doc/copyright"

# The binary is self-contained on purpose (one file that runs on any glibc-based Linux):
# lintian's check for embedded copies of libraries is answered here, with the reason.
cat >"$root/usr/share/lintian/overrides/sitegen" <<'EOF'
# The release binary links its libraries statically so that the same file runs on any
# glibc-based Linux of the last five years (docs/releasing.md).
sitegen: embedded-library *
EOF

# Depends: for the release binary, the glibc it was linked against (release.sh writes that
# floor beside it, and tests it): dpkg-shlibdeps would read this machine's libc6 symbols
# file and ask for 2.34, where symbols of libpthread moved into libc, though the binary
# uses their 2.31 versions. For any other binary, what dpkg-shlibdeps reads from it.
if [[ -f "$(dirname "$bin")/glibc-floor" ]]; then
  read -r floor _ <"$(dirname "$bin")/glibc-floor"
  depends="libc6 (>= $floor)"
else
  mkdir -p "$work/shlibs/debian"
  printf 'Source: sitegen\n\nPackage: sitegen\nArchitecture: any\n' >"$work/shlibs/debian/control"
  depends="$(cd "$work/shlibs" && dpkg-shlibdeps -O -e"$root/usr/bin/sitegen" 2>/dev/null |
    sed -n 's/^shlibs:Depends=//p')"
fi
[[ "$depends" == libc6* ]] || {
  echo "package-deb: error: dpkg-shlibdeps found no glibc dependency: '$depends'" >&2
  exit 1
}

(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
cat >"$root/DEBIAN/control" <<EOF
Package: sitegen
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Suggests: chromium, python3-pygments
Section: web
Priority: optional
Homepage: $homepage
Description: static site generator for researchers' homepages
 sitegen turns a folder of TOML and Markdown files (biography, publications from
 BibTeX, news, talks, CV) into a static website: a home page, a publication list
 with one page per paper and its BibTeX entry, news with an Atom feed, talks, a
 CV page with a printable PDF, in one or several languages, or a research
 group's site with a page per member. Its preview server reloads the browser
 on every save; the output deploys to GitHub Pages as is.
EOF
find "$root" -type d -exec chmod 0755 {} +
find "$root/usr" -type f ! -path '*/usr/bin/*' -exec chmod 0644 {} +
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

deb="$out/sitegen_${version}_$arch.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb ($(du -k "$deb" | cut -f1) KiB)"
