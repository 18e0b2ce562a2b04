// Reads the --help texts of the command table back into data (help_spec.h). The texts
// follow one layout: "usage: sitegen NAME ..." (more usage lines indented under it), a
// blank line, the description, and "options:" with one "  -x, --name VALUE   text" per
// option, its text continued on lines indented further.
#include "cli/help_spec.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>
#include <string_view>

#include "model/ui_strings.h"

namespace sitegen {

namespace {

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == sep) {
      if (i > start) parts.emplace_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(' ');
  if (b == std::string_view::npos) return "";
  size_t e = s.find_last_not_of(' ');
  return std::string(s.substr(b, e - b + 1));
}

// The words of one usage line after "sitegen NAME": bracketed groups are optional, and
// groups that start with "-" (options) and "[options]" are left out.
std::vector<UsageWord> usage_words(const std::string& rest) {
  std::vector<UsageWord> words;
  std::vector<std::string> tokens = split(rest, ' ');
  for (size_t i = 0; i < tokens.size(); ++i) {
    std::string group = tokens[i];
    bool optional = group.front() == '[';
    if (optional) {
      while (group.back() != ']' && i + 1 < tokens.size()) group += " " + tokens[++i];
      group = group.substr(1, group.size() - 2);
    }
    if (group.empty() || group[0] == '-' || group == "options") continue;
    UsageWord w;
    w.optional = optional;
    if (std::islower(static_cast<unsigned char>(group[0])))
      w.literals = split(group, '|');
    else
      w.placeholder = group;
    words.push_back(std::move(w));
  }
  return words;
}

// "-o, --output DIR" -> names and value.
bool parse_option_head(const std::string& head, OptionSpec* o) {
  for (const std::string& token : split(head, ' ')) {
    if (token[0] == '-') {
      std::string name = token.back() == ',' ? token.substr(0, token.size() - 1) : token;
      if (name.size() < 2 || !o->value.empty()) return false;
      o->names.push_back(name);
    } else if (o->value.empty() && !o->names.empty()) {
      o->value = token;
    } else {
      return false;
    }
  }
  return !o->names.empty();
}

}  // namespace

CommandSpec parse_help(const Command& command) {
  CommandSpec spec;
  spec.name = command.name;
  spec.summary = command.summary;
  const std::string prefix = "sitegen " + spec.name;
  std::vector<std::string> lines = lines_of(command.usage);
  size_t i = 0;
  // Usage lines: the first after "usage: ", the others indented to line up with it.
  for (; i < lines.size(); ++i) {
    std::string line =
        i == 0 && lines[i].starts_with("usage: ") ? trim(lines[i].substr(7)) : trim(lines[i]);
    if (i > 0 && (lines[i].empty() || lines[i][0] != ' ')) break;
    if (line != prefix && !line.starts_with(prefix + " ")) {
      spec.errors.push_back("usage line does not start with `" + prefix + "`: " + lines[i]);
      break;
    }
    spec.usage_lines.push_back(line);
    spec.usages.push_back(usage_words(line.substr(prefix.size())));
  }
  // The description: paragraphs up to "options:".
  std::vector<std::string> paragraph;
  for (; i < lines.size() && lines[i] != "options:"; ++i) {
    if (lines[i].empty()) {
      if (!paragraph.empty()) spec.paragraphs.push_back(std::move(paragraph));
      paragraph.clear();
    } else {
      paragraph.push_back(lines[i]);
    }
  }
  if (!paragraph.empty()) spec.paragraphs.push_back(std::move(paragraph));
  // The options.
  for (++i; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    if (line.starts_with("  -")) {
      size_t gap = line.find("  ", 2);
      OptionSpec o;
      if (gap == std::string::npos || !parse_option_head(line.substr(2, gap - 2), &o)) {
        spec.errors.push_back("not an option line: " + line);
        continue;
      }
      o.description = trim(line.substr(gap));
      spec.options.push_back(std::move(o));
    } else if (line.starts_with("    ") && !spec.options.empty() && trim(line) != "") {
      spec.options.back().description += " " + trim(line);
    } else {
      spec.errors.push_back("not an option line: " + line);
    }
  }
  if (spec.usage_lines.empty()) spec.errors.push_back("no usage line");
  return spec;
}

std::vector<CommandSpec> command_specs() {
  std::vector<CommandSpec> specs;
  for (const Command& c : commands()) specs.push_back(parse_help(c));
  return specs;
}

ValueKind value_kind(const std::string& option, const std::string& placeholder) {
  if (option == "--person") return ValueKind::kMember;
  if (placeholder.find('|') != std::string::npos) return ValueKind::kWords;
  if (placeholder == "CONTENT") return ValueKind::kContent;
  if (placeholder == "DIR" || placeholder == "OUT") return ValueKind::kDir;
  if (placeholder.starts_with("FILE")) return ValueKind::kFile;
  if (placeholder == "TAG") return ValueKind::kLanguage;
  if (placeholder == "COMMAND") return ValueKind::kCommand;
  return ValueKind::kNone;
}

std::vector<std::string> placeholder_words(const std::string& placeholder) {
  return split(placeholder, '|');
}

std::vector<std::string> builtin_language_tags() {
  std::vector<std::string> tags;
  for (const auto& [file, bytes] : embedded_i18n_files())
    if (file.ends_with(".toml")) tags.push_back(file.substr(0, file.size() - 5));
  // By tag, not by file name: "zh" before "zh-Hant".
  std::sort(tags.begin(), tags.end());
  return tags;
}

}  // namespace sitegen
