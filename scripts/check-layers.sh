#!/usr/bin/env bash
# Checks that each folder of src/ includes only itself and folders before it in the
# pipeline (HACKING.md), and that each library is included by its one folder.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
order=(text base toml model bibtex markdown load theme view render output site_build serve import cli)
rank() { local i; for i in "${!order[@]}"; do [[ ${order[$i]} == "$1" ]] && echo "$i" && return; done; echo -1; }
status=0
while IFS= read -r f; do
  folder=$(cut -d/ -f2 <<<"$f")
  mine=$(rank "$folder")
  if [[ $mine -lt 0 ]]; then echo "$f: folder $folder is not in the pipeline order"; status=1; continue; fi
  while IFS= read -r inc; do
    other=${inc%%/*}
    theirs=$(rank "$other")
    if [[ $theirs -gt $mine ]]; then echo "$f includes $inc: $other comes after $folder"; status=1; fi
  done < <(sed -n 's/^#include "\([a-z_]*\/[^"]*\)".*/\1/p' "$f")
done < <(find src -name '*.cc' -o -name '*.h' | grep -v '_test\.cc$' | sort)
# Each library is included by one folder.
libs=("md4c:markdown" "toml++:toml" "kainjow/:theme" "httplib.h:serve" "yaml.h:import"
      "nlohmann/:import" "utf8proc.h:text")
for pair in "${libs[@]}"; do
  header=${pair%%:*} home=${pair#*:}
  while IFS= read -r f; do
    [[ $(cut -d/ -f2 <<<"$f") == "$home" ]] && continue
    # The importers' HTTPS client is the one other user of cpp-httplib (its client half).
    [[ "$header" == httplib.h && "$f" == src/import/http_fetch.cc ]] && continue
    # So is the loopback server the browser prints cv.pdf from (its server half).
    [[ "$header" == httplib.h && "$f" == src/site_build/print_server.cc ]] && continue
    echo "$f includes $header, which only src/$home/ may include"; status=1
  done < <(grep -rlE "^#include <${header//+/\\+}" src --include='*.cc' --include='*.h' | grep -v '_test\.cc$' || true)
done
exit $status
