// Dates with the precision the user gave: "2025", "2025-09", "2025-09-18", or "present".
#pragma once

#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace sitegen {

struct Date {
  int year = 0;   // 0: no date
  int month = 0;  // 0: year precision
  int day = 0;    // 0: month precision
  bool present = false;

  bool empty() const { return year == 0 && !present; }
  // Orders by time; missing parts sort first, "present" sorts last.
  int compare(const Date& o) const;
  bool operator<(const Date& o) const { return compare(o) < 0; }
  bool operator==(const Date& o) const { return compare(o) == 0; }
};

// Parses "YYYY", "YYYY-MM", "YYYY-MM-DD" (and "present" when allow_present).
// Returns nullopt and sets *why to what was expected on failure.
std::optional<Date> parse_date(std::string_view s, bool allow_present, std::string* why);
// A date from parts, validated (month 1-12, day within the month).
std::optional<Date> make_date(int year, int month, int day, std::string* why);

// How one language writes dates (the [date] table of its i18n file). In the patterns,
// {year}, {month} (1-12), {day} and {mon} (the month's name from `months`) are replaced.
struct DateFormat {
  std::array<std::string, 12> months = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  std::string year = "{year}";
  std::string month = "{mon} {year}";
  std::string day = "{mon} {day}, {year}";
  std::string present = "present";
  std::string range = "{start} – {end}";
  // Two months of one year: {mon1}/{month1} the first, {mon2}/{month2} the second.
  std::string same_year = "{mon1} – {mon2} {year}";
};

// `pattern` with each {name} of `values` replaced by its value; other braces are kept.
std::string fill(std::string_view pattern,
                 std::initializer_list<std::pair<std::string_view, std::string>> values);

// "2024", "Feb 2024", "Feb 18, 2024", "present": never shows a part the user did not give.
std::string format_date(const Date& d);
// The same in a language's words: "2024年2月", "février 2024".
std::string format_date(const Date& d, const DateFormat& f);
// ISO 8601 with the given precision: "2024", "2024-02", "2024-02-18"; "" for present/empty.
std::string iso_date(const Date& d);
// "Aug 2024 – present", "2023", "Jan – Apr 2024".
std::string format_range(const Date& start, const Date& end);
std::string format_range(const Date& start, const Date& end, const DateFormat& f);

}  // namespace sitegen
