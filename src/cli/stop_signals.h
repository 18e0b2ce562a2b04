// How `sitegen serve` learns that the user wants it to stop, as the platform tells it
// (stop_signals_posix.cc: SIGINT and SIGTERM; stop_signals_win32.cc: the console's
// Ctrl+C, Ctrl+Break and its window closing).
#pragma once

#include <memory>

namespace sitegen {

// Made before any thread starts (on POSIX the threads inherit what it sets up); while
// it lives, a request to stop is kept for requested() instead of ending the process.
class ServeStopSignals {
 public:
  ServeStopSignals();
  ~ServeStopSignals();  // the process is stopped as before again
  ServeStopSignals(const ServeStopSignals&) = delete;
  ServeStopSignals& operator=(const ServeStopSignals&) = delete;

  // Whether a request to stop has come; if so, it is taken.
  bool requested();

 private:
  struct Saved;  // what the platform gives back at the end (POSIX: the signal mask)
  std::unique_ptr<Saved> saved_;
};

}  // namespace sitegen
