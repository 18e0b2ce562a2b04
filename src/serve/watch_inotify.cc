// Watching with Linux's inotify: changes are known within a millisecond. One watch per
// folder, added as folders appear; the only file with Linux-only calls (inotify, eventfd).
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>

#include "serve/watch_backend.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

constexpr uint32_t kDirMask = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO |
                              IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK;
// Never wait longer than this in poll(), so a stop is seen even without the eventfd.
constexpr int kMaxSleepMs = 100;

std::string join(const std::string& dir, std::string_view name) {
  std::string p = dir;
  if (p.empty() || p.back() != '/') p += '/';
  p += name;
  return p;
}

class InotifyBackend : public WatchBackend {
 public:
  InotifyBackend(const WatchOptions& options, int fd)
      : options_(options), fd_(fd), wake_fd_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {}
  ~InotifyBackend() override {
    ::close(fd_);
    if (wake_fd_ >= 0) ::close(wake_fd_);
  }

  void set_roots(const std::vector<std::string>& roots) override {
    roots_ = roots;
    // Re-adding a watched directory returns its old descriptor; drop the ones no root covers.
    std::map<int, std::string> old;
    old.swap(dirs_);
    root_wds_.clear();
    for (const std::string& root : roots_) add_tree(root, nullptr);
    for (const auto& [wd, _] : old)
      if (!dirs_.count(wd)) ::inotify_rm_watch(fd_, wd);
  }

  bool begin_wait(WatchBatch& batch, bool) override { return add_missing_roots(&batch); }

  bool step(WatchBatch& batch, Clock::time_point until, bool* looked) override {
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    pollfd fds[2] = {{wake_fd_, POLLIN, 0}, {fd_, POLLIN, 0}};
    int n = ::poll(fds, 2, int(std::clamp<long long>(ms + 1, 0, kMaxSleepMs)));
    *looked = true;
    if (n <= 0 || !(fds[1].revents & POLLIN)) return false;
    bool got = read_events(batch);
    return add_missing_roots(&batch) || got;
  }

  void wake() override {
    if (wake_fd_ < 0) return;
    uint64_t one = 1;
    ssize_t n = ::write(wake_fd_, &one, sizeof one);
    (void)n;  // the caller's flag alone ends the wait within kMaxSleepMs
  }

  std::chrono::milliseconds min_quiet() const override { return {}; }
  std::string failure() const override { return failure_; }
  std::string note() const override { return note_; }

 private:
  bool failed() const { return !failure_.empty(); }

  bool watch(const std::string& dir) {
    if (failed()) return false;
    if (dirs_.size() >= options_.max_entries) {
      note_ =
          "more than " + std::to_string(options_.max_entries) + " folders; some are not watched";
      return false;
    }
    int wd = ::inotify_add_watch(fd_, dir.c_str(), kDirMask);
    if (wd < 0) {
      if (errno == ENOSPC || errno == EMFILE)
        failure_ = "out of inotify watches (fs.inotify.max_user_watches)";
      return false;
    }
    dirs_[wd] = dir;
    if (std::find(roots_.begin(), roots_.end(), dir) != roots_.end()) root_wds_[dir] = wd;
    return true;
  }

  void add_tree(const std::string& dir, WatchBatch* batch) {
    if (!watch(dir)) return;
    walk_watched_tree(dir, [&](const std::string& p, bool is_dir) {
      if (!is_dir) {
        if (batch) batch->add(p, true);  // written before the folder was watched
        return WalkStep::kNext;
      }
      if (watch(p)) return WalkStep::kNext;
      return failed() ? WalkStep::kStop : WalkStep::kSkipFolder;
    });
  }

  bool add_missing_roots(WatchBatch* batch) {
    bool added = false;
    for (const std::string& root : roots_) {
      std::error_code ec;
      if (failed() || root_wds_.count(root) || !fs::is_directory(root, ec)) continue;
      add_tree(root, batch);
      batch->add(root, false);
      added = true;
    }
    return added;
  }

  bool read_events(WatchBatch& batch);

  WatchOptions options_;
  int fd_;
  int wake_fd_;  // an eventfd written by wake()
  std::vector<std::string> roots_;
  std::map<int, std::string> dirs_;      // watch descriptor -> directory
  std::map<std::string, int> root_wds_;  // the roots being watched
  std::string failure_, note_;
};

bool InotifyBackend::read_events(WatchBatch& batch) {
  alignas(inotify_event) char buf[16384];
  bool got = false;
  for (int rounds = 0; rounds < 64; ++rounds) {  // bounded: the rest waits for the next poll()
    ssize_t n = ::read(fd_, buf, sizeof buf);
    if (n <= 0) break;
    for (char* p = buf; p < buf + n;) {
      auto* ev = reinterpret_cast<inotify_event*>(p);
      p += sizeof(inotify_event) + ev->len;
      if (ev->mask & IN_Q_OVERFLOW) {
        batch.rescan = true;
        got = true;
        set_roots(std::vector<std::string>(roots_));  // watches for folders created meanwhile
        continue;
      }
      auto dir = dirs_.find(ev->wd);
      if (dir == dirs_.end()) continue;
      if (ev->mask & IN_IGNORED) {
        auto root = root_wds_.find(dir->second);
        if (root != root_wds_.end() && root->second == ev->wd) root_wds_.erase(root);
        dirs_.erase(dir);
        continue;
      }
      if (ev->len == 0) {
        // The watched folder itself: only its removal matters (a root's; subfolders are
        // reported by their parent).
        if ((ev->mask & IN_DELETE_SELF) &&
            std::find(roots_.begin(), roots_.end(), dir->second) != roots_.end()) {
          batch.add(dir->second, false);
          got = true;
        }
        continue;
      }
      std::string name(ev->name, strnlen(ev->name, ev->len));
      if (is_editor_temp(name)) continue;
      std::string path = join(dir->second, name);
      if ((ev->mask & IN_ISDIR) && is_unwatched_dir(path)) continue;
      bool is_new = ev->mask & (IN_CREATE | IN_MOVED_TO);
      if (ev->mask & IN_ISDIR) {
        if (is_new) {
          add_tree(path, &batch);
          if (failed()) return true;
        } else if (ev->mask & (IN_DELETE | IN_MOVED_FROM)) {
          // A folder moved away keeps its watches under the old name: drop them.
          std::string prefix = path + "/";
          for (auto it = dirs_.begin(); it != dirs_.end();) {
            if (it->second == path || it->second.compare(0, prefix.size(), prefix) == 0) {
              ::inotify_rm_watch(fd_, it->first);
              root_wds_.erase(it->second);
              it = dirs_.erase(it);
            } else {
              ++it;
            }
          }
        } else {
          continue;  // attribute changes of a folder
        }
      }
      batch.add(path, is_new);
      got = true;
    }
  }
  return got;
}

}  // namespace

std::unique_ptr<WatchBackend> native_watch_backend(const WatchOptions& options, std::string* why) {
  int fd = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd < 0) {
    *why = std::string("inotify unavailable: ") + std::strerror(errno);
    return nullptr;
  }
  return std::make_unique<InotifyBackend>(options, fd);
}

}  // namespace sitegen
