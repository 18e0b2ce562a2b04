// run_child on POSIX systems: posix_spawnp with three pipes, and poll until the child
// has closed its output and exited, or the time is up.
#include "site_build/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

extern char** environ;

namespace sitegen {

namespace {

struct Pipe {
  int fd[2] = {-1, -1};
  // Not inherited by other children (set after pipe(): macOS has no flag for it).
  bool open() {
    if (pipe(fd) != 0) return false;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return true;
  }
  void close_end(int i) {
    if (fd[i] >= 0) close(fd[i]);
    fd[i] = -1;
  }
  ~Pipe() {
    close_end(0);
    close_end(1);
  }
};

}  // namespace

ChildRun run_child(const std::vector<std::string>& argv, std::string_view input, int timeout_s) {
  ChildRun run;
  Pipe in, out, err;
  if (argv.empty() || !in.open() || !out.open() || !err.open()) {
    run.error = argv.empty() ? "no program" : std::strerror(errno);
    return run;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in.fd[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err.fd[1], 2);
  // No signal blocked or caught as sitegen's may be (`serve` blocks SIGINT and SIGTERM).
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int sig : {SIGINT, SIGTERM, SIGPIPE}) sigaddset(&defaults, sig);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    run.error = std::strerror(rc);
    return run;
  }
  run.started = true;
  in.close_end(0);
  out.close_end(1);
  err.close_end(1);
  // A child that stops reading must not end sitegen with SIGPIPE: its writes are
  // non-blocking, and a write to a closed pipe only fails (MSG_NOSIGNAL is for sockets,
  // so SIGPIPE is blocked in this thread while writing and a pending one taken back).
  fcntl(in.fd[1], F_SETFL, O_NONBLOCK);
  if (input.empty()) in.close_end(1);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  size_t written = 0;
  char buf[65536];
  while (out.fd[0] >= 0 || err.fd[0] >= 0 || in.fd[1] >= 0) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now())
                    .count();
    if (left <= 0) {
      run.timed_out = true;
      break;
    }
    pollfd fds[3] = {{out.fd[0], POLLIN, 0}, {err.fd[0], POLLIN, 0}, {in.fd[1], POLLOUT, 0}};
    if (poll(fds, 3, static_cast<int>(left)) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      Pipe& p = i == 0 ? out : err;
      if (p.fd[0] < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(p.fd[0], buf, sizeof buf);
      if (n > 0)
        (i == 0 ? run.out : run.err).append(buf, static_cast<size_t>(n));
      else if (n == 0 || errno != EINTR)
        p.close_end(0);
    }
    if (in.fd[1] >= 0 && (fds[2].revents & (POLLOUT | POLLHUP | POLLERR))) {
      sigset_t pipe_signal, old;
      sigemptyset(&pipe_signal);
      sigaddset(&pipe_signal, SIGPIPE);
      pthread_sigmask(SIG_BLOCK, &pipe_signal, &old);
      ssize_t n = write(in.fd[1], input.data() + written, input.size() - written);
      int write_errno = errno;
      if (n < 0 && write_errno == EPIPE) {
        timespec zero{0, 0};
        sigtimedwait(&pipe_signal, nullptr, &zero);
      }
      pthread_sigmask(SIG_SETMASK, &old, nullptr);
      if (n > 0) written += static_cast<size_t>(n);
      if ((n < 0 && write_errno != EAGAIN && write_errno != EINTR) || written == input.size())
        in.close_end(1);
    }
  }
  int status = 0;
  if (run.timed_out) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    return run;
  }
  // Its output is closed; its exit follows at once (bounded all the same).
  pid_t done = 0;
  while ((done = waitpid(pid, &status, WNOHANG)) == 0 &&
         std::chrono::steady_clock::now() < deadline)
    poll(nullptr, 0, 10);
  if (done != pid) {
    run.timed_out = true;
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    return run;
  }
  run.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace sitegen
