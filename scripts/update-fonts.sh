#!/bin/bash
# The scholar theme's fonts, Source Sans 3 (text), Source Serif 4 (headings) and Source
# Code Pro (code and BibTeX), come from the npm registry's Fontsource packages: variable
# woff2 files subset to Latin, Latin Extended and Vietnamese, with the packages' licence
# (SIL Open Font License 1.1). Other scripts (CJK, Cyrillic, Greek...) fall back to the
# system fonts the stylesheet names.
#
#   scripts/update-fonts.sh          fetch the pinned packages (npm pack), check them, and
#                                    write the files into themes/scholar/assets/fonts/
#   scripts/update-fonts.sh --check  check the files in the theme against the pins (offline)
#
# The Fontsource packages' LICENSE names "Google Inc." where the fonts' own licence names
# their maker: each LICENSE file is written with Adobe's copyright line, as Adobe's
# releases of the fonts give it, in place of that first line.
#
# To move to a newer release, change the versions and integrity values below, run the
# script without --check, and update the sha256 list it prints.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=themes/scholar/assets/fonts

# package@version and the registry's integrity value for its tarball
packages=(
  "@fontsource-variable/source-sans-3@5.3.1 sha512-u0p5Z/PM2e1uxYOMiodLM6NVzxHwULcB6Oi7QSr2WU/sdoLBFP/BeOZ3YYHeJ6rHsjPZA1nZweZVaV7sf2MAyQ=="
  "@fontsource-variable/source-serif-4@5.3.1 sha512-4Rtay22SC4lMvw11r/+9kxANB6P3M0X8s1NudBC2v0J1KU2y3DcMoNcT3lBoZ/CqLirzf+StlO6UlJilyrvaUg=="
  "@fontsource-variable/source-code-pro@5.3.1 sha512-N0nZDizh8CQ19+AHHA8Ssb1i/aQf4N2lpRl3qZVH4/9f1yNgWzTkBFpc26v+QQr2hm4By4aiv597BCoEg2SDQg=="
)
# family and the copyright line of its licence
copyrights=(
  "source-sans-3|Copyright 2010-2024 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'. All Rights Reserved. Source is a trademark of Adobe in the United States and/or other countries."
  "source-serif-4|Copyright 2014 - 2023 Adobe (http://www.adobe.com/), with Reserved Font Name ‘Source’. All Rights Reserved. Source is a trademark of Adobe in the United States and/or other countries."
  "source-code-pro|© 2023 Adobe (http://www.adobe.com/), with Reserved Font Name 'Source'. All Rights Reserved. Source is a trademark of Adobe in the United States and/or other countries."
)
# file in the theme, file in its package, sha256
files=(
  "source-sans-3-latin.woff2 files/source-sans-3-latin-wght-normal.woff2 19143dca075972bc84e3fd9eab7416dd40cc565dccb2435a044bdfabe060c7d5"
  "source-sans-3-latin-italic.woff2 files/source-sans-3-latin-wght-italic.woff2 5fbc14d56cea35e60596c72ca969b349443c6a536f74e11748eed8b3a396e61d"
  "source-sans-3-latin-ext.woff2 files/source-sans-3-latin-ext-wght-normal.woff2 a85a7459bdb3cdc1136751e151a506bae653fc29ada3ca86237477df6f1b59e6"
  "source-sans-3-latin-ext-italic.woff2 files/source-sans-3-latin-ext-wght-italic.woff2 6fe10a66ec416f77a26309b645471d032ad8175063bb605b886e9b7e57efaaa8"
  "source-sans-3-vietnamese.woff2 files/source-sans-3-vietnamese-wght-normal.woff2 a91edbcdcb4e0f97ca0558994918fd3e489356c0f63aa0bc54972b5e513b4a59"
  "source-sans-3-vietnamese-italic.woff2 files/source-sans-3-vietnamese-wght-italic.woff2 aa44d57632499ea829dc6eeb512d6b84955328d436567448e905d279c3589b4c"
  "LICENSE-source-sans-3.txt LICENSE 9d39a4053876664c8b150839c6bd88ea4def6468abbc79742071631b81b548c3"
  "source-serif-4-latin.woff2 files/source-serif-4-latin-wght-normal.woff2 382475f38242c52d42a3e5ff8dc69b5d73f10d0d21e4550b5fe232984688779a"
  "source-serif-4-latin-ext.woff2 files/source-serif-4-latin-ext-wght-normal.woff2 d10ccbbd0dc4ebae2938958dc1f622a53460fe297e9c958564742dd684309c3f"
  "source-serif-4-vietnamese.woff2 files/source-serif-4-vietnamese-wght-normal.woff2 c3de01b5144e1a2d7e70eeaf66ab92afdedcc4424ed1d7ffc1993a657d1c762a"
  "LICENSE-source-serif-4.txt LICENSE 77bcb06906baede63adad41f870472cc78f36745bfdc88cd28c6823763bb537e"
  "source-code-pro-latin.woff2 files/source-code-pro-latin-wght-normal.woff2 8b774aaa5137a38ef40f4ac9d36db9a5eee152b2f66589dfdc82ff007fc87135"
  "source-code-pro-latin-ext.woff2 files/source-code-pro-latin-ext-wght-normal.woff2 ab316ee7e4a28a149fe9f74a3e9173c3d14a11bb7d4df898dd2fe10da7b7fe24"
  "source-code-pro-vietnamese.woff2 files/source-code-pro-vietnamese-wght-normal.woff2 d8a28d78c1c6de660e1be91fdadc9b01268415407922ed3cf64909a0b02a6356"
  "LICENSE-source-code-pro.txt LICENSE 68b01ad40b00dc3262c340da5e36dc99a2c630b100122c0056613cff823ec0b4"
)

check() {
  local bad=0 name src sum
  for f in "${files[@]}"; do
    read -r name src sum <<<"$f"
    if [ "$(sha256sum "$1/$name" 2>/dev/null | cut -d' ' -f1)" != "$sum" ]; then
      echo "fonts: $1/$name is missing or differs from the pinned sha256 $sum" >&2
      bad=1
    fi
  done
  [ -z "$(comm -13 <(for f in "${files[@]}"; do echo "${f%% *}"; done | sort) <(ls "$1" | sort))" ] ||
    { echo "fonts: $1 holds files the pins do not name: $(comm -13 \
      <(for f in "${files[@]}"; do echo "${f%% *}"; done | sort) <(ls "$1" | sort) | tr '\n' ' ')" >&2
      bad=1; }
  return $bad
}

if [ "${1:-}" = --check ]; then
  check "$dest" && echo "fonts: ${#files[@]} files match their pins"
  exit
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for p in "${packages[@]}"; do
  read -r spec integrity <<<"$p"
  (cd "$work" && npm pack --silent "$spec" >/dev/null)
  tarball=$(ls -t "$work"/*.tgz | head -1)
  got="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  [ "$got" = "$integrity" ] || { echo "fonts: $spec: integrity $got, expected $integrity" >&2; exit 1; }
  name=${spec%@*}
  mkdir -p "$work/${name##*/}" && tar xzf "$tarball" -C "$work/${name##*/}" && rm "$tarball"
done
mkdir -p "$work/out"
for f in "${files[@]}"; do
  read -r name src sum <<<"$f"
  family=${name#LICENSE-}
  family=${family%.txt}
  case $name in LICENSE-*) ;; *) family=$(sed -E 's/-(latin|vietnamese).*//' <<<"$name") ;; esac
  if [[ $name == LICENSE-* ]]; then
    line=
    for c in "${copyrights[@]}"; do
      if [ "${c%%|*}" = "$family" ]; then line=${c#*|}; fi
    done
    [ "$(head -n 1 "$work/$family/package/$src")" = "Google Inc." ] && [ -n "$line" ] ||
      { echo "fonts: $family's LICENSE does not start as expected: check its copyright line" >&2; exit 1; }
    { echo "$line"; tail -n +2 "$work/$family/package/$src"; } >"$work/out/$name"
  else
    cp "$work/$family/package/$src" "$work/out/$name"
  fi
done
check "$work/out"
mkdir -p "$dest"
cp "$work"/out/* "$dest"/
echo "fonts: wrote ${#files[@]} files to $dest"
