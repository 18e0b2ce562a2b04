#include "load/diag.h"

#include <doctest/doctest.h>

using namespace sitegen;

TEST_CASE("diag: error with source line and caret") {
  Diagnostics d;
  d.add_source("content/site.toml", "title = \"x\"\nbase_url = 5\n");
  d.error({"content/site.toml", 2, 12}, "`base_url` must be a string, not an integer");
  CHECK(d.format_all() ==
        "content/site.toml:2:12: error: `base_url` must be a string, not an integer\n"
        "  base_url = 5\n"
        "             ^\n");
  CHECK(d.has_errors());
  CHECK(d.error_count() == 1);
}

TEST_CASE("diag: columns count characters, not bytes") {
  Diagnostics d;
  d.add_source("a.toml", "name = \"胡清昊\" x\n");
  SourceLoc loc = d.loc_at("a.toml", std::string("name = \"胡清昊\" ").size());
  CHECK(loc.line == 1);
  CHECK(loc.col == 14);
}

TEST_CASE("diag: warnings become errors when strict") {
  Diagnostics d;
  d.warning({"a.toml", 1, 1}, "unknown key `x`");
  CHECK_FALSE(d.has_errors());
  Diagnostics strict;
  strict.set_strict(true);
  strict.warning({"a.toml", 1, 1}, "unknown key `x`");
  CHECK(strict.has_errors());
  CHECK(strict.format_all() == "a.toml:1:1: error: unknown key `x`\n");
}

TEST_CASE("diag: did you mean picks the closest key") {
  CHECK(did_you_mean("venu", {"venue", "venue_full", "year"}) == " (did you mean `venue`?)");
  CHECK(did_you_mean("confernce", {"conference", "journal"}) == " (did you mean `conference`?)");
  CHECK(did_you_mean("zzzzzz", {"venue", "year"}) == "");
}
