// Dates keep the precision they were given; formatting never invents a month or day.
#include "base/date.h"

#include <array>
#include <charconv>

namespace sitegen {

namespace {

constexpr std::array<const char*, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

bool parse_digits(std::string_view s, size_t n, int* out) {
  if (s.size() != n) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  std::from_chars(s.data(), s.data() + s.size(), *out);
  return true;
}

int days_in_month(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

std::string two(int n) {
  return (n < 10 ? "0" : "") + std::to_string(n);
}

}  // namespace

std::string fill(std::string_view pattern,
                 std::initializer_list<std::pair<std::string_view, std::string>> values) {
  std::string out;
  out.reserve(pattern.size() + 16);
  size_t i = 0;
  while (i < pattern.size()) {
    size_t open = pattern.find('{', i);
    size_t close = open == std::string_view::npos ? open : pattern.find('}', open);
    if (close == std::string_view::npos) break;
    out.append(pattern.substr(i, open - i));
    std::string_view name = pattern.substr(open + 1, close - open - 1);
    const std::string* value = nullptr;
    for (const auto& [k, v] : values)
      if (k == name) value = &v;
    if (value)
      out += *value;
    else
      out.append(pattern.substr(open, close - open + 1));  // not ours: kept as written
    i = close + 1;
  }
  out.append(pattern.substr(std::min(i, pattern.size())));
  return out;
}

int Date::compare(const Date& o) const {
  if (present != o.present) return present ? 1 : -1;
  if (year != o.year) return year < o.year ? -1 : 1;
  if (month != o.month) return month < o.month ? -1 : 1;
  if (day != o.day) return day < o.day ? -1 : 1;
  return 0;
}

std::optional<Date> make_date(int year, int month, int day, std::string* why) {
  if (year < 1 || year > 9999) {
    *why = "year out of range";
    return std::nullopt;
  }
  if (month < 0 || month > 12 || (month == 0 && day != 0)) {
    *why = "month must be 01 to 12";
    return std::nullopt;
  }
  if (day < 0 || (day > 0 && day > days_in_month(year, month))) {
    *why = "day " + std::to_string(day) + " does not exist in " + kMonths[month - 1] + " " +
           std::to_string(year);
    return std::nullopt;
  }
  return Date{year, month, day, false};
}

std::optional<Date> parse_date(std::string_view s, bool allow_present, std::string* why) {
  const std::string expected =
      allow_present ? "expected a date as \"YYYY\", \"YYYY-MM\", \"YYYY-MM-DD\" or \"present\""
                    : "expected a date as \"YYYY\", \"YYYY-MM\" or \"YYYY-MM-DD\"";
  if (s == "present") {
    if (allow_present) return Date{0, 0, 0, true};
    *why = "`present` is only allowed as an end date";
    return std::nullopt;
  }
  int y = 0, m = 0, d = 0;
  bool ok = false;
  if (s.size() == 4) {
    ok = parse_digits(s, 4, &y);
  } else if (s.size() == 7 && s[4] == '-') {
    ok = parse_digits(s.substr(0, 4), 4, &y) && parse_digits(s.substr(5, 2), 2, &m);
  } else if (s.size() == 10 && s[4] == '-' && s[7] == '-') {
    ok = parse_digits(s.substr(0, 4), 4, &y) && parse_digits(s.substr(5, 2), 2, &m) &&
         parse_digits(s.substr(8, 2), 2, &d);
  }
  if (!ok) {
    *why = expected + ", got \"" + std::string(s.substr(0, 40)) + "\"";
    return std::nullopt;
  }
  if (s.size() >= 7 && m == 0) {
    *why = "month must be 01 to 12";
    return std::nullopt;
  }
  if (s.size() == 10 && d == 0) {
    *why = "day must be 01 to 31";
    return std::nullopt;
  }
  return make_date(y, m, d, why);
}

std::string format_date(const Date& d) {
  static const DateFormat kEnglish;
  return format_date(d, kEnglish);
}

std::string format_date(const Date& d, const DateFormat& f) {
  if (d.present) return f.present;
  if (d.year == 0) return "";
  const std::string& pattern = d.month == 0 ? f.year : d.day == 0 ? f.month : f.day;
  return fill(pattern, {{"year", std::to_string(d.year)},
                        {"month", std::to_string(d.month)},
                        {"day", std::to_string(d.day)},
                        {"mon", d.month ? f.months[d.month - 1] : ""}});
}

std::string iso_date(const Date& d) {
  if (d.present || d.year == 0) return "";
  // ISO 8601 (and the feed's RFC 3339) wants four-digit years: "0029", not "29".
  std::string out = std::to_string(d.year);
  out.insert(0, out.size() < 4 ? 4 - out.size() : 0, '0');
  if (d.month) out += "-" + two(d.month);
  if (d.day) out += "-" + two(d.day);
  return out;
}

std::string format_range(const Date& start, const Date& end) {
  static const DateFormat kEnglish;
  return format_range(start, end, kEnglish);
}

std::string format_range(const Date& start, const Date& end, const DateFormat& f) {
  if (start.empty()) return format_date(end, f);
  if (end.empty()) return format_date(start, f);
  if (start == end) return format_date(start, f);
  // "Jan – Apr 2024" when both share a year and have months but no days.
  if (!end.present && start.year == end.year && start.month && end.month && !start.day && !end.day)
    return fill(f.same_year, {{"year", std::to_string(start.year)},
                              {"month1", std::to_string(start.month)},
                              {"month2", std::to_string(end.month)},
                              {"mon1", f.months[start.month - 1]},
                              {"mon2", f.months[end.month - 1]}});
  return fill(f.range, {{"start", format_date(start, f)}, {"end", format_date(end, f)}});
}

}  // namespace sitegen
