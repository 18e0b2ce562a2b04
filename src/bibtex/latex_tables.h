// The tables of the LaTeX decoder (latex.cc): accents with their combining marks,
// control words that stand for text, and commands that format or wrap their argument.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace sitegen::latex {

// The length of the UTF-8 sequence that starts with byte `c`.
size_t utf8_len(unsigned char c);

struct Accent {
  char command;         // what follows the backslash
  char32_t combining;   // the mark put after the letter (NFC then composes the two)
  const char* spacing;  // shown for an empty argument: `\^{}`
};

const Accent* find_accent(char command);

struct Symbol {
  std::string_view name;
  std::string_view text;
};

const Symbol* find_symbol(std::string_view name);

enum class CommandKind {
  kUnknown,
  kUnwrap,
  kItalic,
  kBold,
  kSwitch,
  kDropArg,
  kUrl,
  kHref,
  kMath,
  kPar
};

struct Command {
  std::string_view name;
  CommandKind kind;
};

CommandKind find_command(std::string_view name);

// Every control word of the tables, for did-you-mean.
std::vector<std::string_view> known_names();

}  // namespace sitegen::latex
