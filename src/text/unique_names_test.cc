#include "text/unique_names.h"

#include <doctest/doctest.h>

using namespace sitegen;

TEST_CASE("unique names: numbered from -2, skipping names taken, one lookup per name given") {
  UniqueNames names;
  CHECK(names.claim("paper-3"));
  CHECK_FALSE(names.claim("paper-3"));
  CHECK(names.claim_numbered("paper") == "paper");
  CHECK(names.claim_numbered("paper") == "paper-2");
  CHECK(names.claim_numbered("paper") == "paper-4");
  CHECK(names.probes() == 4);
  // A base that is itself a numbered name counts on from its own number.
  CHECK(names.claim_numbered("paper-2") == "paper-2-2");
  CHECK(names.taken("paper-2-2"));
  CHECK_FALSE(names.taken("paper-5"));
  // 10,000 more of one base: one lookup each, however many came before.
  size_t before = names.probes();
  for (int i = 0; i < 10000; ++i) names.claim_numbered("paper");
  CHECK(names.probes() - before == 10000);
  CHECK(names.claim_numbered("paper") == "paper-10005");
}
