// Where content comes from: the disk, or memory in tests. Paths are '/'-separated
// and relative to the content root.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace sitegen {

// Whether path, with every symlink resolved, lies strictly inside dir (both on disk).
bool is_inside_dir(const std::string& path, const std::string& dir);

// The largest file sitegen reads into memory (static files are copied, not read).
inline constexpr size_t kMaxReadSize = size_t{64} << 20;

class Source {
 public:
  virtual ~Source() = default;
  // The file's bytes, or nullopt when it does not exist or cannot be read (*err says why).
  virtual std::optional<std::string> read(const std::string& rel, std::string* err) const = 0;
  virtual bool exists(const std::string& rel) const = 0;
  // Regular files below dir (recursive), relative to the root, sorted; never those of a
  // built site's folders (site_output.h).
  virtual std::vector<std::string> list(const std::string& dir) const = 0;
  // How a path is shown in messages: "content/site.toml".
  virtual std::string display(const std::string& rel) const = 0;
  // The file's path on disk, so big static files can be copied without loading them; "" if none.
  virtual std::string disk_path(const std::string& /*rel*/) const { return std::string(); }
  // False, with *err saying where it leads, when rel with every symlink resolved lies
  // outside the content folder; true otherwise (when it cannot be resolved at all too:
  // read() then says why).
  virtual bool inside(const std::string& /*rel*/, std::string* /*err*/) const { return true; }
  // The same with `folder` (relative to the root) in place of the content folder: false
  // when rel with every symlink resolved lies outside it. What is published as it is
  // (static/, a member's photo, a theme's assets) must stay inside the folder it is
  // published from, so that a link cannot publish another file of the content folder.
  virtual bool inside_folder(const std::string& /*rel*/, const std::string& /*folder*/) const {
    return true;
  }
  // Where to copy a file from: its path on disk once checked to be a regular file inside
  // the content folder; "" with *err set when it is not; "" with no error when the
  // source has no disk (read() it instead).
  virtual std::string copy_path(const std::string& /*rel*/, std::string* /*err*/) const {
    return std::string();
  }
};

// Reads only regular files of at most kMaxReadSize bytes that lie inside the root once
// symlinks are resolved (a link inside the folder to a file inside it is fine): every
// reader of content goes through here, so a link cannot publish a file from elsewhere
// and a FIFO or device cannot hang or exhaust the build.
class DiskSource : public Source {
 public:
  explicit DiskSource(std::string root);
  std::optional<std::string> read(const std::string& rel, std::string* err) const override;
  bool inside(const std::string& rel, std::string* err) const override;
  bool inside_folder(const std::string& rel, const std::string& folder) const override;
  std::string copy_path(const std::string& rel, std::string* err) const override;
  bool exists(const std::string& rel) const override;
  std::vector<std::string> list(const std::string& dir) const override;
  std::string display(const std::string& rel) const override;
  std::string disk_path(const std::string& rel) const override { return root_ + "/" + rel; }
  const std::string& root() const { return root_; }

 private:
  // rel's path with every symlink resolved, when it exists inside the root.
  std::optional<std::string> resolve(const std::string& rel, std::string* err) const;
  std::string root_;
};

// Another Source, read through: it remembers what a build asked for and got, so two
// builds that read the same bytes (and found the same files) are known to give the same
// pages without comparing them. `sitegen serve` renders pages only when asked for.
class RecordingSource : public Source {
 public:
  explicit RecordingSource(const Source& inner) : inner_(inner) {}
  std::optional<std::string> read(const std::string& rel, std::string* err) const override;
  bool exists(const std::string& rel) const override;
  std::vector<std::string> list(const std::string& dir) const override;
  std::string display(const std::string& rel) const override { return inner_.display(rel); }
  std::string disk_path(const std::string& rel) const override { return inner_.disk_path(rel); }
  bool inside(const std::string& rel, std::string* err) const override {
    return inner_.inside(rel, err);
  }
  bool inside_folder(const std::string& rel, const std::string& folder) const override {
    return inner_.inside_folder(rel, folder);
  }
  std::string copy_path(const std::string& rel, std::string* err) const override {
    return inner_.copy_path(rel, err);
  }
  // Everything asked and answered, in a fixed order: equal for equal inputs.
  std::string fingerprint() const;

 private:
  void note(std::string line) const;
  const Source& inner_;
  mutable std::mutex mu_;
  mutable std::vector<std::string> notes_;
};

class MemorySource : public Source {
 public:
  explicit MemorySource(std::map<std::string, std::string> files, std::string name = "content")
      : files_(std::move(files)), name_(std::move(name)) {}
  std::optional<std::string> read(const std::string& rel, std::string* err) const override;
  bool exists(const std::string& rel) const override;
  std::vector<std::string> list(const std::string& dir) const override;
  std::string display(const std::string& rel) const override;

 private:
  std::map<std::string, std::string> files_;
  std::string name_;
};

}  // namespace sitegen
