#include "base/diag.h"

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

TEST_CASE("diag: a long line is quoted around the caret") {
  Diagnostics d;
  std::string line = "title = \"" + std::string(1000, 'a') + "\" x " + std::string(1000, 'b');
  d.add_source("a.toml", "x = 1\n" + line + "\nz = 2\n");
  d.error(d.loc_at("a.toml", 6 + 1011), "expected a newline");
  CHECK(d.format_all() ==
        "a.toml:2:1012: error: expected a newline\n"
        "  ..." +
            std::string(58, 'a') + "\" x " + std::string(58, 'b') +
            "...\n"
            "     " +
            std::string(60, ' ') + "^\n");
  // Near the start of the line only the end is cut; multi-byte characters count once.
  Diagnostics e;
  e.add_source("b.toml", "é = " + std::string(500, 'c') + "\n");
  e.error({"b.toml", 1, 3}, "bare keys are ASCII");
  CHECK(e.format_all() ==
        "b.toml:1:3: error: bare keys are ASCII\n"
        "  é = " +
            std::string(58, 'c') +
            "...\n"
            "    ^\n");
}

// Lines are indexed once per file: quoting each of 10,000 lines does not rescan the file.
TEST_CASE("diag: each of many diagnostics in one file quotes its own line") {
  Diagnostics d;
  std::string text;
  for (int i = 0; i < 20000; ++i) text += "k" + std::to_string(i) + " = 1\n";
  d.add_source("a.toml", text);
  for (int i = 0; i < 20000; i += 2) d.warning({"a.toml", i + 1, 1}, "unknown key");
  CHECK(d.loc_at("a.toml", text.size() - 1).line == 20000);
  std::string all = d.format_all();
  std::string last = "a.toml:19999:1: warning: unknown key\n  k19998 = 1\n  ^\n";
  CHECK(all.size() > last.size());
  CHECK(all.substr(all.size() - last.size()) == last);
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
