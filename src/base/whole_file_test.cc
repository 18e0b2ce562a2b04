#include "base/whole_file.h"

#include <doctest/doctest.h>

#include "support/test_dir.h"

using namespace sitegen;
namespace fs = std::filesystem;

namespace {
size_t entries(const fs::path& dir) {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}
}  // namespace

TEST_CASE("write_file_whole: replaces the file and leaves nothing beside it") {
  testing::TempDir dir;
  fs::path p = dir.path / "a.toml";
  std::string err;
  REQUIRE(write_file_whole(p, "one\n", &err));
  REQUIRE(write_file_whole(p, std::string("two\0three", 9), &err));
  CHECK(testing::slurp(p) == std::string("two\0three", 9));
  CHECK(entries(dir.path) == 1);
}

TEST_CASE("write_file_whole: a folder that is not there is an error, and leaves no file") {
  testing::TempDir dir;
  std::string err;
  CHECK_FALSE(write_file_whole(dir.path / "missing" / "a.toml", "x", &err));
  CHECK(err.starts_with("cannot write " + (dir.path / "missing").string()));
  CHECK(entries(dir.path) == 0);
}
