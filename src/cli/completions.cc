// `sitegen completions bash|zsh|fish`: the shell completion scripts, written from the
// command table's --help texts (help_spec.h). Each script holds the data (every command,
// its options and what their values are, its usage lines' words) and one small function
// that completes from it, so a command added to the table is completed with no edit here.
#include <ostream>
#include <string>

#include "cli/help_spec.h"

namespace sitegen {

namespace {

// A value's kind as the scripts name it.
std::string kind_word(ValueKind kind, const std::string& placeholder) {
  switch (kind) {
    case ValueKind::kContent:
      return "content";
    case ValueKind::kDir:
      return "dir";
    case ValueKind::kFile:
      return "file";
    case ValueKind::kMember:
      return "member";
    case ValueKind::kLanguage:
      return "language";
    case ValueKind::kCommand:
      return "command";
    case ValueKind::kWords:
      return "words:" + placeholder;
    case ValueKind::kNone:
      break;
  }
  return "none";
}

// A usage word as the scripts hold it: "bibtex", "dblp|orcid|openalex", or ":kind".
std::string slot_word(const UsageWord& w) {
  if (w.literals.empty()) return ":" + kind_word(value_kind("", w.placeholder), w.placeholder);
  std::string s;
  for (const std::string& l : w.literals) s += (s.empty() ? "" : "|") + l;
  return s;
}

std::string join_slots(const std::vector<UsageWord>& words) {
  std::string s;
  for (const UsageWord& w : words) s += (s.empty() ? "" : " ") + slot_word(w);
  return s;
}

// Quoted for the shell inside '...' (bash, zsh: '\''; fish: \').
std::string sh_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}
std::string fish_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'' || c == '\\') q += '\\';
    q += c;
  }
  return q + "'";
}

std::string words_of(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& w : v) s += (s.empty() ? "" : " ") + w;
  return s;
}

std::vector<std::string> command_names(const std::vector<CommandSpec>& specs) {
  std::vector<std::string> names;
  for (const CommandSpec& s : specs) names.push_back(s.name);
  return names;
}

std::string header(const char* shell, const std::string& install) {
  return std::string("# ") + shell + " completion for sitegen " + SITEGEN_VERSION +
         ", written by `sitegen completions " + shell +
         "` from the commands and\n# options `sitegen --help` lists. Install it with\n#   " +
         install + "\n";
}

void write_bash(std::ostream& os, const std::vector<CommandSpec>& specs) {
  os << header("bash",
               "sitegen completions bash > ~/.local/share/bash-completion/completions/sitegen")
     << R"sh(
# The member ids of the group site in folder $1: people/ID.toml and people/ID/person.toml.
_sitegen_members() {
  local f id
  for f in "$1"/people/*.toml "$1"/people/*/person.toml; do
    [[ -f $f ]] || continue
    id=${f#"$1"/people/}
    id=${id%/person.toml}
    printf '%s\n' "${id%.toml}"
  done
}

# COMPREPLY for a value of kind $1 (content, dir, file, member, language, command,
# words:A|B, none), $2 being the content folder, $cur what is typed so far.
_sitegen_values() {
  case $1 in
    content | dir) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- "$cur") ;;
    file) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
    member) mapfile -t COMPREPLY < <(compgen -W "$(_sitegen_members "$2")" -- "$cur") ;;
    language) mapfile -t COMPREPLY < <(compgen -W ")sh"
     << words_of(builtin_language_tags()) << R"sh(" -- "$cur") ;;
    command) mapfile -t COMPREPLY < <(compgen -W ")sh"
     << words_of(command_names(specs)) << R"sh(" -- "$cur") ;;
    words:*)
      local words=${1#words:}
      mapfile -t COMPREPLY < <(compgen -W "${words//|/ }" -- "$cur")
      ;;
    *) COMPREPLY=() ;;
  esac
}

# The kind of option $1's value in $values ("-o=dir --output=dir ..."); empty for a flag.
_sitegen_kind() {
  local v
  for v in $values; do
    if [[ ${v%%=*} == "$1" ]]; then
      printf '%s' "${v#*=}"
      return
    fi
  done
}

_sitegen() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    mapfile -t COMPREPLY < <(compgen -W ")sh"
     << words_of(command_names(specs)) << R"sh( --help --version" -- "$cur")
    return 0
  fi
  # The command's options, what each one's value is, and the words of its usage lines:
  # a literal word (A|B: one of them) or :kind.
  local options values usages=()
  case ${COMP_WORDS[1]} in
)sh";
  for (const CommandSpec& s : specs) {
    std::vector<std::string> names, values;
    for (const OptionSpec& o : s.options)
      for (const std::string& n : o.names) {
        names.push_back(n);
        if (!o.value.empty())
          values.push_back(n + "=" + kind_word(value_kind(n, o.value), o.value));
      }
    names.push_back("--help");
    os << "    " << s.name << ")\n"
       << "      options=" << sh_quote(words_of(names)) << "\n"
       << "      values=" << sh_quote(words_of(values)) << "\n";
    std::string usages;
    for (const auto& u : s.usages) usages += (usages.empty() ? "" : " ") + sh_quote(join_slots(u));
    os << "      usages=(" << usages << ")\n      ;;\n";
  }
  os << R"sh(    *) return 0 ;;
  esac
  # The words typed after the command that are not options or their values.
  local typed=() i w
  for ((i = 2; i < COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    if [[ $w == -* ]]; then
      [[ -n $(_sitegen_kind "$w") ]] && i=$((i + 1))
    else
      typed+=("$w")
    fi
  done
  # The usage lines those words fit: what they offer next, and the content folder.
  local usage slots fits content='' offer=()
  for usage in "${usages[@]}"; do
    read -r -a slots <<<"$usage"
    fits=1
    for ((i = 0; i < ${#typed[@]}; i++)); do
      if ((i >= ${#slots[@]})); then
        fits=0
      elif [[ ${slots[i]} != :* && "|${slots[i]}|" != *"|${typed[i]}|"* ]]; then
        fits=0
      fi
    done
    ((fits)) || continue
    for ((i = 0; i < ${#typed[@]}; i++)); do
      [[ ${slots[i]} == :content ]] && content=${typed[i]}
    done
    ((${#typed[@]} < ${#slots[@]})) && offer+=("${slots[${#typed[@]}]}")
  done
  # Without CONTENT, sitegen uses content/ if it holds site.toml, else . if it does.
  if [[ -z $content ]]; then
    if [[ ! -f content/site.toml && -f site.toml ]]; then content=.; else content=content; fi
  fi
  local kind
  kind=$(_sitegen_kind "$prev")
  if [[ -n $kind ]]; then
    _sitegen_values "$kind" "$content"
  elif [[ $cur == -* || ${#offer[@]} -eq 0 ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
  else
    local slot reply=()
    for slot in "${offer[@]}"; do
      if [[ $slot == :* ]]; then
        _sitegen_values "${slot#:}" "$content"
      else
        mapfile -t COMPREPLY < <(compgen -W "${slot//|/ }" -- "$cur")
      fi
      reply+=("${COMPREPLY[@]}")
    done
    COMPREPLY=("${reply[@]}")
  fi
  return 0
}

complete -F _sitegen sitegen
)sh";
}

// zsh's _describe takes "word:description", with a colon in the word escaped.
std::string zsh_item(const std::string& word, const std::string& description) {
  std::string w;
  for (char c : word) w += c == ':' ? std::string("\\:") : std::string(1, c);
  return sh_quote(w + ":" + description);
}

void write_zsh(std::ostream& os, const std::vector<CommandSpec>& specs) {
  os << "#compdef sitegen\n"
     << header("zsh",
               "sitegen completions zsh > ~/.zfunc/_sitegen   (fpath=(~/.zfunc $fpath) before "
               "compinit)")
     << R"sh(
# The member ids of the group site in folder $1: people/ID.toml and people/ID/person.toml.
_sitegen_members() {
  local f id
  local -a ids
  for f in $1/people/*.toml(N) $1/people/*/person.toml(N); do
    id=${f#$1/people/}
    id=${id%/person.toml}
    ids+=(${id%.toml})
  done
  compadd -a ids
}

_sitegen_commands() {
  local -a commands
  commands=(
)sh";
  for (const CommandSpec& s : specs) os << "    " << zsh_item(s.name, s.summary) << "\n";
  os << R"sh(  )
  _describe -t commands 'sitegen command' commands
}

# Completes a value of kind $1 (content, dir, file, member, language, command, words:A|B,
# none), $2 being the content folder.
_sitegen_values() {
  case $1 in
    content | dir) _files -/ ;;
    file) _files ;;
    member) _sitegen_members $2 ;;
    language) compadd -- )sh"
     << words_of(builtin_language_tags()) << R"sh( ;;
    command) _sitegen_commands ;;
    words:*) compadd -- ${(s:|:)${1#words:}} ;;
    *) _message 'a value' ;;
  esac
}

_sitegen() {
  if (( CURRENT == 2 )); then
    if [[ $PREFIX == -* ]]; then compadd -- --help --version; else _sitegen_commands; fi
    return
  fi
  # The command's options with their descriptions, what each one's value is, and the words
  # of its usage lines: a literal word (A|B: one of them) or :kind.
  local -a options usages
  local -A values
  case $words[2] in
)sh";
  for (const CommandSpec& s : specs) {
    os << "    " << s.name << ")\n      options=(\n";
    std::string values;
    for (const OptionSpec& o : s.options)
      for (const std::string& n : o.names) {
        os << "        " << zsh_item(n, o.description) << "\n";
        if (!o.value.empty())
          values += " " + n + " " + sh_quote(kind_word(value_kind(n, o.value), o.value));
      }
    os << "        " << zsh_item("--help", "print this command's options") << "\n      )\n";
    os << "      values=(" << (values.empty() ? "" : values.substr(1)) << ")\n";
    std::string usages;
    for (const auto& u : s.usages) usages += (usages.empty() ? "" : " ") + sh_quote(join_slots(u));
    os << "      usages=(" << usages << ")\n      ;;\n";
  }
  os << R"sh(    *) return 1 ;;
  esac
  # The words typed after the command that are not options or their values.
  local -a typed slots offer
  local i w usage fits content
  for (( i = 3; i < CURRENT; i++ )); do
    w=$words[i]
    if [[ $w == -* ]]; then
      (( ${+values[$w]} )) && (( i++ ))
    else
      typed+=($w)
    fi
  done
  # The usage lines those words fit: what they offer next, and the content folder.
  for usage in $usages; do
    slots=(${(s: :)usage})
    fits=1
    for (( i = 1; i <= $#typed; i++ )); do
      if (( i > $#slots )); then
        fits=0
      elif [[ $slots[i] != :* && "|$slots[i]|" != *"|$typed[i]|"* ]]; then
        fits=0
      fi
    done
    (( fits )) || continue
    for (( i = 1; i <= $#typed; i++ )); do
      [[ $slots[i] == :content ]] && content=$typed[i]
    done
    (( $#typed < $#slots )) && offer+=($slots[$#typed + 1])
  done
  # Without CONTENT, sitegen uses content/ if it holds site.toml, else . if it does.
  if [[ -z $content ]]; then
    if [[ ! -f content/site.toml && -f site.toml ]]; then content=.; else content=content; fi
  fi
  local prev=$words[CURRENT-1]
  if (( ${+values[$prev]} )); then
    _sitegen_values $values[$prev] $content
  elif [[ $PREFIX == -* || $#offer -eq 0 ]]; then
    _describe -t options 'option' options
  else
    local slot
    for slot in $offer; do
      if [[ $slot == :* ]]; then
        _sitegen_values ${slot#:} $content
      else
        compadd -- ${(s:|:)slot}
      fi
    done
  fi
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _sitegen "$@"
else
  compdef _sitegen sitegen
fi
)sh";
}

void write_fish(std::ostream& os, const std::vector<CommandSpec>& specs) {
  os << header("fish", "sitegen completions fish > ~/.config/fish/completions/sitegen.fish")
     << R"sh(
# The member ids of the group site in folder $argv[1]: people/ID.toml, people/ID/person.toml.
function __sitegen_members
    for f in $argv[1]/people/*.toml $argv[1]/people/*/person.toml
        string replace -r '^.*/people/' '' -- $f | string replace -r '(/person)?\.toml$' ''
    end
end

# A value of kind $argv[1] (content, dir, file, member, language, command, words:A|B, none),
# $argv[2] being the content folder.
function __sitegen_values
    switch $argv[1]
        case content dir
            __fish_complete_directories (commandline -ct)
        case file
            __fish_complete_path (commandline -ct)
        case member
            __sitegen_members $argv[2]
        case language
            printf '%s\n' )sh"
     << words_of(builtin_language_tags()) << R"sh(
        case command
)sh";
  for (const CommandSpec& s : specs)
    os << "            printf '%s\\t%s\\n' " << fish_quote(s.name) << " " << fish_quote(s.summary)
       << "\n";
  os << R"sh(        case 'words:*'
            string replace 'words:' '' -- $argv[1] | string split '|'
    end
end

function __sitegen_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    if test (count $tokens) -eq 1
        if string match -q -- '-*' $cur
            printf '%s\n' --help --version
        else
            __sitegen_values command
        end
        return
    end
    # The command's options with their descriptions, what each one's value is (pairs of
    # option and kind), and the words of its usage lines: a literal word (A|B: one of
    # them) or :kind.
    set -l options
    set -l values
    set -l usages
    switch $tokens[2]
)sh";
  for (const CommandSpec& s : specs) {
    os << "        case " << fish_quote(s.name) << "\n            set options";
    std::string values;
    for (const OptionSpec& o : s.options)
      for (const std::string& n : o.names) {
        os << " \\\n                " << fish_quote(n + "\t" + o.description);
        if (!o.value.empty())
          values +=
              " " + fish_quote(n) + " " + fish_quote(kind_word(value_kind(n, o.value), o.value));
      }
    os << " \\\n                " << fish_quote("--help\tprint this command's options") << "\n";
    os << "            set values" << values << "\n            set usages";
    for (const auto& u : s.usages) os << " " << fish_quote(join_slots(u));
    os << "\n";
  }
  os << R"sh(        case '*'
            return
    end
    # The words typed after the command that are not options or their values.
    set -l typed
    set -l skip 0
    for w in $tokens[3..-1]
        if test $skip -eq 1
            set skip 0
        else if string match -q -- '-*' $w
            contains -- $w $values; and set skip 1
        else
            set -a typed $w
        end
    end
    # The usage lines those words fit: what they offer next, and the content folder.
    set -l content
    set -l offer
    for usage in $usages
        set -l slots (string split ' ' -- $usage)
        set -l fits 1
        for i in (seq (count $typed))
            if test $i -gt (count $slots)
                set fits 0
            else if not string match -q -- ':*' $slots[$i]
                and not contains -- $typed[$i] (string split '|' -- $slots[$i])
                set fits 0
            end
        end
        test $fits -eq 1; or continue
        for i in (seq (count $typed))
            test "$slots[$i]" = :content; and set content $typed[$i]
        end
        if test (count $typed) -lt (count $slots)
            set -a offer $slots[(math (count $typed) + 1)]
        end
    end
    # Without CONTENT, sitegen uses content/ if it holds site.toml, else . if it does.
    if test -z "$content"
        if not test -f content/site.toml; and test -f site.toml
            set content .
        else
            set content content
        end
    end
    set -l prev $tokens[-1]
    set -l at (contains -i -- $prev $values)
    if test -n "$at"; and string match -q -- '-*' $prev
        __sitegen_values $values[(math $at + 1)] $content
    else if string match -q -- '-*' $cur; or test (count $offer) -eq 0
        printf '%s\n' $options
    else
        for slot in $offer
            if string match -q -- ':*' $slot
                __sitegen_values (string sub -s 2 -- $slot) $content
            else
                string split '|' -- $slot
            end
        end
    end
end

complete -c sitegen -f -a '(__sitegen_complete)'
)sh";
}

}  // namespace

int cmd_completions(const std::vector<std::string>& args, Io io) {
  if (args.size() != 1) {
    io.err << "usage: sitegen completions bash|zsh|fish\n";
    return kExitUsage;
  }
  std::vector<CommandSpec> specs = command_specs();
  if (args[0] == "bash") {
    write_bash(io.out, specs);
  } else if (args[0] == "zsh") {
    write_zsh(io.out, specs);
  } else if (args[0] == "fish") {
    write_fish(io.out, specs);
  } else {
    io.err << "sitegen: no completions for `" << args[0] << "`: choose bash, zsh or fish\n";
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace sitegen
