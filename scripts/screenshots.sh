#!/usr/bin/env bash
# Takes the screenshots in docs/screenshots/ with headless Chromium: the home and
# publication pages of the starter site and each example, a paper's page, the starter's
# talks, the lab's list with its teasers and its /people/, a project and a post of
# hao-wu, and the starter site in the onepage theme (its paper's teaser shown; home,
# publications, paper, posts, a post, a project and the CV), at 1366 and 390 px, light
# and dark. PNGs are made smaller with pngquant when it is installed.
# Usage: scripts/screenshots.sh [SITEGEN] [OUTDIR]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
sitegen=${1:-./build/sitegen}
outdir=${2:-docs/screenshots}
chromium=$(command -v chromium || command -v chromium-browser)
work=$(mktemp -d)
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$outdir"

shoot() {  # url file width scheme
  local dark=()
  [[ $4 == dark ]] && dark=(--blink-settings=preferredColorScheme=0)
  timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    "${dark[@]}" --window-size="$3,$(( $3 > 800 ? 1100 : 1500 ))" --screenshot="$2" "$1" 2>/dev/null
}

# Each site with the pages shot besides home and publications (name=path).
declare -A extra=(
  [content]="paper=publications/fastpath/ talks=talks/"
  [examples/qinghao-hu]=""
  [examples/han-zhao]=""
  [examples/hao-wu]="project=projects/deepcontext/ post=posts/compression-to-profiling/"
  [examples/lab]="paper=publications/lab202545/ people=people/"
  [onepage]="paper=publications/fastpath/ posts=posts/ post=posts/fastpath-in-practice/ project=projects/fastpath/ cv=cv/"
)
# The starter site with theme = "onepage" and its paper's teaser, as the browser tests make it.
cp -r content "$work/onepage-content"
sed -i 's/^theme = "scholar"$/theme = "onepage"/' "$work/onepage-content/site.toml"
sed -i 's|^# preview = .*$|preview = "projects/fastpath.png"|' "$work/onepage-content/publications.toml"
port=8870
for site in content examples/qinghao-hu examples/han-zhao examples/hao-wu examples/lab onepage; do
  name=$(basename "$site")
  [[ $name == content ]] && name=starter
  src=$site
  [[ $site == onepage ]] && src=$work/onepage-content
  "$sitegen" build "$src" -o "$work/$name" -q
  (cd "$work/$name" && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
  server=$!
  for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/" >/dev/null 2>&1 && break; sleep 0.1; done
  for width in 1366 390; do
    for scheme in light dark; do
      for page in home= publications=publications/ ${extra[$site]}; do
        shoot "http://127.0.0.1:$port/${page#*=}" "$outdir/$name-${page%%=*}-$width-$scheme.png" "$width" "$scheme"
      done
    done
  done
  kill "$server"
  wait "$server" 2>/dev/null || true
  port=$((port + 1))
done
if command -v pngquant >/dev/null; then
  pngquant --force --skip-if-larger --ext .png --quality 70-95 "$outdir"/*.png || true
fi
echo "screenshots in $outdir"
