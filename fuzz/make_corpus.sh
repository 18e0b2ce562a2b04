#!/usr/bin/env bash
# Builds the seed corpora fuzz/corpus-<target>/ from the repository's own content,
# examples and tests (and ../shared/testdata when it is there), plus the small
# hand-made seeds in fuzz/seeds/<target>/. The corpora are gitignored; libFuzzer
# adds what it finds to them, so running this again keeps earlier finds.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
fuzz=fuzz
shared=../shared/testdata

# The repository's inputs of one kind, NUL-separated.
repo_files() {
  find content examples tests src "$shared" -type f -name "$1" -not -path '*/build*' \
    -print0 2>/dev/null || true
}

# Copies a file into a corpus under a name from its content, so repeats collapse.
add() {
  local corpus=$1 file=$2 sum
  sum=$(sha1sum "$file" | cut -c1-16)
  cp "$file" "$fuzz/corpus-$corpus/$sum"
}

# Adds a string as one corpus file.
add_text() {
  local sum
  sum=$(printf '%s' "$2" | sha1sum | cut -c1-16)
  printf '%s' "$2" >"$fuzz/corpus-$1/$sum"
}

targets=(load frontmatter bibtex latex date names serve_path yaml theme markdown page_patch serve_request
  manifest math import_answer page_name image)
for t in "${targets[@]}"; do
  mkdir -p "$fuzz/corpus-$t"
  if [[ -d "$fuzz/seeds/$t" ]]; then
    for f in "$fuzz/seeds/$t"/*; do [[ -f "$f" ]] && add "$t" "$f"; done
  fi
done

# Images: the photos of the starter site and the examples (PNG and JPEG).
for ext in '*.png' '*.jpg'; do
  while IFS= read -r -d '' f; do add image "$f"; done < <(repo_files "$ext")
done

# TOML: every .toml file.
while IFS= read -r -d '' f; do add load "$f"; done < <(repo_files '*.toml')

# Front matter and Markdown: every Markdown file (pages carry `+++` front matter). Those with
# YAML front matter (`---`, Hugo Blox pages) seed the YAML reader too.
while IFS= read -r -d '' f; do
  add frontmatter "$f"
  add markdown "$f"
  add math "$f"
  if [[ "$(head -n 1 "$f")" == "---" ]]; then add yaml "$f"; fi
done < <(repo_files '*.md')

# Page names: each page of the repository's sites, as its path below pages/ without `.md`.
while IFS= read -r -d '' f; do
  rel=${f#*/pages/}
  add_text page_name "${rel%.md}"
done < <(find content examples -path '*/pages/*.md' -print0 2>/dev/null || true)

# BibTeX: whole files, and each entry on its own (small inputs fuzz faster).
while IFS= read -r -d '' f; do
  add bibtex "$f"
  awk -v dir="$fuzz/corpus-bibtex" -v base="$(basename "$f" .bib)" '
    /^[ \t]*@/ { n++; out = dir "/" base "-entry-" n }
    n > 0 { print > out }' "$f"
done < <(repo_files '*.bib')

# LaTeX and names: field values from the .bib files, one value per file.
while IFS= read -r -d '' f; do
  while IFS= read -r line; do
    value=${line#*=}
    value=${value#"${value%%[![:space:]]*}"}
    value=${value%,}
    [[ -z "$value" ]] && continue
    case "$line" in
      *author*=* | *editor*=*) add_text names "$value" ;;
      *) add_text latex "$value"; add_text math "$value" ;;
    esac
  done < <(grep -E '^[[:space:]]*[A-Za-z_-]+[[:space:]]*=' "$f" | head -n 400 || true)
done < <(repo_files '*.bib')

# Names from TOML author lists too: each quoted string of an `authors = [...]` line.
while IFS= read -r -d '' f; do
  { grep -hE '^[[:space:]]*authors[[:space:]]*=' "$f" || true; } | { grep -oE '"[^"]*"' || true; } |
    tr -d '"' | head -n 200 | while IFS= read -r name; do add_text names "$name"; done
done < <(repo_files '*.toml')

# Dates: every value of a date-like key in the TOML files.
while IFS= read -r -d '' f; do
  { grep -hE '^[[:space:]]*(date|start|end|year)[[:space:]]*=' "$f" || true; } |
    sed -E 's/^[^=]*=[[:space:]]*//; s/^"//; s/"[[:space:]]*$//' |
    while IFS= read -r d; do add_text date "$d"; done
done < <(repo_files '*.toml')

# Templates: every theme file and layout override.
while IFS= read -r -d '' f; do add theme "$f"; done < <(repo_files '*.mustache')

# HTTP answers: each API answer of tests/data/import/ as its source's answer, whole, chunked
# and gzipped. The first byte picks the source (0 DBLP, 1 OpenAlex, 2 ORCID, 3 a count;
# +128: DBLP's entries into a .bib).
answer_seed() {  # KIND-BYTE FILE
  local tmp
  tmp=$(mktemp)
  {
    printf "\\x$1"
    printf 'HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n' "$(wc -c <"$2")"
    cat "$2"
  } >"$tmp"
  add import_answer "$tmp"
  {
    printf "\\x$1"
    printf 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n' "$(wc -c <"$2")"
    cat "$2"
    printf '\r\n0\r\n\r\n'
  } >"$tmp"
  add import_answer "$tmp"
  gzip -9nc "$2" >"$tmp.gz"
  {
    printf "\\x$1"
    printf 'HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\n\r\n' \
      "$(wc -c <"$tmp.gz")"
    cat "$tmp.gz"
  } >"$tmp"
  add import_answer "$tmp"
  rm -f "$tmp" "$tmp.gz"
}
answer_seed 00 tests/data/import/dblp-person.bib
answer_seed 80 tests/data/import/dblp-person.bib
answer_seed 01 tests/data/import/openalex-works-1.json
answer_seed 01 tests/data/import/openalex-works-2.json
answer_seed 02 tests/data/import/orcid-bulk.json

for t in "${targets[@]}"; do
  printf '%-12s %5d files\n' "$t" "$(find "$fuzz/corpus-$t" -type f | wc -l)"
done
