// The command table: argv -> a command's run function. Exit codes: 0 ok,
// 1 content or build errors, 2 usage.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "import/http_fetch.h"

namespace sitegen {

struct Io {
  std::ostream& out;
  std::ostream& err;
};

struct Command {
  const char* name;
  const char* summary;
  const char* usage;  // full --help text
  int (*run)(const std::vector<std::string>& args, Io io);
};

const std::vector<Command>& commands();
int run_cli(const std::vector<std::string>& argv, Io io);

// Commands defined in their own files.
int cmd_build(const std::vector<std::string>& args, Io io);
int cmd_check(const std::vector<std::string>& args, Io io);
int cmd_new(const std::vector<std::string>& args, Io io);
int cmd_import(const std::vector<std::string>& args, Io io);
int cmd_migrate(const std::vector<std::string>& args, Io io);
int cmd_serve(const std::vector<std::string>& args, Io io);
int cmd_upgrade(const std::vector<std::string>& args, Io io);
int cmd_update(const std::vector<std::string>& args, Io io);
int cmd_completions(const std::vector<std::string>& args, Io io);  // completions.cc
int cmd_man(const std::vector<std::string>& args, Io io);          // manpage.cc
int cmd_help(const std::vector<std::string>& args, Io io);         // cli.cc
// `sitegen import dblp|orcid|openalex ID` (cmd_import_web.cc).
int cmd_import_web(const std::vector<std::string>& args, Io io);

// The fetch settings of `import` and `update`: sitegen's User-Agent with the site's
// contact, and SITEGEN_HTTP_DELAY_MS / SITEGEN_HTTP_TIMEOUT_MS for tests.
FetchOptions polite_fetch_options(const std::string& email);

// The value of the option args[i] (the next argument, which i moves to), or false
// after printing "option X needs a value" when there is none.
bool option_value(const std::vector<std::string>& args, size_t& i, std::string* dst, Io io);

// The content directory when none is given: content/ if it holds site.toml, else the
// current directory if it does (a tree made by `sitegen new`), else content/.
std::string default_content_dir();
// Why there is no site to build in `content`, naming where sitegen looked and how to
// start one; "" when the folder exists. `given`: the folder was named on the command
// line, rather than chosen by default_content_dir(); `command`: "build", for the hint.
std::string no_content_message(std::string_view command, const std::string& content, bool given);

inline constexpr int kExitOk = 0;
inline constexpr int kExitErrors = 1;
inline constexpr int kExitUsage = 2;

}  // namespace sitegen
