// Writing a built site to disk safely: staged, swapped in atomically, never touching
// files sitegen did not create.
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "base/site_output.h"
#include "render/output.h"

namespace sitegen {

// The file's bytes (reading copy_from when set).
bool read_output_file(const OutputFile& f, std::string* bytes, std::string* err);

struct WriteStats {
  size_t written = 0;    // files whose bytes changed or were new
  size_t unchanged = 0;  // files left alone because their bytes were already there
  size_t removed = 0;    // stale files from sitegen's previous build
};

// Writes a site to `out`, file by file, so pages can go to disk while others are still
// being rendered and need not all be held in memory. Files go to a staging directory
// beside `out`, swapped in by commit(); files a previous sitegen build wrote and this one
// does not are removed, nothing else is. Without a successful commit() (a failed build,
// an error) the staging directory is removed and `out` is left as it was.
class OutputWriter {
 public:
  OutputWriter();
  ~OutputWriter();
  OutputWriter(const OutputWriter&) = delete;
  OutputWriter& operator=(const OutputWriter&) = delete;

  // Refuses a non-empty directory that holds no sitegen stamp, and a folder another build
  // is writing into; creates the staging directory.
  bool open(const std::filesystem::path& out, std::string* err);
  // Writes one file into the staging directory. Safe from several threads at once; false
  // once any file failed (commit() then reports the first failure).
  bool add(const std::string& rel, std::string_view bytes) { return put(rel, bytes, {}); }
  // Writes the files of `output` not added yet, carries over what the user put into `out`,
  // writes the stamp and swaps the new site in. `output` names every file of the site,
  // the added ones too (OutputFile::written): the stamp is made from it.
  bool commit(const Output& output, WriteStats* stats, std::string* err);

 private:
  bool put(const std::string& rel, std::string_view bytes, const std::string& copy_from);
  bool make_parents(std::string_view rel);
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace sitegen
