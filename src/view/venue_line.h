// A publication's venue line and its badge, punctuation included: the theme shows them as
// they are, so no stylesheet has to guess a separator from which parts are empty.
#pragma once

#include <string>
#include <string_view>

#include "model/model.h"

namespace sitegen {

// A list entry's line: the full venue (else the short one), then the year, joined by ", ";
// "" when the entry has neither.
std::string list_venue_line(const Publication& p);

// The paper page's line: the full venue with the short one in parentheses when both are
// given and differ, then `date` (the formatted date, when the entry has one) or the year.
std::string page_venue_line(const Publication& p, const std::string& date);

// Whether `label` fits a one-line badge of the built-in theme's label column: at most
// kBadgeColumns columns, a wide (CJK) character counting two.
constexpr size_t kBadgeColumns = 16;
bool fits_badge(std::string_view label);

}  // namespace sitegen
