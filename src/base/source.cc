// Content sources: the disk for real builds, an in-memory map for tests.
#include "base/source.h"

#include <algorithm>
#include <filesystem>

#include "base/file_read.h"
#include "base/site_output.h"
#include "base/utf8_path.h"

namespace fs = std::filesystem;

namespace sitegen {

DiskSource::DiskSource(std::string root) : root_(std::move(root)) {
  while (root_.size() > 1 && root_.back() == '/') root_.pop_back();
}

namespace {

// "70 MB", "3 KB": sizes in messages about the limit.
std::string show_size(uintmax_t bytes) {
  return bytes >= (1u << 20) ? std::to_string(bytes >> 20) + " MB"
                             : std::to_string((bytes + 1023) >> 10) + " KB";
}

std::string too_big(uintmax_t bytes) {
  return "the file is " + show_size(bytes) + "; sitegen reads files up to " +
         show_size(kMaxReadSize);
}

}  // namespace

std::optional<std::string> DiskSource::resolve(const std::string& rel, std::string* err) const {
  std::error_code ec;
  fs::path root = fs::canonical(utf8_path(root_), ec);
  if (ec) {
    *err = ec.message();
    return std::nullopt;
  }
  fs::path p = utf8_path(rel).is_absolute() ? utf8_path(rel) : utf8_path(root_) / utf8_path(rel);
  fs::path real = fs::canonical(p, ec);
  if (ec) {
    // ENAMETOOLONG and ELOOP say what they are; say so rather than "not found".
    *err = ec == std::errc::filename_too_long ? "the path is too long (" + ec.message() + ")"
                                              : ec.message();
    return std::nullopt;
  }
  if (std::mismatch(root.begin(), root.end(), real.begin(), real.end()).first != root.end()) {
    std::string folder = root_ == "/" ? root_ : root_ + "/";
    *err = "it leads outside " + folder + " (to " + real.string() +
           "), and sitegen reads only what is inside; copy the file into " + folder + " instead";
    return std::nullopt;
  }
  return real.string();
}

bool DiskSource::inside(const std::string& rel, std::string* err) const {
  std::error_code ec;
  fs::path p = utf8_path(rel).is_absolute() ? utf8_path(rel) : utf8_path(root_) / utf8_path(rel);
  return fs::canonical(p, ec).empty() || resolve(rel, err).has_value();
}

bool DiskSource::inside_folder(const std::string& rel, const std::string& folder) const {
  std::string err;
  if (!inside(rel, &err)) return false;
  std::error_code ec;
  fs::path real = fs::canonical(utf8_path(root_) / utf8_path(rel), ec);
  if (ec) return true;  // nothing to publish; read() and copy_path() say why
  return is_inside_dir(real.string(), root_ + "/" + folder);
}

std::string DiskSource::copy_path(const std::string& rel, std::string* err) const {
  std::optional<std::string> real = resolve(rel, err);
  if (!real) return std::string();
  if (std::string why = not_a_regular_file(*real); !why.empty()) {
    *err = std::move(why);
    return std::string();
  }
  return disk_path(rel);  // as the user named it, for messages
}

std::optional<std::string> DiskSource::read(const std::string& rel, std::string* err) const {
  std::optional<std::string> real = resolve(rel, err);
  if (!real) return std::nullopt;
  uintmax_t size = 0;
  std::string why;
  std::optional<std::string> bytes = read_regular_file(*real, kMaxReadSize, &why, &size);
  if (!bytes) *err = why.empty() ? too_big(size) : std::move(why);
  return bytes;
}

bool DiskSource::exists(const std::string& rel) const {
  std::error_code ec;
  return fs::exists(utf8_path(root_) / utf8_path(rel), ec);
}

std::vector<std::string> DiskSource::list(const std::string& dir) const {
  std::vector<std::string> out;
  std::error_code ec;
  fs::path base = utf8_path(root_) / utf8_path(dir);
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
    out.push_back(it->path().lexically_relative(utf8_path(root_)).generic_string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool is_inside_dir(const std::string& path, const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::canonical(utf8_path(path), ec);
  if (ec) return false;
  fs::path d = fs::canonical(utf8_path(dir), ec);
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
