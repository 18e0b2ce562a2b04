// Value types: a value of the wrong type in any content file is an error at the value,
// with a hint where what was meant is clear, and never read as something else.
#include <doctest/doctest.h>

#include "load/load.h"
#include "support/test_site.h"

using sitegen::testing::build_files;
using sitegen::testing::diagnostics_of;

namespace {

// One [[publication]] with a title and the given lines.
std::string publication(const std::string& lines) {
  return "[[publication]]\ntitle = \"Fastpath\"\n" + lines;
}

}  // namespace

TEST_CASE("types: authors written as one string is an error that shows the array") {
  sitegen::BuildResult r = build_files(
      {{"publications.toml", publication("authors = \"Ada Example, Grace Hopper\"\n")}});
  CHECK(r.diags.format_all() ==
        "content/publications.toml:3:11: error: `authors` must be an array of strings, not a "
        "string (write authors = [\"Ada Example\", \"Grace Hopper\"])\n"
        "  authors = \"Ada Example, Grace Hopper\"\n"
        "            ^\n");
  CHECK(r.output.files.empty());
  // Also split on " and " (with or without a serial comma), and a single name.
  CHECK(diagnostics_of(
            {{"publications.toml",
              publication("authors = \"Ada Example, Ben Sample, and Grace Hopper\"\n")}}) ==
        "content/publications.toml:3:11: error: `authors` must be an array of strings, not a "
        "string (write authors = [\"Ada Example\", \"Ben Sample\", \"Grace Hopper\"])\n"
        "  authors = \"Ada Example, Ben Sample, and Grace Hopper\"\n"
        "            ^\n");
  CHECK(diagnostics_of(
            {{"publications.toml", publication("authors = \"Ada Example and Grace Hopper\"\n")}}) ==
        "content/publications.toml:3:11: error: `authors` must be an array of strings, not a "
        "string (write authors = [\"Ada Example\", \"Grace Hopper\"])\n"
        "  authors = \"Ada Example and Grace Hopper\"\n"
        "            ^\n");
  CHECK(diagnostics_of({{"publications.toml", publication("authors = \"Ada Example\"\n")}}) ==
        "content/publications.toml:3:11: error: `authors` must be an array of strings, not a "
        "string (write authors = [\"Ada Example\"])\n"
        "  authors = \"Ada Example\"\n"
        "            ^\n");
}

TEST_CASE("types: an array item of the wrong type is reported at the item") {
  CHECK(diagnostics_of({{"publications.toml", publication("authors = [\"Ada Example\", 3]\n")}}) ==
        "content/publications.toml:3:27: error: `authors` must be an array of strings, not an "
        "array containing an integer\n"
        "  authors = [\"Ada Example\", 3]\n"
        "                            ^\n");
  // A field that takes a string or an array says so.
  CHECK(diagnostics_of({{"publications.toml",
                         publication("authors = [\"A\"]\ntags = [\"ml\", [\"x\"]]\n")}}) ==
        "content/publications.toml:4:15: error: `tags` must be a string or an array of strings, "
        "not an array containing an array of strings\n"
        "  tags = [\"ml\", [\"x\"]]\n"
        "                ^\n");
}

TEST_CASE("types: the hints for a number, a boolean and an integer written otherwise") {
  CHECK(diagnostics_of({{"publications.toml",
                         publication("authors = [\"A\"]\nvenue = 2024\nselected = \"true\"\n"
                                     "year = \"2024\"\nraw_html = \"False\"\n")}}) ==
        "content/publications.toml:4:9: error: `venue` must be a string, not an integer (write "
        "venue = \"2024\")\n"
        "  venue = 2024\n"
        "          ^\n"
        "content/publications.toml:6:8: error: `year` must be an integer, not a string (write "
        "year = 2024)\n"
        "  year = \"2024\"\n"
        "         ^\n"
        "content/publications.toml:5:12: error: `selected` must be a boolean, not a string "
        "(write selected = true)\n"
        "  selected = \"true\"\n"
        "             ^\n"
        "content/publications.toml:7:12: error: `raw_html` must be a boolean, not a string "
        "(write raw_html = false)\n"
        "  raw_html = \"False\"\n"
        "             ^\n");
  // A float that is a whole number; no hint where the meaning is not clear.
  CHECK(
      diagnostics_of({{"pages/a.md", "+++\ntitle = \"T\"\norder = 40.0\nnav = \"yes\"\n+++\n"}}) ==
      "content/pages/a.md:4:7: error: `nav` must be a boolean, not a string\n"
      "  nav = \"yes\"\n"
      "        ^\n"
      "content/pages/a.md:3:9: error: `order` must be an integer, not a float (write order = "
      "40)\n"
      "  order = 40.0\n"
      "          ^\n");
  CHECK(diagnostics_of({{"pages/a.md", "+++\ntitle = \"T\"\norder = \"40\"\n+++\n"}}) ==
        "content/pages/a.md:3:9: error: `order` must be an integer, not a string (write order = "
        "40)\n"
        "  order = \"40\"\n"
        "          ^\n");
  CHECK(diagnostics_of({{"pages/a.md", "+++\ntitle = \"T\"\norder = 9999999999\n+++\n"}}) ==
        "content/pages/a.md:3:9: error: `order` must be an integer from -2147483648 to "
        "2147483647\n"
        "  order = 9999999999\n"
        "          ^\n");
}

TEST_CASE("types: site.toml and its tables") {
  CHECK(
      diagnostics_of({{"site.toml",
                       "allow_javascript_urls = \"false\"\n[person]\nname = \"Ada\"\n"
                       "aliases = 5\ninterests = [\"a\", true]\n[person.links]\ngithub = 5\n"
                       "[publications]\nbibtex = [1]\n[publications.markers]\n\"†\" = 1\n"
                       "[publications.numbering]\nconference = 7\n[nav]\n"
                       "items = \"publications\"\n"}}) ==
      "content/site.toml:1:25: error: `allow_javascript_urls` must be a boolean, not a string "
      "(write allow_javascript_urls = false)\n"
      "  allow_javascript_urls = \"false\"\n"
      "                          ^\n"
      "content/site.toml:4:11: error: `aliases` must be a string or an array of strings, not an "
      "integer\n"
      "  aliases = 5\n"
      "            ^\n"
      "content/site.toml:5:19: error: `interests` must be a string or an array of strings, not "
      "an array containing a boolean\n"
      "  interests = [\"a\", true]\n"
      "                    ^\n"
      "content/site.toml:7:10: error: `github` must be a string, not an integer (write github = "
      "\"5\")\n"
      "  github = 5\n"
      "           ^\n"
      "content/site.toml:9:11: error: `bibtex` must be a string or an array of strings, not an "
      "array containing an integer\n"
      "  bibtex = [1]\n"
      "            ^\n"
      "content/site.toml:11:7: error: `†` must be a string, not an integer (write \"†\" = \"1\")\n"
      "  \"†\" = 1\n"
      "        ^\n"
      "content/site.toml:13:14: error: `conference` must be a string, not an integer (write "
      "conference = \"7\")\n"
      "  conference = 7\n"
      "               ^\n"
      "content/site.toml:15:9: error: `items` must be an array of strings, not a string (write "
      "items = [\"publications\"])\n"
      "  items = \"publications\"\n"
      "          ^\n");
  CHECK(diagnostics_of({{"site.toml", "person = \"Ada Example\"\n"}}) ==
        "content/site.toml:1:10: error: `person` must be a table, not a string\n"
        "  person = \"Ada Example\"\n"
        "           ^\n");
}

TEST_CASE("types: news.toml, talks.toml and cv.toml") {
  CHECK(diagnostics_of({{"news.toml", "[[news]]\ndate = true\ntext = 5\n"}}) ==
        "content/news.toml:2:8: error: `date` must be a date, not a boolean\n"
        "  date = true\n"
        "         ^\n"
        "content/news.toml:3:8: error: `text` must be a string, not an integer (write text = "
        "\"5\")\n"
        "  text = 5\n"
        "         ^\n");
  CHECK(diagnostics_of({{"talks.toml", "[[talk]]\ntitle = [\"Fastpath\"]\ngiven = \"PLDI\"\n"}}) ==
        "content/talks.toml:2:9: error: `title` must be a string, not an array of strings\n"
        "  title = [\"Fastpath\"]\n"
        "          ^\n"
        "content/talks.toml:3:9: error: `given` must be an array of tables (`[[given]]`), not a "
        "string\n"
        "  given = \"PLDI\"\n"
        "          ^\n");
  CHECK(diagnostics_of({{"cv.toml",
                         "[[section]]\ntitle = \"Awards\"\nstyle = 1\n[[section.entry]]\n"
                         "what = \"Prize\"\nstart = 2024.5\n"}}) ==
        "content/cv.toml:3:9: error: `style` must be a string, not an integer (write style = "
        "\"1\")\n"
        "  style = 1\n"
        "          ^\n"
        "content/cv.toml:6:9: error: `start` must be a date, not a float\n"
        "  start = 2024.5\n"
        "          ^\n");
  CHECK(diagnostics_of({{"news.toml", "news = [\"Fastpath won\"]\n"}}) ==
        "content/news.toml:1:9: error: `news` must be an array of tables, not an array "
        "containing a string\n"
        "  news = [\"Fastpath won\"]\n"
        "          ^\n");
}

TEST_CASE("types: both forms the format allows still build") {
  // Dates as TOML dates, strings and years; award, tags, aliases as a string or an array.
  CHECK(diagnostics_of(
            {{"site.toml",
              "[person]\nname = \"Ada Example\"\naliases = \"A. Example\"\naddress = \"Here\"\n"
              "interests = \"Compilers\"\n[publications]\nbibtex = []\n"},
             {"publications.toml",
              publication("authors = [\"Ada Example\"]\ndate = 2025-06-16\naward = \"Best\"\n"
                          "tags = \"ml\"\n") +
                  publication("authors = [\"Ada Example\"]\ndate = \"2025-06\"\n"
                              "award = [\"Best\", \"Artifact\"]\ntags = [\"ml\", \"pl\"]\n")},
             {"news.toml", "[[news]]\ndate = 2025\ntext = \"x\"\n"}},
            true) == "");
}
