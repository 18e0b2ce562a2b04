#include "base/cache_dir.h"

#include <cstdlib>

namespace sitegen {

std::string default_cache_dir(std::string_view part) {
  auto env = [](const char* name) {
    const char* v = std::getenv(name);
    return std::string(v ? v : "");
  };
  std::string base = env("SITEGEN_CACHE_DIR");
  if (base.empty() && !env("XDG_CACHE_HOME").empty()) base = env("XDG_CACHE_HOME") + "/sitegen";
  // Windows keeps a user's caches in their local application data.
  if (base.empty() && !env("LOCALAPPDATA").empty()) base = env("LOCALAPPDATA") + "/sitegen";
  if (base.empty() && !env("HOME").empty()) base = env("HOME") + "/.cache/sitegen";
  return base.empty() ? "" : base + "/" + std::string(part);
}

}  // namespace sitegen
