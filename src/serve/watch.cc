// The file watcher behind `sitegen serve`, the part every platform shares: it collects
// the changes a backend reports (watch_backend.h) until the folders have been quiet for
// the debounce period, so an editor's save is one batch, and falls back to polling.
#include "serve/watch.h"

#include <algorithm>
#include <filesystem>

#include "serve/watch_backend.h"

namespace fs = std::filesystem;

namespace sitegen {

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

void WatchBatch::add(const std::string& path, bool is_new) {
  constexpr size_t kMaxKept = 4 * Watcher::kMaxReported;
  if (paths.size() >= kMaxKept && !paths.count(path)) {
    ++more;
    return;
  }
  paths.insert(path);
  if (is_new && created.size() < kMaxKept) created.insert(path);
}

Changes WatchBatch::finish() {
  // A temporary file written and renamed (or deleted) within the burst is no change.
  for (const std::string& p : created) {
    std::error_code ec;
    if (!fs::exists(fs::symlink_status(p, ec))) paths.erase(p);
  }
  Changes c;
  c.rescan = rescan;
  c.more = more;
  for (const std::string& p : paths) {
    if (c.paths.size() < Watcher::kMaxReported)
      c.paths.push_back(p);
    else
      ++c.more;
  }
  return c;
}

Watcher::Watcher(WatchOptions options) : options_(options), poll_(poll_watch_backend(options)) {
  if (options_.poll) return;
  std::string why;
  native_ = native_watch_backend(options_, &why);
  if (native_)
    polling_ = false;
  else
    note_ = why + "; watching by polling instead";
}

Watcher::~Watcher() = default;

void Watcher::stop() {
  stopped_ = true;
  if (native_) native_->wake();
  poll_->wake();
}

std::string Watcher::note() const {
  if (!note_.empty() || polling_) return note_;
  return native_->note();
}

void Watcher::fall_back_to_polling(const std::string& why) {
  polling_ = true;
  note_ = why + "; watching by polling instead";
  poll_->set_roots(roots_);
}

void Watcher::set_roots(std::vector<std::string> roots) {
  for (std::string& r : roots)
    while (r.size() > 1 && r.back() == '/') r.pop_back();
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  roots_ = std::move(roots);
  active().set_roots(roots_);
  if (!polling_ && !native_->failure().empty()) fall_back_to_polling(native_->failure());
}

Changes Watcher::wait(std::chrono::milliseconds timeout) {
  using Clock = WatchBackend::Clock;
  WatchBatch batch;
  const auto deadline = Clock::now() + timeout;
  auto quiet = [&] { return std::max(options_.debounce, active().min_quiet()); };
  Clock::time_point first, last;
  bool pending = false, looked = false;
  // A wait whose time is up already still looks once: the server asks that way after a build.
  if (active().begin_wait(batch, timeout.count() <= 0)) pending = true, first = last = Clock::now();
  while (!stopped_) {
    auto now = Clock::now();
    if (pending && now >= std::min(last + quiet(), first + options_.max_delay)) {
      Changes c = batch.finish();
      c.last = last;
      if (!c.empty()) return c;
      batch = WatchBatch();  // only transient files came and went
      pending = false;
    }
    if (!pending && now >= deadline && looked) return {};
    auto until = pending ? std::min(last + quiet(), first + options_.max_delay) : deadline;
    bool saw = false;
    bool got = active().step(batch, until, &saw);
    looked = looked || saw;
    if (!polling_ && !native_->failure().empty()) {
      fall_back_to_polling(native_->failure());
      active().begin_wait(batch, false);
    }
    if (stopped_) break;
    if (got) {
      last = Clock::now();
      if (!pending) first = last;
      pending = true;
    }
  }
  return {};
}

}  // namespace sitegen
