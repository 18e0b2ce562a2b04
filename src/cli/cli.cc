// sitegen's command line: a table of commands, --help and --version.
#include "cli/cli.h"

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <string_view>

#include "base/diag.h"
#include "base/utf8_path.h"
#include "cli/build_info.h"
#include "cli/help_spec.h"

namespace sitegen {

namespace {

void print_overview(std::ostream& os) {
  os << "sitegen: " << kSitegenTagline << "\n\n"
     << "usage: sitegen <command> [options]\n\ncommands:\n";
  size_t width = 10;
  for (const Command& c : commands()) width = std::max(width, std::string_view(c.name).size() + 2);
  for (const Command& c : commands()) {
    std::string name = c.name;
    name.resize(width, ' ');
    os << "  " << name << c.summary << "\n";
  }
  os << "\nRun `sitegen <command> --help` for a command's options.\n";
}

}  // namespace

int cmd_help(const std::vector<std::string>& args, Io io) {
  if (args.empty()) {
    print_overview(io.out);
    return kExitOk;
  }
  if (args.size() == 1) {
    for (const Command& c : commands()) {
      if (args[0] != c.name) continue;
      io.out << c.usage;
      return kExitOk;
    }
    io.err << "sitegen: unknown command `" << args[0] << "`; run `sitegen --help` for the list\n";
    return kExitUsage;
  }
  io.err << "usage: sitegen help [COMMAND]\n";
  return kExitUsage;
}

bool option_value(const std::vector<std::string>& args, size_t& i, std::string* dst, Io io) {
  if (i + 1 >= args.size()) {
    io.err << "sitegen: option " << args[i] << " needs a value\n";
    return false;
  }
  *dst = args[++i];
  return true;
}

std::string default_content_dir() {
  std::error_code ec;
  if (!std::filesystem::exists("content/site.toml", ec) && std::filesystem::exists("site.toml", ec))
    return ".";
  return "content";
}

std::string no_content_message(std::string_view command, const std::string& content, bool given) {
  std::error_code ec;
  if (std::filesystem::is_directory(utf8_path(content), ec)) return "";
  if (!given)
    return "no site here: looked for content/site.toml and ./site.toml; give the folder that "
           "holds site.toml (`sitegen " +
           std::string(command) + " DIR`), or start a site with `sitegen new content`";
  return "content directory `" + content + "` not found; start a site there with `sitegen new " +
         content + "`";
}

int run_cli(const std::vector<std::string>& argv, Io io) {
  if (argv.size() < 2) {
    print_overview(io.err);
    return kExitUsage;
  }
  const std::string& name = argv[1];
  if (name == "--help" || name == "-h") {
    print_overview(io.out);
    return kExitOk;
  }
  if (name == "--version" || name == "-V" || name == "version") {
    io.out << "sitegen " << SITEGEN_VERSION << " (commit " << kSitegenCommit << ")\n"
           << "https://github.com/" << kSitegenRepository << "\n";
    return kExitOk;
  }
  for (const Command& c : commands()) {
    if (name != c.name) continue;
    std::vector<std::string> args(argv.begin() + 2, argv.end());
    for (const std::string& a : args) {
      if (a == "--help" || a == "-h") {
        io.out << c.usage;
        return kExitOk;
      }
    }
    return c.run(args, io);
  }
  std::vector<std::string_view> names;
  for (const Command& c : commands()) names.push_back(c.name);
  io.err << "sitegen: unknown command `" << name << "`" << did_you_mean(name, names)
         << "; run `sitegen --help` for the list\n";
  return kExitUsage;
}

}  // namespace sitegen
