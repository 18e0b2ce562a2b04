#!/usr/bin/env bash
# No package archive or registry is named in the repository: scripts take Debian's mirror
# from the machine's apt sources (`apt-get download`, `apt-get indextargets`) and npm's
# registry from npm's own configuration, so the tree never pins a host name of its own.
# Checks every file git tracks (so build folders and node_modules are not read) for the
# host names of Debian's and Ubuntu's archives and security mirrors, Debian's snapshot
# archive, Launchpad's PPAs, the npm and Yarn registries, PyPI and the other language
# registries, and prints each hit as file:line.
# Usage: scripts/check-archive-hosts.sh [DIR]  (default: this checkout). Exits 77 (skip)
# outside a git checkout. The patterns below are written with [.] for each dot, so this
# script does not name the hosts it looks for and is checked like every other file.
set -euo pipefail
dir=${1:-"$(dirname "${BASH_SOURCE[0]}")/.."}
cd "$dir"

if ! command -v git >/dev/null || ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "skipped: $(pwd) is not a git checkout, so there is no list of tracked files to check"
  exit 77
fi

hosts=(
  # Debian: the archive (and, as any name below, its subdomains: CDN names, country
  # mirrors), security, snapshot, the archive of old releases, incoming, backports.
  '(deb|ftp|http|httpredir|security|snapshot|archive|incoming|backports)([.][a-z]{2})?[.]debian[.](org|net)'
  # Ubuntu: the archive (and its country mirrors), security, ports, old releases, ESM.
  '(archive|security|ports|old-releases|ddebs|esm)[.]ubuntu[.]com'
  'ppa[.]launchpad(content)?[.]net'
  # JavaScript registries.
  'registry[.]npmjs[.](org|com)'
  'registry[.]yarnpkg[.]com'
  'registry[.]npmmirror[.]com'
  # Python, Ruby, Rust, Go, Java, Alpine, Fedora.
  'pypi[.](org|python[.]org)'
  'files[.]pythonhosted[.]org'
  'rubygems[.]org'
  '(static|index)[.]crates[.]io'
  '(proxy|sum)[.]golang[.]org'
  'repo1?[.]maven[.](org|apache[.]org)'
  'dl-cdn[.]alpinelinux[.]org'
  '(mirrors|download)[.]fedoraproject[.]org'
)
# A name stands alone or as a subdomain's end: "deb" of a longer word is not "deb".
pattern=$(IFS='|'; echo "(^|[^a-z0-9-])(${hosts[*]})([^a-z0-9-]|$)")

# The tracked files as they are in the working tree; -I: binary files (fonts, images)
# hold no text that names a host. git grep exits 1 when nothing matches, >1 on an error.
status=0
git grep -nIiE -e "$pattern" -- . || status=$?
if [[ $status -eq 0 ]]; then
  echo "a package archive's or registry's host name (above, as file:line) is in the repository:"
  echo "take the mirror from the machine's own configuration (apt sources, npm config) instead"
  exit 1
elif [[ $status -ne 1 ]]; then
  echo "git grep failed (exit status $status)"
  exit 2
fi
echo "ok: no package archive or registry host in the $(git ls-files | wc -l) tracked files"
