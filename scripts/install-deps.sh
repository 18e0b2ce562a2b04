#!/usr/bin/env bash
# Installs what building sitegen needs on Debian 12 or Ubuntu 24.04, and nothing more;
# with --test, also the tools only its tests use (browser, Java, Node.js, Hugo, clang
# and the fuzzing libraries, the benchmark's tools). This is the one list of packages:
# the README quick start, scripts/test.sh and .ci/run call this script. Safe to run
# again: it installs only what is missing (CI=true always refreshes the package index
# and reinstalls).
# Usage: scripts/install-deps.sh [--test]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

with_tests=false
case "${1:-}" in
  "") ;;
  --test) with_tests=true ;;
  *)
    echo "usage: scripts/install-deps.sh [--test]" >&2
    exit 2
    ;;
esac

PACKAGES=(
  # compilers and build tools
  g++ cmake make pkg-config
  # the libraries sitegen uses (libyaml: Hugo Blox import; jemalloc: its allocator;
  # OpenSSL and nlohmann/json: the DBLP/ORCID/OpenAlex importers and citation counts;
  # utf8proc: Unicode NFC for all text read; libwebp, libjpeg-turbo and libpng: photos
  # and teasers resized as WebP). KaTeX is not among them: its files are pinned in katex/
  # (scripts/update-katex.sh)
  libmd4c-dev libmd4c-html0-dev libtomlplusplus-dev libkainjow-mustache-dev
  libcpp-httplib-dev libyaml-dev libjemalloc-dev doctest-dev
  libssl-dev nlohmann-json3-dev libutf8proc-dev
  libwebp-dev libjpeg62-turbo-dev libpng-dev
)
TEST_PACKAGES=(
  # the second compiler CI builds with, and libFuzzer and the sanitizer runtimes for it
  clang-14 libclang-rt-14-dev libfuzzer-14-dev
  # browser tests and screenshots: headless Chromium driven from Node.js, and Java
  # for the W3C HTML checker
  chromium fonts-dejavu-core fonts-liberation nodejs npm ca-certificates
  default-jre-headless
  # Chinese, Japanese and Korean text in screenshots and the printed CV, as readers see it
  fonts-noto-cjk
  # tests/cv_pdf_test.sh reads the printed CV (pdftotext, pdfinfo, pdffonts) and looks
  # for the browser's processes (ps, pgrep); it fetches the CV from `serve` with curl (below)
  poppler-utils procps
  # tests/deploy_docs_test.sh runs the deployment guide's git commands
  git
  # tests/completions_test.sh: the completion scripts in their shells, the manual page
  # through groff
  zsh fish groff-base
  # tests/bibtex_pybtex_test.py: every generated .bib read by another BibTeX parser
  python3-pybtex
  # code blocks highlighted at build time ([code] highlight = true): Pygments, which
  # sitegen runs when a site asks for it (optional for users; its tests need it)
  python3-pygments
  # scripts/release.sh fetches Debian 11's glibc and md4c's and cpp-httplib's Debian
  # sources (pinned by SHA-256), and links with clang-14 (above) LLVM's C++ library,
  # unwinder and runtime and OpenSSL, all static
  curl libc++-14-dev libc++abi-14-dev libunwind-14-dev libssl-dev
  # scripts/package-deb.sh makes the .deb from it (dpkg-shlibdeps), and its test checks it
  # with lintian and installs it on a clean Debian that mmdebstrap makes
  dpkg-dev lintian mmdebstrap
  # scripts/windows.sh cross-builds sitegen.exe and its libraries (from Debian's sources,
  # fetched with curl, patched with patch) with MinGW-w64; tests/windows_test.sh runs it
  # under Wine
  g++-mingw-w64-x86-64-posix patch wine wine64
  # the benchmark's smoke test (bench/run.py): sitegen next to Hugo
  python3 hugo hyperfine time
)
if [[ "$with_tests" == true ]]; then
  PACKAGES+=("${TEST_PACKAGES[@]}")
fi

# Removes one package from the list.
drop() {
  local kept=() p
  for p in "${PACKAGES[@]}"; do [[ "$p" != "$1" ]] && kept+=("$p"); done
  PACKAGES=("${kept[@]}")
}

distro=unknown
if [[ -r /etc/os-release ]]; then
  distro=$(. /etc/os-release && echo "${ID:-unknown}")
fi
if [[ "$distro" == ubuntu && "$with_tests" == true ]]; then
  # Ubuntu ships Chromium only as a snap, which apt cannot install in a container.
  drop chromium
  if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null; then
    echo "install-deps: note: the browser tests need Chromium; on Ubuntu install it" \
         "with \`sudo snap install chromium\`" >&2
  fi
fi

# NodeSource's nodejs bundles npm and conflicts with Debian's npm package.
if [[ "$with_tests" == true ]] && command -v npm >/dev/null; then
  drop npm
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [[ ${#missing[@]} -eq 0 && "${CI:-}" != true ]]; then
  echo "install-deps: all system packages are installed"
else
  if ! command -v apt-get >/dev/null; then
    echo "install-deps: error: apt-get not found; install these packages by hand:" \
         "${missing[*]}" >&2
    exit 1
  fi
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null; then
      echo "install-deps: error: not root and sudo is not installed; run as root" >&2
      exit 1
    fi
    sudo=(sudo)
  fi
  echo "install-deps: installing ${PACKAGES[*]}"
  "${sudo[@]}" apt-get update
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y --no-install-recommends "${PACKAGES[@]}"
fi

if [[ "$with_tests" != true ]]; then
  exit 0
fi

# Node.js tooling for the tests, pinned by lockfiles (tests/browser/, tools/ci/).
while IFS= read -r lock; do
  dir=$(dirname "$lock")
  if [[ "${CI:-}" == true || ! -f "$dir/node_modules/.package-lock.json" ||
        "$lock" -nt "$dir/node_modules/.package-lock.json" ]]; then
    echo "install-deps: npm ci in $dir"
    (cd "$dir" && npm ci --no-audit --no-fund)
  fi
done < <(find . -name package-lock.json -not -path '*/node_modules/*' \
              -not -path './build*' -not -path './public/*' | sort)
