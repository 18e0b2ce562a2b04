// SIGINT and SIGTERM are blocked before any thread starts, so every thread inherits the
// mask and the signals stay pending until requested() takes them with sigwait. No
// handler runs asynchronously, so no global flag or self-pipe is needed at all.
#include <pthread.h>
#include <signal.h>

#include "cli/stop_signals.h"

namespace sitegen {

namespace {

sigset_t stop_set() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

struct ServeStopSignals::Saved {
  sigset_t mask;
};

ServeStopSignals::ServeStopSignals() : saved_(std::make_unique<Saved>()) {
  sigset_t set = stop_set();
  pthread_sigmask(SIG_BLOCK, &set, &saved_->mask);
}

ServeStopSignals::~ServeStopSignals() {
  pthread_sigmask(SIG_SETMASK, &saved_->mask, nullptr);
}

bool ServeStopSignals::requested() {
  sigset_t pending;
  if (sigpending(&pending) != 0) return false;
  if (!sigismember(&pending, SIGINT) && !sigismember(&pending, SIGTERM)) return false;
  sigset_t set = stop_set();
  int sig = 0;
  sigwait(&set, &sig);  // returns at once: one is pending
  return true;
}

}  // namespace sitegen
