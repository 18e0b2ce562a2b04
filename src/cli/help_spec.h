// A command's --help text read back as data: its usage lines, its description and its
// options. The completion scripts and the manual page are written from this, so they say
// exactly what --help says and a new command needs no edit of its own in them.
#pragma once

#include <string>
#include <vector>

#include "cli/cli.h"

namespace sitegen {

// One word of a usage line after `sitegen COMMAND`, other than options: a literal word
// (`bibtex`, or `dblp|orcid|openalex`: one of them) or a placeholder (`CONTENT`, `FILE.bib`).
struct UsageWord {
  std::vector<std::string> literals;  // empty for a placeholder
  std::string placeholder;            // "CONTENT", "DIR", ...
  bool optional = false;              // written in [brackets]
};

struct OptionSpec {
  std::vector<std::string> names;  // "-o", "--output"
  std::string value;               // its placeholder ("DIR"); empty for a flag
  std::string description;         // the description's lines, joined by spaces
};

// What completion offers for a placeholder: folders, files, the member ids of a group
// site, the built-in languages, sitegen's commands, one of the listed words, or nothing.
enum class ValueKind { kNone, kContent, kDir, kFile, kMember, kLanguage, kCommand, kWords };

struct CommandSpec {
  std::string name;
  std::string summary;
  std::vector<std::string> usage_lines;              // "sitegen import bibtex FILE.bib ..."
  std::vector<std::vector<UsageWord>> usages;        // their words, options left out
  std::vector<std::vector<std::string>> paragraphs;  // the description's lines
  std::vector<OptionSpec> options;
  std::vector<std::string> errors;  // lines the reader did not understand (a test checks none)
};

CommandSpec parse_help(const Command& command);
std::vector<CommandSpec> command_specs();

// What a value is: by the option it belongs to and its placeholder.
ValueKind value_kind(const std::string& option, const std::string& placeholder);
// The words of a placeholder like "bash|zsh|fish".
std::vector<std::string> placeholder_words(const std::string& placeholder);

// The language tags of the built-in translations ("de", "en", ..., "zh-Hant").
std::vector<std::string> builtin_language_tags();

// The first line of `sitegen --help`, and of the manual page's NAME.
inline constexpr const char* kSitegenTagline =
    "a fast static site generator for researcher homepages";

}  // namespace sitegen
