#!/usr/bin/env bash
# sitegen.exe under Wine against the Linux sitegen of the same commit: content/ and every
# site of examples/ build byte for byte the same trees; `check` on bad input gives the
# same diagnostics and exit status; `serve` answers on loopback and shows an edit; the
# importers fetch over HTTPS.
# Usage: tests/windows_test.sh LINUX_SITEGEN SITEGEN_EXE
# Exits 77 (skipped), saying why, when Wine (Debian's wine64) or SITEGEN_EXE is missing.
# SITEGEN_WINE names the program that runs SITEGEN_EXE (default: wine).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[[ $# -eq 2 ]] || {
  echo "usage: tests/windows_test.sh LINUX_SITEGEN SITEGEN_EXE" >&2
  exit 2
}
linux="$(realpath "$1")"
[[ -x "$linux" ]] || {
  echo "windows_test: $1 is not a program" >&2
  exit 2
}
if [[ ! -f "$2" ]]; then
  echo "skipped: $2 does not exist (scripts/windows.sh builds it)"
  exit 77
fi
exe="$(realpath "$2")"
wine="${SITEGEN_WINE:-wine}"
if ! command -v "$wine" >/dev/null || { [[ -z "${SITEGEN_WINE:-}" ]] && [[ ! -x /usr/lib/wine/wine64 ]]; }; then
  echo "skipped: Wine is not installed (apt-get install wine wine64)"
  exit 77
fi

work="$(mktemp -d)"
server_pid=""
export WINEPREFIX="$work/wineprefix" WINEDEBUG=-all WINEARCH=win64
# No Mono or Gecko: their installers would ask on a display that is not there.
export WINEDLLOVERRIDES="mscoree,mshtml="
cleanup() {
  if [[ -n "$server_pid" ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  # This prefix's wineserver and every Windows process of it; no other Wine's.
  if [[ -d "$WINEPREFIX" ]] && command -v wineserver >/dev/null; then
    timeout 30 wineserver -k >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# The first start of a Wine prefix creates it (8 s on a two-core machine; minutes on a
# slow one): wineboot, then its processes ending.
start=$SECONDS
{ timeout 600 wineboot --init && timeout 600 wineserver -w; } >/dev/null 2>&1 || {
  echo "windows_test: wineboot did not make the prefix in 600 s" >&2
  exit 1
}
echo "wine prefix made in $((SECONDS - start)) s"
start=$SECONDS
version_win="$(timeout 120 "$wine" "$exe" --version | tr -d '\r')" || {
  echo "FAIL: sitegen.exe --version did not run under Wine"
  exit 1
}
echo "sitegen.exe --version: $version_win ($((SECONDS - start)) s)"
version_linux="$("$linux" --version)"
[[ "$version_win" == "$version_linux" ]] ||
  fail "--version differs: Linux \`$version_linux\`, Windows \`$version_win\`"

# Both programs read the same copies, by the same relative paths, from the same folder.
cd "$work"
mkdir src linux windows
cp -r "$repo/content" src/content
for d in "$repo"/examples/*/; do
  cp -r "$d" "src/example-$(basename "$d")"
done

# 1. Every site builds to the same bytes.
for site in src/*/; do
  name="$(basename "$site")"
  if ! "$linux" build "src/$name" -o "linux/$name" >"linux/$name.log" 2>&1; then
    fail "the Linux sitegen does not build $name:"
    cat "linux/$name.log"
    continue
  fi
  if ! timeout 600 "$wine" "$exe" build "src/$name" -o "windows/$name" >"windows/$name.log" 2>&1; then
    fail "sitegen.exe does not build $name:"
    cat "windows/$name.log"
    continue
  fi
  if diff -r "linux/$name" "windows/$name" >"$name.diff"; then
    echo "ok: $name builds the same $(find "linux/$name" -type f | wc -l) files"
  else
    fail "$name builds differently (diff -r, first 40 lines):"
    head -n 40 "$name.diff"
  fi
done

# Windows' own paths: a drive letter, backslashes and a folder named in letters outside
# ASCII (Wine's Z: is /), and a static file named so too; then a rebuild into the output
# (on Windows the old site is renamed aside, then the new one in) that keeps a file of
# the user's there.
mkdir -p "src/Müller"
cp -r src/content "src/Müller/site"
printf 'CV of Jürgen Müller\n' >"src/Müller/site/static/Lebenslauf-Müller.txt"
"$linux" build "src/Müller/site" -o "linux/müller" >linux/müller.log 2>&1 || fail "the Linux sitegen does not build src/Müller/site"
winpath() { echo "Z:$(realpath -m "$1" | tr / '\\')"; }
if ! timeout 600 "$wine" "$exe" build "$(winpath "src/Müller/site")" -o "$(winpath "windows/müller")" \
  >windows/müller.log 2>&1; then
  fail "sitegen.exe does not build Z:\\...\\src\\Müller\\site:"
  cat windows/müller.log
elif diff -r linux/müller windows/müller >müller.diff; then
  echo "ok: a drive letter, backslashes and Müller: the same $(find linux/müller -type f | wc -l) files, Lebenslauf-Müller.txt among them"
else
  fail "the site under Z:\\...\\Müller builds differently (diff -r, first 40 lines):"
  head -n 40 müller.diff
fi
# sitegen new there writes the same starter site as on Linux.
"$linux" new "linux/Müller neu" >/dev/null 2>&1 || fail "the Linux sitegen new fails"
if ! timeout 120 "$wine" "$exe" new "$(winpath "windows/Müller neu")" >windows/new.log 2>&1; then
  fail "sitegen.exe new Z:\\...\\Müller neu fails:"
  cat windows/new.log
elif diff -r "linux/Müller neu" "windows/Müller neu" >new.diff; then
  echo "ok: new in Z:\\...\\Müller neu writes the same $(find "linux/Müller neu" -type f | wc -l) files"
else
  fail "sitegen new writes differently (diff -r, first 40 lines):"
  head -n 40 new.diff
fi
printf 'mine\n' >windows/content/notes.txt
printf '\nOne more sentence.\n' >>src/content/bio.md
"$linux" build src/content -o linux/content >/dev/null 2>&1 || fail "the Linux sitegen does not rebuild content"
printf 'mine\n' >linux/content/notes.txt
if ! timeout 600 "$wine" "$exe" build src/content -o windows/content >windows/rebuild.log 2>&1; then
  fail "sitegen.exe does not rebuild content into its earlier output:"
  cat windows/rebuild.log
elif diff -r linux/content windows/content >rebuild.diff; then
  echo "ok: a rebuild into the earlier output swaps in the same files and keeps the user's notes.txt"
else
  fail "the rebuild differs (diff -r, first 40 lines):"
  head -n 40 rebuild.diff
fi
ls -a windows | grep -q 'sitegen-\(staging\|old\)' && fail "the rebuild left its work folders: $(ls -a windows)"

# 2. check reports the same problems. What is fair to differ: the separator in the file
# name a diagnostic starts with (Windows may write bad\site.toml) and CRLF line ends;
# the rest, the line:col and the message, must be the same bytes.
same_paths() { tr -d '\r' | sed -E ':a; s#^([^ :]*)\\#\1/#; ta'; }
mkdir -p bad/syntax bad/type bad/utf8
printf '[person]\nname = "Ada Example\n' >bad/syntax/site.toml
printf '[person]\nname = "Ada Example"\n' >bad/type/site.toml
printf '[[publication]]\ntitle = "A paper"\nauthors = "Ada Example"\nyear = 2020\n' >bad/type/publications.toml
mkdir -p bad/type/posts
printf '+++\ntitle = 42\n+++\nText.\n' >bad/type/posts/first.md
printf '[person]\nname = "Ada \xff Example"\n' >bad/utf8/site.toml
for case in syntax type utf8; do
  set +e
  "$linux" check "bad/$case" >"linux/$case.out" 2>"linux/$case.err"
  code_linux=$?
  timeout 120 "$wine" "$exe" check "bad/$case" >"windows/$case.out" 2>"windows/$case.err"
  code_win=$?
  set -e
  before=$failures
  [[ $code_linux -ne 0 ]] || fail "check bad/$case: the Linux sitegen finds no error"
  [[ $code_linux -eq $code_win ]] || fail "check bad/$case: exit status $code_linux on Linux, $code_win on Windows"
  for stream in out err; do
    if ! diff -u "linux/$case.$stream" <(same_paths <"windows/$case.$stream") >"$case.$stream.diff"; then
      fail "check bad/$case: std$stream differs (- Linux, + Windows):"
      cat "$case.$stream.diff"
    fi
  done
  ((failures > before)) || echo "ok: check bad/$case: the same diagnostics ($(tail -n 1 "linux/$case.err"))"
done

# 3. serve answers on loopback (a free port, a bounded wait for its first page) with the
# page build wrote, and shows an edit: the watcher sees it, serve rebuilds, and the page
# served has the new sentence. Once with the native watcher (ReadDirectoryChangesW) on
# src/content, once polling (--poll) the site under Müller.
# serve_and_edit LABEL SITE BUILT_INDEX [SERVE OPTION...]
serve_and_edit() {
  local label="$1" site="$2" built="$3" port start served=false
  shift 3
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "$wine" "$exe" serve "$site" --port "$port" "$@" >serve.log 2>&1 &
  server_pid=$!
  start=$SECONDS
  while ((SECONDS - start < 120)); do
    if curl -fsS --max-time 5 -o served.html "http://127.0.0.1:$port/" 2>/dev/null; then
      served=true
      break
    fi
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 1
  done
  if [[ "$served" != true ]]; then
    fail "$label: sitegen.exe serve did not answer http://127.0.0.1:$port/ within 120 s; its output:"
    cat serve.log
  elif ! grep -qx '<script id="sitegen-live-reload">' served.html; then
    fail "$label: serve answered / without its live-reload script:"
    head -c 400 served.html
  elif sed '/^<script id="sitegen-live-reload">$/,/^<\/script>$/d' served.html | cmp -s - "$built"; then
    echo "ok: $label: serve answered http://127.0.0.1:$port/ after $((SECONDS - start)) s with the page built"
  else
    fail "$label: serve answered / with another page than build wrote (- built, + served):"
    diff -u "$built" served.html | head -n 40
  fi
  if [[ "$served" == true ]]; then
    printf '\nA sentence written while serve watched.\n' >>"$site/bio.md"
    start=$SECONDS
    until curl -fsS --max-time 5 "http://127.0.0.1:$port/" 2>/dev/null | grep -q 'A sentence written while serve watched.'; do
      if ((SECONDS - start >= 60)) || ! kill -0 "$server_pid" 2>/dev/null; then
        fail "$label: serve did not show an edit of bio.md within 60 s; its output:"
        cat serve.log
        break
      fi
      sleep 0.5
    done
    ((SECONDS - start >= 60)) || echo "ok: $label: serve showed an edit of bio.md after $((SECONDS - start)) s"
  fi
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
serve_and_edit "ReadDirectoryChangesW" src/content windows/content/index.html
serve_and_edit "--poll under Müller" "src/Müller/site" windows/müller/index.html --poll

# 4. The importers over HTTPS (OpenSSL built for Windows): a loopback server with the
# tests' certificate for 127.0.0.1 serves a DBLP answer. Trusted through SSL_CERT_FILE,
# sitegen.exe appends what the Linux sitegen appends; without it, Windows' certificate
# store does not know the certificate and the import stops, saying why.
data="$repo/tests/data/import"
mkdir -p api/pid/00
cp "$data/dblp-person.bib" api/pid/00/1234.bib
python3 - "$data/test-server.crt" "$data/test-server.key" >https.log 2>&1 <<'PY' &
import http.server, os, ssl, sys
os.chdir("api")
server = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(sys.argv[1], sys.argv[2])
server.socket = context.wrap_socket(server.socket, server_side=True)
with open("../https.port", "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
PY
https_pid=$!
for _ in $(seq 1 100); do [[ -s https.port ]] && break; sleep 0.1; done
if [[ ! -s https.port ]]; then
  fail "the test's HTTPS server did not start: $(cat https.log)"
else
  export SITEGEN_DBLP_URL="https://127.0.0.1:$(cat https.port)" SITEGEN_HTTP_DELAY_MS=0
  cp -r src/content linux/imported
  cp -r src/content windows/imported
  SSL_CERT_FILE="$data/test-server.crt" "$linux" import dblp 00/1234 linux/imported \
    >linux/import.log 2>&1 || fail "the Linux sitegen does not import over HTTPS: $(cat linux/import.log)"
  if ! SSL_CERT_FILE="$(winpath "$data/test-server.crt")" timeout 120 "$wine" "$exe" import dblp \
    00/1234 windows/imported >windows/import.log 2>&1; then
    fail "sitegen.exe does not import over HTTPS with SSL_CERT_FILE:"
    cat windows/import.log
  elif cmp -s linux/imported/publications.toml windows/imported/publications.toml; then
    echo "ok: import dblp over HTTPS appends the same $(grep -c '^\[\[publication\]\]' windows/imported/publications.toml) entries"
  else
    fail "import dblp over HTTPS wrote another publications.toml (- Linux, + Windows):"
    diff -u linux/imported/publications.toml windows/imported/publications.toml | head -n 40
  fi
  cp -r src/content windows/untrusted
  set +e
  timeout 120 "$wine" "$exe" import dblp 00/1234 windows/untrusted >windows/untrusted.log 2>&1
  code=$?
  set -e
  if [[ $code -eq 1 ]] && grep -q 'its certificate could not be verified' windows/untrusted.log &&
    cmp -s src/content/publications.toml windows/untrusted/publications.toml; then
    echo "ok: without SSL_CERT_FILE, Windows' store does not trust the test certificate: $(tr -d '\r' <windows/untrusted.log)"
  else
    fail "an untrusted certificate was not refused (exit status $code):"
    cat windows/untrusted.log
  fi
  unset SITEGEN_DBLP_URL SITEGEN_HTTP_DELAY_MS
fi
kill "$https_pid" 2>/dev/null || true
wait "$https_pid" 2>/dev/null || true

if ((failures > 0)); then
  echo "windows_test: $failures failure(s)"
  exit 1
fi
echo "windows_test: sitegen.exe under Wine matches the Linux sitegen"
