#!/usr/bin/env bash
# A bounded load run of `sitegen serve` on 127.0.0.1: wrk with 50 connections for 10 s
# over a served example (rotating through pages, the stylesheet and the icon sprite;
# every answer must be a 2xx) while 8 live-reload streams are open, then 200 rebuilds (each a real content
# change) with the server's RSS sampled along the way, then wrk again, then 64 slow
# clients (each sends a byte of its request head every 2 s, and reconnects when the
# server drops it) while another client times 100 requests: each must take under 100 ms.
#
#   bench/serve_load.sh [SITEGEN] [EXAMPLE]      (defaults: build/sitegen examples/qinghao-hu)
#
# Needs wrk (apt-get install wrk) and curl. Only 127.0.0.1 is contacted; every loop
# is bounded in count and time; the server and the streams are stopped at the end.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sitegen=$(realpath "${1:-$root/build/sitegen}")
example="${2:-$root/examples/qinghao-hu}"
command -v wrk >/dev/null || { echo "serve_load: wrk not found (apt-get install wrk)" >&2; exit 1; }

work=$(mktemp -d /tmp/sitegen-load-XXXXXX)
server_pid=""
stream_pids=()
slow_pids=()
cleanup() {
  for p in "${stream_pids[@]}" "${slow_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [[ -n "$server_pid" ]]; then kill -TERM "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

cp -r "$example" "$work/content"
"$sitegen" serve "$work/content" --port 0 >"$work/serve.log" 2>&1 &
server_pid=$!
for _ in $(seq 100); do grep -q '^serving ' "$work/serve.log" && break; sleep 0.1; done
url=$(sed -n 's/^serving \(http:[^ ]*\).*/\1/p' "$work/serve.log" | head -n 1)
[[ -n "$url" ]] || { cat "$work/serve.log"; exit 1; }
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }
rebuilds() { grep -c 'rebuilt .* pages in' "$work/serve.log" || true; }

# Paths that exist in every example.
cat >"$work/paths.lua" <<'EOF'
local paths = {"", "publications/", "news/", "cv/", "assets/style.css", "assets/icons.svg"}
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", wrk.path .. paths[(i % #paths) + 1])
end
EOF

origin=$(echo "$url" | sed -E 's#^(http://[^/]+)/.*#\1#')
for _ in $(seq 8); do
  timeout 120 curl -sN "$origin/_sitegen/events" -o /dev/null &
  stream_pids+=($!)
done
sleep 0.5

echo "== sitegen serve $(basename "$example") at $url ($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
rss_start=$(rss)
echo "-- wrk -t2 -c50 -d10s (8 live-reload streams open)"
wrk -t2 -c50 -d10s --timeout 5s -s "$work/paths.lua" "$url" | tee "$work/wrk1.txt"
rss_after_load=$(rss)

echo "-- 200 rebuilds: each rewrites bio.md, waits (at most 5 s) for the rebuild line"
bio="$work/content/bio.md"
cp "$bio" "$work/bio.orig"
declare -A samples
start=$(date +%s%N)
for i in $(seq 200); do
  want=$(( $(rebuilds) + 1 ))
  { cat "$work/bio.orig"; echo; echo "Rebuild number $i."; } >"$bio.tmp" && mv "$bio.tmp" "$bio"
  for _ in $(seq 500); do (( $(rebuilds) >= want )) && break; sleep 0.01; done
  (( $(rebuilds) >= want )) || { echo "rebuild $i did not happen within 5 s" >&2; tail "$work/serve.log" >&2; exit 1; }
  case $i in 1|50|100|150|200) samples[$i]=$(rss) ;; esac
done
took=$(( ($(date +%s%N) - start) / 1000000 ))
# Through a file: with pipefail, `curl | grep -q` fails when grep quits before curl is done.
curl -s "$url" -o "$work/page.html"
grep -q "Rebuild number 200." "$work/page.html" || { echo "the last edit is not served" >&2; exit 1; }

echo "-- wrk -t2 -c50 -d10s after the rebuilds"
wrk -t2 -c50 -d10s --timeout 5s -s "$work/paths.lua" "$url" | tee "$work/wrk2.txt"
rss_end=$(rss)

summary() {  # requests/s, and errors from wrk's output
  local f=$1 rps errs
  rps=$(awk '/^Requests\/sec:/ { print $2 }' "$f")
  errs=$(awk '/Non-2xx or 3xx/ { n += $NF } /Socket errors/ { gsub(",", ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$f")
  echo "$rps req/s, $(awk '/requests in/ { print $1 }' "$f") requests, $errs errors"
}
echo "-- 64 slow clients (a byte every 2 s each, for at most 30 s) and 100 timed requests"
port=$(echo "$origin" | sed -E 's#.*:([0-9]+)$#\1#')
slow_client() {  # one slow client until $1 (epoch seconds); reconnects when dropped
  trap '' PIPE
  while (( $(date +%s) < $1 )); do
    exec 3<>"/dev/tcp/127.0.0.1/$port" || { sleep 0.5; continue; }
    printf 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' >&3 2>/dev/null || true
    while (( $(date +%s) < $1 )) && printf 'x' >&3 2>/dev/null; do sleep 2; done
    exec 3>&-
  done
}
slow_until=$(( $(date +%s) + 30 ))
for _ in $(seq 64); do
  slow_client "$slow_until" &
  slow_pids+=($!)
done
sleep 3  # every slow client is connected and trickling
: >"$work/times.txt"
for i in $(seq 100); do
  curl -s -o /dev/null -m 5 -w '%{http_code} %{time_total}\n' "$url" >>"$work/times.txt" || echo "000 5" >>"$work/times.txt"
  sleep 0.05
done
for p in "${slow_pids[@]}"; do kill "$p" 2>/dev/null || true; done
slow_pids=()
slow_ok=$(awk '$1 == 200' "$work/times.txt" | wc -l)
slow_ms=$(awk '{ printf "%.1f\n", $2 * 1000 }' "$work/times.txt" | sort -n)
p50=$(sed -n 50p <<<"$slow_ms") p99=$(sed -n 99p <<<"$slow_ms") max=$(tail -n 1 <<<"$slow_ms")

echo
echo "== summary"
echo "load before rebuilds: $(summary "$work/wrk1.txt")"
echo "load after rebuilds:  $(summary "$work/wrk2.txt")"
echo "200 rebuilds in $took ms ($(( took / 200 )) ms each, build + debounce + polling)"
echo "under 64 slow clients: $slow_ok/100 requests answered 200; time per request p50 $p50 ms, p99 $p99 ms, max $max ms $(awk -v m="$max" 'BEGIN { print (m < 100 ? "(all under 100 ms)" : "(OVER 100 ms)") }')"
echo "RSS (KiB): start $rss_start, after load $rss_after_load, after rebuild 1 ${samples[1]}, 50 ${samples[50]}, 100 ${samples[100]}, 150 ${samples[150]}, 200 ${samples[200]}, after second load $rss_end"
kill -TERM "$server_pid"
s=$(date +%s%N)
wait "$server_pid" && rc=0 || rc=$?
server_pid=""
echo "SIGTERM to exit: $(( ($(date +%s%N) - s) / 1000000 )) ms, exit status $rc"
