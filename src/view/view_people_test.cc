// A group site's pages as a visitor reads them: the cards of /people/, initials for a
// member without a photo, dates in the page's language, the legend of members' names and
// the home page's strip of current members.
#include <doctest/doctest.h>

#include "support/test_images.h"
#include "support/test_site.h"

using namespace sitegen;
using namespace testing;

namespace {

// The text from the first `from` up to the `to` after it, both included.
std::string excerpt(const std::string& html, const std::string& from, const std::string& to) {
  size_t start = html.find(from);
  if (start == std::string::npos) return "<no " + from + ">";
  size_t end = html.find(to, start + from.size());
  return end == std::string::npos ? "<no " + to + ">" : html.substr(start, end + to.size() - start);
}

// A small lab: a PI with links, an alumna who left for a post, one who left with only
// `end` given, and a paper naming two of them.
std::map<std::string, std::string> lab(const std::string& language) {
  return {
      {"site.toml", "title = \"Lab\"\nlanguage = \"" + language +
                        "\"\n[group]\nname = \"Systems Lab\"\nhighlight_students = true\n"},
      {"people/anna-schmidt.toml",
       "name = \"Anna Schmidt\"\nrole = \"pi\"\nstart = \"2019-09\"\nemail = \"anna@example.org\"\n"
       "interests = [\"Storage\", \"Operating systems\"]\n"
       "[links]\ngithub = \"https://github.com/example-anna\"\n"},
      {"people/emile-zola.toml",
       "name = \"Émile van Zola\"\nrole = \"phd\"\nstart = \"2015-09\"\nend = \"2020-08\"\n"
       "now = \"Professor, Example University\"\n"},
      {"people/wang-wei.toml", "name = \"王伟\"\nrole = \"masters\"\nend = \"2021-06\"\n"},
      {"talks.toml",
       "[[talk]]\ntitle = \"Fast Storage\"\npeople = [\"anna-schmidt\"]\n"
       "[[talk.given]]\nevent = \"Systems Day\"\ndate = 2025-06-19\n"},
      {"publications.toml",
       "[[publication]]\ntitle = \"Fast Storage\"\nauthors = [\"Anna Schmidt\", \"Émile van "
       "Zola\", \"Max Muster\"]\nyear = 2024\nselected = true\n"},
  };
}

}  // namespace

TEST_CASE(
    "group pages: a member's card on /people/ has photo or initials, dates, interests, "
    "email and links") {
  BuildResult r = build_files(lab("en"), true);
  REQUIRE(r.diags.format_all() == "");
  std::string people = page_of(r, "people/index.html");
  CHECK(excerpt(people, "<li class=\"member-card\" data-role=\"pi\">", "</div>\n</li>") ==
        "<li class=\"member-card\" data-role=\"pi\">\n\n"
        "<span class=\"member-photo avatar avatar-3\" aria-hidden=\"true\">AS</span>\n"
        "<div class=\"member-id\">\n"
        "<h3 class=\"member-name\"><a href=\"/people/anna-schmidt/\">Anna Schmidt</a></h3>\n"
        "<p class=\"member-position\">Principal Investigator</p>\n"
        "<p class=\"member-years\">since Sep 2019</p>\n\n"
        "<ul class=\"member-interests\"><li>Storage</li><li>Operating systems</li></ul>\n"
        "<p class=\"member-email\"><svg class=\"icon\" aria-hidden=\"true\" "
        "focusable=\"false\"><use href=\"/assets/icons.svg#email\"/></svg><span><span "
        "class=\"email-address\" data-eu=\"anna\" "
        "data-ed=\"gro.elpmaxe\">&#97;&#110;&#110;&#97;<span class=\"email-decoy\" hidden> "
        "[remove this] </span><span "
        "class=\"at\">&#64;</span>&#101;&#120;&#97;&#109;&#112;&#108;&#101;&#46;&#111;&#114;&#"
        "103;</span></span></p>\n"
        "<ul class=\"member-links\"><li><a href=\"https://github.com/example-anna\" "
        "title=\"GitHub\"><svg class=\"icon\" aria-hidden=\"true\" focusable=\"false\"><use "
        "href=\"/assets/icons.svg#github\"/></svg><span "
        "class=\"visually-hidden\">GitHub</span></a></li></ul>\n"
        "</div>\n"
        "</li>");
  // The address becomes a mailto: link in the browser, by the page's one small script.
  CHECK(people.find("a.href = \"mailto:\" + address;") != std::string::npos);
  // Alumni: their years and where they went; only `end` known: "until".
  CHECK(people.find("<p class=\"member-years\">Sep 2015 – Aug 2020</p>\n"
                    "<p class=\"member-now\">Now: Professor, Example University</p>") !=
        std::string::npos);
  CHECK(people.find("<p class=\"member-years\">until Jun 2021</p>") != std::string::npos);
  // Groups say how many they hold, so small ones can share a row.
  CHECK(people.find("<section class=\"people-group people-alumni\" data-size=\"2\" "
                    "aria-labelledby=\"alumni\">") != std::string::npos);
}

TEST_CASE(
    "group pages: initials are the first letters of the first and last words, "
    "accents kept") {
  auto avatar = [](const std::string& name) {
    BuildResult r =
        build_files({{"site.toml", "title = \"Lab\"\n[group]\nname = \"Lab\"\n"},
                     {"people/someone.toml", "name = \"" + name + "\"\nrole = \"phd\"\n"}});
    std::string html = page_of(r, "people/index.html");
    size_t at = html.find("aria-hidden=\"true\">");
    return at == std::string::npos ? std::string("<no avatar>")
                                   : html.substr(at + 19, html.find("</span>", at) - at - 19);
  };
  CHECK(avatar("Anna Schmidt") == "AS");
  CHECK(avatar("Émile van Zola") == "ÉZ");
  // E + combining acute is read as one character (NFC), so the avatar shows one letter.
  CHECK(avatar("E\xCC\x81mile Zola") == "\xC3\x89Z");
  CHECK(avatar("王伟") == "王");
  CHECK(avatar("ada lovelace") == "AL");
  CHECK(avatar("Madonna") == "M");
  // The colour is the member id's: the same member, the same colour, in every build.
  BuildResult r = build_files(lab("en"));
  CHECK(page_of(r, "people/index.html")
            .find("<span class=\"member-photo avatar avatar-1\" aria-hidden=\"true\">王</span>") !=
        std::string::npos);
}

TEST_CASE(
    "group pages: a member photo in people/<id>/ is shown on the card, without alt text "
    "beside the name") {
  std::map<std::string, std::string> files = lab("en");
  std::string jpeg = testing::test_jpeg(64, 64);  // small: published as it is
  files["people/anna-schmidt/photo.jpg"] = jpeg;
  files["people/anna-schmidt/person.toml"] = files["people/anna-schmidt.toml"];
  files.erase("people/anna-schmidt.toml");
  BuildResult r = build_files(files, true);
  REQUIRE(r.diags.format_all() == "");
  CHECK(page_of(r, "people/index.html")
            .find("<li class=\"member-card\" data-role=\"pi\">\n<img class=\"member-photo\" "
                  "src=\"/people/anna-schmidt/photo.jpg\" alt=\"\" width=\"64\" height=\"64\" "
                  "loading=\"lazy\">\n") != std::string::npos);
  CHECK(page_of(r, "people/anna-schmidt/index.html")
            .find("<a class=\"photo-link\" href=\"/people/anna-schmidt/photo.jpg\"><img "
                  "class=\"photo\" src=\"/people/anna-schmidt/photo.jpg\" alt=\"Anna Schmidt\" "
                  "width=\"64\" height=\"64\"></a>") != std::string::npos);
  CHECK(page_of(r, "people/anna-schmidt/photo.jpg") == jpeg);
}

TEST_CASE("group pages: dates follow the page's language (German)") {
  BuildResult r = build_files(lab("de"), true);
  REQUIRE(r.diags.format_all() == "");
  std::string people = page_of(r, "people/index.html");
  CHECK(people.find("<p class=\"member-years\">seit September 2019</p>") != std::string::npos);
  CHECK(people.find("<p class=\"member-years\">September 2015 – August 2020</p>\n"
                    "<p class=\"member-now\">Jetzt: Professor, Example University</p>") !=
        std::string::npos);
  CHECK(people.find("<p class=\"member-years\">bis Juni 2021</p>") != std::string::npos);
  std::string anna = page_of(r, "people/anna-schmidt/index.html");
  CHECK(anna.find("<p class=\"member-years\">seit September 2019</p>") != std::string::npos);
  CHECK(anna.find("<time datetime=\"2025-06-19\">19. Juni 2025</time>, Systems Day") !=
        std::string::npos);
  CHECK(anna.find("Jun 19, 2025") == std::string::npos);
  CHECK(excerpt(page_of(r, "index.html"), "<section class=\"home-people\"", "</section>") ==
        "<section class=\"home-people\" aria-labelledby=\"people-h\">\n"
        "<h2 id=\"people-h\">Team</h2>\n"
        "<ul class=\"people-strip\">\n"
        "<li><a href=\"/people/anna-schmidt/\"><span class=\"member-photo avatar avatar-3\" "
        "aria-hidden=\"true\">AS</span><span class=\"strip-name\">Anna Schmidt</span></a><span "
        "class=\"strip-position\">Leitung</span></li>\n"
        "</ul>\n"
        "<p class=\"see-all\"><a href=\"/people/\">Das ganze Team →</a></p>\n"
        "</section>");
}

TEST_CASE("group pages: the legend says how members' names are styled, where papers show them") {
  BuildResult r = build_files(lab("en"), true);
  REQUIRE(r.diags.format_all() == "");
  const std::string legend =
      "<dl class=\"legend\">\n"
      "<div><dt><strong class=\"me member\">Name</strong></dt><dd>Group member</dd></div>\n"
      "<div><dt><strong class=\"me member pi\">Name</strong></dt><dd>Principal "
      "investigator</dd></div>\n"
      "<div><dt><strong class=\"me member student\">Name</strong></dt><dd>Student</dd></div>\n"
      "</dl>";
  CHECK(excerpt(page_of(r, "publications/index.html"), "<dl class=\"legend\">", "</dl>") == legend);
  CHECK(excerpt(page_of(r, "index.html"), "<dl class=\"legend\">", "</dl>") == legend);
  CHECK(excerpt(page_of(r, "publications/schmidt2024fast/index.html"), "<dl class=\"legend\">",
                "</dl>") == legend);
  CHECK(excerpt(page_of(r, "people/anna-schmidt/index.html"), "<dl class=\"legend\">", "</dl>") ==
        legend);

  // Only the styles the papers use: no student among the authors, no student in the legend;
  // a personal site has none of them.
  std::map<std::string, std::string> files = lab("en");
  files["publications.toml"] =
      "[[publication]]\ntitle = \"Alone\"\nauthors = [\"Anna Schmidt\"]\nyear = 2024\n";
  std::string list = page_of(build_files(files), "publications/index.html");
  CHECK(excerpt(list, "<dl class=\"legend\">", "</dl>") ==
        "<dl class=\"legend\">\n"
        "<div><dt><strong class=\"me member\">Name</strong></dt><dd>Group member</dd></div>\n"
        "<div><dt><strong class=\"me member pi\">Name</strong></dt><dd>Principal "
        "investigator</dd></div>\n"
        "</dl>");
  CHECK(page_of(build_files({{"publications.toml", files["publications.toml"]}}),
                "publications/index.html")
            .find("class=\"legend\"") == std::string::npos);
}
