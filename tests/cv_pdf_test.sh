#!/usr/bin/env bash
# cv.pdf end to end: an example built with [cv] pdf = true, printed by headless Chromium,
# read back with pdftotext: the name and "N / M" on every page, no menu or footer (the
# print stylesheet was loaded) for a site with a full base URL and one under a sub-path,
# links to the site, the same bytes on a second build, Letter paper, the one line and the
# exit status 0 without a browser, and the old output kept when the browser fails.
# Usage: tests/cv_pdf_test.sh SITEGEN_BINARY   (exits 77 without Chromium or pdftotext)
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sitegen=$(realpath "${1:?usage: cv_pdf_test.sh SITEGEN_BINARY}")
browser=""
for name in chromium chromium-browser google-chrome google-chrome-stable chrome; do
  if command -v "$name" >/dev/null; then browser=$name; break; fi
done
if [ -z "$browser" ]; then
  echo "skipped: no Chromium or Chrome on PATH (apt-get install chromium)"
  exit 77
fi
for tool in pdftotext pdfinfo; do
  if ! command -v "$tool" >/dev/null; then
    echo "skipped: $tool is not installed (apt-get install poppler-utils)"
    exit 77
  fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

cp -r "$src/examples/qinghao-hu" "$work/site"
printf '\n[cv]\npdf = true\n' >> "$work/site/site.toml"
name="Qinghao Hu"
cjk="上海交通大学 · 東京大学 · 서울대학교"
printf '\n[[section]]\ntitle = "Languages"\n[[section.entry]]\nwhat = "%s"\n' "$cjk" \
  >> "$work/site/cv.toml"

# Every page: the running header's name and "i / n"; none shows the site's menu or footer.
check_pages() {
  local pdf=$1
  [ -s "$pdf" ] || fail "$pdf was not written"
  local n
  n=$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')
  [ "$n" -ge 2 ] || fail "$pdf has $n page(s); the test wants a CV of several"
  for i in $(seq 1 "$n"); do
    local text
    text=$(pdftotext -f "$i" -l "$i" "$pdf" -)
    grep -qF "$name" <<<"$text" || fail "page $i of $pdf lacks the name $name"
    grep -qE "(^|[^0-9])$i ?/ ?$n([^0-9]|$)" <<<"$text" || fail "page $i of $pdf lacks \"$i / $n\""
  done
  local all
  all=$(pdftotext "$pdf" -)
  for chrome in "Skip to content" "Built with sitegen" "Download PDF"; do
    if grep -qF "$chrome" <<<"$all"; then
      fail "$pdf shows \"$chrome\": printed without the site's print stylesheet"
    fi
  done
  echo "ok: $pdf: $n pages, each with \"$name\" and \"i / $n\""
}

# A site with a full base URL: the PDF's links lead to it.
"$sitegen" build "$work/site" -o "$work/abs" --base-url https://example.org/repo/
check_pages "$work/abs/cv.pdf"
grep -qaF "/URI (https://example.org/repo/publications/" "$work/abs/cv.pdf" ||
  fail "the PDF has no link to a paper page at https://example.org/repo/"
grep -qF '<a class="btn" href="/repo/cv.pdf" download>' "$work/abs/cv/index.html" ||
  fail "/cv/ does not link to the PDF"
pdfinfo "$work/abs/cv.pdf" | grep -q "(A4)" || fail "the default paper is not A4"

# Chinese, Japanese and Korean text comes through (its glyphs were looked at in renders).
grep -qF "$cjk" <<<"$(pdftotext "$work/abs/cv.pdf" -)" || fail "the PDF lacks the text $cjk"

# The same bytes again.
"$sitegen" build "$work/site" -o "$work/again" --base-url https://example.org/repo/ -q
cmp "$work/abs/cv.pdf" "$work/again/cv.pdf" || fail "a second build wrote other bytes to cv.pdf"
echo "ok: a second build writes the same cv.pdf"

# A site under a sub-path, on Letter paper: the stylesheet is found all the same.
printf 'paper = "letter"\n' >> "$work/site/site.toml"
"$sitegen" build "$work/site" -o "$work/sub" --base-url /sub/ -q
check_pages "$work/sub/cv.pdf"
pdfinfo "$work/sub/cv.pdf" | grep -q "(letter)" || fail "paper = \"letter\" did not print on Letter"

# No browser: one line, exit 0, no PDF and no link to one.
mkdir "$work/empty-path"
out=$(env -u SITEGEN_BROWSER PATH="$work/empty-path" "$sitegen" build "$work/site" -o "$work/none" -q 2>&1) ||
  fail "the build without a browser failed: $out"
[ "$out" = "cv.pdf: no Chromium or Chrome found (looked for chromium, chromium-browser, google-chrome, google-chrome-stable, chrome on PATH); skipped" ] ||
  fail "without a browser, the build said: $out"
[ ! -e "$work/none/cv.pdf" ] || fail "cv.pdf written without a browser"
! grep -q "Download PDF" "$work/none/cv/index.html" || fail "/cv/ links to a PDF that was not made"
echo "ok: without a browser: $out"

# A browser that fails: an error, and the previous output stays as it was.
cp -r "$work/sub" "$work/sub.before"
printf 'browser = "%s"\n' "$(type -P false)" >> "$work/site/site.toml"
if out=$("$sitegen" build "$work/site" -o "$work/sub" --base-url /sub/ 2>&1); then
  fail "a failing browser did not fail the build"
fi
grep -qE ": error: cannot print cv.pdf with $(type -P false): it exited with status 1$" <<<"$out" ||
  fail "a failing browser said: $out"
diff -r "$work/sub.before" "$work/sub" >/dev/null || fail "a failed build changed the output"
echo "ok: a failing browser fails the build and leaves the output alone"
