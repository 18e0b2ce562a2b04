// `serve --open` runs the platform's opener with the site's URL.
#include "cli/open_url.h"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "support/test_dir.h"

using namespace sitegen;
using sitegen::testing::slurp;
using sitegen::testing::TempDir;
using sitegen::testing::write_file;

TEST_CASE("open_url: runs the platform's opener with the URL, found on PATH") {
  TempDir tmp;
  std::filesystem::path opener = tmp.path / kOpenUrlProgram;
  write_file(opener, "#!/bin/sh\nprintf '%s' \"$1\" > \"${0%/*}/opened\"\n");
  std::filesystem::permissions(opener, std::filesystem::perms::owner_all);
  std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", tmp.path.c_str(), 1);
  std::string err;
  pid_t pid = open_url("http://127.0.0.1:1313/", &err);
  setenv("PATH", old_path.c_str(), 1);
  REQUIRE(pid > 0);
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  CHECK(slurp(tmp.path / "opened") == "http://127.0.0.1:1313/");
  CHECK(err.empty());
}

TEST_CASE("open_url: says which program could not be started") {
  TempDir tmp;
  std::string old_path = std::getenv("PATH") ? std::getenv("PATH") : "";
  setenv("PATH", tmp.path.c_str(), 1);
  std::string err;
  pid_t pid = open_url("http://127.0.0.1:1313/", &err);
  setenv("PATH", old_path.c_str(), 1);
  CHECK(pid == -1);
  CHECK(err == std::string("cannot run ") + kOpenUrlProgram + " (No such file or directory)");
}
