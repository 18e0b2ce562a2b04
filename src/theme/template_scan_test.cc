// Partials and comments found as kainjow's parser finds tags.
#include "theme/template_scan.h"

#include <doctest/doctest.h>

using namespace sitegen;

namespace {

std::string partials_of(std::string_view text) {
  std::string out;
  for (const PartialTag& p : scan_template(text).partials)
    out += p.name + "@" + std::to_string(p.begin) + "-" + std::to_string(p.end) + " " +
           p.delimiters.open + p.delimiters.close + ";";
  return out;
}

}  // namespace

TEST_CASE("template scan: partials as kainjow reads them") {
  CHECK(partials_of("<p>{{> icon}}</p>{{>  pub\t}}") == "icon@3-13 {{}};pub@17-28 {{}};");
  // After a delimiter change a partial is written in the new ones, and `{{> x}}` is text.
  CHECK(partials_of("{{=<% %>=}}<%> icon %>{{> text}}<%={{ }}=%>{{>b}}") ==
        "icon@11-22 <%%>;b@43-49 {{}};");
  // A triple mustache is a variable, whatever it holds.
  CHECK(partials_of("{{{> x}}}") == "");
}

TEST_CASE("template scan: a comment ends at the first closing delimiter") {
  TemplateScan s = scan_template("<p>{{! was: {{> icon}} }}</p>");
  CHECK(s.partials.empty());
  REQUIRE(s.opens_in_comments.size() == 1);
  CHECK(s.opens_in_comments[0] == 12);
  CHECK(scan_template("{{! a plain comment }}").opens_in_comments.empty());
}

TEST_CASE("template scan: the delimiters at the end, and where scanning stops") {
  CHECK(scan_template("{{=<% %>=}}x").end == Delimiters{"<%", "%>"});
  CHECK(scan_template("x").end.is_default());
  CHECK_FALSE(scan_template("{{#a}}{{b").complete);
  CHECK_FALSE(scan_template("{{=<%%>=}}").complete);
  CHECK(set_delimiters_tag({"<%", "%>"}, {}) == "<%={{ }}=%>");
}
