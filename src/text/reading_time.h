// How long a text takes to read, for a post's "5 min read": counted from its Markdown,
// in words for scripts written with spaces and in characters for those written without.
#pragma once

#include <string_view>

namespace sitegen {

// Whole minutes, at least 1: about 220 words a minute, or 500 characters of Chinese or
// Japanese (which have no spaces between words), rounded up.
int reading_minutes(std::string_view text);

}  // namespace sitegen
