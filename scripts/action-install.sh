#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml): which release binary fits the runner,
# downloading it with its SHA-256 checked, and building sitegen from the Action's own
# source when that version has no release yet.
# Usage: action-install.sh resolve VERSION [REPOSITORY]  (prints key=value lines for $GITHUB_OUTPUT)
#        action-install.sh download REPOSITORY TAG ASSET DIR
#        action-install.sh build DIR [REPOSITORY]
# Releases are looked for on GITHUB_SERVER_URL (set by GitHub Actions; default
# https://github.com).
set -euo pipefail

src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
server=${GITHUB_SERVER_URL:-https://github.com}

die() {
  echo "::error::sitegen: $*" >&2
  exit 1
}

# The repository the Action was taken from: GitHub checks it out as
# .../_actions/OWNER/NAME/REF, which names it even where github.action_repository is empty.
action_repository() {
  local ref_dir name_dir
  ref_dir=$src
  name_dir=$(dirname "$ref_dir")
  if [[ "$(basename "$(dirname "$(dirname "$name_dir")")")" == _actions ]]; then
    echo "$(basename "$(dirname "$name_dir")")/$(basename "$name_dir")"
  fi
}

sha256_of() {
  if command -v sha256sum >/dev/null; then sha256sum "$1" | cut -d' ' -f1; else shasum -a 256 "$1" | cut -d' ' -f1; fi
}

case "${1:-}" in
  resolve)
    version=${2:-latest}
    repo=${3:-}
    [[ -n "$repo" ]] || repo=$(action_repository)
    [[ -n "$repo" ]] || die "cannot tell which repository to download sitegen from: set the input \`repository\`"
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) asset=sitegen-linux-x86_64 ;;
      Linux-aarch64 | Linux-arm64) asset=sitegen-linux-arm64 ;;
      Darwin-arm64) asset=sitegen-macos-arm64 ;;
      *) asset="" ;;
    esac
    if [[ "$version" == latest ]]; then
      # The latest release's page redirects to its tag; no API call, no rate limit.
      url=$(curl -sSL -o /dev/null -w '%{url_effective}' "$server/$repo/releases/latest" || true)
      tag=${url##*/tag/}
      [[ "$url" == */tag/* && -n "$tag" ]] || tag=""
    else
      tag="v${version#v}"
    fi
    echo "repository=$repo"
    echo "tag=$tag"
    echo "asset=$asset"
    echo "dir=${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-/tmp}}/sitegen/${tag:-source}/${asset:-source}"
    ;;
  download)
    repo=$2 tag=$3 asset=$4 dir=$5
    if [[ -z "$tag" || -z "$asset" ]]; then
      echo "sitegen: no release binary for this runner and version; building from source" >&2
      exit 3
    fi
    base="$server/$repo/releases/download/$tag"
    mkdir -p "$dir"
    tmp=$(mktemp -d)
    if ! curl -sSfL --retry 3 -o "$tmp/SHA256SUMS" "$base/SHA256SUMS" ||
       ! curl -sSfL --retry 3 -o "$tmp/$asset" "$base/$asset"; then
      echo "sitegen: $repo has no release $tag with $asset; building from source" >&2
      exit 3
    fi
    want=$(awk -v f="$asset" '$2 == f || $2 == "*" f { print $1 }' "$tmp/SHA256SUMS")
    got=$(sha256_of "$tmp/$asset")
    [[ -n "$want" ]] || die "SHA256SUMS of $tag lists no $asset"
    [[ "$want" == "$got" ]] || die "$asset of $tag has SHA-256 $got, but SHA256SUMS says $want: not installed"
    install -m 755 "$tmp/$asset" "$dir/sitegen"
    rm -rf "$tmp"
    echo "sitegen: $asset $tag, SHA-256 $got (verified)"
    ;;
  build)
    dir=$2 repo=${3:-}
    echo "::warning::sitegen: no release binary found; building sitegen from the Action's source (a few minutes)"
    flags=()
    [[ -z "$repo" ]] || flags+=("-DSITEGEN_REPOSITORY=$repo")
    if [[ "$(uname -s)" == Darwin ]]; then
      # Homebrew has no kainjow mustache: its header comes from Debian's package file.
      [[ -n "${SITEGEN_MUSTACHE_DEB:-}" ]] ||
        die "building sitegen on macOS needs Debian 12's libkainjow-mustache-dev package file (apt-get download libkainjow-mustache-dev=4.1+ds-2 on Debian 12) named by SITEGEN_MUSTACHE_DEB; or run this job on a Linux runner"
      "$src/scripts/macos-deps.sh" "${RUNNER_TEMP:-/tmp}/sitegen-deps" "$SITEGEN_MUSTACHE_DEB"
      read -r -a more < "${RUNNER_TEMP:-/tmp}/sitegen-deps/cmake-flags"
      flags+=("${more[@]}")
    else
      "$src/scripts/install-deps.sh"
    fi
    build="${RUNNER_TEMP:-/tmp}/sitegen-build"
    cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release "${flags[@]}"
    cmake --build "$build" --target sitegen -j "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"
    mkdir -p "$dir"
    install -m 755 "$build/sitegen" "$dir/sitegen"
    ;;
  *)
    echo "usage: action-install.sh resolve|download|build ..." >&2
    exit 2
    ;;
esac
