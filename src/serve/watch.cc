// The file watcher behind `sitegen serve`. inotify gives changes within a millisecond;
// polling compares (mtime, size, inode) snapshots. Both collect events until the
// folders have been quiet for the debounce period, so an editor's save is one batch.
#include "serve/watch.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace fs = std::filesystem;

namespace sitegen {

namespace {

using Clock = std::chrono::steady_clock;

constexpr uint32_t kDirMask = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO |
                              IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK;
// Never wait longer than this in poll(), so stop() is seen even without the eventfd.
constexpr int kMaxSleepMs = 100;

// Version-control folders change on every `git status`; they are never content.
bool is_skipped_dir(std::string_view name) {
  return name == ".git" || name == ".hg" || name == ".svn";
}

std::string join(const std::string& dir, std::string_view name) {
  std::string p = dir;
  if (p.empty() || p.back() != '/') p += '/';
  p += name;
  return p;
}

bool path_exists(const std::string& p) {
  struct stat st;
  return ::lstat(p.c_str(), &st) == 0;
}

}  // namespace

bool is_editor_temp(std::string_view name) {
  if (name.empty() || name == "4913" || name == ".git") return true;  // vim probes with 4913
  if (name.substr(0, 2) == ".#" || name.ends_with("~")) return true;  // emacs lock and backup
  if (name.substr(0, 15) == ".goutputstream-") return true;           // gedit
  if (name.ends_with("___jb_tmp___") || name.ends_with("___jb_old___")) return true;  // JetBrains
  // vim swap files: .name.swp, .name.swo, ... (.sw[a-p]) and .name.swx
  if (name[0] == '.' && name.size() > 4) {
    std::string_view ext = name.substr(name.size() - 4);
    if (ext.substr(0, 3) == ".sw" && ((ext[3] >= 'a' && ext[3] <= 'p') || ext[3] == 'x'))
      return true;
  }
  return false;
}

struct Watcher::Batch {
  std::set<std::string> paths;
  std::set<std::string> created;  // appeared during the batch: dropped again if gone at the end
  size_t more = 0;
  bool rescan = false;

  void add(const std::string& path, bool is_new) {
    if (paths.size() >= 4 * kMaxReported && !paths.count(path)) {
      ++more;
      return;
    }
    paths.insert(path);
    if (is_new && created.size() < 4 * kMaxReported) created.insert(path);
  }
  bool any() const { return !paths.empty() || more > 0 || rescan; }

  Changes finish() {
    // A temporary file written and renamed (or deleted) within the burst is no change.
    for (const std::string& p : created)
      if (!path_exists(p)) paths.erase(p);
    Changes c;
    c.rescan = rescan;
    c.more = more;
    for (const std::string& p : paths) {
      if (c.paths.size() < kMaxReported)
        c.paths.push_back(p);
      else
        ++c.more;
    }
    return c;
  }
};

Watcher::Watcher(WatchOptions options) : options_(options) {
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

Watcher::~Watcher() {
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void Watcher::stop() {
  stopped_ = true;
  if (wake_fd_ >= 0) {
    uint64_t one = 1;
    ssize_t n = ::write(wake_fd_, &one, sizeof one);
    (void)n;  // the flag alone ends the wait within kMaxSleepMs
  }
}

void Watcher::start_inotify() {
  inotify_fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (inotify_fd_ < 0)
    fall_back_to_polling(std::string("inotify unavailable: ") + std::strerror(errno));
}

void Watcher::fall_back_to_polling(const std::string& why) {
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
  inotify_fd_ = -1;
  dirs_.clear();
  root_wds_.clear();
  note_ = why + "; watching by polling instead";
  snapshot_.clear();
  scan(snapshot_);
}

void Watcher::set_roots(std::vector<std::string> roots) {
  for (std::string& r : roots)
    while (r.size() > 1 && r.back() == '/') r.pop_back();
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  roots_ = std::move(roots);
  if (!options_.poll && inotify_fd_ < 0 && note_.empty()) start_inotify();
  if (polling()) {
    snapshot_.clear();
    scan(snapshot_);
    return;
  }
  // Re-adding a watched directory returns its old descriptor; drop the ones no root covers.
  std::map<int, std::string> old;
  old.swap(dirs_);
  root_wds_.clear();
  for (const std::string& root : roots_) add_tree(root, nullptr);
  for (const auto& [wd, _] : old)
    if (inotify_fd_ >= 0 && !dirs_.count(wd)) ::inotify_rm_watch(inotify_fd_, wd);
}

void Watcher::add_tree(const std::string& dir, Batch* batch) {
  auto watch = [&](const std::string& d) {
    if (inotify_fd_ < 0) return false;
    if (dirs_.size() >= options_.max_entries) {
      note_ =
          "more than " + std::to_string(options_.max_entries) + " folders; some are not watched";
      return false;
    }
    int wd = ::inotify_add_watch(inotify_fd_, d.c_str(), kDirMask);
    if (wd < 0) {
      if (errno == ENOSPC || errno == EMFILE)
        fall_back_to_polling("out of inotify watches (fs.inotify.max_user_watches)");
      return false;
    }
    dirs_[wd] = d;
    if (std::find(roots_.begin(), roots_.end(), d) != roots_.end()) root_wds_[d] = wd;
    return true;
  };
  if (!watch(dir)) return;
  std::error_code ec;
  for (auto it =
           fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code ec2;
    std::string p = it->path().string();
    if (it->is_directory(ec2) && !it->is_symlink(ec2)) {
      if (is_skipped_dir(it->path().filename().native())) {
        it.disable_recursion_pending();
        continue;
      }
      if (!watch(p)) {
        if (polling()) return;
        it.disable_recursion_pending();
      }
    } else if (batch && !is_editor_temp(it->path().filename().native())) {
      batch->add(p, true);  // written before the folder was watched
    }
  }
}

bool Watcher::add_missing_roots(Batch* batch) {
  bool added = false;
  for (const std::string& root : roots_) {
    std::error_code ec;
    if (polling() || root_wds_.count(root) || !fs::is_directory(root, ec)) continue;
    add_tree(root, batch);
    batch->add(root, false);
    added = true;
  }
  return added;
}

bool Watcher::read_events(Batch& batch) {
  alignas(inotify_event) char buf[16384];
  bool got = false;
  for (int rounds = 0; rounds < 64; ++rounds) {  // bounded: the rest waits for the next poll()
    ssize_t n = ::read(inotify_fd_, buf, sizeof buf);
    if (n <= 0) break;
    for (char* p = buf; p < buf + n;) {
      auto* ev = reinterpret_cast<inotify_event*>(p);
      p += sizeof(inotify_event) + ev->len;
      if (ev->mask & IN_Q_OVERFLOW) {
        batch.rescan = true;
        got = true;
        set_roots(roots_);  // watches for folders created meanwhile
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
      if (is_editor_temp(name) || ((ev->mask & IN_ISDIR) && is_skipped_dir(name))) continue;
      std::string path = join(dir->second, name);
      bool is_new = ev->mask & (IN_CREATE | IN_MOVED_TO);
      if (ev->mask & IN_ISDIR) {
        if (is_new) {
          add_tree(path, &batch);
          if (polling()) return true;
        } else if (ev->mask & (IN_DELETE | IN_MOVED_FROM)) {
          // A folder moved away keeps its watches under the old name: drop them.
          std::string prefix = path + "/";
          for (auto it = dirs_.begin(); it != dirs_.end();) {
            if (it->second == path || it->second.compare(0, prefix.size(), prefix) == 0) {
              ::inotify_rm_watch(inotify_fd_, it->first);
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

void Watcher::scan(std::map<std::string, FileStat>& snap) const {
  for (const std::string& root : roots_) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(
             root, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (snap.size() >= options_.max_entries) return;
      std::string p = it->path().string();
      struct stat st;
      if (::stat(p.c_str(), &st) != 0) continue;
      FileStat fs_stat;
      fs_stat.dir = S_ISDIR(st.st_mode);
      if (fs_stat.dir) {
        std::error_code ec2;
        if (is_skipped_dir(it->path().filename().native()) || it->is_symlink(ec2))
          it.disable_recursion_pending();
        continue;  // a folder counts through the files in it
      }
      if (is_editor_temp(it->path().filename().native())) continue;
      fs_stat.mtime_ns = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
      fs_stat.size = uint64_t(st.st_size);
      fs_stat.ino = uint64_t(st.st_ino);
      snap[p] = fs_stat;
    }
  }
}

bool Watcher::poll_once(Batch& batch) {
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
      if (a->second.mtime_ns != b->second.mtime_ns || a->second.size != b->second.size ||
          a->second.ino != b->second.ino) {
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

Changes Watcher::wait(std::chrono::milliseconds timeout) {
  Batch batch;
  const auto deadline = Clock::now() + timeout;
  // Polling needs one more quiet scan after the last change it saw.
  const auto quiet =
      options_.poll || polling()
          ? std::max(options_.debounce, options_.poll_interval + std::chrono::milliseconds(5))
          : options_.debounce;
  // A wait whose time is up already still looks once: the server asks that way after a build.
  Clock::time_point first, last,
      next_scan = Clock::now() + (timeout.count() > 0 ? options_.poll_interval : Clock::duration{});
  bool pending = false, looked = false;
  if (add_missing_roots(&batch)) pending = true, first = last = Clock::now();
  while (!stopped_) {
    auto now = Clock::now();
    if (pending && now >= std::min(last + quiet, first + options_.max_delay)) {
      Changes c = batch.finish();
      c.last = last;
      if (!c.empty()) return c;
      batch = Batch();  // only transient files came and went
      pending = false;
    }
    if (!pending && now >= deadline && looked) return {};
    auto until = pending ? std::min(last + quiet, first + options_.max_delay) : deadline;
    if (polling()) until = std::min(until, next_scan);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(until - now).count() + 1;
    pollfd fds[2] = {{wake_fd_, POLLIN, 0}, {inotify_fd_, POLLIN, 0}};
    int n = ::poll(fds, polling() ? 1 : 2, int(std::clamp<long long>(ms, 0, kMaxSleepMs)));
    if (n < 0 && errno != EINTR) return {};
    if (stopped_) break;
    bool got = false;
    if (polling()) {
      if (Clock::now() >= next_scan) {
        got = poll_once(batch);
        next_scan = Clock::now() + options_.poll_interval;
        looked = true;
      }
    } else {
      if (n > 0 && (fds[1].revents & POLLIN)) {
        got = read_events(batch);
        got = add_missing_roots(&batch) || got;
      }
      looked = true;
    }
    if (got) {
      last = Clock::now();
      if (!pending) first = last;
      pending = true;
    }
  }
  return {};
}

}  // namespace sitegen
