#!/usr/bin/env bash
# `sitegen completions bash|fish|zsh` and `sitegen man`, run where users run them: the
# bash and fish scripts are asked for completions (commands, options, content folders,
# the member ids of a group site after --person, language tags after --language) and
# must offer exactly what `sitegen --help` and the site list; the zsh script must load
# under compinit and define its completer; the manual page must format with groff with no
# warning and show every command and option `--help` lists. A shell that is not
# installed is skipped, saying so; the test is skipped (77) when none is.
# Usage: tests/completions_test.sh SITEGEN_BINARY
set -euo pipefail

sitegen=$(realpath "${1:?usage: completions_test.sh SITEGEN_BINARY}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 ran=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
expect() {  # what, got, want
  if [[ "$2" != "$3" ]]; then
    fail "$1: got
$2
want
$3"
  fi
}

cd "$work"
"$sitegen" new mysite >/dev/null
"$sitegen" new lab --group >/dev/null
mkdir -p notes
# What the answers must be, from --help and from the group site's files.
commands=$("$sitegen" --help | sed -n 's/^  \([a-z][a-z-]*\)  .*/\1/p' | sort)
members=$(cd lab/people && for f in *.toml */person.toml; do f=${f%/person.toml}; echo "${f%.toml}"; done | sort)
build_options=$("$sitegen" build --help | grep -oE '^  (-[a-z], )?--?[a-z-]+' | tr -d ' ' | tr ',' '\n' | sort -u)
[[ -n "$commands" && -n "$members" && -n "$build_options" ]] || { echo "FAIL: nothing read from --help or lab/"; exit 1; }

# bash: _sitegen called as bash calls it, COMPREPLY sorted.
if command -v bash >/dev/null; then
  ran=$((ran + 1))
  "$sitegen" completions bash >sitegen.bash
  bash -n sitegen.bash || fail "bash: the script does not parse"
  bcomp() {
    bash --norc --noprofile -c 'source ./sitegen.bash
      COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _sitegen
      ((${#COMPREPLY[@]} == 0)) || printf "%s\n" "${COMPREPLY[@]}" | sort' bash "$@"
  }
  # shellcheck disable=SC2086 # $commands is a list, a word a line
  expect "bash: sitegen <TAB>" "$(bcomp sitegen '')" "$(printf '%s\n' $commands --help --version | sort)"
  expect "bash: sitegen bu<TAB>" "$(bcomp sitegen bu)" "build"
  # shellcheck disable=SC2086 # $build_options is a list, a word a line
  expect "bash: sitegen build -<TAB>" "$(bcomp sitegen build -)" "$(printf '%s\n' $build_options --help | sort -u)"
  expect "bash: sitegen build <TAB> (content folders)" "$(bcomp sitegen build '')" "$(printf '%s\n' lab mysite notes)"
  expect "bash: sitegen build lab --person <TAB>" "$(bcomp sitegen build lab --person '')" "$members"
  expect "bash: sitegen build lab -o out --person b<TAB>" "$(bcomp sitegen build lab -o out --person b)" \
    "$(grep '^b' <<<"$members")"
  expect "bash: sitegen new x --language z<TAB>" "$(bcomp sitegen new x --language z)" "$(printf 'zh\nzh-Hant')"
  expect "bash: sitegen import <TAB>" "$(bcomp sitegen import '')" "$(printf '%s\n' bibtex dblp hugo-blox openalex orcid)"
  expect "bash: sitegen completions <TAB>" "$(bcomp sitegen completions '')" "$(printf 'bash\nfish\nzsh')"
  expect "bash: sitegen help <TAB>" "$(bcomp sitegen help '')" "$commands"
  expect "bash: sitegen update <TAB>" "$(bcomp sitegen update '')" "citations"
else
  echo "skipped: bash is not installed"
fi

# fish: `complete -C` prints what fish would offer, a description after a tab.
if command -v fish >/dev/null; then
  ran=$((ran + 1))
  "$sitegen" completions fish >sitegen.fish
  fish --no-execute sitegen.fish || fail "fish: the script does not parse"
  fcomp() {
    # shellcheck disable=SC2016 # $argv is fish's.
    fish --no-config -c 'source ./sitegen.fish; complete -C $argv[1]' "$1" | cut -f1 | sort
  }
  expect "fish: sitegen <TAB>" "$(fcomp 'sitegen ')" "$commands"
  expect "fish: sitegen bu<TAB>" "$(fcomp 'sitegen bu')" "build"
  expect "fish: sitegen build lab --person <TAB>" "$(fcomp 'sitegen build lab --person ')" "$members"
  expect "fish: sitegen new x --language z<TAB>" "$(fcomp 'sitegen new x --language z')" "$(printf 'zh\nzh-Hant')"
  expect "fish: sitegen build --o<TAB>" "$(fcomp 'sitegen build --o')" "--output"
  expect "fish: sitegen build <TAB> (content folders)" "$(fcomp 'sitegen build ')" "$(printf '%s\n' lab/ mysite/ notes/)"
else
  echo "skipped: fish is not installed"
fi

# zsh: the script parses, loads under compinit and defines _sitegen for sitegen.
if command -v zsh >/dev/null; then
  ran=$((ran + 1))
  mkdir -p zfunc
  "$sitegen" completions zsh >zfunc/_sitegen
  zsh -n zfunc/_sitegen || fail "zsh: the script does not parse"
  got=$(HOME="$work" zsh -f -c 'fpath=(./zfunc $fpath); autoload -Uz compinit; compinit -u -d ./zcompdump
    print -r -- $_comps[sitegen]; autoload +X _sitegen && whence -w _sitegen' 2>&1)
  expect "zsh: the completer of sitegen" "$got" "$(printf '_sitegen\n_sitegen: function')"
else
  echo "skipped: zsh is not installed"
fi

# The manual page: groff formats it with no warning, and shows every command and option.
if command -v groff >/dev/null; then
  ran=$((ran + 1))
  "$sitegen" man >sitegen.1
  warnings=$(groff -man -Tutf8 -ww -z sitegen.1 2>&1)
  expect "man: groff's warnings" "$warnings" ""
  # Plain text: no overstriking for bold and underline (-P-c -P-b -P-u).
  text=$(groff -man -Tascii -P-c -P-b -P-u sitegen.1)
  for c in $commands; do
    # The command's section: from its heading to the next command's or section's.
    section=$(awk -v c="$c" '$0 == "   " c { on = 1; next } on && (/^   [a-z]/ || /^[A-Z]/) { exit } on' <<<"$text")
    [[ -n "$section" ]] || fail "man: no section for the command $c"
    # Each option --help lists, at the head of an item of the section.
    while read -r opt; do
      grep -qE -- "^       (.*, )?$opt(,| |\$)" <<<"$section" || fail "man: $c's option $opt is missing"
    done < <("$sitegen" "$c" --help | grep -oE '^  --?[a-z][a-z-]*' | tr -d ' ')
  done
else
  echo "skipped: groff is not installed"
fi

if ((ran == 0)); then
  echo "skipped: none of bash, fish, zsh and groff is installed"
  exit 77
fi
if ((failures > 0)); then
  echo "$failures failed"
  exit 1
fi
echo "1 passed, 0 failed"
