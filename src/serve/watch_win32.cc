// Watching on Windows with ReadDirectoryChangesW: one handle per root, which reports
// changes in the whole tree below it (no watch per folder, so no limit to run out of).
// Each root has one overlapped read pending; step() waits on their events and on one
// that wake() sets.
#include <windows.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string_view>

#include "base/wide_text_win32.h"
#include "serve/watch_backend.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

// Never wait longer than this, so a stop is seen even if the wake event were lost.
constexpr DWORD kMaxSleepMs = 100;
// What counts as a change: names, contents, sizes and attributes (inotify's IN_ATTRIB).
constexpr DWORD kFilter = FILE_NOTIFY_CHANGE_FILE_NAME | FILE_NOTIFY_CHANGE_DIR_NAME |
                          FILE_NOTIFY_CHANGE_LAST_WRITE | FILE_NOTIFY_CHANGE_SIZE |
                          FILE_NOTIFY_CHANGE_ATTRIBUTES | FILE_NOTIFY_CHANGE_CREATION;
// 64 KiB: the most a read reports over the network; more changes at once set `rescan`.
constexpr size_t kBufferWords = 64 * 1024 / sizeof(DWORD);

// One root folder and its pending read. The buffer and OVERLAPPED belong to the system
// while a read is pending, so the destructor cancels the read and waits for it.
struct RootWatch {
  std::string root;
  HANDLE dir = INVALID_HANDLE_VALUE;
  OVERLAPPED ov{};
  std::vector<DWORD> buffer = std::vector<DWORD>(kBufferWords);  // DWORD-aligned, as required
  bool pending = false;

  ~RootWatch() {
    if (pending) {
      DWORD bytes = 0;
      CancelIoEx(dir, &ov);
      GetOverlappedResult(dir, &ov, &bytes, TRUE);
    }
    if (dir != INVALID_HANDLE_VALUE) CloseHandle(dir);
    if (ov.hEvent) CloseHandle(ov.hEvent);
  }
};

class Win32Backend : public WatchBackend {
 public:
  Win32Backend(const WatchOptions& options, HANDLE wake_event)
      : options_(options), wake_event_(wake_event) {}
  ~Win32Backend() override {
    watches_.clear();
    CloseHandle(wake_event_);
  }

  void set_roots(const std::vector<std::string>& roots) override {
    watches_.clear();
    roots_ = roots;
    for (const std::string& root : roots_) open(root);
  }

  bool begin_wait(WatchBatch& batch, bool) override { return add_missing_roots(batch); }

  bool step(WatchBatch& batch, Clock::time_point until, bool* looked) override {
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    std::vector<HANDLE> events{wake_event_};
    for (const auto& w : watches_)
      if (w->pending && events.size() < MAXIMUM_WAIT_OBJECTS) events.push_back(w->ov.hEvent);
    WaitForMultipleObjects(DWORD(events.size()), events.data(), FALSE,
                           DWORD(std::clamp<long long>(ms + 1, 0, kMaxSleepMs)));
    *looked = true;
    bool got = false;
    for (auto it = watches_.begin(); it != watches_.end();) {
      if (!collect(**it, batch, &got)) {  // the root is gone, or cannot be watched
        got = true;
        batch.add((*it)->root, false);
        it = watches_.erase(it);
      } else {
        ++it;
      }
    }
    return add_missing_roots(batch) || got;
  }

  void wake() override { SetEvent(wake_event_); }

  std::chrono::milliseconds min_quiet() const override { return {}; }
  std::string failure() const override { return failure_; }
  std::string note() const override { return note_; }

 private:
  // Opens `root` and starts its first read; false when it does not exist (yet).
  bool open(const std::string& root) {
    if (!failure_.empty()) return false;
    if (watches_.size() + 1 >= MAXIMUM_WAIT_OBJECTS) {
      note_ = "more than " + std::to_string(MAXIMUM_WAIT_OBJECTS - 2) +
              " folders to watch; some are not watched";
      return false;
    }
    auto w = std::make_unique<RootWatch>();
    w->root = root;
    w->dir = CreateFileW(to_wide(root).c_str(), FILE_LIST_DIRECTORY,
                         FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OVERLAPPED, nullptr);
    if (w->dir == INVALID_HANDLE_VALUE) return false;
    w->ov.hEvent = CreateEventW(nullptr, TRUE, FALSE, nullptr);
    if (!w->ov.hEvent || !read(*w)) return false;
    watches_.push_back(std::move(w));
    return true;
  }

  bool read(RootWatch& w) {
    ResetEvent(w.ov.hEvent);
    w.pending =
        ReadDirectoryChangesW(w.dir, w.buffer.data(), DWORD(w.buffer.size() * sizeof(DWORD)), TRUE,
                              kFilter, nullptr, &w.ov, nullptr);
    if (!w.pending && GetLastError() == ERROR_INVALID_FUNCTION)
      failure_ = "the file system of " + w.root + " does not report changes";
    return w.pending;
  }

  // Takes what a finished read reported and starts the next; false when the root can no
  // longer be watched (it was deleted or moved away).
  bool collect(RootWatch& w, WatchBatch& batch, bool* got) {
    DWORD bytes = 0;
    if (!GetOverlappedResult(w.dir, &w.ov, &bytes, FALSE)) {
      DWORD error = GetLastError();
      if (error == ERROR_IO_INCOMPLETE) return true;
      w.pending = false;
      if (error != ERROR_NOTIFY_ENUM_DIR) return false;
      bytes = 0;  // too many changes for the buffer: as an overflow
    }
    w.pending = false;
    if (bytes == 0) {
      batch.rescan = true;
      *got = true;
    } else {
      *got = read_events(w, bytes, batch) || *got;
    }
    return read(w);
  }

  bool read_events(const RootWatch& w, DWORD bytes, WatchBatch& batch);

  // Whether `relative` (with '/') lies in a folder never watched, or is one.
  bool in_unwatched_dir(const std::string& root, const std::string& relative) {
    for (size_t slash = 0; slash != std::string::npos;) {
      slash = relative.find('/', slash + 1);
      std::string dir = root + "/" + relative.substr(0, slash);
      auto known = unwatched_.find(dir);
      if (known == unwatched_.end()) known = unwatched_.emplace(dir, is_unwatched_dir(dir)).first;
      if (known->second) return true;
    }
    return false;
  }

  bool add_missing_roots(WatchBatch& batch) {
    bool added = false;
    for (const std::string& root : roots_) {
      std::error_code ec;
      bool open_now = std::any_of(watches_.begin(), watches_.end(),
                                  [&](const auto& w) { return w->root == root; });
      if (!failure_.empty() || open_now || !fs::is_directory(root, ec) || !open(root)) continue;
      walk_watched_tree(root, [&](const std::string& p, bool is_dir) {
        if (!is_dir) batch.add(p, true);  // written before the folder was watched
        return WalkStep::kNext;
      });
      batch.add(root, false);
      added = true;
    }
    return added;
  }

  WatchOptions options_;
  HANDLE wake_event_;  // set by wake()
  std::vector<std::string> roots_;
  std::vector<std::unique_ptr<RootWatch>> watches_;
  std::map<std::string, bool> unwatched_;  // folder -> unwatched, for one read's events
  std::string failure_, note_;
};

bool Win32Backend::read_events(const RootWatch& w, DWORD bytes, WatchBatch& batch) {
  bool got = false;
  unwatched_.clear();  // a folder may have become a built site's since the last read
  const auto* base = reinterpret_cast<const char*>(w.buffer.data());
  for (DWORD at = 0; at + sizeof(FILE_NOTIFY_INFORMATION) <= bytes;) {
    const auto* info = reinterpret_cast<const FILE_NOTIFY_INFORMATION*>(base + at);
    std::string relative =
        from_wide(std::wstring_view(info->FileName, info->FileNameLength / sizeof(WCHAR)));
    std::replace(relative.begin(), relative.end(), '\\', '/');
    DWORD action = info->Action;
    at = info->NextEntryOffset ? at + info->NextEntryOffset : bytes;
    std::string_view name = relative;
    if (size_t slash = name.rfind('/'); slash != std::string_view::npos)
      name.remove_prefix(slash + 1);
    if (relative.empty() || is_editor_temp(name) || in_unwatched_dir(w.root, relative)) continue;
    std::string path = w.root + "/" + relative;
    bool is_new = action == FILE_ACTION_ADDED || action == FILE_ACTION_RENAMED_NEW_NAME;
    std::error_code ec;
    bool is_dir = fs::is_directory(fs::symlink_status(path, ec));
    if (is_dir && action == FILE_ACTION_MODIFIED) continue;  // its entries changed: reported
    if (is_dir && is_new) {
      // A folder moved in brings files no event names.
      walk_watched_tree(path, [&](const std::string& p, bool entry_is_dir) {
        if (!entry_is_dir) batch.add(p, true);
        return WalkStep::kNext;
      });
    }
    batch.add(path, is_new);
    got = true;
  }
  return got;
}

}  // namespace

std::unique_ptr<WatchBackend> native_watch_backend(const WatchOptions& options, std::string* why) {
  HANDLE wake_event = CreateEventW(nullptr, FALSE, FALSE, nullptr);
  if (!wake_event) {
    *why =
        "cannot create an event to wake the watcher (error " + std::to_string(GetLastError()) + ")";
    return nullptr;
  }
  return std::make_unique<Win32Backend>(options, wake_event);
}

}  // namespace sitegen
