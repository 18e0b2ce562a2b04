// Runs sitegen's command line in the test's own process, as main() would, and keeps what
// it printed: for tests of commands, their messages and exit codes.
#pragma once

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.h"

namespace sitegen::testing {

struct Run {
  int code;
  std::string out, err;
};

// `args` without the program name: run({"build", "content", "-q"}).
inline Run run(std::vector<std::string> args) {
  args.insert(args.begin(), "sitegen");
  std::ostringstream out, err;
  int code = run_cli(args, {out, err});
  return {code, out.str(), err.str()};
}

}  // namespace sitegen::testing
