// projects/*.md as loaded: the front matter's fields, the order of /projects/, and each
// mistake as one exact, located message.
#include <doctest/doctest.h>

#include "load/load.h"
#include "support/test_site.h"

using sitegen::testing::build_files;
using sitegen::testing::diagnostics_of;

namespace sitegen {

namespace {

const char* kPubs =
    "[[publication]]\nid = \"fastpath\"\ntitle = \"Fastpath\"\nauthors = [\"Ada Example\"]\n"
    "venue = \"PLDI\"\nyear = 2025\n";

}  // namespace

TEST_CASE("load projects: front matter fields, by order, then latest start, then name") {
  MemorySource src(
      {{"site.toml", testing::kMinimalSite},
       {"publications.toml", kPubs},
       {"static/p.png", "x"},
       {"projects/b.md", "+++\ntitle = \"B\"\n+++\n"},
       {"projects/a.md", "+++\ntitle = \"A\"\nstart = \"2020\"\n+++\n"},
       {"projects/late.md", "+++\ntitle = \"Late\"\norder = 1\nstart = \"2026\"\n+++\n"},
       {"projects/fast.md",
        "+++\ntitle = \"Fast\"\nsummary = \"S\"\nimage = \"p.png\"\nstatus = \"completed\"\n"
        "start = \"2023-09\"\nend = \"2025-06\"\nfeatured = true\ntags = [\"x\", \"y\"]\n"
        "publications = \"fastpath\"\npublication_tags = [\"sparse\"]\n"
        "[links]\ncode = \"https://example.org/code\"\n+++\n\nBody.\n"}});
  Diagnostics diags;
  Site site = load_site(src, diags);
  CHECK(diags.format_all() == "");
  REQUIRE(site.projects.size() == 4);
  CHECK(site.projects[0].slug == "fast");
  CHECK(site.projects[1].slug == "a");
  CHECK(site.projects[2].slug == "b");
  CHECK(site.projects[3].slug == "late");
  const Project& p = site.projects[0];
  CHECK(p.path == "projects/fast/");
  CHECK(p.title == "Fast");
  CHECK(p.summary == "S");
  CHECK(p.image == "p.png");
  CHECK(p.status == "completed");
  CHECK(iso_date(p.start) == "2023-09");
  CHECK(iso_date(p.end) == "2025-06");
  CHECK(p.featured);
  CHECK(p.tags == std::vector<std::string>{"x", "y"});
  CHECK(p.publications == std::vector<std::string>{"fastpath"});
  CHECK(p.publication_tags == std::vector<std::string>{"sparse"});
  REQUIRE(p.links.size() == 1);
  CHECK(p.links[0].label == "code");
  CHECK(p.links[0].url == "https://example.org/code");
  CHECK(p.body == "\nBody.\n");
}

TEST_CASE("load error: project front matter") {
  CHECK(diagnostics_of({{"projects/a.md", "No front matter\n"}}) ==
        "content/projects/a.md:1:1: error: project is missing `title` in its `+++` front "
        "matter\n"
        "  No front matter\n"
        "  ^\n");
  CHECK(diagnostics_of({{"projects/b.md", "+++\ntitle = \"T\"\nstatus = \"actve\"\n+++\n"}}) ==
        "content/projects/b.md:3:10: error: unknown status `actve` (did you mean `active`?): "
        "expected active, completed, paused, planned\n"
        "  status = \"actve\"\n"
        "           ^\n");
  CHECK(diagnostics_of({{"projects/c.md", "+++\ntitle = \"T\"\nimage = \"nope.png\"\n+++\n"}}) ==
        "content/projects/c.md:3:9: error: `image` names `nope.png`, which does not exist: "
        "expected the file at content/static/nope.png\n"
        "  image = \"nope.png\"\n"
        "          ^\n");
  CHECK(diagnostics_of(
            {{"publications.toml", kPubs},
             {"projects/d.md", "+++\ntitle = \"T\"\npublications = [\"fastpth\"]\n+++\n"}}) ==
        "content/projects/d.md:3:16: error: unknown publication `fastpth` (did you mean "
        "`fastpath`?): expected the id of a [[publication]] or the key of a BibTeX entry\n"
        "  publications = [\"fastpth\"]\n"
        "                 ^\n");
  CHECK(diagnostics_of(
            {{"projects/e.md", "+++\ntitle = \"T\"\nstart = \"2024\"\nend = \"2023\"\n+++\n"}}) ==
        "content/projects/e.md:4:7: error: `end` is before the project's `start` 2024 in "
        "content/projects/e.md\n"
        "  end = \"2023\"\n"
        "        ^\n");
}

TEST_CASE("load error: a project's people are members of the group") {
  const char* group = "title = \"Lab\"\n[group]\nname = \"Lab\"\n";
  CHECK(diagnostics_of({{"site.toml", group},
                        {"people/ann-lee.toml", "name = \"Ann Lee\"\nrole = \"pi\"\n"},
                        {"projects/p.md", "+++\ntitle = \"P\"\npeople = [\"ann-le\"]\n+++\n"}}) ==
        "content/projects/p.md:3:10: error: unknown member `ann-le` (did you mean `ann-lee`?): "
        "expected the name of a file in people/ without `.toml`\n"
        "  people = [\"ann-le\"]\n"
        "           ^\n");
  CHECK(diagnostics_of({{"projects/p.md", "+++\ntitle = \"P\"\npeople = [\"ann\"]\n+++\n"}}) ==
        "content/projects/p.md:3:10: error: `people` names members of a group, and this is a "
        "personal site: remove it, or make the site a group's with [group] in site.toml\n"
        "  people = [\"ann\"]\n"
        "           ^\n");
}

TEST_CASE("load projects: pages/projects.md stays a page until projects/ has a project") {
  BuildResult kept = build_files({{"pages/projects.md", "+++\ntitle = \"My projects\"\n+++\n"}});
  CHECK(kept.diags.format_all() == "");
  CHECK(testing::page_of(kept, "projects/index.html").find("<h1>My projects</h1>") !=
        std::string::npos);
  CHECK(diagnostics_of({{"pages/projects.md", "+++\ntitle = \"My projects\"\n+++\n"},
                        {"projects/p.md", "+++\ntitle = \"P\"\n+++\n"}}) ==
        "content/pages/projects.md:1:1: error: page `projects` would replace the generated "
        "/projects/ section; rename the file\n"
        "  +++\n"
        "  ^\n");
}

}  // namespace sitegen
