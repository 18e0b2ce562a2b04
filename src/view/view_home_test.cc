// site.toml's [style] home and home_layout: which sections the home page shows, in
// which order, and where the profile stands.
#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using testing::build_files;
using testing::page_of;

namespace {

std::map<std::string, std::string> home_site(const std::string& style) {
  return {{"site.toml", "[person]\nname = \"Ada\"\ninterests = [\"Optics\"]\n" + style},
          {"bio.md", "I study light.\n"},
          {"news.toml", "[[news]]\ndate = 2025-01-02\ntext = \"A grant.\"\n"},
          {"posts/first.md", "+++\ntitle = \"First\"\ndate = 2025-03-01\n+++\nHello.\n"},
          {"projects/lens.md",
           "+++\ntitle = \"Lens\"\nsummary = \"Thin lenses.\"\nfeatured = "
           "true\n+++\nAbout.\n"},
          {"publications.toml",
           "[[publication]]\nid = \"p\"\ntitle = \"Lenses\"\nauthors = [\"Ada\"]\nyear = "
           "2024\nselected = true\n"}};
}

// The home page's <h2>s and the bio, in the order the page has them.
std::string outline(const std::string& page) {
  std::string out;
  size_t from = page.find("<div class=\"home-main\">");
  size_t end = page.find("</main>");
  for (size_t i = from; i < end; ++i) {
    if (page.compare(i, 21, "<div class=\"bio prose") == 0) out += "[bio]";
    if (page.compare(i, 4, "<h2 ") == 0) {
      size_t a = page.find('>', i) + 1;
      out += "[" + page.substr(a, page.find("</h2>", a) - a) + "]";
    }
  }
  return out;
}

}  // namespace

TEST_CASE("home: every section in today's order without [style] home") {
  BuildResult r = build_files(home_site(""));
  REQUIRE(r.diags.format_all() == "");
  std::string page = page_of(r, "index.html");
  CHECK(outline(page) ==
        "[bio][Research interests][News][Latest posts][Featured projects][Selected "
        "publications]");
  CHECK(page.find("<div class=\"wrap home\">") != std::string::npos);
}

TEST_CASE("home: [style] home picks and orders the sections, home_layout puts the profile above") {
  BuildResult r =
      build_files(home_site("[style]\nhome = [\"publications\", \"projects\", \"bio\", "
                            "\"news\"]\nhome_layout = \"above\"\n"));
  REQUIRE(r.diags.format_all() == "");
  std::string page = page_of(r, "index.html");
  CHECK(outline(page) == "[Selected publications][Featured projects][bio][News]");
  CHECK(page.find("<div class=\"wrap home home-above\">") != std::string::npos);
  // The pages of the sections left out are still there.
  CHECK(page_of(r, "posts/index.html").find("<h1") != std::string::npos);

  BuildResult alone = build_files(home_site("[style]\nhome = []\nhome_layout = \"beside\"\n"));
  REQUIRE(alone.diags.format_all() == "");
  std::string home = page_of(alone, "index.html");
  CHECK(outline(home) == "");
  CHECK(home.find("<div class=\"home-main\">\n\n</div>") != std::string::npos);
}

TEST_CASE("home: a group site's people strip can move") {
  BuildResult r =
      build_files({{"site.toml",
                    "title = \"Lab\"\n[group]\nname = \"Lab\"\n[style]\nhome = [\"people\", "
                    "\"bio\"]\n"},
                   {"bio.md", "We build lenses.\n"},
                   {"people/alice.toml", "name = \"Alice\"\nrole = \"phd\"\n"}});
  REQUIRE(r.diags.format_all() == "");
  CHECK(outline(page_of(r, "index.html")) == "[People][bio]");
}

TEST_CASE("load error: [style] home and home_layout") {
  CHECK(testing::diagnostics_of({{"site.toml",
                                  "[person]\nname = \"A\"\n[style]\nhome_layout = \"top\"\n"
                                  "home = [\"bio\", \"pubs\", \"newz\", \"bio\"]\n"}}) ==
        "content/site.toml:4:15: error: unknown `home_layout` value `top`: expected \"beside\" "
        "(the profile beside the text) or \"above\" (the profile above it)\n"
        "  home_layout = \"top\"\n"
        "                ^\n"
        "content/site.toml:5:16: error: unknown home page section `pubs`: expected \"bio\", "
        "\"interests\", \"people\", \"news\", \"posts\", \"projects\" or \"publications\"\n"
        "  home = [\"bio\", \"pubs\", \"newz\", \"bio\"]\n"
        "                 ^\n"
        "content/site.toml:5:24: error: unknown home page section `newz`: expected \"bio\", "
        "\"interests\", \"people\", \"news\", \"posts\", \"projects\" or \"publications\" (did you "
        "mean "
        "`news`?)\n"
        "  home = [\"bio\", \"pubs\", \"newz\", \"bio\"]\n"
        "                         ^\n"
        "content/site.toml:5:32: error: home page section `bio` is listed twice: a section "
        "shows once\n"
        "  home = [\"bio\", \"pubs\", \"newz\", \"bio\"]\n"
        "                                 ^\n");
}
