// `sitegen serve --open`: the site in the user's browser, the way the platform opens a
// URL. open_url_posix.cc: `open` on macOS, the desktop's `xdg-open` elsewhere;
// open_url_win32.cc: the shell's default browser.
#pragma once

#include <sys/types.h>

#include <string>

namespace sitegen {

// The program open_url() runs, for --help and messages: "open", "xdg-open" or, on
// Windows, "the default browser".
extern const char* const kOpenUrlProgram;

// Starts kOpenUrlProgram on `url` without waiting for it, its output discarded and no
// signal blocked; its process id (0 when there is no child to wait for), or -1 with
// *err saying why it could not start.
pid_t open_url(const std::string& url, std::string* err);

// Collects the exit of an opener open_url() started, if it has ended, so that none is
// left behind as a zombie; nothing for 0 or -1.
void reap_opener(pid_t pid);

}  // namespace sitegen
