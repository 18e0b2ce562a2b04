#!/usr/bin/env bash
# cv.pdf end to end, printed by headless Chromium and read back with poppler's tools:
# - the name, the site's address and "N / M" on every page, no menu or footer (the print
#   stylesheet was loaded), for a full base URL and a sub-path; links to the site; the same
#   bytes on a second build; Letter paper; pdfinfo's Title, Author and Creator and no date;
#   an image of the site's own in the CV;
#   the running header in the site's font (pdffonts: no DejaVu);
# - every language's CV printed and linked (`build`, `check --links`, `serve --pdf`);
# - raw HTML in cv.toml that reads local files (/etc/passwd, the host name, /etc/os-release)
#   or another loopback server gets nothing into the PDF;
# - Chromium's sandbox kept for a user other than root, dropped with a note as root or
#   where it cannot start;
# - SIGTERM and SIGINT while printing leave no browser process and no temporary folder,
#   for `build` and for `serve --pdf`;
# - the one line and the exit status 0 without a browser, the old output kept when the
#   browser fails.
# Usage: tests/cv_pdf_test.sh SITEGEN_BINARY   (exits 77 without Chromium or poppler-utils)
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sitegen=$(realpath "${1:?usage: cv_pdf_test.sh SITEGEN_BINARY}")
browser=""
for name in chromium chromium-browser google-chrome google-chrome-stable chrome; do
  if command -v "$name" >/dev/null; then browser=$(command -v "$name"); break; fi
done
if [ -z "$browser" ]; then
  echo "skipped: no Chromium or Chrome on PATH (apt-get install chromium)"
  exit 77
fi
for tool in pdftotext pdfinfo pdffonts pdfimages curl ps pgrep; do
  if ! command -v "$tool" >/dev/null; then
    echo "skipped: $tool is not installed (apt-get install poppler-utils curl procps)"
    exit 77
  fi
done

work=$(mktemp -d)
started=()  # background processes of this test, ended on exit
cleanup() {
  for pid in "${started[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
root_note="cv.pdf: printed without Chromium's sandbox, which Chromium does not run for the root user; build as another user to keep it"

cp -r "$src/examples/qinghao-hu" "$work/site"
printf '\n[cv]\npdf = true\n' >> "$work/site/site.toml"
name="Qinghao Hu"
cjk="上海交通大学 · 東京大学 · 서울대학교"
printf '\n[[section]]\ntitle = "Languages"\n[[section.entry]]\nwhat = "%s"\n' "$cjk" \
  >> "$work/site/cv.toml"
# An image of the site's own (static/photo.png) in a CV entry: printed from the copy too.
printf '[[section.entry]]\nwhat = "Photo"\ndetails = """<img src="/photo.png" alt="" width="48">"""\n' \
  >> "$work/site/cv.toml"

# Every page: the running header ($2: the name, and the address when the site has one)
# and "i / n"; none shows the site's menu or footer.
check_pages() {
  local pdf=$1 header=$2
  [ -s "$pdf" ] || fail "$pdf was not written"
  local n
  n=$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')
  [ "$n" -ge 2 ] || fail "$pdf has $n page(s); the test wants a CV of several"
  for i in $(seq 1 "$n"); do
    local text
    text=$(pdftotext -f "$i" -l "$i" "$pdf" -)
    grep -qxF "$header" <<<"$text" || fail "page $i of $pdf lacks the header line \"$header\""
    grep -qE "(^|[^0-9])$i ?/ ?$n([^0-9]|$)" <<<"$text" || fail "page $i of $pdf lacks \"$i / $n\""
  done
  local all
  all=$(pdftotext "$pdf" -)
  for chrome in "Skip to content" "Built with sitegen" "Download PDF"; do
    if grep -qF "$chrome" <<<"$all"; then
      fail "$pdf shows \"$chrome\": printed without the site's print stylesheet"
    fi
  done
  echo "ok: $pdf: $n pages, each with \"$header\" and \"i / $n\""
}

# pdfinfo's field, as it prints it.
info() { pdfinfo "$1" | sed -n "s/^$2: *//p"; }

# --- A site with a full base URL: the PDF's links lead to it. ----------------------------
"$sitegen" build "$work/site" -o "$work/abs" --base-url https://example.org/repo/ 2>"$work/abs.err"
check_pages "$work/abs/cv.pdf" "$name · example.org/repo"
grep -qaF "/URI (https://example.org/repo/publications/" "$work/abs/cv.pdf" ||
  fail "the PDF has no link to a paper page at https://example.org/repo/"
grep -qF '<a class="btn" href="/repo/cv.pdf" download>' "$work/abs/cv/index.html" ||
  fail "/cv/ does not link to the PDF"
pdfinfo "$work/abs/cv.pdf" | grep -q "(A4)" || fail "the default paper is not A4"
[ "$(info "$work/abs/cv.pdf" Title)" = "CV · $name" ] || fail "Title: $(info "$work/abs/cv.pdf" Title)"
[ "$(info "$work/abs/cv.pdf" Author)" = "$name" ] || fail "Author: $(info "$work/abs/cv.pdf" Author)"
[ "$(info "$work/abs/cv.pdf" Creator)" = "sitegen" ] || fail "Creator: $(info "$work/abs/cv.pdf" Creator)"
! pdfinfo "$work/abs/cv.pdf" | grep -qE "^(CreationDate|ModDate):" || fail "the PDF carries a date"
echo "ok: pdfinfo: Title \"CV · $name\", Author \"$name\", Creator \"sitegen\", no date"

[ "$(pdfimages -list "$work/abs/cv.pdf" | tail -n +3 | wc -l)" -ge 1 ] ||
  fail "the photo of the site's static/ in a CV entry was not printed"

# Chinese, Japanese and Korean text comes through (its glyphs were looked at in renders).
grep -qF "$cjk" <<<"$(pdftotext "$work/abs/cv.pdf" -)" || fail "the PDF lacks the text $cjk"

# The same bytes again.
"$sitegen" build "$work/site" -o "$work/again" --base-url https://example.org/repo/ -q 2>/dev/null
cmp "$work/abs/cv.pdf" "$work/again/cv.pdf" || fail "a second build wrote other bytes to cv.pdf"
echo "ok: a second build writes the same cv.pdf"

# --- The running header and the page numbers are in the site's font. --------------------
# The starter site's text is all in the theme's fonts, which Chromium embeds as Type 3
# fonts (they are variable fonts) with their names in the font descriptors; the header
# was in the system's sans-serif (DejaVu Sans here) before.
cp -r "$src/content" "$work/starter"
printf '\n[cv]\npdf = true\n' >> "$work/starter/site.toml"
"$sitegen" build "$work/starter" -o "$work/starter-out" --base-url https://ada.example.org/ -q 2>/dev/null
check_pages "$work/starter-out/cv.pdf" "Ada Example · ada.example.org"
fonts=$(pdffonts "$work/starter-out/cv.pdf")
! grep -qi dejavu <<<"$fonts" || fail "the starter's cv.pdf has text in DejaVu: $fonts"
grep -qaE "/FontName /[A-Z]{6}\+SourceSans3-Roman" "$work/starter-out/cv.pdf" ||
  fail "the starter's cv.pdf has no text in Source Sans 3"
echo "ok: the starter's cv.pdf is in the site's fonts alone (pdffonts lists no DejaVu)"

# --- The second built-in theme, onepage: its CV (scholar's page in onepage's stylesheet)
# prints in its serif, with the running header, and the same bytes on a rebuild. ---------
cp -r "$src/content" "$work/onepage"
sed -i 's/^theme = "scholar"$/theme = "onepage"/' "$work/onepage/site.toml"
grep -q '^theme = "onepage"$' "$work/onepage/site.toml" || fail "no theme line to change in content/site.toml"
printf '\n[cv]\npdf = true\n' >> "$work/onepage/site.toml"
"$sitegen" build "$work/onepage" -o "$work/onepage-out" --base-url https://ada.example.org/ -q 2>/dev/null
check_pages "$work/onepage-out/cv.pdf" "Ada Example · ada.example.org"
fonts=$(pdffonts "$work/onepage-out/cv.pdf")
! grep -qi dejavu <<<"$fonts" || fail "onepage's cv.pdf has text in DejaVu: $fonts"
grep -qaE "/FontName /[A-Z]{6}\+SourceSerif4-Regular" "$work/onepage-out/cv.pdf" ||
  fail "onepage's cv.pdf has no text in Source Serif 4"
"$sitegen" build "$work/onepage" -o "$work/onepage-again" --base-url https://ada.example.org/ -q 2>/dev/null
cmp "$work/onepage-out/cv.pdf" "$work/onepage-again/cv.pdf" || fail "a second onepage build wrote other bytes to cv.pdf"
echo "ok: onepage's cv.pdf prints in its serif, and the same bytes again"

# --- A site under a sub-path, on Letter paper: the stylesheet is found all the same. -----
printf 'paper = "letter"\n' >> "$work/site/site.toml"
"$sitegen" build "$work/site" -o "$work/sub" --base-url /sub/ -q 2>/dev/null
check_pages "$work/sub/cv.pdf" "$name"
pdfinfo "$work/sub/cv.pdf" | grep -q "(letter)" || fail "paper = \"letter\" did not print on Letter"

# --- Every language's CV, linked from its own page. ---------------------------------------
cp -r "$src/examples/han-zhao" "$work/bilingual"
printf '\n[cv]\npdf = true\n' >> "$work/bilingual/site.toml"
"$sitegen" build "$work/bilingual" -o "$work/bilingual-out" --base-url https://hz.example.org/ -q 2>/dev/null
check_pages "$work/bilingual-out/cv.pdf" "Han Zhao · hz.example.org"
check_pages "$work/bilingual-out/zh/cv.pdf" "赵涵 · hz.example.org"
grep -qF '<a class="btn" href="/zh/cv.pdf" download>' "$work/bilingual-out/zh/cv/index.html" ||
  fail "/zh/cv/ does not link /zh/cv.pdf"
[ "$(info "$work/bilingual-out/zh/cv.pdf" Title)" = "简历 · 赵涵" ] ||
  fail "zh/cv.pdf: Title $(info "$work/bilingual-out/zh/cv.pdf" Title)"
[ "$(info "$work/bilingual-out/zh/cv.pdf" Author)" = "赵涵" ] ||
  fail "zh/cv.pdf: Author $(info "$work/bilingual-out/zh/cv.pdf" Author)"
out=$("$sitegen" check "$work/bilingual" --links --base-url https://hz.example.org/ 2>/dev/null)
grep -qF "all internal links resolve" <<<"$out" || fail "check --links said: $out"
echo "ok: /cv.pdf and /zh/cv.pdf printed, each linked from its language's CV; check --links agrees"

# serve --pdf answers both, then ends on SIGTERM.
"$sitegen" serve "$work/bilingual" --pdf --port 0 >"$work/serve.log" 2>&1 &
serve_pid=$!
started+=("$serve_pid")
for _ in $(seq 1 600); do grep -q "^serving " "$work/serve.log" && break; sleep 0.1; done
url=$(awk '/^serving / { print $2 }' "$work/serve.log")
[ -n "$url" ] || fail "serve --pdf did not start: $(cat "$work/serve.log")"
for pdf in cv.pdf zh/cv.pdf; do
  got=$(curl -s -o "$work/served.pdf" -w '%{http_code} %{content_type}' "$url$pdf")
  [ "$got" = "200 application/pdf" ] || fail "serve --pdf answered /$pdf with $got"
  [ "$(head -c 5 "$work/served.pdf")" = "%PDF-" ] || fail "serve --pdf: /$pdf is not a PDF"
done
kill -TERM "$serve_pid"
wait "$serve_pid" || true
echo "ok: serve --pdf answers /cv.pdf and /zh/cv.pdf"

# serve --pdf stops at once while a rebuild prints (with a browser that takes a minute).
printf '#!/bin/sh\n[ -e "%s" ] && sleep 60\nexec "%s" "$@"\n' "$work/slow" "$browser" > "$work/slow-browser"
chmod +x "$work/slow-browser"
mkdir "$work/tmp-serve"
TMPDIR="$work/tmp-serve" SITEGEN_BROWSER="$work/slow-browser" \
  "$sitegen" serve "$work/bilingual" --pdf --port 0 --poll >"$work/serve2.log" 2>&1 &
serve_pid=$!
started+=("$serve_pid")
for _ in $(seq 1 600); do grep -q "^serving " "$work/serve2.log" && break; sleep 0.1; done
grep -q "^serving " "$work/serve2.log" || fail "serve --pdf did not start: $(cat "$work/serve2.log")"
touch "$work/slow"
printf '\n# changed\n' >> "$work/bilingual/cv.toml"
for _ in $(seq 1 300); do pgrep -f -- "--user-data-dir=$work/tmp-serve/" >/dev/null && break; sleep 0.1; done
pgrep -f -- "--user-data-dir=$work/tmp-serve/" >/dev/null || fail "serve did not print again after an edit"
kill -TERM "$serve_pid"
for _ in $(seq 1 50); do kill -0 "$serve_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$serve_pid" 2>/dev/null && fail "serve --pdf did not stop within 5 s while printing"
wait "$serve_pid" || true
! pgrep -f -- "$work/tmp-serve/" >/dev/null || fail "serve left the browser running"
[ -z "$(ls -A "$work/tmp-serve")" ] || fail "serve left $(ls -A "$work/tmp-serve")"
rm "$work/slow"
echo "ok: serve --pdf stops at once while printing, and leaves no browser or temporary folder"

# --- Raw HTML in cv.toml that reads local files or another local server. ------------------
# A server on another loopback port with something the PDF must not show.
mkdir -p "$work/other/static"
printf 'title = "Other"\n[person]\nname = "Other"\n' > "$work/other/site.toml"
echo "TOP-SECRET-VALUE-42" > "$work/other/static/secret.txt"
"$sitegen" serve "$work/other" --port 0 >"$work/other.log" 2>&1 &
started+=("$!")
for _ in $(seq 1 300); do grep -q "^serving " "$work/other.log" && break; sleep 0.1; done
other=$(awk '/^serving / { print $2 }' "$work/other.log")
[ "$(curl -s "${other}secret.txt")" = "TOP-SECRET-VALUE-42" ] || fail "the other server does not answer"
cp -r "$src/examples/qinghao-hu" "$work/hostile"  # base_url = "/": printed from the copy alone
printf '\n[cv]\npdf = true\n' >> "$work/hostile/site.toml"
cat >> "$work/hostile/cv.toml" <<EOF

[[section]]
title = "Probes"
[[section.entry]]
what = "Local files and addresses"
details = """
<iframe src="/etc/passwd" width="600" height="120"></iframe>
<iframe src="file:///etc/passwd" width="600" height="120"></iframe>
<object data="/etc/hostname" width="600" height="40"></object>
<iframe src="${other}secret.txt" width="600" height="40"></iframe>
<img src="${other}secret.txt" alt="">
<p id="xhr">xhr: not run</p>
<p id="net">net: not run</p>
<script>
function get(url, id) {
  var x = new XMLHttpRequest();
  try { x.open("GET", url, false); x.send(); document.getElementById(id).textContent = id + ": " + x.status + " " + x.responseText; }
  catch (e) { document.getElementById(id).textContent = id + ": refused"; }
}
get("/etc/os-release", "xhr");
get("${other}secret.txt", "net");
</script>
"""
EOF
"$sitegen" build "$work/hostile" -o "$work/hostile-out" -q 2>/dev/null
text=$(pdftotext "$work/hostile-out/cv.pdf" -)
grep -qE "^xhr: (refused|404)" <<<"$text" || fail "the script in cv.toml did not run: $(grep xhr: <<<"$text")"
grep -qE "^net: refused" <<<"$text" || fail "the page reached another server: $(grep net: <<<"$text")"
for leak in "root:x:0:0" "$(grep -m1 '^PRETTY_NAME=' /etc/os-release)" "TOP-SECRET-VALUE-42"; do
  ! grep -qF "$leak" <<<"$text" || fail "the PDF shows \"$leak\""
done
! grep -qxF "$(cat /etc/hostname)" <<<"$text" || fail "the PDF shows the host name"
! grep -qaF "/URI (http://127.0.0.1" "$work/hostile-out/cv.pdf" || fail "the PDF links to the print server"
"$sitegen" build "$work/hostile" -o "$work/hostile-again" -q 2>/dev/null
cmp "$work/hostile-out/cv.pdf" "$work/hostile-again/cv.pdf" ||
  fail "without a full base URL, a second build wrote other bytes to cv.pdf"
echo "ok: raw HTML in cv.toml printed no local file, host name or other server's answer"

# --- Chromium's sandbox. -------------------------------------------------------------------
# A browser that records its command line, then prints with Chromium.
cat > "$work/recording-browser" <<EOF
#!/bin/sh
printf '%s\n' "\$@" > "$work/rec/argv.txt"
exec "$browser" "\$@"
EOF
# One whose sandbox cannot start, as Chromium without user namespaces.
cat > "$work/no-userns-browser" <<EOF
#!/bin/sh
for a in "\$@"; do [ "\$a" = --no-sandbox ] && exec "$browser" "\$@"; done
echo "[1:1:1128/053023.982049:FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox! Update your kernel." >&2
exit 1
EOF
chmod 755 "$work" "$work/recording-browser" "$work/no-userns-browser"
mkdir -m 1777 "$work/rec"
# As sitegen's user; as root, also as `nobody`, for whom Chromium runs its sandbox.
as_user() { "$@"; }
user_note=""
if [ "$(id -u)" = 0 ]; then
  user_note=$root_note
  if id nobody >/dev/null 2>&1 && command -v runuser >/dev/null; then
    as_user() { runuser -u nobody -- env HOME=/nonexistent "$@"; }
  else
    as_user() { return 77; }
  fi
fi
SITEGEN_BROWSER="$work/recording-browser" "$sitegen" build "$work/starter" -o "$work/argv-out" -q 2>"$work/argv.err"
argv=$(cat "$work/rec/argv.txt")
for flag in --allow-file-access-from-files "file://"; do
  ! grep -qF -- "$flag" <<<"$argv" || fail "the browser ran with $flag"
done
grep -qE "^http://127\.0\.0\.1:[0-9]+/cv/index\.html$" <<<"$argv" || fail "the browser was not given the loopback copy: $argv"
if [ -n "$user_note" ]; then
  grep -qxF -- "--no-sandbox" <<<"$argv" || fail "as root, the browser ran without --no-sandbox"
else
  ! grep -qxF -- "--no-sandbox" <<<"$argv" || fail "the browser ran with --no-sandbox"
fi
[ "$(cat "$work/argv.err")" = "$user_note" ] || fail "the build said: $(cat "$work/argv.err")"
echo "ok: the browser loads http://127.0.0.1 only${user_note:+; as root, the note: $user_note}"
mkdir -m 777 "$work/as-user"
chmod -R a+rX "$work/starter"
rm -f "$work/rec/argv.txt"
rc=0
as_user env SITEGEN_BROWSER="$work/recording-browser" "$sitegen" build "$work/starter" \
  -o "$work/as-user/out" -q 2>"$work/as-user.err" || rc=$?
if [ "$rc" = 77 ]; then
  echo "skipped: no user but root to run Chromium's sandbox as"
else
  [ "$rc" = 0 ] || fail "the build as $(as_user id -un) failed: $(cat "$work/as-user.err")"
  ! grep -qxF -- "--no-sandbox" "$work/rec/argv.txt" || fail "as $(as_user id -un), the sandbox was off"
  [ ! -s "$work/as-user.err" ] || fail "as $(as_user id -un), the build said: $(cat "$work/as-user.err")"
  [ -s "$work/as-user/out/cv.pdf" ] || fail "as $(as_user id -un), no cv.pdf"
  echo "ok: as $(as_user id -un), Chromium printed with its sandbox"
  as_user env SITEGEN_BROWSER="$work/no-userns-browser" "$sitegen" build "$work/starter" \
    -o "$work/as-user/out2" -q 2>"$work/as-user.err" || fail "without user namespaces: $(cat "$work/as-user.err")"
  [ "$(cat "$work/as-user.err")" = "cv.pdf: printed without Chromium's sandbox, which cannot start here (No usable sandbox! Update your kernel.)" ] ||
    fail "without user namespaces, the build said: $(cat "$work/as-user.err")"
  [ -s "$work/as-user/out2/cv.pdf" ] || fail "without user namespaces, no cv.pdf"
  echo "ok: where the sandbox cannot start, the build says so and prints without it"
fi

# --- SIGTERM and SIGINT while printing. -------------------------------------------------
# The browser and its helpers end and the temporary folder goes; sitegen ends by the signal.
for sig in TERM INT; do
  tmp="$work/tmp-$sig"
  mkdir "$tmp"
  # Without job control a background command ignores SIGINT; a user's Ctrl+C does not.
  TMPDIR=$tmp env --default-signal=INT "$sitegen" build "$work/bilingual" -o "$work/sig-$sig" -q 2>/dev/null &
  pid=$!
  started+=("$pid")
  group=""
  for _ in $(seq 1 600); do
    browser_pid=$(pgrep -f -- "--user-data-dir=$tmp/" | head -1 || true)
    [ -n "$browser_pid" ] && group=$(ps -o pgid= -p "$browser_pid" | tr -d ' ')
    [ -n "$group" ] && break
    sleep 0.1
  done
  [ -n "$group" ] || fail "SIG$sig: the browser did not start within 60 s"
  sleep 0.5
  kill -"$sig" "$pid"
  for _ in $(seq 1 200); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -0 "$pid" 2>/dev/null && fail "SIG$sig: sitegen did not end within 20 s"
  rc=0
  wait "$pid" || rc=$?
  [ "$rc" = $((128 + $(kill -l "$sig"))) ] || fail "SIG$sig: sitegen ended with status $rc"
  left=""
  for p in $(pgrep -g "$group" || true) $(pgrep -f -- "$tmp/" || true); do
    state=$(ps -o stat= -p "$p" 2>/dev/null) || continue
    [[ $state == Z* ]] || left+="$(ps -o pid=,args= -p "$p" | cut -c1-120); "
  done
  [ -z "$left" ] || fail "SIG$sig: browser processes were left: $left"
  [ -z "$(ls -A "$tmp")" ] || fail "SIG$sig: left in the temporary folder: $(ls -A "$tmp")"
  [ ! -e "$work/sig-$sig" ] || fail "SIG$sig: the output folder was written"
  echo "ok: SIG$sig while printing: sitegen ended by it, no browser process or temporary folder left"
done

# --- No browser: one line, exit 0, no PDF and no link to one. -------------------------------
mkdir "$work/empty-path"
out=$(env -u SITEGEN_BROWSER PATH="$work/empty-path" "$sitegen" build "$work/site" -o "$work/none" -q 2>&1) ||
  fail "the build without a browser failed: $out"
[ "$out" = "cv.pdf: no Chromium or Chrome found (looked for chromium, chromium-browser, google-chrome, google-chrome-stable, chrome on PATH); skipped" ] ||
  fail "without a browser, the build said: $out"
[ ! -e "$work/none/cv.pdf" ] || fail "cv.pdf written without a browser"
! grep -q "Download PDF" "$work/none/cv/index.html" || fail "/cv/ links to a PDF that was not made"
echo "ok: without a browser: $out"

# --- A browser that fails: an error, and the previous output stays as it was. --------------
cp -r "$work/sub" "$work/sub.before"
printf 'browser = "%s"\n' "$(type -P false)" >> "$work/site/site.toml"
if out=$("$sitegen" build "$work/site" -o "$work/sub" --base-url /sub/ 2>&1); then
  fail "a failing browser did not fail the build"
fi
grep -qE ": error: cannot print cv.pdf with $(type -P false): it exited with status 1$" <<<"$out" ||
  fail "a failing browser said: $out"
diff -r "$work/sub.before" "$work/sub" >/dev/null || fail "a failed build changed the output"
echo "ok: a failing browser fails the build and leaves the output alone"
