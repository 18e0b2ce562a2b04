// Reading one content file as the platform allows (file_read_posix.cc, file_read_win32.cc):
// regular files only, never waiting on a named pipe, never more than a limit.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace sitegen {

// Why the path is not read: "" for a regular file, else "is a directory", "it is a named
// pipe (FIFO); sitegen reads only regular files" (a device, a socket, ...), or the
// system's message when the path cannot be looked at ("No such file or directory").
std::string not_a_regular_file(const std::string& path);

// The bytes of the regular file at `path` (a path whose symlinks are resolved). nullopt
// when it cannot be read: *err says why, or *err is empty and *too_big holds the size
// when the file has more than `max` bytes (also one that grows past it while read).
std::optional<std::string> read_regular_file(const std::string& path, uintmax_t max,
                                             std::string* err, uintmax_t* too_big);

}  // namespace sitegen
