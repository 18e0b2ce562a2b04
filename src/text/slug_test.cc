#include "text/slug.h"

#include <doctest/doctest.h>

using namespace sitegen;

TEST_CASE("slug: URL-safe, lowercase, hyphenated") {
  CHECK(slugify("hu2026taming") == "hu2026taming");
  CHECK(slugify("DBLP:conf/crypto/2001") == "dblp-conf-crypto-2001");
  CHECK(slugify("  Hello, World!  ") == "hello-world");
  CHECK(slugify("ETH Zürich") == "eth-zurich");
  CHECK(slugify("Don't stop") == "dont-stop");
  CHECK(slugify("胡清昊") == "");
  CHECK(slugify("a--b__c") == "a-b-c");
}
