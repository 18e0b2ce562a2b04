#!/bin/bash
# KaTeX, which typesets a site's math in the browser, comes from the npm registry's
# `katex` package: its minified script and stylesheet, its woff2 fonts and its licence
# (MIT), committed in katex/ and compiled into sitegen (cmake/katex.cmake). Pinned, not
# taken from the system: Debian 12's libjs-katex is 0.16.4, whose `\edef` escapes
# `maxExpand` (CVE-2024-28243, fixed in 0.16.10), so one title could freeze a reader's
# browser.
#
#   scripts/update-katex.sh          fetch the pinned package (npm pack), check it, and
#                                    write the files into katex/
#   scripts/update-katex.sh --check  check the files in katex/ against the pins (offline)
#
# To move to a newer release, change the version and integrity value below, run the
# script without --check, look at the math pages (tests/browser/math.test.mjs) and update
# the sha256 list it prints.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=katex

# package@version and the registry's integrity value for its tarball
package="katex@0.19.1 sha512-jG8uKntjSEcm2EpQOh0XturpPuuC9r3Sq5HLHdsFdWZT27E672SF19QEi+of0/YeOy15lDgRhKvr5614uRrEfA=="
# file in katex/, file in the package, sha256
files=(
  "LICENSE LICENSE 766ccc1f306c885aa45542a9846bbd0a505b27a0374f146778171c2254ce18e3"
  "katex.min.js dist/katex.min.js fa140498b8cfc8302cbe5e7cb1bdbc1f952bc38b3fa258ede09e73edbf9a74bc"
  "katex.min.css dist/katex.min.css 00e0b094171b07f58422075f469b4feac2b2f7bce1aeec943c08da4d697f4dcf"
  "fonts/KaTeX_AMS-Regular.woff2 dist/fonts/KaTeX_AMS-Regular.woff2 0cdd387c9590a1a9f9794560022dbb59654a7d86f187aa0c81495ad42d3a7308"
  "fonts/KaTeX_Caligraphic-Bold.woff2 dist/fonts/KaTeX_Caligraphic-Bold.woff2 de7701e42cf1f4cf0b766c03fb27977207eee2f4fd5d76fa82188406da43ea4c"
  "fonts/KaTeX_Caligraphic-Regular.woff2 dist/fonts/KaTeX_Caligraphic-Regular.woff2 5d53e70ad607c2352162dec9e0923fb54ecdafaccbf604cd8dcf7d00facb989b"
  "fonts/KaTeX_Fraktur-Bold.woff2 dist/fonts/KaTeX_Fraktur-Bold.woff2 74444efd593c005e3f4573b44524704c0af0a937fe911cca9e94068d0d140d3f"
  "fonts/KaTeX_Fraktur-Regular.woff2 dist/fonts/KaTeX_Fraktur-Regular.woff2 51814d270d06ff0255dba0799994fa4d8c84d11f09951d47595f4abb1f3602dc"
  "fonts/KaTeX_Main-Bold.woff2 dist/fonts/KaTeX_Main-Bold.woff2 0f60d1b897938ec918c8ce073092411baf9438f6739465693ff18b0f9d20b021"
  "fonts/KaTeX_Main-BoldItalic.woff2 dist/fonts/KaTeX_Main-BoldItalic.woff2 99cd42a3c072d918f2f44984a807cf7aa16e13545fd0875fc07c6c65f99e715b"
  "fonts/KaTeX_Main-Italic.woff2 dist/fonts/KaTeX_Main-Italic.woff2 97479ca6cce906abc961ecac96faa5f9ca2e61b8e7670d475826bcdee9a7c267"
  "fonts/KaTeX_Main-Regular.woff2 dist/fonts/KaTeX_Main-Regular.woff2 c2342cd8b869e01752a9321dc17213fc40d4d04c79688c1d43f2cf316abd7866"
  "fonts/KaTeX_Math-BoldItalic.woff2 dist/fonts/KaTeX_Math-BoldItalic.woff2 dc47344dbb6cb5b655c8460d561f4df5f501b90c804ad3c6cec65fe322351ab1"
  "fonts/KaTeX_Math-Italic.woff2 dist/fonts/KaTeX_Math-Italic.woff2 7af58c5ec8f132a2ddde9027c6d7814decce4d3b822a11192a42a20e2e973264"
  "fonts/KaTeX_SansSerif-Bold.woff2 dist/fonts/KaTeX_SansSerif-Bold.woff2 e99ae51144bf1232efcc1bfe5add36262c6866b0faab24fa75740e1b98577a62"
  "fonts/KaTeX_SansSerif-Italic.woff2 dist/fonts/KaTeX_SansSerif-Italic.woff2 00b26ac825e2095056396e0553b8ac26d3f8ad158c3826e28b4c45b385c4714a"
  "fonts/KaTeX_SansSerif-Regular.woff2 dist/fonts/KaTeX_SansSerif-Regular.woff2 68e8c73ef42afd3ccec58bf0fba302cce448938e7fc020a5e31f8a952eee1342"
  "fonts/KaTeX_Script-Regular.woff2 dist/fonts/KaTeX_Script-Regular.woff2 036d4e95149b69ff9bcc0cd55771efeb25ffa3947293e69acd78d5ac328c684b"
  "fonts/KaTeX_Size1-Regular.woff2 dist/fonts/KaTeX_Size1-Regular.woff2 6b47c40166b6dbe21a5dfca7718413f2147fd2399be1ba605d8ad39cedf25dfe"
  "fonts/KaTeX_Size2-Regular.woff2 dist/fonts/KaTeX_Size2-Regular.woff2 d04c54219f9eaec6d4d4fd42dfb28785975a4794d6b2fc71e566b9cd6db842dd"
  "fonts/KaTeX_Size3-Regular.woff2 dist/fonts/KaTeX_Size3-Regular.woff2 73d591271b1604960cb10bb90fee021670af7297017e0e98480b332d11f51995"
  "fonts/KaTeX_Size4-Regular.woff2 dist/fonts/KaTeX_Size4-Regular.woff2 a4af7d414440a1c1790825cfb700cf9cf43b0f2c4b04f0ebc523011ad9853ec0"
  "fonts/KaTeX_Typewriter-Regular.woff2 dist/fonts/KaTeX_Typewriter-Regular.woff2 71d517d67827787cfabdf186914cc3358eda539e37931941f2b2fd4a21f68c0b"
)

check() {
  local bad=0 name src sum extra
  for f in "${files[@]}"; do
    read -r name src sum <<<"$f"
    if [ "$(sha256sum "$1/$name" 2>/dev/null | cut -d' ' -f1)" != "$sum" ]; then
      echo "katex: $1/$name is missing or differs from the pinned sha256 $sum" >&2
      bad=1
    fi
  done
  extra=$(comm -13 <(for f in "${files[@]}"; do echo "${f%% *}"; done | sort) \
    <(cd "$1" && find . -type f | sed 's|^\./||' | sort) | tr '\n' ' ')
  if [ -n "$extra" ]; then
    echo "katex: $1 holds files the pins do not name: $extra" >&2
    bad=1
  fi
  return $bad
}

if [ "${1:-}" = --check ]; then
  check "$dest" && echo "katex: ${#files[@]} files match their pins (${package%% *})"
  exit
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
read -r spec integrity <<<"$package"
(cd "$work" && npm pack --silent "$spec" >/dev/null)
tarball=$(ls "$work"/*.tgz)
got="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
[ "$got" = "$integrity" ] || { echo "katex: $spec: integrity $got, expected $integrity" >&2; exit 1; }
tar xzf "$tarball" -C "$work"
mkdir -p "$work/out/fonts"
for f in "${files[@]}"; do
  read -r name src sum <<<"$f"
  cp "$work/package/$src" "$work/out/$name"
done
check "$work/out"
rm -rf "$dest"
cp -r "$work/out" "$dest"
echo "katex: wrote ${#files[@]} files to $dest"
