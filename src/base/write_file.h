// Writing a whole file so that no reader ever sees half of it.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace sitegen {

// Writes `bytes` to a new file beside `path`, then renames it over `path`: a reader (a
// browser, another sitegen) finds the old file or the new one, never a part. On failure
// the half-written file is removed, `path` is as it was, and `*err` says why.
bool write_file_whole(const std::filesystem::path& path, std::string_view bytes, std::string* err);

}  // namespace sitegen
