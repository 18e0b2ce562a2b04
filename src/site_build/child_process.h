// Running a helper program that reads its input from stdin and answers on stdout (the
// Python that highlights code): the POSIX calls are in child_process_posix.cc.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

struct ChildRun {
  bool started = false;    // false: the program could not be run (`error` says why)
  int status = -1;         // its exit status; -1 when it did not exit by itself
  bool timed_out = false;  // ended (SIGKILL) after the time limit
  std::string out;         // what it wrote to stdout
  std::string err;         // what it wrote to stderr
  std::string error;       // why it did not start: "No such file or directory"
};

// Runs `argv` (argv[0] a command on PATH or a path) with `input` on its stdin, gathering
// its stdout and stderr, and waits for it at most `timeout_s` seconds: past that it is
// killed. Its SIGINT and SIGTERM are the default ones, whatever sitegen's are.
ChildRun run_child(const std::vector<std::string>& argv, std::string_view input, int timeout_s);

}  // namespace sitegen
