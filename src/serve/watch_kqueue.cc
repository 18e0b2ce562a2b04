// Watching with kqueue (macOS, the BSDs): one descriptor per watched folder and file, as
// kqueue reports changes of open files only. A folder's write means entries came or went:
// the folder is listed again and compared with what was watched in it.
#include <fcntl.h>
#include <sys/event.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "serve/watch_backend.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

#ifdef O_EVTONLY
constexpr int kOpenFlags = O_EVTONLY | O_CLOEXEC;  // macOS: does not keep a volume from unmounting
#else
constexpr int kOpenFlags = O_RDONLY | O_CLOEXEC;
#endif
constexpr unsigned kVnodeEvents =
    NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME;
// Never wait longer than this in kevent(), so a stop is seen even without the wake pipe.
constexpr long kMaxSleepMs = 100;

class KqueueBackend : public WatchBackend {
 public:
  KqueueBackend(const WatchOptions& options, int kq) : options_(options), kq_(kq) {
    if (::pipe(wake_) != 0) {
      wake_[0] = wake_[1] = -1;
    } else {
      for (int fd : wake_) {
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
        ::fcntl(fd, F_SETFD, FD_CLOEXEC);
      }
      struct kevent ev;
      EV_SET(&ev, wake_[0], EVFILT_READ, EV_ADD, 0, 0, 0);
      ::kevent(kq_, &ev, 1, nullptr, 0, nullptr);
    }
  }
  ~KqueueBackend() override {
    for (const auto& [fd, _] : paths_) ::close(fd);
    for (int fd : wake_)
      if (fd >= 0) ::close(fd);
    ::close(kq_);
  }

  void set_roots(const std::vector<std::string>& roots) override {
    for (const auto& [fd, _] : paths_) ::close(fd);  // closing a descriptor drops its events
    paths_.clear();
    fds_.clear();
    roots_ = roots;
    for (const std::string& root : roots_) add_tree(root, nullptr);
  }

  bool begin_wait(WatchBatch& batch, bool) override { return add_missing_roots(batch); }

  bool step(WatchBatch& batch, Clock::time_point until, bool* looked) override {
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    ms = std::clamp<long long>(ms + 1, 0, kMaxSleepMs);
    timespec timeout{time_t(ms / 1000), long(ms % 1000) * 1000000L};
    struct kevent events[64];
    int n = ::kevent(kq_, nullptr, 0, events, 64, &timeout);
    *looked = true;
    bool got = false;
    for (int i = 0; i < n; ++i) {
      int fd = int(events[i].ident);
      if (fd == wake_[0]) {
        char buf[64];
        while (::read(fd, buf, sizeof buf) > 0) {
        }
        continue;
      }
      got |= changed(batch, fd, events[i].fflags);
      if (failed()) return true;
    }
    return add_missing_roots(batch) || got;
  }

  void wake() override {
    if (wake_[1] < 0) return;
    ssize_t n = ::write(wake_[1], "", 1);
    (void)n;  // the caller's flag alone ends the wait within kMaxSleepMs
  }

  std::chrono::milliseconds min_quiet() const override { return {}; }
  std::string failure() const override { return failure_; }
  std::string note() const override { return note_; }

 private:
  struct Watched {
    std::string path;
    bool is_dir;
  };

  bool failed() const { return !failure_.empty(); }

  bool watch(const std::string& path, bool is_dir) {
    if (failed() || fds_.count(path)) return !failed();
    if (paths_.size() >= options_.max_entries) {
      note_ = "more than " + std::to_string(options_.max_entries) +
              " files and folders; some are not watched";
      return false;
    }
    int fd = ::open(path.c_str(), kOpenFlags);
    if (fd < 0) {
      if (errno == EMFILE || errno == ENFILE)
        failure_ = "out of file descriptors for kqueue (ulimit -n)";
      return false;
    }
    struct kevent ev;
    EV_SET(&ev, fd, EVFILT_VNODE, EV_ADD | EV_CLEAR, kVnodeEvents, 0, 0);
    if (::kevent(kq_, &ev, 1, nullptr, 0, nullptr) != 0) {
      ::close(fd);
      return false;
    }
    paths_[fd] = Watched{path, is_dir};
    fds_[path] = fd;
    return true;
  }

  void unwatch(const std::string& path) {  // the path and everything under it
    auto drop = [&](std::map<std::string, int>::iterator it) {
      ::close(it->second);
      paths_.erase(it->second);
      return fds_.erase(it);
    };
    if (auto it = fds_.find(path); it != fds_.end()) drop(it);
    std::string prefix = path + "/";  // "dir-x" sorts between "dir" and "dir/": look from here
    for (auto it = fds_.lower_bound(prefix);
         it != fds_.end() && it->first.compare(0, prefix.size(), prefix) == 0;)
      it = drop(it);
  }

  // Watches a folder and what is in it; with a batch, the files found count as new.
  void add_tree(const std::string& dir, WatchBatch* batch) {
    if (!watch(dir, true)) return;
    walk_watched_tree(dir, [&](const std::string& p, bool is_dir) {
      if (!watch(p, is_dir)) {
        if (failed()) return WalkStep::kStop;
        if (is_dir) return WalkStep::kSkipFolder;
      }
      if (!is_dir && batch) batch->add(p, true);  // written before it was watched
      return WalkStep::kNext;
    });
  }

  bool changed(WatchBatch& batch, int fd, unsigned flags) {
    auto found = paths_.find(fd);
    if (found == paths_.end()) return false;
    Watched w = found->second;
    bool is_root = std::find(roots_.begin(), roots_.end(), w.path) != roots_.end();
    if (flags & (NOTE_DELETE | NOTE_RENAME)) {
      unwatch(w.path);  // a subfolder's or file's parent reports what took its place
      if (is_root || !w.is_dir) batch.add(w.path, false);
      return true;
    }
    if (!w.is_dir) {
      batch.add(w.path, false);
      return true;
    }
    return relist(batch, w.path);
  }

  // A folder's entries changed: watch the new ones, forget the ones gone.
  bool relist(WatchBatch& batch, const std::string& dir) {
    std::set<std::string> now;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      std::string name = it->path().filename().string();
      std::error_code ec2;
      bool is_dir = it->is_directory(ec2) && !it->is_symlink(ec2);
      if (is_dir ? is_unwatched_dir(it->path()) : is_editor_temp(name)) continue;
      std::string p = it->path().string();
      now.insert(p);
      if (fds_.count(p)) continue;
      if (is_dir) {
        add_tree(p, &batch);
      } else {
        watch(p, false);
      }
      batch.add(p, true);
    }
    std::string prefix = dir + "/";
    std::vector<std::string> gone;
    for (auto it = fds_.upper_bound(prefix); it != fds_.end(); ++it) {
      if (it->first.compare(0, prefix.size(), prefix) != 0) break;
      if (it->first.find('/', prefix.size()) == std::string::npos && !now.count(it->first))
        gone.push_back(it->first);
    }
    for (const std::string& p : gone) {
      unwatch(p);
      batch.add(p, false);
    }
    return true;
  }

  bool add_missing_roots(WatchBatch& batch) {
    bool added = false;
    for (const std::string& root : roots_) {
      std::error_code ec;
      if (failed() || fds_.count(root) || !fs::is_directory(root, ec)) continue;
      add_tree(root, &batch);
      batch.add(root, false);
      added = true;
    }
    return added;
  }

  WatchOptions options_;
  int kq_;
  int wake_[2];  // a pipe written by wake(), read end in kq_
  std::vector<std::string> roots_;
  std::map<int, Watched> paths_;    // descriptor -> what it watches
  std::map<std::string, int> fds_;  // path -> descriptor, sorted so a subtree is a range
  std::string failure_, note_;
};

}  // namespace

std::unique_ptr<WatchBackend> native_watch_backend(const WatchOptions& options, std::string* why) {
  int kq = ::kqueue();
  if (kq < 0) {
    *why = std::string("kqueue unavailable: ") + std::strerror(errno);
    return nullptr;
  }
  ::fcntl(kq, F_SETFD, FD_CLOEXEC);
  return std::make_unique<KqueueBackend>(options, kq);
}

}  // namespace sitegen
