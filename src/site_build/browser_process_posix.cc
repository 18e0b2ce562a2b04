// The browser's process group on POSIX systems: posix_spawn, process groups, signals.
#include "site_build/browser_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <thread>

extern char** environ;

namespace fs = std::filesystem;

namespace sitegen {

namespace {

// A signal handler can only leave a note where the code it interrupted will look: this
// one value, set by the handler and read by StopSignals while one lives.
volatile sig_atomic_t g_stop_signal = 0;

extern "C" void note_stop_signal(int sig) {
  g_stop_signal = sig;
}

constexpr int kStopSignals[] = {SIGINT, SIGTERM};

// Sends `sig` to the group and waits up to `wait_ms` for every process of it to be gone,
// collecting those that are our children. True when none is left.
bool end_group(pid_t group, int sig, int wait_ms) {
  kill(-group, sig);
  for (int waited = 0; waited < wait_ms; waited += 20) {
    while (waitpid(-group, nullptr, WNOHANG) > 0) {
    }
    if (kill(-group, 0) != 0 && errno == ESRCH) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

bool is_executable(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
}

}  // namespace

std::string resolve_command(const std::string& name) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) return is_executable(name) ? name : "";
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "";
  while (!dirs.empty()) {
    size_t colon = std::min(dirs.find(':'), dirs.size());
    std::string dir(dirs.substr(0, colon));
    dirs.remove_prefix(std::min(colon + 1, dirs.size()));
    if (dir.empty()) continue;
    fs::path candidate = fs::path(dir) / name;
    if (is_executable(candidate)) return candidate.string();
  }
  return "";
}

bool running_as_root() {
  return geteuid() == 0;
}

fs::path make_temp_dir(const std::string& prefix) {
  std::error_code ec;
  std::string tmpl = (fs::temp_directory_path(ec) / (prefix + "XXXXXX")).string();
  return !ec && mkdtemp(tmpl.data()) ? fs::path(tmpl) : fs::path();
}

struct StopSignals::Saved {
  struct sigaction old[2];
  bool set[2] = {false, false};
};

StopSignals::StopSignals(const std::atomic<bool>* stop) : stop_(stop) {
  sigset_t mask;
  pthread_sigmask(SIG_BLOCK, nullptr, &mask);
  if (sigismember(&mask, SIGINT) && sigismember(&mask, SIGTERM)) return;  // the owner takes them
  installed_ = true;
  saved_ = new Saved;
  g_stop_signal = 0;
  for (int i = 0; i < 2; ++i) {
    struct sigaction now {};
    sigaction(kStopSignals[i], nullptr, &saved_->old[i]);
    if (saved_->old[i].sa_handler == SIG_IGN) continue;  // e.g. `nohup`: stays ignored
    now.sa_handler = note_stop_signal;
    sigemptyset(&now.sa_mask);
    sigaction(kStopSignals[i], &now, nullptr);
    saved_->set[i] = true;
  }
}

StopSignals::~StopSignals() {
  if (!installed_) return;
  for (int i = 0; i < 2; ++i)
    if (saved_->set[i]) sigaction(kStopSignals[i], &saved_->old[i], nullptr);
  delete saved_;
  int sig = g_stop_signal;
  g_stop_signal = 0;
  if (sig != 0) raise(sig);
}

int StopSignals::caught() const {
  if (installed_ && g_stop_signal != 0) return g_stop_signal;
  if (stop_ && stop_->load()) return -1;
  if (installed_) return 0;
  sigset_t pending;
  sigpending(&pending);
  for (int sig : kStopSignals)
    if (sigismember(&pending, sig)) return sig;
  return 0;
}

BrowserExit run_browser(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                        const std::string& log, int timeout_s, const StopSignals& stop) {
  BrowserExit exit;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  // Its own group, so the end can reach its helpers too; no signal blocked or caught as
  // sitegen's may be (`serve` blocks SIGINT and SIGTERM), so SIGTERM ends it.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int sig : kStopSignals) sigaddset(&defaults, sig);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::vector<char*> vars;
  for (char** e = environ; *e; ++e) {
    std::string_view var = *e;
    bool replaced = false;
    for (const std::string& mine : env)
      replaced = replaced || var.substr(0, var.find('=') + 1) == mine.substr(0, mine.find('=') + 1);
    if (!replaced) vars.push_back(*e);
  }
  for (const std::string& mine : env) vars.push_back(const_cast<char*>(mine.c_str()));
  vars.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, args[0], &actions, &attr, args.data(), vars.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return exit;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  int status = 0;
  pid_t done = 0;
  while ((done = waitpid(pid, &status, WNOHANG)) == 0) {
    exit.stopped_by = stop.caught();
    exit.timed_out = std::chrono::steady_clock::now() > deadline;
    if (exit.stopped_by != 0 || exit.timed_out) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  if (done == pid) {
    exit.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    // Helpers that outlive the browser would keep files in its folder open. (Briefly:
    // where nothing reaps orphans, their zombies stay in the group.)
    end_group(pid, SIGKILL, 500);
    return exit;
  }
  // A moment to end on its own, then no choice; then its exit is collected.
  if (!end_group(pid, SIGTERM, 1000)) end_group(pid, SIGKILL, 2000);
  waitpid(pid, &status, WNOHANG);
  return exit;
}

}  // namespace sitegen
