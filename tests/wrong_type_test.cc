// A value of the wrong type, end to end: `build` fails and leaves the previous site as it
// was, and `check --strict` fails with the same error.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "cli/cli.h"
#include "support/run_cli.h"
#include "support/test_dir.h"

namespace fs = std::filesystem;
using sitegen::testing::TempDir;
using sitegen::testing::write_file;

using sitegen::testing::Run;
using sitegen::testing::run;

namespace {

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

TEST_CASE("wrong type: build and check --strict fail on authors written as one string") {
  TempDir dir;
  fs::path site = dir.path / "site";
  fs::path out = dir.path / "public";
  write_file(site / "site.toml", "[person]\nname = \"Ada Example\"\n");
  write_file(site / "publications.toml",
             "[[publication]]\ntitle = \"Fastpath\"\nauthors = [\"Ada Example\"]\n");
  REQUIRE(run({"build", site.string(), "-o", out.string(), "-q"}).code == 0);
  std::string before = read(out / "publications/index.html");
  REQUIRE(before.find("Fastpath") != std::string::npos);

  write_file(site / "publications.toml",
             "[[publication]]\ntitle = \"Fastpath 2\"\nauthors = \"Ada Example, Grace Hopper\"\n");
  std::string error = site.string() +
                      "/publications.toml:3:11: error: `authors` must be an array of strings, "
                      "not a string (write authors = [\"Ada Example\", \"Grace Hopper\"])\n"
                      "  authors = \"Ada Example, Grace Hopper\"\n"
                      "            ^\n";
  Run build = run({"build", site.string(), "-o", out.string()});
  CHECK(build.code == 1);
  CHECK(build.err.rfind(error, 0) == 0);
  CHECK(read(out / "publications/index.html") == before);

  Run check = run({"check", "--strict", site.string()});
  CHECK(check.code == 1);
  CHECK(check.err.rfind(error, 0) == 0);
}
