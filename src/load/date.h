// Dates with the precision the user gave: "2025", "2025-09", "2025-09-18", or "present".
#pragma once

#include <optional>
#include <string>
#include <string_view>

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

// "2024", "Feb 2024", "Feb 18, 2024", "present": never shows a part the user did not give.
std::string format_date(const Date& d);
// ISO 8601 with the given precision: "2024", "2024-02", "2024-02-18"; "" for present/empty.
std::string iso_date(const Date& d);
// "Aug 2024 – present", "2023", "Jan – Apr 2024".
std::string format_range(const Date& start, const Date& end);

}  // namespace sitegen
