// The seam between the watcher's batching (watch.cc) and the ways of learning that files
// changed: the platform's notifications (watch_inotify.cc on Linux) and polling
// (watch_poll.cc, portable). Another platform adds a file defining native_watch_backend.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/site_output.h"
#include "serve/watch.h"

namespace sitegen {

// The changes seen during one Watcher::wait().
struct WatchBatch {
  std::set<std::string> paths;
  std::set<std::string> created;  // appeared during the batch: dropped again if gone at the end
  size_t more = 0;
  bool rescan = false;

  void add(const std::string& path, bool is_new);
  Changes finish();
};

class WatchBackend {
 public:
  using Clock = std::chrono::steady_clock;
  virtual ~WatchBackend() = default;

  // Watches these folders recursively instead of the earlier ones (sorted, no trailing
  // slash); folders that do not exist yet are picked up when they appear.
  virtual void set_roots(const std::vector<std::string>& roots) = 0;
  // A wait begins; with `look_now` (the caller's time is up already) the first step
  // looks at once. Adds the changes known already and says whether there were any.
  virtual bool begin_wait(WatchBatch& batch, bool look_now) = 0;
  // Waits until `until` at most (and about 100 ms at most, so a stop is seen), adds what
  // changed and says whether anything did; *looked tells whether it looked at all.
  virtual bool step(WatchBatch& batch, Clock::time_point until, bool* looked) = 0;
  // Ends a step() running in another thread early. Thread-safe.
  virtual void wake() = 0;
  // How long the files must stay unchanged before a batch ends, at least.
  virtual std::chrono::milliseconds min_quiet() const = 0;
  // Why this way of watching cannot go on (polling takes over); "" while it works.
  virtual std::string failure() const = 0;
  // What the user should know about watching this way ("some folders are not watched").
  virtual std::string note() const = 0;
};

std::unique_ptr<WatchBackend> poll_watch_backend(const WatchOptions& options);
// The platform's notifications; nullptr, with *why, where there are none or they fail.
std::unique_ptr<WatchBackend> native_watch_backend(const WatchOptions& options, std::string* why);

// Version-control folders change on every `git status`; they are never content.
inline bool is_skipped_dir(std::string_view name) {
  return name == ".git" || name == ".hg" || name == ".svn";
}

// Folders whose changes never start a build: version control's, and a built site's
// (public/ inside the content folder, and the folders a build stages beside it), which
// `sitegen build` writes while the preview runs.
inline bool is_unwatched_dir(const std::filesystem::path& dir) {
  return is_skipped_dir(dir.filename().string()) || is_site_output_dir(dir);
}

enum class WalkStep { kNext, kSkipFolder, kStop };

// What a notifying backend watches below `dir`: `visit(path, is_dir)` for each folder
// and file, never inside an unwatched folder, editors' temporary files left out, a
// symlink visited as a file. visit() says whether to go on, skip the folder's contents
// or stop.
template <class Visit>
void walk_watched_tree(const std::string& dir, Visit visit) {
  namespace fs = std::filesystem;
  std::error_code ec;
  for (auto it =
           fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code ec2;
    bool is_dir = it->is_directory(ec2) && !it->is_symlink(ec2);
    if (is_dir ? is_unwatched_dir(it->path()) : is_editor_temp(it->path().filename().string())) {
      if (is_dir) it.disable_recursion_pending();
      continue;
    }
    WalkStep step = visit(it->path().string(), is_dir);
    if (step == WalkStep::kStop) return;
    if (step == WalkStep::kSkipFolder) it.disable_recursion_pending();
  }
}

}  // namespace sitegen
