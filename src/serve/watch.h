// Watching content for `sitegen serve`: the platform's notifications where sitegen has
// them (inotify on Linux), polling otherwise, with --poll and in tests; an editor's
// save comes out as one batch. The ways of watching are behind watch_backend.h.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

struct WatchOptions {
  bool poll = false;                            // poll instead of the platform's notifications
  std::chrono::milliseconds debounce{40};       // a batch ends after this long without changes
  std::chrono::milliseconds max_delay{1000};    // ... or this long after its first change
  std::chrono::milliseconds poll_interval{50};  // polling: time between two scans
  size_t max_entries = 100000;  // directories watched, or files scanned when polling
};

// One batch of changes: paths as they were given (root + relative part), sorted.
struct Changes {
  std::vector<std::string> paths;  // at most kMaxReported
  size_t more = 0;                 // changed paths beyond those listed
  bool rescan = false;             // events were lost (queue overflow): assume anything changed
  std::chrono::steady_clock::time_point last;  // when the last change of the batch was seen
  bool empty() const { return paths.empty() && more == 0 && !rescan; }
};

// Files editors write beside the real one while saving (vim's 4913 and .swp, emacs'
// .#x and x~, ...): they never count as a change on their own.
bool is_editor_temp(std::string_view file_name);

class WatchBackend;

class Watcher {
 public:
  static constexpr size_t kMaxReported = 200;

  explicit Watcher(WatchOptions options = {});
  ~Watcher();
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;

  // Watches these directories recursively (replacing earlier roots). Missing roots are
  // picked up when they appear. Falls back to polling when the platform's notifications
  // are unavailable or run out (of inotify watches); note() then says why.
  void set_roots(std::vector<std::string> roots);
  const std::vector<std::string>& roots() const { return roots_; }

  // Waits up to `timeout` for a first change, then until the burst is over (debounce),
  // and returns the batch; an empty batch on timeout or after stop().
  Changes wait(std::chrono::milliseconds timeout);

  // Wakes a wait() in another thread; every later wait() returns at once. Thread-safe.
  void stop();

  bool polling() const { return polling_; }
  std::string note() const;

 private:
  WatchBackend& active() const { return polling_ ? *poll_ : *native_; }
  void fall_back_to_polling(const std::string& why);

  WatchOptions options_;
  std::vector<std::string> roots_;
  // Both are made once, so stop() can wake either from another thread.
  std::unique_ptr<WatchBackend> native_;  // null where there is none or it cannot start
  std::unique_ptr<WatchBackend> poll_;
  bool polling_ = true;  // which one wait() uses
  std::atomic<bool> stopped_{false};
  std::string note_;  // why polling is used although notifications were wanted
};

}  // namespace sitegen
