#!/usr/bin/env bash
# Checks every file of src/, tests included, against the include graph in
# scripts/layers.txt, that the graph lists no edge the code does not use, and that each
# library is included by its one folder.
# Usage: check-layers.sh [ROOT] (a checkout; this one by default).
set -euo pipefail
cd "${1:-$(dirname "${BASH_SOURCE[0]}")/..}"
graph=scripts/layers.txt
declare -A allowed test_allowed used
status=0
fail() { echo "$*"; status=1; }
while IFS= read -r line; do
  line=${line%%#*}
  [[ -z ${line// /} ]] && continue
  if [[ $line =~ ^test\ ([a-z_]+):(.*)$ ]]; then
    for to in ${BASH_REMATCH[2]}; do test_allowed["${BASH_REMATCH[1]} $to"]=1; done
  elif [[ $line =~ ^([a-z_]+):(.*)$ ]]; then
    from=${BASH_REMATCH[1]}
    allowed["$from"]=1
    for to in ${BASH_REMATCH[2]}; do
      [[ $to == theme ]] && fail "$graph: $from -> theme carries kainjow's Data: write it theme+kainjow"
      allowed["$from ${to%+kainjow}"]=1
    done
  else
    fail "$graph: cannot read the line \`$line\`"
  fi
done <"$graph"
for dir in src/*/; do
  folder=$(basename "$dir")
  [[ -n ${allowed[$folder]:-} ]] || fail "src/$folder/ is not in $graph"
done
# One grep for every include of a project header: "src/view/view.cc:#include "theme/template.h"".
while IFS= read -r hit; do
  f=${hit%%:*}
  inc=${hit#*:#include \"}
  inc=${inc%%\"*}
  folder=${f#src/}
  folder=${folder%%/*}
  other=${inc%%/*}
  [[ $other == "$folder" ]] && continue
  if [[ $f == *_test.cc ]]; then
    [[ $other == support ]] && continue
    [[ -n ${allowed["$folder $other"]:-} || -n ${test_allowed["$folder $other"]:-} ]] && continue
    fail "$f includes $inc: $graph has no edge $folder -> $other (nor a test edge)"
  elif [[ -n ${allowed["$folder $other"]:-} ]]; then
    used["$folder $other"]=1
  else
    fail "$f includes $inc: $graph has no edge $folder -> $other"
  fi
done < <(grep -rE '^#include "[a-z_]+/[^"]*"' src --include='*.cc' --include='*.h' | sort)
for edge in "${!allowed[@]}"; do
  [[ $edge == *" "* ]] || continue
  [[ -n ${used[$edge]:-} ]] || fail "$graph lists ${edge/ / -> } but no file of src/${edge%% *}/ uses it"
done
# Each library is included by one folder.
libs=("md4c:markdown" "toml++:toml" "kainjow/:theme" "httplib.h:serve" "yaml.h:import"
      "nlohmann/:import" "utf8proc.h:text" "jpeglib.h:images" "png.h:images" "webp/:images")
for pair in "${libs[@]}"; do
  header=${pair%%:*} home=${pair#*:}
  while IFS= read -r f; do
    [[ $(cut -d/ -f2 <<<"$f") == "$home" ]] && continue
    # The importers' HTTPS client is the one other user of cpp-httplib (its client half).
    [[ "$header" == httplib.h && "$f" == src/import/http_fetch.cc ]] && continue
    # So is the loopback server the browser prints cv.pdf from (its server half).
    [[ "$header" == httplib.h && "$f" == src/site_build/print_server.cc ]] && continue
    # Its tests ask that server for the page the way the browser does.
    [[ "$header" == httplib.h && "$f" == src/site_build/*_test.cc ]] && continue
    echo "$f includes $header, which only src/$home/ may include"; status=1
  done < <(grep -rlE "^#include <${header//+/\\+}" src --include='*.cc' --include='*.h' || true)
done
exit $status
