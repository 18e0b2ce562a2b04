// The built site in memory (URL path -> bytes), and writing it to disk safely:
// staged, swapped in atomically, never touching files sitegen did not create.
#pragma once

#include <filesystem>
#include <map>
#include <string>

namespace sitegen {

struct OutputFile {
  std::string bytes;      // the content, unless copy_from is set
  std::string copy_from;  // a file on disk to copy verbatim (static files)
};

struct Output {
  // Key: path relative to the output root, '/'-separated: "index.html",
  // "publications/x/index.html".
  std::map<std::string, OutputFile> files;
};

// The file's bytes (reading copy_from when set).
bool read_output_file(const OutputFile& f, std::string* bytes, std::string* err);

struct WriteStats {
  size_t written = 0;    // files whose bytes changed or were new
  size_t unchanged = 0;  // files left alone because their bytes were already there
  size_t removed = 0;    // stale files from sitegen's previous build
};

// Writes the output to `out`. Refuses a non-empty directory that holds no sitegen stamp.
// Files are written to a staging directory beside `out` and swapped in; files a
// previous sitegen build wrote and this one does not are removed, nothing else is.
bool write_output(const Output& output, const std::filesystem::path& out, WriteStats* stats,
                  std::string* err);

// The stamp file sitegen leaves in every output directory; it lists the files it wrote.
inline constexpr const char* kStampFile = ".sitegen-manifest";

}  // namespace sitegen
