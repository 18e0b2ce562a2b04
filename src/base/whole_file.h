// A file's bytes read or written whole; a write such that no reader ever sees half of it.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace sitegen {

// Reads all of `path` into `*out`; false when it cannot be opened or read.
bool read_file_whole(const std::filesystem::path& path, std::string* out);

// Writes `bytes` to a new file beside `path`, then renames it over `path`: a reader (a
// browser, another sitegen) finds the old file or the new one, never a part. On failure
// the half-written file is removed, `path` is as it was, and `*err` says why.
bool write_file_whole(const std::filesystem::path& path, std::string_view bytes, std::string* err);

}  // namespace sitegen
