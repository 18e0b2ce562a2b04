// Running the printing browser as a child process: in a process group of its own (it
// starts helpers), with a time limit, and ended together with its helpers when the
// time is up or when the user stops sitegen (SIGINT, SIGTERM). The POSIX calls are in
// browser_process_posix.cc.
#pragma once

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

namespace sitegen {

// While it lives, SIGINT and SIGTERM are noted instead of ending sitegen at once, so the
// browser can be ended and its temporary folder removed first. When it goes (after the
// objects made after it), a signal that came is raised again with the handling that was
// there before: the process then ends as it would have. A signal the process ignores stays
// ignored. In a thread that blocks both (`sitegen serve`, which takes them with sigwait),
// it installs nothing and reports a pending one, which stays pending for its owner. The
// owner may also ask to stop with `stop` (its stop() running in another thread).
class StopSignals {
 public:
  explicit StopSignals(const std::atomic<bool>* stop = nullptr);
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
  // The signal that asks to stop (SIGINT or SIGTERM), -1 when `stop` does, or 0.
  int caught() const;

 private:
  const std::atomic<bool>* stop_;
  bool installed_ = false;
  struct Saved;
  Saved* saved_ = nullptr;
};

// `name` as a path (when it has a '/', or on Windows a '\\') or a command found on PATH
// (on Windows also with ".exe", and "chrome" where Chrome or Edge installs itself);
// "" when neither.
std::string resolve_command(const std::string& name);

// A new folder only this user may read, below the system's temporary folder, named
// `prefix` and random letters; empty when none can be made.
std::filesystem::path make_temp_dir(const std::string& prefix);

// Whether sitegen runs as the superuser (root), whom Chromium's sandbox refuses.
bool running_as_root();

struct BrowserExit {
  int status = -1;         // the exit status; -1 when it did not exit by itself
  bool timed_out = false;  // ended after `timeout_s` seconds
  int stopped_by = 0;      // ended because this signal asked sitegen to stop (-1: its owner)
};

// Runs `argv` with sitegen's environment and `env` ("NAME=value", replacing a variable of
// that name), stdin from /dev/null and its output to the file `log`, in a new process
// group with default signal handling. Returns when it exits, or ends the whole
// group (SIGTERM, then SIGKILL) after `timeout_s` seconds or when `stop` reports a signal,
// and waits (bounded) until the group is gone.
BrowserExit run_browser(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                        const std::string& log, int timeout_s, const StopSignals& stop);

}  // namespace sitegen
