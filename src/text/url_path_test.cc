#include "text/url_path.h"

#include <doctest/doctest.h>

namespace sitegen {

TEST_CASE("url path: percent-encoding escapes the bytes its caller names, in uppercase hex") {
  auto space_or_high = [](unsigned char c) { return c == ' ' || c >= 0x80; };
  CHECK(percent_encode("my paper–1.pdf", space_or_high) == "my%20paper%E2%80%931.pdf");
  CHECK(percent_encode("", space_or_high) == "");
  CHECK(percent_decode(percent_encode("a b\xff", space_or_high)) == "a b\xff");
  std::string one;
  append_percent_escape(one, 0x0A);
  CHECK(one == "%0A");
}

TEST_CASE("url path: percent-decoding keeps what is not an escape") {
  CHECK(percent_decode("my%20paper.pdf") == "my paper.pdf");
  CHECK(percent_decode("%e2%80%93%2F") == "\xE2\x80\x93/");
  CHECK(percent_decode("100%") == "100%");
  CHECK(percent_decode("%zz%4") == "%zz%4");
  CHECK(hex_digit('F') == 15);
  CHECK(hex_digit('g') == -1);
}

TEST_CASE("url path: dot segments as browsers resolve them") {
  std::string out;
  CHECK(remove_dot_segments("teaching/../cv.pdf", &out));
  CHECK(out == "cv.pdf");
  CHECK(remove_dot_segments("a/./b//c/", &out));
  CHECK(out == "a/b/c/");
  CHECK(remove_dot_segments("a/b/..", &out));
  CHECK(out == "a/");
  CHECK(remove_dot_segments("", &out));
  CHECK(out == "");
  // Above the root: the root, and false.
  CHECK_FALSE(remove_dot_segments("../../x.pdf", &out));
  CHECK(out == "x.pdf");
}

}  // namespace sitegen
