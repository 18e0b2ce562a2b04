#!/usr/bin/env bash
# The Debian package (scripts/package-deb.sh) beside the release binary: lintian finds no
# error, it holds the binary, the manual page and the completions exactly as the binary
# prints them, and on a clean Debian system (a minimal root made by mmdebstrap from this
# machine's apt mirror) `dpkg -i` installs it and `sitegen new x && sitegen build x` works.
# Usage: package_deb_test.sh RELEASE_BINARY
# Exits with 77 (skipped) when there is no package yet; the clean-system part needs root
# and mmdebstrap, and is skipped without them, unless SITEGEN_REQUIRE_DEB_INSTALL=1 (.ci/run
# sets it), which makes their absence a failure.
set -euo pipefail

release="$1"
dir="$(dirname "$release")"
shopt -s nullglob
debs=("$dir"/sitegen_*_"$(dpkg --print-architecture)".deb)
if [[ ${#debs[@]} -eq 0 ]]; then
  echo "no package in $dir (scripts/package-deb.sh makes it from the release binary): skipped"
  exit 77
fi
[[ ${#debs[@]} -eq 1 ]] || {
  echo "FAIL: more than one package in $dir: ${debs[*]}"
  exit 1
}
deb="$(realpath "${debs[0]}")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

fail() {
  echo "FAIL: $*"
  exit 1
}

echo "package: $deb ($(du -k "$deb" | cut -f1) KiB)"
dpkg-deb --info "$deb"

# Installable wherever the binary runs: it asks for the glibc it was linked against.
floor_file="$dir/glibc-floor"
if [[ -f "$floor_file" ]]; then
  read -r floor _ <"$floor_file"
  [[ "$(dpkg-deb -f "$deb" Depends)" == "libc6 (>= $floor)" ]] ||
    fail "Depends is '$(dpkg-deb -f "$deb" Depends)', not libc6 (>= $floor), the binary's glibc floor"
fi

echo "lintian:"
lintian --fail-on error --display-info "$deb" || fail "lintian reports errors"

dpkg-deb -x "$deb" "$tmp/x"
for f in usr/bin/sitegen usr/share/man/man1/sitegen.1.gz \
  usr/share/bash-completion/completions/sitegen usr/share/zsh/vendor-completions/_sitegen \
  usr/share/fish/vendor_completions.d/sitegen.fish usr/share/doc/sitegen/copyright \
  usr/share/doc/sitegen/changelog.gz; do
  [[ -f "$tmp/x/$f" ]] || fail "the package has no /$f"
done
cmp <(gzip -dc "$tmp/x/usr/share/man/man1/sitegen.1.gz") <("$release" man) ||
  fail "the packaged manual page is not what \`sitegen man\` prints"
for shell in bash zsh fish; do
  case $shell in
    bash) f=usr/share/bash-completion/completions/sitegen ;;
    zsh) f=usr/share/zsh/vendor-completions/_sitegen ;;
    fish) f=usr/share/fish/vendor_completions.d/sitegen.fish ;;
  esac
  cmp "$tmp/x/$f" <("$release" completions "$shell") ||
    fail "the packaged $shell completions are not what \`sitegen completions $shell\` prints"
done
"$tmp/x/usr/bin/sitegen" --version | grep -q "^sitegen " || fail "the packaged binary does not run"

# Install on a clean system.
why=""
[[ "$(id -u)" -eq 0 ]] || why="not root"
command -v mmdebstrap >/dev/null || why="no mmdebstrap (apt-get install mmdebstrap)"
if [[ -n "$why" ]]; then
  [[ "${SITEGEN_REQUIRE_DEB_INSTALL:-}" != 1 ]] ||
    fail "SITEGEN_REQUIRE_DEB_INSTALL=1, but the package cannot be installed on a clean system: $why"
  echo "installing on a clean system: skipped ($why)"
  exit 77
fi
# shellcheck disable=SC2016 # $(REPO_URI) is apt's field, not the shell's.
mirror="${SITEGEN_DEBIAN_MIRROR:-$(apt-get indextargets --format '$(REPO_URI)' \
  'Origin: Debian' 'Label: Debian' 2>/dev/null | sort -u | head -n 1)}"
[[ -n "$mirror" ]] || fail "this machine's apt sources name no Debian archive; set SITEGEN_DEBIAN_MIRROR"
suite="$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")"
echo "a clean $suite (mmdebstrap --variant=minbase):"
# mmdebstrap mounts /proc and /sys in the new root: a container without the rights to
# mount cannot make one, which is a limit of the machine, not of the package.
if ! mmdebstrap --quiet --variant=minbase "$suite" "$tmp/root" "deb ${mirror%/} $suite main"; then
  [[ "${SITEGEN_REQUIRE_DEB_INSTALL:-}" != 1 ]] || fail "mmdebstrap could not make a clean $suite"
  echo "installing on a clean system: skipped (mmdebstrap could not make one here)"
  exit 77
fi
cp "$deb" "$tmp/root/tmp/"
chroot "$tmp/root" dpkg -i "/tmp/$(basename "$deb")"
chroot "$tmp/root" sh -euc 'cd /tmp && sitegen new x && sitegen build x -o out &&
  test -s out/index.html && test -s out/publications/index.html && sitegen check x'
echo "installed with dpkg -i on a clean $suite; sitegen new x && sitegen build x: ok"
