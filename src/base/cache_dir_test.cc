// Where sitegen keeps its caches: the first of four places a variable names.
#include "base/cache_dir.h"

#include <doctest/doctest.h>
#include <stdlib.h>

#include <optional>
#include <string>

using namespace sitegen;

namespace {

// Sets (or with nullopt unsets) a variable for one test, and puts it back after.
class EnvVar {
 public:
  EnvVar(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = getenv(name)) old_ = old;
    if (value)
      setenv(name, value->c_str(), 1);
    else
      unsetenv(name);
  }
  ~EnvVar() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace

TEST_CASE("cache_dir: SITEGEN_CACHE_DIR, XDG_CACHE_HOME, LOCALAPPDATA (Windows), then HOME") {
  EnvVar a("SITEGEN_CACHE_DIR", "/c/sitegen"), b("XDG_CACHE_HOME", "/c/xdg"),
      c("LOCALAPPDATA", "C:/Users/Ada/AppData/Local"), d("HOME", "/home/ada");
  CHECK(default_cache_dir("code") == "/c/sitegen/code");
  unsetenv("SITEGEN_CACHE_DIR");
  CHECK(default_cache_dir("code") == "/c/xdg/sitegen/code");
  unsetenv("XDG_CACHE_HOME");
  CHECK(default_cache_dir("images") == "C:/Users/Ada/AppData/Local/sitegen/images");
  unsetenv("LOCALAPPDATA");
  CHECK(default_cache_dir("images") == "/home/ada/.cache/sitegen/images");
  unsetenv("HOME");
  CHECK(default_cache_dir("images") == "");
}
