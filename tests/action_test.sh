#!/usr/bin/env bash
# The workflow `sitegen new --github-pages` writes, run as far as it runs off GitHub:
# the Action it names is taken at the ref after `@` (from this repository, as GitHub
# downloads it), and its steps (action.yml: scripts/action-install.sh resolve, download)
# run against a local stand-in for GitHub's release downloads on 127.0.0.1: with no
# release of the version the workflow names, the download step hands over to the build
# from source (exit status 3); with a release it installs the binary whose SHA-256
# matches SHA256SUMS, and refuses one that does not. The build from source itself is
# that source configured as the Action configures it.
# Usage: tests/action_test.sh SITEGEN_BINARY  (exits 77 when git or python3 is missing)
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sitegen=$(realpath "${1:?usage: action_test.sh SITEGEN_BINARY}")
for tool in git python3 curl; do
  if ! command -v "$tool" >/dev/null; then
    echo "skipped: $tool is not installed"
    exit 77
  fi
done

work=$(mktemp -d)
server_pid=""
cleanup() {
  [[ -z "$server_pid" ]] || kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# The workflow and the Action it names.
"$sitegen" new "$work/site" --github-pages >/dev/null
wf="$work/site/.github/workflows/pages.yml"
uses=$(sed -n 's/^ *uses: \([^ ]*\/sitegen@[^ ]*\)$/\1/p' "$wf")
version=$(sed -n 's/^ *version: "\(.*\)"$/\1/p' "$wf")
repository=${uses%@*} ref=${uses##*@}
echo "the workflow runs $repository at $ref, version $version"
[[ -n "$uses" && -n "$version" ]] || fail "no sitegen Action with a version in $wf"
[[ "$("$sitegen" --version)" == "sitegen $version "* ]] || fail "the workflow names version $version, not this sitegen's"
[[ "$("$sitegen" --version)" == *"https://github.com/$repository"* ]] ||
  fail "the workflow names $repository, not this sitegen's repository"

# The Action's source at that ref, where GitHub puts it (_actions/OWNER/NAME/REF): a
# release tag, or the full hash of a commit of this repository, which a sitegen built
# from an unreleased commit writes so that its workflow starts before any release.
action="$work/_actions/$repository/$ref"
mkdir -p "$action"
if [[ "$ref" =~ ^[0-9a-f]{40}$ ]]; then
  git -C "$src" cat-file -e "$ref^{commit}" 2>/dev/null || fail "$ref is not a commit of $src"
  git -C "$src" archive "$ref" | tar -x -C "$action"
elif [[ "$ref" == "v$version" ]] && git -C "$src" rev-parse -q --verify "refs/tags/$ref" >/dev/null; then
  git -C "$src" archive "$ref" | tar -x -C "$action"
elif [[ "$ref" == "v$version" ]]; then
  echo "note: the tag $ref is not in this checkout (a build outside git, or before the tag):"
  echo "      the Action's steps are run from the working tree"
  cp -R "$src/action.yml" "$src/scripts" "$action/"
else
  fail "the Action's ref $ref is neither the tag v$version nor a full commit hash"
fi
[[ -f "$action/action.yml" ]] || fail "the Action at $ref has no action.yml"
for step in resolve download build; do
  grep -qF "\"\$GITHUB_ACTION_PATH/scripts/action-install.sh\" $step" "$action/action.yml" ||
    fail "action.yml at $ref does not run action-install.sh $step"
done
install="$action/scripts/action-install.sh"

# GitHub's release downloads, stood in for by a local server (python3 -m http.server).
mkdir -p "$work/www"
python3 -u -m http.server --bind 127.0.0.1 --directory "$work/www" 0 >"$work/server.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 100); do
  port=$(sed -n 's/^Serving HTTP on [0-9.]* port \([0-9]*\) .*/\1/p' "$work/server.log")
  [[ -z "$port" ]] || break
  sleep 0.1
done
[[ -n "$port" ]] || fail "the local server did not start: $(cat "$work/server.log")"
export GITHUB_SERVER_URL="http://127.0.0.1:$port" RUNNER_TOOL_CACHE="$work/tool-cache"
unset GITHUB_ACTION_PATH

# resolve: the repository from where the Action was put, the tag from `version`.
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) asset="sitegen-linux-x86_64" ;;
  Linux-aarch64) asset="sitegen-linux-arm64" ;;
  *) echo "skipped: no release binary is made for $(uname -s)-$(uname -m)"; exit 77 ;;
esac
dir="$work/tool-cache/sitegen/v$version/$asset"
got=$("$install" resolve "$version" "")
want=$(printf 'repository=%s\ntag=v%s\nasset=%s\ndir=%s' "$repository" "$version" "$asset" "$dir")
[[ "$got" == "$want" ]] || fail "resolve printed
$got
instead of
$want"

# download, before any release: exit status 3, which action.yml answers with the build
# from source.
status=0
"$install" download "$repository" "v$version" "$asset" "$dir" 2>"$work/err" || status=$?
[[ $status -eq 3 ]] || fail "download without a release exited $status, not 3: $(cat "$work/err")"
grep -qxF "sitegen: $repository has no release v$version with $asset; building from source" "$work/err" ||
  fail "download without a release said: $(cat "$work/err")"
[[ ! -e "$dir/sitegen" ]] || fail "download without a release installed something"

# The build from source: the Action's source at $ref configures, for $repository.
cmake -S "$action" -B "$work/from-source" -DCMAKE_BUILD_TYPE=Release "-DSITEGEN_REPOSITORY=$repository" \
  >"$work/cmake.log" 2>&1 || fail "the Action's source at $ref does not configure: $(tail -n 20 "$work/cmake.log")"
grep -qF "const char kSitegenRepository[] = \"$repository\";" "$work/from-source/build_info.cc" ||
  fail "the build from source does not name $repository"

# download, once the release exists: installed and verified.
release="$work/www/$repository/releases/download/v$version"
mkdir -p "$release"
cp "$sitegen" "$release/$asset"
(cd "$release" && sha256sum "$asset" >SHA256SUMS)
out=$("$install" download "$repository" "v$version" "$asset" "$dir")
[[ "$out" == "sitegen: $asset v$version, SHA-256 $(sha256sum "$sitegen" | cut -d' ' -f1) (verified)" ]] ||
  fail "download of the release said: $out"
if ! cmp -s "$dir/sitegen" "$sitegen" || [[ ! -x "$dir/sitegen" ]]; then
  fail "the installed binary is not the release's"
fi
[[ "$("$dir/sitegen" --version)" == "$("$sitegen" --version)" ]] || fail "the installed sitegen does not run"

# A binary that is not the one SHA256SUMS names is refused and not installed.
rm -rf "$dir"
printf 'damaged' >>"$release/$asset"
status=0
"$install" download "$repository" "v$version" "$asset" "$dir" 2>"$work/err" || status=$?
[[ $status -eq 1 ]] || fail "a damaged download exited $status, not 1"
grep -qF "::error::sitegen: $asset of v$version has SHA-256 " "$work/err" || fail "a damaged download said: $(cat "$work/err")"
[[ ! -e "$dir/sitegen" ]] || fail "a damaged download was installed"

echo "1 passed, 0 failed"
