#include "load/frontmatter.h"

#include <doctest/doctest.h>

using namespace sitegen;

TEST_CASE("front matter: split keeps file line numbers") {
  std::string why;
  auto fm = split_front_matter("+++\ntitle = \"T\"\n+++\nBody\n", &why);
  REQUIRE(fm);
  CHECK(fm->toml == "\ntitle = \"T\"\n");
  CHECK(fm->body == "Body\n");
  CHECK(fm->body_line == 4);
}

TEST_CASE("front matter: CRLF and BOM work") {
  std::string why;
  auto fm = split_front_matter("\xEF\xBB\xBF+++\r\ntitle = \"T\"\r\n+++\r\nBody", &why);
  REQUIRE(fm);
  CHECK(fm->toml == "\ntitle = \"T\"\r\n");
  CHECK(fm->body == "Body");
}

TEST_CASE("front matter: none, and unclosed") {
  std::string why;
  auto none = split_front_matter("# Just markdown\n", &why);
  REQUIRE(none);
  CHECK(none->toml.empty());
  CHECK(none->body == "# Just markdown\n");
  CHECK_FALSE(split_front_matter("+++\ntitle = \"T\"\n", &why));
  CHECK(why == "front matter opened with `+++` on line 1 is never closed (expected a line `+++`)");
}
