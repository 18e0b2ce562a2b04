// `sitegen man`: the manual page sitegen(1) in roff, written from the command table's
// --help texts (help_spec.h), so it says what --help says.
#include <ostream>
#include <string>
#include <string_view>

#include "cli/build_info.h"
#include "cli/help_spec.h"

namespace sitegen {

namespace {

// Text as roff prints it: backslashes, dashes and quotes escaped (so options keep their
// ASCII hyphens and quotes when copied), and a line that would start with a control
// character protected.
std::string roff(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '\\':
        out += "\\e";
        break;
      case '-':
        out += "\\-";
        break;
      case '\'':
        out += "\\(aq";
        break;
      case '`':
        out += "\\(ga";
        break;
      case '"':
        out += "\\(dq";
        break;
      default:
        out += c;
    }
  }
  if (!out.empty() && out[0] == '.') out.insert(0, "\\&");
  return out;
}

std::string trim_left(const std::string& s) {
  return s.substr(s.find_first_not_of(' '));
}

// One paragraph of a description: filled text, or, when indented as in --help, lines
// shown as they are (examples of commands).
void write_paragraph(std::ostream& os, const std::vector<std::string>& lines) {
  if (lines.front().starts_with("  ")) {
    os << ".PP\n.RS 4\n.nf\n";
    for (const std::string& l : lines) os << roff(l.substr(2)) << "\n";
    os << ".fi\n.RE\n";
    return;
  }
  os << ".PP\n";
  for (const std::string& l : lines) os << roff(trim_left(l)) << "\n";
}

void write_command(std::ostream& os, const CommandSpec& s) {
  os << ".SS " << s.name << "\n" << roff(s.summary) << ".\n.PP\n.nf\n";
  for (const std::string& u : s.usage_lines) {
    std::string_view rest = std::string_view(u).substr(8 + s.name.size());
    os << "\\fBsitegen " << s.name << "\\fR" << roff(rest) << "\n";
  }
  os << ".fi\n";
  for (const auto& p : s.paragraphs) write_paragraph(os, p);
  for (const OptionSpec& o : s.options) {
    os << ".TP\n";
    for (size_t i = 0; i < o.names.size(); ++i)
      os << (i ? ", " : "") << "\\fB" << roff(o.names[i]) << "\\fR";
    if (!o.value.empty()) os << " \\fI" << roff(o.value) << "\\fR";
    os << "\n" << roff(o.description) << "\n";
  }
}

}  // namespace

void write_manpage(std::ostream& os) {
  std::vector<CommandSpec> specs = command_specs();
  os << ".\\\" sitegen(1), written by `sitegen man` from the commands and options that\n"
     << ".\\\" `sitegen --help` lists.\n"
     << ".TH SITEGEN 1 \"\" \"sitegen " << SITEGEN_VERSION << "\" \"User Commands\"\n"
     << ".SH NAME\nsitegen \\- " << roff(kSitegenTagline) << "\n"
     << ".SH SYNOPSIS\n"
     << ".B sitegen\n.I command\n.RI [ options ]\n.br\n"
     << ".B sitegen help\n.RI [ command ]\n.br\n"
     << ".B sitegen \\-\\-version\n"
     << ".SH DESCRIPTION\n"
     << "sitegen turns a content folder of small, commented TOML and Markdown files (a\n"
        "profile, publications, news, talks and a CV) into a complete static website.\n"
        "The theme and the starter site are compiled into the program: start with\n"
        ".B sitegen new\n"
        ".IR folder ,\n"
        "preview it with\n"
        ".B sitegen serve\n"
        "and build it with\n"
        ".BR \"sitegen build\" .\n"
        ".PP\n"
        "Problems in the content are reported with the file, line and column, like a\n"
        "compiler's; a build that has an error writes nothing, and leaves the previous\n"
        "output as it was.\n"
        ".PP\n"
        "Each command below prints the same text with\n"
        ".B \\-\\-help\n"
        "(or\n"
        ".B sitegen help\n"
        ".IR command ).\n"
     << ".SH COMMANDS\n";
  for (const CommandSpec& s : specs) write_command(os, s);
  os << ".SH EXIT STATUS\n"
     << ".TP\n.B " << kExitOk << "\nsuccess\n"
     << ".TP\n.B " << kExitErrors << "\n"
     << "the content has errors (a build then writes nothing), or the command failed\n"
     << ".TP\n.B " << kExitUsage << "\n"
     << "a usage error: an unknown command or option, or a missing value\n"
     << ".SH SEE ALSO\n"
     << "The content format, themes, the live preview, publishing on GitHub Pages and\n"
        "importing publications are described in the folder\n"
        ".I docs\n"
        "of sitegen's source, at\n"
        ".UR https://github.com/"
     << kSitegenRepository << "\n.UE .\n";
}

int cmd_man(const std::vector<std::string>& args, Io io) {
  if (!args.empty()) {
    io.err << "usage: sitegen man\n";
    return kExitUsage;
  }
  write_manpage(io.out);
  return kExitOk;
}

}  // namespace sitegen
