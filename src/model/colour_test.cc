#include "model/colour.h"

#include <doctest/doctest.h>

using namespace sitegen;

TEST_CASE("colour: #rgb and #rrggbb in either case, nothing else") {
  CHECK(parse_colour("#1A5fB4") == Colour{26, 95, 180});
  CHECK(parse_colour("#c33") == Colour{204, 51, 51});
  CHECK(colour_hex(*parse_colour("#C33")) == "#cc3333");
  for (const char* bad : {"blue", "1a5fb4", "#1a5fb", "#1a5fb4ff", "#ggg", "", "#", "rgb(0,0,0)"})
    CHECK_MESSAGE(!parse_colour(bad), bad);
}

TEST_CASE("colour: WCAG 2.1 contrast ratios of known pairs") {
  Colour white{255, 255, 255}, black{0, 0, 0};
  CHECK(ratio_text(contrast_ratio(black, white)) == "21.00");
  CHECK(ratio_text(contrast_ratio(white, white)) == "1.00");
  // #767676 is the lightest grey that passes 4.5:1 on white; #777777 just fails, and
  // must not read as 4.48 rounded up to a pass.
  CHECK(ratio_text(contrast_ratio(*parse_colour("#767676"), white)) == "4.54");
  CHECK(ratio_text(contrast_ratio(*parse_colour("#777777"), white)) == "4.47");
  CHECK(ratio_text(contrast_ratio(white, *parse_colour("#777777"))) == "4.47");
  CHECK(ratio_text(contrast_ratio(*parse_colour("#0000ff"), white)) == "8.59");
  CHECK(relative_luminance(white) == doctest::Approx(1.0));
  CHECK(relative_luminance(black) == doctest::Approx(0.0));
}

TEST_CASE("colour: mixing as CSS color-mix in srgb") {
  Colour c{26, 95, 180};
  CHECK(mix(c, Colour{0, 0, 0}, 1.0) == c);
  CHECK(mix(c, Colour{0, 0, 0}, 0.0) == Colour{0, 0, 0});
  CHECK(colour_hex(mix(c, Colour{255, 255, 255}, 0.1)) == "#e8eff8");
}
