// Watching by polling, on every platform: each scan compares every file's (mtime, size,
// inode) with the scan before. Used with --poll (network and FUSE file systems), where
// the platform has no notifications, and when they run out.
#include <sys/stat.h>

#include <algorithm>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>

#include "base/utf8_path.h"
#include "serve/watch_backend.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

// Never sleep longer than this, so a stop is seen even if the wake-up is missed.
constexpr std::chrono::milliseconds kMaxSleep{100};

struct FileStat {
  int64_t mtime = 0;  // in the file clock's ticks
  uint64_t size = 0;
  uint64_t ino = 0;
  bool operator==(const FileStat&) const = default;
};

class PollBackend : public WatchBackend {
 public:
  explicit PollBackend(const WatchOptions& options) : options_(options) {}

  void set_roots(const std::vector<std::string>& roots) override {
    roots_ = roots;
    snapshot_.clear();
    scan(snapshot_);
  }

  bool begin_wait(WatchBatch&, bool look_now) override {
    next_scan_ = Clock::now() + (look_now ? Clock::duration{} : options_.poll_interval);
    return false;
  }

  bool step(WatchBatch& batch, Clock::time_point until, bool* looked) override {
    {
      std::unique_lock<std::mutex> lock(mu_);
      auto wake_at = std::min({until, next_scan_, Clock::now() + kMaxSleep});
      cv_.wait_until(lock, wake_at, [&] { return woken_; });
      if (woken_) return *looked = false;
    }
    *looked = false;
    if (Clock::now() < next_scan_) return false;
    bool got = poll_once(batch);
    next_scan_ = Clock::now() + options_.poll_interval;
    *looked = true;
    return got;
  }

  void wake() override {
    std::lock_guard<std::mutex> lock(mu_);
    woken_ = true;
    cv_.notify_all();
  }

  // One more quiet scan is needed after the last change seen.
  std::chrono::milliseconds min_quiet() const override {
    return options_.poll_interval + std::chrono::milliseconds(5);
  }
  std::string failure() const override { return ""; }
  std::string note() const override { return ""; }

 private:
  void scan(std::map<std::string, FileStat>& snap) const {
    for (const std::string& root : roots_) {
      std::error_code ec;
      for (auto it = fs::recursive_directory_iterator(
               utf8_path(root), fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (snap.size() >= options_.max_entries) return;
        std::string p = it->path().string();
        std::error_code ec2;
        fs::file_status status = it->status(ec2);  // through a symlink, as stat() looks
        if (ec2 || !fs::exists(status)) continue;  // e.g. a link to nothing
        if (fs::is_directory(status)) {
          if (is_unwatched_dir(it->path()) || it->is_symlink(ec2)) it.disable_recursion_pending();
          continue;  // a folder counts through the files in it
        }
        if (is_editor_temp(it->path().filename().string())) continue;
        // Times and sizes through the path object: on Windows a std::string names a file
        // by the C locale, not UTF-8. The inode (a file replaced by a rename) where the
        // system has one.
        FileStat f;
        f.mtime = int64_t(fs::last_write_time(it->path(), ec2).time_since_epoch().count());
        f.size = fs::is_regular_file(status) ? uint64_t(it->file_size(ec2)) : 0;
        struct stat st;
        f.ino = ::stat(p.c_str(), &st) == 0 ? uint64_t(st.st_ino) : 0;
        snap[p] = f;
      }
    }
  }

  bool poll_once(WatchBatch& batch) {
    std::map<std::string, FileStat> now;
    scan(now);
    bool got = false;
    auto a = snapshot_.begin();
    auto b = now.begin();
    while (a != snapshot_.end() || b != now.end()) {
      if (b == now.end() || (a != snapshot_.end() && a->first < b->first)) {
        batch.add(a->first, false);  // deleted
        got = true;
        ++a;
      } else if (a == snapshot_.end() || b->first < a->first) {
        batch.add(b->first, true);  // new
        got = true;
        ++b;
      } else {
        if (!(a->second == b->second)) {
          batch.add(b->first, false);
          got = true;
        }
        ++a;
        ++b;
      }
    }
    snapshot_.swap(now);
    return got;
  }

  WatchOptions options_;
  std::vector<std::string> roots_;
  std::map<std::string, FileStat> snapshot_;  // the last scan
  Clock::time_point next_scan_;
  std::mutex mu_;  // guards woken_
  std::condition_variable cv_;
  bool woken_ = false;
};

}  // namespace

std::unique_ptr<WatchBackend> poll_watch_backend(const WatchOptions& options) {
  return std::make_unique<PollBackend>(options);
}

}  // namespace sitegen
