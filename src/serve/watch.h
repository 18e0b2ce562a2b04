// Watching content for `sitegen serve`: inotify on Linux, an mtime+size polling
// fallback elsewhere (and in tests); editor save bursts come out as one batch.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

struct WatchOptions {
  bool poll = false;                            // poll instead of inotify
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

class Watcher {
 public:
  static constexpr size_t kMaxReported = 200;

  explicit Watcher(WatchOptions options = {});
  ~Watcher();
  Watcher(const Watcher&) = delete;
  Watcher& operator=(const Watcher&) = delete;

  // Watches these directories recursively (replacing earlier roots). Missing roots are
  // picked up when they appear. Falls back to polling when inotify is unavailable or
  // out of watches; note() then says why.
  void set_roots(std::vector<std::string> roots);
  const std::vector<std::string>& roots() const { return roots_; }

  // Waits up to `timeout` for a first change, then until the burst is over (debounce),
  // and returns the batch; an empty batch on timeout or after stop().
  Changes wait(std::chrono::milliseconds timeout);

  // Wakes a wait() in another thread; every later wait() returns at once. Thread-safe.
  void stop();

  bool polling() const { return inotify_fd_ < 0; }
  const std::string& note() const { return note_; }

 private:
  struct FileStat {
    int64_t mtime_ns = 0;
    uint64_t size = 0;
    uint64_t ino = 0;
    bool dir = false;
  };
  struct Batch;

  void start_inotify();
  void fall_back_to_polling(const std::string& why);
  void add_tree(const std::string& dir, Batch* batch);
  bool add_missing_roots(Batch* batch);
  bool read_events(Batch& batch);
  void scan(std::map<std::string, FileStat>& snap) const;
  bool poll_once(Batch& batch);

  WatchOptions options_;
  std::vector<std::string> roots_;
  int inotify_fd_ = -1;
  int wake_fd_ = -1;  // an eventfd written by stop()
  std::atomic<bool> stopped_{false};
  std::map<int, std::string> dirs_;           // inotify watch descriptor -> directory
  std::map<std::string, int> root_wds_;       // the roots being watched
  std::map<std::string, FileStat> snapshot_;  // polling: the last scan
  std::string note_;
};

}  // namespace sitegen
