// Writing the output: a complete new tree is staged beside the output directory and
// swapped in with one rename, so readers never see a half-written site. Unchanged
// files are hard-linked from the previous build instead of rewritten, and files
// sitegen did not create are carried over untouched.
#include "output.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

#include "parallel.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

constexpr const char* kStampHeader =
    "# sitegen output manifest: files this directory holds that sitegen wrote\n";

bool read_file(const fs::path& p, std::string* out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = std::move(ss).str();
  return !in.bad();
}

// Writes all of `bytes` to an open descriptor; false with errno set on failure.
bool write_all(int fd, const char* data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = ENOSPC;
      return false;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

// `shown` is how the file is named in messages: its final place in the output
// directory, not the staging directory the user never sees.
bool write_file(const fs::path& p, std::string_view bytes, const fs::path& shown,
                std::string* err) {
  int fd = ::open(p.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    *err = "cannot create " + shown.string() + ": " + std::strerror(errno);
    return false;
  }
  bool ok = write_all(fd, bytes.data(), bytes.size());
  int saved = errno;
  if (::close(fd) != 0 && ok) {
    ok = false;
    saved = errno;
  }
  if (!ok) *err = "cannot write " + shown.string() + ": " + std::strerror(saved);
  return ok;
}

// Copies a file's bytes. std::filesystem::copy_file is not used: it reports a full
// disk as "Input/output error", and does not say which side failed.
bool copy_file_bytes(const fs::path& from, const fs::path& to, const fs::path& shown,
                     std::string* err) {
  int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) {
    *err = "cannot read " + from.string() + ": " + std::strerror(errno);
    return false;
  }
  int out = ::open(to.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0) {
    *err = "cannot create " + shown.string() + ": " + std::strerror(errno);
    ::close(in);
    return false;
  }
  char buf[1 << 16];
  bool ok = true;
  for (;;) {
    ssize_t n = ::read(in, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      *err = "cannot read " + from.string() + ": " + std::strerror(errno);
      ok = false;
      break;
    }
    if (n == 0) break;
    if (!write_all(out, buf, static_cast<size_t>(n))) {
      *err = "cannot write " + shown.string() + ": " + std::strerror(errno);
      ok = false;
      break;
    }
  }
  ::close(in);
  if (::close(out) != 0 && ok) {
    *err = "cannot write " + shown.string() + ": " + std::strerror(errno);
    ok = false;
  }
  return ok;
}

// The files a previous build recorded in its stamp; nullopt when there is no stamp.
std::optional<std::set<std::string>> read_manifest(const fs::path& out) {
  std::string text;
  if (!read_file(out / kStampFile, &text) || text.compare(0, 9, "# sitegen") != 0)
    return std::nullopt;
  std::set<std::string> files;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') files.insert(line);
  return files;
}

bool same_bytes(const fs::path& p, const OutputFile& f, std::string_view bytes) {
  std::error_code ec;
  if (!f.copy_from.empty()) {
    if (fs::file_size(p, ec) != fs::file_size(f.copy_from, ec) || ec) return false;
    std::string a, b;
    return read_file(p, &a) && read_file(f.copy_from, &b) && a == b;
  }
  if (fs::file_size(p, ec) != bytes.size() || ec) return false;
  std::string old;
  return read_file(p, &old) && old == bytes;
}

// Hard link when possible (same file system, cheap); a copy otherwise.
bool link_or_copy(const fs::path& from, const fs::path& to, const fs::path& shown,
                  std::string* err) {
  std::error_code ec;
  fs::create_hard_link(from, to, ec);
  if (!ec) return true;
  return copy_file_bytes(from, to, shown, err);
}

// Carries a file or folder sitegen did not create into the new tree.
bool carry_over(const fs::path& from, const fs::path& to, std::string* err) {
  std::error_code ec;
  auto st = fs::symlink_status(from, ec);
  if (fs::is_symlink(st)) {
    fs::copy_symlink(from, to, ec);
  } else if (fs::is_directory(st)) {
    fs::create_directories(to, ec);
    for (const auto& entry : fs::directory_iterator(from, ec))
      if (!carry_over(entry.path(), to / entry.path().filename(), err)) return false;
  } else {
    return link_or_copy(from, to, from, err);
  }
  if (ec) *err = "cannot carry over " + from.string() + ": " + ec.message();
  return !ec;
}

// An output path that stays inside the output directory: relative, '/'-separated,
// no empty, `.` or `..` segments. Paths come from slugs, but this is the last line.
bool safe_rel(std::string_view rel) {
  if (rel.empty() || rel.front() == '/' || rel.back() == '/') return false;
  if (rel.find('\\') != std::string_view::npos || rel.find('\0') != std::string_view::npos)
    return false;
  for (size_t start = 0; start <= rel.size();) {
    size_t end = std::min(rel.find('/', start), rel.size());
    std::string_view seg = rel.substr(start, end - start);
    if (seg.empty() || seg == "." || seg == "..") return false;
    start = end + 1;
  }
  return true;
}

bool swap_dirs(const fs::path& a, const fs::path& b) {
#ifdef SYS_renameat2
  return ::syscall(SYS_renameat2, AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) == 0;
#else
  (void)a;
  (void)b;
  errno = ENOSYS;
  return false;
#endif
}

// Serialises builds into the same parent folder, so two builds cannot interleave.
class DirLock {
 public:
  explicit DirLock(const fs::path& dir)
      : fd_(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {}
  ~DirLock() {
    if (fd_ >= 0) ::close(fd_);
  }
  bool try_lock() { return fd_ >= 0 && ::flock(fd_, LOCK_EX | LOCK_NB) == 0; }

 private:
  int fd_;
};

}  // namespace

bool read_output_file(const OutputFile& f, std::string* bytes, std::string* err) {
  if (f.copy_from.empty()) {
    *bytes = f.bytes;
    return true;
  }
  if (read_file(f.copy_from, bytes)) return true;
  *err = "cannot read " + f.copy_from + ": " + std::strerror(errno);
  return false;
}

bool write_output(const Output& output, const fs::path& out_arg, WriteStats* stats,
                  std::string* err) {
  std::error_code ec;
  fs::path out = fs::absolute(out_arg, ec).lexically_normal();
  if (out.has_filename() == false) out = out.parent_path();
  fs::path parent = out.parent_path();
  fs::create_directories(parent, ec);
  if (ec) {
    *err = "cannot create " + parent.string() + ": " + ec.message();
    return false;
  }
  DirLock lock(parent);
  if (!lock.try_lock()) {
    *err = "another sitegen build is writing into " + parent.string() + "; try again when it ends";
    return false;
  }
  bool exists = fs::exists(out, ec);
  if (exists && !fs::is_directory(out, ec)) {
    *err = "cannot write the site to " + out.string() + ": it exists and is not a directory";
    return false;
  }
  std::optional<std::set<std::string>> old_manifest =
      exists ? read_manifest(out) : std::set<std::string>{};
  if (exists && !old_manifest) {
    if (fs::directory_iterator(out, ec) != fs::directory_iterator()) {
      *err = "refusing to write into " + out.string() +
             ": it is not empty and was not created by sitegen (no " + kStampFile +
             "); choose a new or empty directory";
      return false;
    }
    old_manifest.emplace();
  }
  // Files the user put into the output directory must survive; a page may not replace one.
  for (const auto& [rel, _] : output.files) {
    if (!safe_rel(rel) || rel == kStampFile) {
      *err = "refusing to write `" + rel + "`: the path is not a plain file path inside " +
             out.string();
      return false;
    }
    fs::path p = out / rel;
    if (exists && !old_manifest->count(rel) && fs::exists(fs::symlink_status(p, ec))) {
      *err = "refusing to overwrite " + p.string() + ", which sitegen did not create";
      return false;
    }
  }

  fs::path staging = parent / ("." + out.filename().string() + ".sitegen-staging");
  if (fs::exists(staging, ec)) fs::remove_all(staging, ec);  // our own leftover from a killed build
  fs::create_directory(staging, ec);
  if (ec) {
    *err = "cannot create " + staging.string() + ": " + ec.message() +
           "; sitegen builds the new site beside " + out.string() + " and swaps it in, so " +
           parent.string() + " must be writable";
    return false;
  }
  auto fail = [&](const std::string& why) {
    std::error_code ec2;
    fs::remove_all(staging, ec2);
    *err = why + (exists ? "; " + out.string() + " is unchanged" : "; nothing was written");
    return false;
  };

  WriteStats st;
  std::string manifest = kStampHeader;
  std::string why;
  // Folders first, in order; then the files on all cores (writing is mostly kernel
  // time, which two threads halve on two cores).
  std::vector<const std::pair<const std::string, OutputFile>*> files;
  files.reserve(output.files.size());
  fs::path made;  // the last folder created: files come sorted, so most share it
  for (const auto& entry : output.files) {
    fs::path dir = (staging / entry.first).parent_path();
    if (dir != made) {
      fs::create_directories(dir, ec);
      if (ec) return fail("cannot create " + dir.string() + ": " + ec.message());
      made = std::move(dir);
    }
    files.push_back(&entry);
    manifest += entry.first + "\n";
  }
  std::atomic<size_t> unchanged{0};
  std::atomic<bool> failed{false};
  std::mutex failure_mu;
  std::string failure;
  parallel_for(files.size(), 64, [&](size_t i) {
    if (failed.load(std::memory_order_relaxed)) return;
    const auto& [rel, f] = *files[i];
    fs::path target = staging / rel;
    fs::path old = out / rel;
    std::string err;
    bool ok;
    if (exists && old_manifest->count(rel) && same_bytes(old, f, f.bytes)) {
      ok = link_or_copy(old, target, old, &err);
      unchanged.fetch_add(1, std::memory_order_relaxed);
    } else if (!f.copy_from.empty()) {
      // Copied, never linked: a link would let a tool that edits the output in place
      // (an image optimizer, say) change the file in the content folder too.
      ok = copy_file_bytes(f.copy_from, target, old, &err);
    } else {
      ok = write_file(target, f.bytes, old, &err);
    }
    if (!ok) {
      std::lock_guard<std::mutex> lock(failure_mu);
      if (!failed.exchange(true)) failure = std::move(err);
    }
  });
  if (failed) return fail(failure);
  st.unchanged = unchanged;
  st.written = files.size() - st.unchanged;
  if (exists) {
    // A folder that cannot be read would leave the user's files in it behind: stop.
    std::error_code walk;
    auto unreadable = [&](const fs::path& dir) {
      return fail("cannot read " + dir.string() + ": " + walk.message());
    };
    for (const auto& entry : fs::directory_iterator(out, walk)) {
      std::string name = entry.path().filename().string();
      if (name == kStampFile) continue;
      // Everything at this level that sitegen never wrote is carried over as it is.
      std::string prefix = name + "/";
      bool ours = old_manifest->count(name) > 0;
      for (auto it = old_manifest->lower_bound(prefix);
           !ours && it != old_manifest->end() && it->compare(0, prefix.size(), prefix) == 0; ++it)
        ours = true;
      if (!ours && !carry_over(entry.path(), staging / name, &why)) return fail(why);
      if (ours && entry.is_directory()) {
        // Inside a folder sitegen wrote, keep the user's own files too.
        auto it = fs::recursive_directory_iterator(entry.path(), walk);
        for (; !walk && it != fs::recursive_directory_iterator(); it.increment(walk)) {
          // The path below `out` (fs::relative would resolve symlinks on every call).
          std::string rel = it->path().generic_string().substr(out.generic_string().size() + 1);
          if (old_manifest->count(rel) || output.files.count(rel)) continue;
          // A real folder holding something sitegen wrote is walked; any other folder,
          // and a symlink (to a folder too), is the user's and is carried over whole.
          std::error_code ec2;
          if (it->is_directory(ec2) && !it->is_symlink(ec2)) {
            std::string prefix = rel + "/";
            auto f = output.files.lower_bound(prefix);
            bool writes =
                f != output.files.end() && f->first.compare(0, prefix.size(), prefix) == 0;
            auto m = old_manifest->lower_bound(prefix);
            bool wrote = m != old_manifest->end() && m->compare(0, prefix.size(), prefix) == 0;
            if (writes || wrote) continue;
            it.disable_recursion_pending();
          }
          fs::create_directories((staging / rel).parent_path(), ec);
          if (!carry_over(it->path(), staging / rel, &why)) return fail(why);
        }
        if (walk) return unreadable(entry.path());
      }
    }
    if (walk) return unreadable(out);
    for (const std::string& rel : *old_manifest)
      if (!output.files.count(rel)) ++st.removed;
  }
  if (!write_file(staging / kStampFile, manifest, out / kStampFile, &why)) return fail(why);

  if (!exists) {
    fs::rename(staging, out, ec);
    if (ec) return fail("cannot move the new site into " + out.string() + ": " + ec.message());
  } else if (swap_dirs(staging, out)) {
    fs::remove_all(staging, ec);  // the previous build, now at the staging path
  } else {
    fs::path old = parent / ("." + out.filename().string() + ".sitegen-old");
    fs::remove_all(old, ec);
    fs::rename(out, old, ec);
    if (ec == std::errc::device_or_resource_busy || ec == std::errc::cross_device_link)
      return fail("cannot replace " + out.string() + ": it is a mount point (" + ec.message() +
                  "); sitegen swaps in a complete new folder, so build into a folder inside it");
    if (ec) return fail("cannot replace " + out.string() + ": " + ec.message());
    fs::rename(staging, out, ec);
    if (ec) {
      fs::rename(old, out, ec);
      return fail("cannot replace " + out.string());
    }
    fs::remove_all(old, ec);
  }
  if (stats) *stats = st;
  return true;
}

}  // namespace sitegen
