// Group sites: the mistakes a group's content can hold, reported where they are written.
#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using namespace testing;

namespace {

const char* kGroupSite = "title = \"Lab\"\n[group]\nname = \"Lab\"\n";

}  // namespace

TEST_CASE("group: an unknown role is an error with the roles listed") {
  CHECK(diagnostics_of({{"site.toml", kGroupSite},
                        {"people/ann.toml", "name = \"Ann\"\nrole = \"phd-student\"\n"}}) ==
        "content/people/ann.toml:2:8: error: unknown role `phd-student`: expected one of `pi`, "
        "`faculty`, `postdoc`, `phd`, `masters`, `undergrad`, `staff`, `visitor`\n"
        "  role = \"phd-student\"\n"
        "         ^\n");
}

TEST_CASE("group: news naming an unknown member is an error with a suggestion") {
  CHECK(diagnostics_of({{"site.toml", kGroupSite},
                        {"people/ann-lee.toml", "name = \"Ann Lee\"\nrole = \"phd\"\n"},
                        {"news.toml",
                         "[[news]]\ndate = 2025-01-01\ntext = \"Hi\"\npeople = [\"ann-le\"]\n"}}) ==
        "content/news.toml:4:10: error: unknown member `ann-le` (did you mean `ann-lee`?): "
        "expected the name of a file in people/ without `.toml`\n"
        "  people = [\"ann-le\"]\n"
        "           ^\n");
}

TEST_CASE("group: people on a personal site is an error") {
  CHECK(diagnostics_of(
            {{"news.toml", "[[news]]\ndate = 2025-01-01\ntext = \"Hi\"\npeople = [\"ann\"]\n"}}) ==
        "content/news.toml:4:10: error: `people` names members of a group, and this is a "
        "personal site: remove it, or make the site a group's with [group] in site.toml\n"
        "  people = [\"ann\"]\n"
        "           ^\n");
}

TEST_CASE("group: a member file name must be fit for a URL") {
  CHECK(diagnostics_of({{"site.toml", kGroupSite},
                        {"people/Ann Lee.toml", "name = \"Ann Lee\"\nrole = \"phd\"\n"}}) ==
        "content/people/Ann Lee.toml: error: member id `Ann Lee` is not fit for a URL "
        "(/people/Ann Lee/): name the file `ann-lee` instead, in lowercase letters, digits and "
        "hyphens\n");
}

TEST_CASE("group: a member's papers are found by every alias, in one shared list") {
  BuildResult r = build_files(
      {{"site.toml", kGroupSite},
       {"people/ann.toml", "name = \"Ann Lee\"\naliases = [\"Lee, A.\"]\nrole = \"pi\"\n"},
       {"people/bo.toml", "name = \"Bo Chen\"\nrole = \"phd\"\n"},
       {"publications.toml",
        "[[publication]]\ntitle = \"One\"\nauthors = [\"A. Lee\", \"Bo Chen\"]\nyear = 2024\n"
        "[[publication]]\ntitle = \"Two\"\nauthors = [\"Bo Chen\", \"Dan Wu\"]\nyear = 2023\n"}});
  REQUIRE(r.diags.format_all() == "");
  std::string ann = page_of(r, "people/ann/index.html");
  CHECK(ann.find("<a href=\"/publications/lee2024one/\">One</a>") != std::string::npos);
  CHECK(ann.find("/publications/chen2023two/") == std::string::npos);
  std::string bo = page_of(r, "people/bo/index.html");
  CHECK(bo.find("/publications/lee2024one/") != std::string::npos);
  CHECK(bo.find("/publications/chen2023two/") != std::string::npos);
  CHECK(page_of(r, "publications/index.html")
            .find("<strong class=\"me member pi\">A. Lee</strong></span>, <span "
                  "class=\"author\"><strong class=\"me member\">Bo Chen</strong>") !=
        std::string::npos);
}
