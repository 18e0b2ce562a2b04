// The file calls of writing the output, as the platform makes them (out_files_posix.cc,
// out_files_win32.cc): files made in the staging folder by their path below it, hard
// links to unchanged files, the mark of a folder sitegen made, and the lock that keeps two
// builds from writing beside each other at once.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

namespace sitegen {

// A folder that files are made in by their '/'-separated path below it (POSIX: relative
// to an open descriptor, shorter lookups than full paths). `shown` names a file in
// messages: its final place in the output folder, not the staging folder.
class OutDir {
 public:
  OutDir() = default;
  ~OutDir();
  OutDir(const OutDir&) = delete;
  OutDir& operator=(const OutDir&) = delete;

  bool open(const std::filesystem::path& dir, std::error_code* ec);
  // Creates `rel` with `bytes`, replacing a file there.
  bool write(const char* rel, std::string_view bytes, const std::filesystem::path& shown,
             std::string* err) const;
  // Copies the bytes of the regular file `from` to `rel` (a FIFO or folder there is refused,
  // never waited on).
  bool copy(const std::filesystem::path& from, const char* rel, const std::filesystem::path& shown,
            std::string* err) const;
  // A hard link to `from` when the file system allows one (cheap), a copy otherwise.
  bool link_or_copy(const std::filesystem::path& from, const char* rel,
                    const std::filesystem::path& shown, std::string* err) const;
  // Makes the folder `rel`; one that exists already is fine.
  bool make_dir(const std::string& rel, std::error_code* ec) const;

 private:
  std::filesystem::path path_;
  int fd_ = -1;  // POSIX only
};

// A hard link at `to` to `from`, or a copy of it.
bool link_or_copy_file(const std::filesystem::path& from, const std::filesystem::path& to,
                       std::string* err);

// Creates the empty file `file` (never through a symlink at its place).
bool create_mark(const std::filesystem::path& file, std::string* err);

// Serialises the builds into one parent folder, between processes: held from try_lock()
// until destroyed.
class FolderLock {
 public:
  FolderLock() = default;
  ~FolderLock();
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;

  bool try_lock(const std::filesystem::path& dir);

 private:
  intptr_t handle_ = -1;  // a descriptor (POSIX) or a mutex's handle (Windows)
};

}  // namespace sitegen
