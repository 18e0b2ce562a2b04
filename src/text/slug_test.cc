#include "text/slug.h"

#include <doctest/doctest.h>

using namespace sitegen;

TEST_CASE("slug: URL-safe, lowercase, hyphenated") {
  CHECK(slugify("hu2026taming") == "hu2026taming");
  CHECK(slugify("DBLP:conf/crypto/2001") == "dblp-conf-crypto-2001");
  CHECK(slugify("  Hello, World!  ") == "hello-world");
  CHECK(slugify("ETH Zürich") == "eth-zurich");
  CHECK(slugify("Don't stop") == "dont-stop");
  CHECK(slugify("a--b__c") == "a-b-c");
}

TEST_CASE("slug: Latin letters with diacritics become readable ASCII") {
  CHECK(slugify("Nguyễn Đặng 2024") == "nguyen-dang-2024");
  CHECK(slugify("Trần Thị Ưng, Phạm Ơn") == "tran-thi-ung-pham-on");
  CHECK(slugify("Straße") == "strasse");
  CHECK(slugify("Æsop's Cæsar") == "aesops-caesar");
  CHECK(slugify("Søren Kierkegaard") == "soren-kierkegaard");
  CHECK(slugify("Łukasz Wałęsa") == "lukasz-walesa");
  CHECK(slugify("Þór Œuvre ĳs") == "thor-oeuvre-ijs");
  CHECK(slugify("Ștefan Țiriac") == "stefan-tiriac");
  CHECK(slugify("Lǚ Xiǎo") == "lu-xiao");
  CHECK(slugify("ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝ") == "aaaaaaceeeeiiiidnoooooouuuuy");
  CHECK(slugify("Nguye\u0303\u0302n") == "nguyen");  // decomposed: the marks are dropped
  CHECK(slugify("ＧＰＴ－４") == "gpt-4");           // full-width forms
  CHECK(slugify("a × b ÷ c") == "a-b-c");            // signs of Latin-1 separate
}

TEST_CASE("slug: words of other scripts become a stable hash, Latin words stay") {
  CHECK(slugify("胡清昊") == "343c2852");
  CHECK(slugify("胡清昊 2024") == "343c2852-2024");
  CHECK(slugify("GPT-4 在中文上的评测") == "gpt-4-" + slugify("在中文上的评测"));
  CHECK(slugify("Ελληνικά") != slugify("Русский"));
  CHECK(slugify("Русский язык").size() == 17);      // two words, two hashes
  CHECK(slugify("a → b — c 🙂") == "a-b-c");  // symbols and emoji only separate
}
