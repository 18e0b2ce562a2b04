// Opening a URL on POSIX systems: macOS's `open`, elsewhere the desktop's `xdg-open`,
// started with posix_spawnp. Both hand the URL to the browser and end.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <cstring>

#include "cli/open_url.h"

extern char** environ;

namespace sitegen {

#ifdef __APPLE__
const char* const kOpenUrlProgram = "open";
#else
const char* const kOpenUrlProgram = "xdg-open";
#endif

pid_t open_url(const std::string& url, std::string* err) {
  // serve blocks SIGINT and SIGTERM; a browser that inherited that mask could not be
  // interrupted.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&files, 2, "/dev/null", O_WRONLY, 0);
  std::string prog = kOpenUrlProgram;
  char* argv[] = {prog.data(), const_cast<char*>(url.c_str()), nullptr};
  pid_t pid = -1;
  int rc = posix_spawnp(&pid, kOpenUrlProgram, &files, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attr);
  if (rc == 0) return pid;
  *err = std::string("cannot run ") + kOpenUrlProgram + " (" + std::strerror(rc) + ")";
  return -1;
}

void reap_opener(pid_t pid) {
  if (pid > 0) waitpid(pid, nullptr, WNOHANG);
}

}  // namespace sitegen
