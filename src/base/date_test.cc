#include "base/date.h"

#include <doctest/doctest.h>

using namespace sitegen;

TEST_CASE("date: partial dates keep their precision") {
  std::string why;
  auto y = parse_date("2024", false, &why);
  auto ym = parse_date("2024-02", false, &why);
  auto ymd = parse_date("2024-02-18", false, &why);
  REQUIRE(y);
  REQUIRE(ym);
  REQUIRE(ymd);
  CHECK(format_date(*y) == "2024");
  CHECK(format_date(*ym) == "Feb 2024");
  CHECK(format_date(*ymd) == "Feb 18, 2024");
  CHECK(iso_date(*ym) == "2024-02");
  CHECK(iso_date(*ymd) == "2024-02-18");
}

TEST_CASE("date: invalid dates say what was expected") {
  std::string why;
  CHECK_FALSE(parse_date("2024/02", false, &why));
  CHECK(why == "expected a date as \"YYYY\", \"YYYY-MM\" or \"YYYY-MM-DD\", got \"2024/02\"");
  CHECK_FALSE(parse_date("2023-02-29", false, &why));
  CHECK(why == "day 29 does not exist in Feb 2023");
  CHECK_FALSE(parse_date("2023-13", false, &why));
  CHECK(why == "month must be 01 to 12");
  CHECK_FALSE(parse_date("present", false, &why));
  CHECK(why == "`present` is only allowed as an end date");
  CHECK(parse_date("2024-02-29", false, &why));
}

TEST_CASE("date: ranges") {
  std::string why;
  Date start = *parse_date("2024-08", false, &why);
  Date present = *parse_date("present", true, &why);
  CHECK(format_range(start, present) == "Aug 2024 – present");
  CHECK(format_range(*parse_date("2024-01", false, &why), *parse_date("2024-04", false, &why)) ==
        "Jan – Apr 2024");
  CHECK(format_range(*parse_date("2020", false, &why), *parse_date("2023", false, &why)) ==
        "2020 – 2023");
  CHECK(format_range(Date{}, *parse_date("2023", false, &why)) == "2023");
}

TEST_CASE("date: ordering puts present last and coarser dates first") {
  std::string why;
  CHECK(*parse_date("2024", false, &why) < *parse_date("2024-01", false, &why));
  CHECK(*parse_date("2024-12-31", false, &why) < *parse_date("present", true, &why));
}

TEST_CASE("date: iso_date writes four-digit years, so it parses back (found by fuzzing)") {
  std::string why;
  Date d = *parse_date("0029", false, &why);
  CHECK(iso_date(d) == "0029");
  CHECK(iso_date(*parse_date("0999-02-03", false, &why)) == "0999-02-03");
  CHECK(*parse_date(iso_date(d), false, &why) == d);
}
