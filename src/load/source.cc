// Content sources: the disk for real builds, an in-memory map for tests.
#include "load/source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "load/site_output.h"

namespace fs = std::filesystem;

namespace sitegen {

DiskSource::DiskSource(std::string root) : root_(std::move(root)) {
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

std::optional<std::string> DiskSource::read(const std::string& rel, std::string* err) const {
  fs::path p = fs::path(root_) / rel;
  std::error_code ec;
  if (fs::is_directory(p, ec)) {
    *err = "is a directory";
    return std::nullopt;
  }
  // One read() into a string of the file's size: a stream copy of a 14 MB
  // publications.toml took as long as parsing a tenth of it.
  int fd = ::open(p.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *err = std::strerror(errno);
    return std::nullopt;
  }
  struct stat st {};
  std::string bytes(::fstat(fd, &st) == 0 && st.st_size > 0 ? st.st_size + 1 : 4096, '\0');
  size_t size = 0;
  for (;;) {
    if (size == bytes.size()) bytes.resize(bytes.size() * 2);
    ssize_t n = ::read(fd, bytes.data() + size, bytes.size() - size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ::close(fd);
      if (n < 0) {
        *err = "read failed";
        return std::nullopt;
      }
      break;
    }
    size += static_cast<size_t>(n);
  }
  bytes.resize(size);
  return bytes;
}

bool DiskSource::exists(const std::string& rel) const {
  std::error_code ec;
  return fs::exists(fs::path(root_) / rel, ec);
}

std::vector<std::string> DiskSource::list(const std::string& dir) const {
  std::vector<std::string> out;
  std::error_code ec;
  fs::path base = fs::path(root_) / dir;
  if (!fs::is_directory(base, ec)) return out;
  // Directory symlinks are not followed, so a symlink loop cannot trap the walk.
  for (auto it = fs::recursive_directory_iterator(
           base, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code ec2;
    if (it->is_directory(ec2) && is_site_output_dir(it->path())) {
      it.disable_recursion_pending();  // a built site inside the content folder
      continue;
    }
    if (!it->is_regular_file(ec2)) continue;
    // Lexically: fs::relative would resolve a symlinked file to wherever it points.
    out.push_back(it->path().lexically_relative(root_).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool is_inside_dir(const std::string& path, const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::canonical(path, ec);
  if (ec) return false;
  fs::path d = fs::canonical(dir, ec);
  if (ec) return false;
  auto [a, b] = std::mismatch(d.begin(), d.end(), p.begin(), p.end());
  return a == d.end() && b != p.end();
}

std::string DiskSource::display(const std::string& rel) const {
  return root_ == "." ? rel : root_ + "/" + rel;
}

std::optional<std::string> MemorySource::read(const std::string& rel, std::string* err) const {
  auto it = files_.find(rel);
  if (it == files_.end()) {
    *err = "No such file or directory";
    return std::nullopt;
  }
  return it->second;
}

bool MemorySource::exists(const std::string& rel) const {
  if (files_.count(rel)) return true;
  std::string prefix = rel + "/";
  auto it = files_.lower_bound(prefix);
  return it != files_.end() && it->first.compare(0, prefix.size(), prefix) == 0;
}

std::vector<std::string> MemorySource::list(const std::string& dir) const {
  std::vector<std::string> out;
  std::string prefix = dir.empty() ? "" : dir + "/";
  for (const auto& [path, _] : files_)
    if (path.compare(0, prefix.size(), prefix) == 0) out.push_back(path);
  return out;
}

std::string MemorySource::display(const std::string& rel) const {
  return name_ + "/" + rel;
}

void RecordingSource::note(std::string line) const {
  std::lock_guard<std::mutex> g(mu_);
  notes_.push_back(std::move(line));
}

std::optional<std::string> RecordingSource::read(const std::string& rel, std::string* err) const {
  std::optional<std::string> bytes = inner_.read(rel, err);
  note("read " + rel + ": " +
       (bytes ? std::to_string(bytes->size()) + " " +
                    std::to_string(std::hash<std::string_view>()(*bytes))
              : "error " + *err));
  return bytes;
}

bool RecordingSource::exists(const std::string& rel) const {
  bool yes = inner_.exists(rel);
  note("exists " + rel + ": " + (yes ? "yes" : "no"));
  return yes;
}

std::vector<std::string> RecordingSource::list(const std::string& dir) const {
  std::vector<std::string> files = inner_.list(dir);
  std::string line = "list " + dir + ":";
  for (const std::string& f : files) line += " " + f;
  note(std::move(line));
  return files;
}

std::string RecordingSource::fingerprint() const {
  std::lock_guard<std::mutex> g(mu_);
  std::vector<std::string> sorted = notes_;
  std::sort(sorted.begin(), sorted.end());
  std::string out;
  for (const std::string& n : sorted) out += n + "\n";
  return out;
}

}  // namespace sitegen
