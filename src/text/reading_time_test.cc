#include "text/reading_time.h"

#include <doctest/doctest.h>

#include <string>

namespace sitegen {

namespace {

std::string repeat(std::string_view piece, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += piece;
  return out;
}

}  // namespace

TEST_CASE("reading time: words of a spaced script, rounded up to whole minutes") {
  CHECK(reading_minutes("") == 1);
  CHECK(reading_minutes("A short note.") == 1);
  CHECK(reading_minutes(repeat("word ", 220)) == 1);
  CHECK(reading_minutes(repeat("word ", 221)) == 2);
  CHECK(reading_minutes(repeat("mot\n", 1100)) == 5);
}

TEST_CASE("reading time: Chinese and Japanese are counted in characters") {
  CHECK(reading_minutes(repeat("读", 500)) == 1);
  CHECK(reading_minutes(repeat("读", 501)) == 2);
  CHECK(reading_minutes(repeat("かな", 750)) == 3);
  // 440 words (2 minutes) and 500 characters (1 minute).
  CHECK(reading_minutes(repeat("word ", 440) + repeat("字", 500)) == 3);
}

}  // namespace sitegen
