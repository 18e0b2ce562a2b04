// base_url as written, and the root path and full address a site gets from it.
#include "load/base_url.h"

#include <doctest/doctest.h>

using namespace sitegen;

namespace {

std::string parsed(std::string_view text) {
  BaseUrl b = parse_base_url(text);
  return b.root + " " + b.abs;
}

}  // namespace

TEST_CASE("base_url: a path gives the root, with no full address") {
  CHECK(parsed("") == "/ ");
  CHECK(parsed("/") == "/ ");
  CHECK(parsed("/repo") == "/repo/ ");
  CHECK(parsed("/repo/") == "/repo/ ");
  CHECK(parsed("repo") == "/repo/ ");
}

TEST_CASE("base_url: a full address gives both, each ending with a slash") {
  CHECK(parsed("https://host") == "/ https://host/");
  CHECK(parsed("https://host/") == "/ https://host/");
  CHECK(parsed("https://host/repo") == "/repo/ https://host/repo/");
  CHECK(parsed("https://host/repo/") == "/repo/ https://host/repo/");
}
