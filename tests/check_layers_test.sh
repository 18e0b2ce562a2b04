#!/usr/bin/env bash
# scripts/check-layers.sh on small trees: the real graph passes a tree that keeps it,
# and each way of breaking it is named in the output with a non-zero exit.
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
tree() {  # a fresh tree: the real graph, one file in each folder it names
  rm -rf "$tmp/t" && mkdir -p "$tmp/t/scripts"
  cp "$repo/scripts/layers.txt" "$tmp/t/scripts/"
  cp -r "$repo/src" "$tmp/t/src"
}
expect() {  # expect STATUS TEXT: run the check, compare its exit status and output
  local want=$1 text=$2 out rc=0
  out=$(bash "$repo/scripts/check-layers.sh" "$tmp/t" 2>&1) || rc=$?
  if [[ $want == pass && $rc -ne 0 ]] || [[ $want == fail && $rc -eq 0 ]] ||
     [[ -n $text && $out != *"$text"* ]]; then
    echo "FAIL: expected $want with \`$text\`, got exit $rc:"; echo "$out"; fails=1
  fi
}
tree
expect pass ""
tree
echo '#include "site_build/build.h"' >>"$tmp/t/src/view/view_test.cc"
expect fail "src/view/view_test.cc includes site_build/build.h: scripts/layers.txt has no edge view -> site_build (nor a test edge)"
tree
echo '#include "theme/template.h"' >>"$tmp/t/src/output/writer.cc"
expect fail "src/output/writer.cc includes theme/template.h: scripts/layers.txt has no edge output -> theme"
tree
sed -i 's/^serve: text base output render site_build$/serve: text base output render site_build theme+kainjow/' "$tmp/t/scripts/layers.txt"
expect fail "scripts/layers.txt lists serve -> theme but no file of src/serve/ uses it"
tree
sed -i 's/theme+kainjow$/theme/' "$tmp/t/scripts/layers.txt"
expect fail "scripts/layers.txt: view -> theme carries kainjow's Data: write it theme+kainjow"
tree
echo '#include <kainjow/mustache.hpp>' >>"$tmp/t/src/view/view.cc"
expect fail "src/view/view.cc includes kainjow/, which only src/theme/ may include"
tree
mkdir "$tmp/t/src/extra" && echo '' >"$tmp/t/src/extra/a.cc"
expect fail "src/extra/ is not in scripts/layers.txt"
exit $fails
