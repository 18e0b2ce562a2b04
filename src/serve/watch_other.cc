// Platforms without a native watcher in sitegen: files are watched by polling alone.
// A platform gets notifications by a watch_<api>.cc defining native_watch_backend,
// listed in CMakeLists.txt.
#include "serve/watch_backend.h"

namespace sitegen {

std::unique_ptr<WatchBackend> native_watch_backend(const WatchOptions&, std::string* why) {
  *why = "no file change notifications on this platform";
  return nullptr;
}

}  // namespace sitegen
