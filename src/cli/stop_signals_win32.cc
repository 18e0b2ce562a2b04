// Windows tells a console program to stop by calling a handler on a thread of its own
// (Ctrl+C, Ctrl+Break, the console window closing). It passes the handler no context,
// so what the handler and requested() share lives in this file: a stop asked for, and
// whether the server has finished stopping.
#include <windows.h>

#include <atomic>

#include "cli/stop_signals.h"

namespace sitegen {

namespace {

std::atomic<bool> stop_asked{false};
std::atomic<bool> stopped{false};

BOOL WINAPI on_console_event(DWORD event) {
  if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT && event != CTRL_CLOSE_EVENT)
    return FALSE;  // logoff and shutdown reach services only
  stop_asked = true;
  // Windows ends the process as soon as the handler returns from a close event: give
  // the server time to stop (Windows allows 5 s) so no build is cut off halfway.
  if (event == CTRL_CLOSE_EVENT)
    for (int i = 0; i < 45 && !stopped; ++i) Sleep(100);
  return TRUE;
}

}  // namespace

struct ServeStopSignals::Saved {};

ServeStopSignals::ServeStopSignals() {
  stop_asked = false;
  stopped = false;
  SetConsoleCtrlHandler(on_console_event, TRUE);
}

ServeStopSignals::~ServeStopSignals() {
  stopped = true;
  SetConsoleCtrlHandler(on_console_event, FALSE);
}

bool ServeStopSignals::requested() {
  return stop_asked.exchange(false);
}

}  // namespace sitegen
