// What a visitor sees of projects/: /projects/'s cards, a project's page with its links,
// text and publications, on a group site its people, the home page's featured projects
// and the menu; and a site without projects/ has none of it.
#include <doctest/doctest.h>

#include "support/test_site.h"
#include "view/view.h"

using namespace sitegen;
using testing::build_files;
using testing::main_of;
using testing::page_of;

namespace {

// From `from` to the end of the element it starts: the first `close` after it.
std::string excerpt(const std::string& page, const std::string& from, const std::string& close) {
  size_t start = page.find(from);
  if (start == std::string::npos) return "<no " + from + ">";
  return page.substr(start, page.find(close, start) + close.size() - start);
}

const char* kPublications =
    "[[publication]]\nid = \"lens\"\ntitle = \"A Lens for Stars\"\nauthors = [\"Ada Example\"]\n"
    "venue = \"OSA '24\"\nyear = 2024\ntags = [\"optics\"]\n\n"
    "[[publication]]\nid = \"mirror\"\ntitle = \"Adaptive Mirrors\"\nauthors = [\"Ada Example\", "
    "\"Ben Mock\"]\nvenue = \"JOSA\"\nyear = 2023\ntype = \"journal\"\n\n"
    "[[publication]]\nid = \"other\"\ntitle = \"Unrelated\"\nauthors = [\"Ada Example\"]\n"
    "venue = \"X\"\nyear = 2022\n";

const std::map<std::string, std::string> kProjectsSite = {
    {"site.toml", "title = \"Ada's site\"\n[person]\nname = \"Ada Example\"\n"},
    {"publications.toml", kPublications},
    {"static/telescope.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 9\"/>"},
    {"projects/telescope.md",
     "+++\ntitle = \"Telescope\"\nsummary = \"A telescope that sees far.\"\n"
     "image = \"telescope.svg\"\nstatus = \"active\"\nstart = \"2023-09\"\nfeatured = true\n"
     "tags = [\"optics\", \"instruments\"]\npublications = [\"mirror\"]\n"
     "publication_tags = [\"optics\"]\n[links]\ncode = \"https://example.org/telescope\"\n+++\n\n"
     "We *build* a telescope.\n"},
    {"projects/archive.md",
     "+++\ntitle = \"Archive\"\nsummary = \"The old plates.\"\nstatus = \"completed\"\n"
     "start = \"2015\"\nend = \"2019\"\n+++\n"},
};

}  // namespace

TEST_CASE("projects: /projects/ is a grid of cards") {
  BuildResult r = build_files(kProjectsSite);
  REQUIRE(r.diags.format_all() == "");
  CHECK(
      main_of(page_of(r, "projects/index.html")) ==
      "<main id=\"main\" tabindex=\"-1\">\n"
      "<div class=\"wrap\">\n"
      "<header class=\"page-header\">\n"
      "<h1>Projects</h1>\n"
      "</header>\n"
      "<ul class=\"project-cards\">\n"
      "<li class=\"project-card\">\n"
      "<img class=\"project-image\" src=\"/telescope.svg\" alt=\"\" width=\"384\" height=\"216\" "
      "loading=\"lazy\">\n"
      "<div class=\"project-text\">\n"
      "<h2 class=\"project-title\"><a href=\"/projects/telescope/\">Telescope</a></h2>\n"
      "<p class=\"project-meta\"><span class=\"project-status status-active\">Active</span> · "
      "<span class=\"project-years\">since Sep 2023</span></p>\n"
      "<p class=\"project-summary\">A telescope that sees far.</p>\n"
      "<ul class=\"chips project-tags\" "
      "aria-label=\"Tags\"><li>optics</li><li>instruments</li></ul>\n"
      "</div>\n"
      "</li>\n"
      "\n"
      "<li class=\"project-card\">\n"
      "\n"
      "<div class=\"project-text\">\n"
      "<h2 class=\"project-title\"><a href=\"/projects/archive/\">Archive</a></h2>\n"
      "<p class=\"project-meta\"><span class=\"project-status status-completed\">Completed</span> "
      "· <span class=\"project-years\">2015 – 2019</span></p>\n"
      "<p class=\"project-summary\">The old plates.</p>\n"
      "\n"
      "</div>\n"
      "</li>\n"
      "\n"
      "</ul>\n"
      "</div>\n"
      "</main>");
  CHECK(page_of(r, "index.html").find("<li><a href=\"/projects/\">Projects</a></li>") !=
        std::string::npos);
}

TEST_CASE("projects: a project's page has its links, text, tags and publications") {
  BuildResult r = build_files(kProjectsSite);
  std::string page = main_of(page_of(r, "projects/telescope/index.html"));
  CHECK(
      excerpt(page, "<main", "</article>") ==
      "<main id=\"main\" tabindex=\"-1\">\n"
      "<div class=\"wrap narrow\">\n"
      "<article class=\"prose project\">\n"
      "<header class=\"project-header\">\n"
      "<p class=\"lede\"><a href=\"/projects/\">← All projects</a></p>\n"
      "<h1>Telescope</h1>\n"
      "<p class=\"project-meta\"><span class=\"project-status status-active\">Active</span> · "
      "<span class=\"project-years\">since Sep 2023</span></p>\n"
      "<p class=\"project-summary\">A telescope that sees far.</p>\n"
      "<ul class=\"links\">\n"
      "<li><a class=\"btn\" href=\"https://example.org/telescope\"><svg class=\"icon\" "
      "aria-hidden=\"true\" focusable=\"false\"><use "
      "href=\"/assets/icons.svg#code\"/></svg>Code</a></li>\n"
      "</ul>\n"
      "\n"
      "<img class=\"project-hero\" src=\"/telescope.svg\" alt=\"\" width=\"384\" height=\"216\">\n"
      "</header>\n"
      "<div class=\"project-body\">\n"
      "<p>We <em>build</em> a telescope.</p>\n"
      "\n"
      "</div>\n"
      "<h2 class=\"visually-hidden\">Tags</h2>\n"
      "<ul class=\"chips project-tags\">\n"
      "<li>optics</li>\n"
      "<li>instruments</li>\n"
      "</ul>\n"
      "</article>");
  // Its papers: the one named by id and the one with its tag, each as the list shows it,
  // newest first; the third paper of the site is not one of them.
  CHECK(excerpt(page, "<section class=\"project-pubs\"", "<ol class=\"pubs\">") ==
        "<section class=\"project-pubs\" aria-labelledby=\"pubs-h\">\n"
        "<h2 id=\"pubs-h\">Publications <span class=\"count\">2</span></h2>\n"
        "<ol class=\"pubs\">");
  CHECK(page.find("<a href=\"/publications/lens/\">A Lens for Stars</a>") <
        page.find("<a href=\"/publications/mirror/\">Adaptive Mirrors</a>"));
  CHECK(page.find("Unrelated") == std::string::npos);
  CHECK(page.find("project-people") == std::string::npos);
}

TEST_CASE("projects: the home page shows the featured ones") {
  BuildResult r = build_files(kProjectsSite);
  CHECK(excerpt(page_of(r, "index.html"), "<section class=\"home-projects\"", "</section>") ==
        "<section class=\"home-projects\" aria-labelledby=\"projects-h\">\n"
        "<h2 id=\"projects-h\">Featured projects</h2>\n"
        "<ul class=\"project-cards\">\n"
        "<li class=\"project-card\">\n"
        "<img class=\"project-image\" src=\"/telescope.svg\" alt=\"\" width=\"384\" height=\"216\" "
        "loading=\"lazy\">\n"
        "<div class=\"project-text\">\n"
        "<h3 class=\"project-title\"><a href=\"/projects/telescope/\">Telescope</a></h3>\n"
        "<p class=\"project-meta\"><span class=\"project-status status-active\">Active</span> · "
        "<span class=\"project-years\">since Sep 2023</span></p>\n"
        "<p class=\"project-summary\">A telescope that sees far.</p>\n"
        "<ul class=\"chips project-tags\" "
        "aria-label=\"Tags\"><li>optics</li><li>instruments</li></ul>\n"
        "</div>\n"
        "</li>\n"
        "\n"
        "</ul>\n"
        "<p class=\"see-all\"><a href=\"/projects/\">All projects →</a></p>\n"
        "</section>");
  // A site without projects/ has neither the section nor the menu entry nor the pages.
  BuildResult none = build_files({});
  CHECK(page_of(none, "index.html").find("project") == std::string::npos);
  CHECK(page_of(none, "projects/index.html") == "<missing projects/index.html>");
  // Nor does one whose projects are not featured.
  std::map<std::string, std::string> files = kProjectsSite;
  files.erase("projects/telescope.md");
  CHECK(page_of(build_files(files), "index.html").find("home-projects") == std::string::npos);
}

TEST_CASE("projects: on a group site a project lists its people as member cards") {
  BuildResult r =
      build_files({{"site.toml", "title = \"Optics Lab\"\n[group]\nname = \"Optics Lab\"\n"},
                   {"people/ada.toml", "name = \"Ada Example\"\nrole = \"pi\"\n"},
                   {"people/ben.toml", "name = \"Ben Mock\"\nrole = \"phd\"\n"},
                   {"publications.toml", kPublications},
                   {"projects/telescope.md",
                    "+++\ntitle = \"Telescope\"\nstatus = \"active\"\npublications = [\"mirror\"]\n"
                    "people = [\"ben\", \"ada\"]\n+++\n"}});
  REQUIRE(r.diags.format_all() == "");
  CHECK(excerpt(page_of(r, "projects/telescope/index.html"), "<section class=\"project-people\"",
                "</section>") ==
        "<section class=\"project-people\" aria-labelledby=\"people-h\">\n"
        "<h2 id=\"people-h\">People</h2>\n"
        "<ul class=\"people-cards\">\n"
        "<li class=\"member-card\" data-role=\"phd\">\n"
        "\n"
        "<span class=\"member-photo avatar avatar-3\" aria-hidden=\"true\">BM</span>\n"
        "<div class=\"member-id\">\n"
        "<h3 class=\"member-name\"><a href=\"/people/ben/\">Ben Mock</a></h3>\n"
        "<p class=\"member-position\">PhD Student</p>\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "</div>\n"
        "</li>\n"
        "\n"
        "<li class=\"member-card\" data-role=\"pi\">\n"
        "\n"
        "<span class=\"member-photo avatar avatar-4\" aria-hidden=\"true\">AE</span>\n"
        "<div class=\"member-id\">\n"
        "<h3 class=\"member-name\"><a href=\"/people/ada/\">Ada Example</a></h3>\n"
        "<p class=\"member-position\">Principal Investigator</p>\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "\n"
        "</div>\n"
        "</li>\n"
        "\n"
        "</ul>\n"
        "</section>");
}

TEST_CASE("projects: the words are the page's language, and x.zh.md is the Chinese version") {
  std::map<std::string, std::string> files = kProjectsSite;
  files["site.toml"] = "languages = [\"en\", \"zh\"]\n[person]\nname = \"Ada Example\"\n";
  files["projects/archive.zh.md"] =
      "+++\ntitle = \"档案\"\nsummary = \"旧底片。\"\nstatus = \"completed\"\n+++\n";
  BuildResult r = build_files(files);
  REQUIRE(r.diags.format_all() == "");
  std::string list = main_of(page_of(r, "zh/projects/index.html"));
  CHECK(list.find("<h1>项目</h1>") != std::string::npos);
  CHECK(list.find("<a href=\"/zh/projects/archive/\">档案</a>") != std::string::npos);
  CHECK(list.find("<span class=\"project-status status-completed\">已完成</span>") !=
        std::string::npos);
  std::string telescope = main_of(page_of(r, "zh/projects/telescope/index.html"));
  CHECK(telescope.find("<h1 lang=\"en\">Telescope</h1>") != std::string::npos);
  CHECK(telescope.find("<div class=\"project-body\" lang=\"en\">") != std::string::npos);
  CHECK(page_of(r, "zh/index.html").find("<h2 id=\"projects-h\">精选项目</h2>") !=
        std::string::npos);
}
