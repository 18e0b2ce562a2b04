// End to end on examples/lab, a group site: each member's page lists exactly their
// papers, every member is highlighted in the group's list, alumni come last, and each
// member page describes the member for search engines.
#include <doctest/doctest.h>

#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "images/image_cache.h"
#include "load/load.h"
#include "load/resolve.h"
#include "site_build/build.h"
#include "support/test_dir.h"

namespace fs = std::filesystem;
using namespace sitegen;

namespace {

const fs::path kLab = fs::path(SITEGEN_SOURCE_DIR) / "examples" / "lab";

// The srcset of the PI's 400 px photo, resized for a card (120 px) and her page (240 px).
std::string pi_photo(int width) {
  std::string key =
      image_key(testing::slurp(kLab / "people" / "maria-lindqvist" / "photo.jpg"), {120, 240});
  return "/img/" + key + "-" + std::to_string(width) + ".webp";
}
std::string pi_srcset() {
  return pi_photo(120) + " 120w, " + pi_photo(240) + " 240w, " + pi_photo(400) + " 400w";
}

BuildResult build_lab(const std::string& person = "") {
  BuildOptions opts;
  opts.strict = true;
  opts.person = person;
  return build_site(DiskSource(kLab.string()), opts);
}

std::string page(const BuildResult& r, const std::string& path) {
  auto it = r.output.files.find(path);
  return it == r.output.files.end() ? "" : it->second.bytes;
}

// The lab as loaded, for the expectations: which papers name a member, by comparing
// every author with every one of the member's names.
Site load_lab() {
  Diagnostics diags;
  Site site = load_site(DiskSource(kLab.string()), diags);
  REQUIRE_FALSE(diags.has_errors());
  return site;
}

bool by_member(const Author& a, const Member& m) {
  if (a.name.empty()) return false;
  std::string key = author_name_key(a.name);
  if (key == author_name_key(m.person.name)) return true;
  for (const std::string& alias : m.person.aliases)
    if (key == author_name_key(alias)) return true;
  return false;
}

// The papers a page lists, by the links of their titles.
std::set<std::string> listed_papers(const std::string& html) {
  std::set<std::string> out;
  const std::string mark = "<p class=\"pub-title\"><a href=\"/publications/";
  for (size_t at = html.find(mark); at != std::string::npos; at = html.find(mark, at + 1)) {
    size_t start = at + mark.size();
    out.insert(html.substr(start, html.find('/', start) - start));
  }
  return out;
}

}  // namespace

TEST_CASE("group site: each member page lists exactly the papers they wrote, by any alias") {
  Site site = load_lab();
  BuildResult r = build_lab();
  REQUIRE(r.diags.format_all() == "");
  CHECK(site.members.size() >= 9);
  CHECK(site.publications.size() >= 40);
  size_t with_papers = 0;
  for (const Member& m : site.members) {
    std::set<std::string> expected;
    for (const Publication& p : site.publications)
      for (const Author& a : p.authors)
        if (by_member(a, m)) expected.insert(p.slug);
    std::string html = page(r, "people/" + m.id + "/index.html");
    REQUIRE_MESSAGE(!html.empty(), m.id);
    CHECK_MESSAGE(listed_papers(html) == expected, m.id);
    with_papers += !expected.empty();
  }
  CHECK(with_papers >= 10);
}

TEST_CASE("group site: every member's name is highlighted in the group's list") {
  Site site = load_lab();
  BuildResult r = build_lab();
  std::string list = page(r, "publications/index.html");
  size_t expected = 0;
  for (const Publication& p : site.publications)
    for (const Author& a : p.authors)
      for (const Member& m : site.members)
        if (by_member(a, m)) {
          ++expected;
          CHECK_MESSAGE(list.find("\">" + a.name + "</strong>") != std::string::npos, a.name);
        }
  // Counted in author lists: the legend above the list shows each style once more.
  const std::string mark = "<span class=\"author\"><strong class=\"me member";
  size_t highlighted = 0;
  for (size_t at = list.find(mark); at != std::string::npos; at = list.find(mark, at + 1))
    ++highlighted;
  CHECK(highlighted == expected);
  CHECK(list.find("<dl class=\"legend\">\n"
                  "<div><dt><strong class=\"me member\">Name</strong></dt><dd>Group "
                  "member</dd></div>\n"
                  "<div><dt><strong class=\"me member pi\">Name</strong></dt><dd>Principal "
                  "investigator</dd></div>\n"
                  "<div><dt><strong class=\"me member student\">Name</strong></dt><dd>Student</"
                  "dd></div>\n"
                  "</dl>") != std::string::npos);
  // The PI apart, and students marked, as site.toml asks.
  CHECK(list.find("<strong class=\"me member pi\">Maria Lindqvist</strong>") != std::string::npos);
  CHECK(list.find("<strong class=\"me member student\">Lena Brandt</strong>") != std::string::npos);
  CHECK(list.find("<strong class=\"me member\">Tomás Ferreira</strong>") != std::string::npos);
}

TEST_CASE("group site: /people/ lists members by role and alumni last, with where they went") {
  BuildResult r = build_lab();
  std::string html = page(r, "people/index.html");
  size_t pi = html.find("<h2 id=\"principal-investigators\">Principal Investigators</h2>");
  size_t phd = html.find("<h2 id=\"phd-students\">PhD Students</h2>");
  size_t alumni = html.find("<h2 id=\"alumni\">Alumni</h2>");
  REQUIRE(pi != std::string::npos);
  REQUIRE(phd != std::string::npos);
  REQUIRE(alumni != std::string::npos);
  CHECK(pi < phd);
  CHECK(phd < alumni);
  std::string after = html.substr(alumni);
  for (const char* id : {"clara-moreau", "arjun-mehta", "hannah-kim"})
    CHECK_MESSAGE(after.find("href=\"/people/" + std::string(id) + "/\"") != std::string::npos, id);
  for (const char* id : {"maria-lindqvist", "lena-brandt", "yuki-tanabe"})
    CHECK_MESSAGE(after.find("href=\"/people/" + std::string(id) + "/\"") == std::string::npos, id);
  CHECK(after.find("<p class=\"member-now\">Now: Assistant Professor, Example Institute of "
                   "Technology</p>") != std::string::npos);
}

TEST_CASE("group site: /people/ shows each member as a card, with a photo or their initials") {
  Site site = load_lab();
  BuildResult r = build_lab();
  std::string html = page(r, "people/index.html");
  // The PI's card: the photo kept in people/maria-lindqvist/, what she does and since when,
  // her interests, her address (a mailto: link once the page's script runs) and her links.
  size_t pi = html.find("<li class=\"member-card\" data-role=\"pi\">");
  REQUIRE(pi != std::string::npos);
  std::string card = html.substr(pi, html.find("</div>\n</li>", pi) - pi);
  CHECK(card.find("<img class=\"member-photo\" src=\"" + pi_photo(120) + "\" srcset=\"" +
                  pi_srcset() +
                  "\" sizes=\"(max-width: 36rem) 4.5rem, 7.5rem\" alt=\"\" width=\"120\" "
                  "height=\"120\" loading=\"lazy\">\n") != std::string::npos);
  CHECK(card.find("<h3 class=\"member-name\"><a href=\"/people/maria-lindqvist/\">Maria "
                  "Lindqvist</a></h3>\n"
                  "<p class=\"member-position\">Professor of Computer Science</p>\n"
                  "<p class=\"member-years\">since Sep 2012</p>\n\n"
                  "<ul class=\"member-interests\"><li>Operating systems</li><li>Storage</li>"
                  "<li>Energy-efficient computing</li></ul>\n"
                  "<p class=\"member-email\">") != std::string::npos);
  CHECK(card.find("data-eu=\"airam\" data-ed=\"gro.elpmaxe.bal\">") != std::string::npos);
  for (const char* label : {"GitHub", "Google Scholar", "ORCID"})
    CHECK_MESSAGE(card.find("<span class=\"visually-hidden\">" + std::string(label) +
                            "</span></a></li>") != std::string::npos,
                  label);
  // Every member has a card; those without a photo an avatar of their initials.
  size_t cards = 0, photos = 0;
  for (size_t at = html.find("<li class=\"member-card\""); at != std::string::npos;
       at = html.find("<li class=\"member-card\"", at + 1))
    ++cards;
  for (size_t at = html.find("<img class=\"member-photo\""); at != std::string::npos;
       at = html.find("<img class=\"member-photo\"", at + 1))
    ++photos;
  CHECK(cards == site.members.size());
  CHECK(photos == 2);  // Maria Lindqvist and Lena Brandt
  CHECK(html.find("<span class=\"member-photo avatar avatar-5\" "
                  "aria-hidden=\"true\">TF</span>\n<div class=\"member-id\">\n"
                  "<h3 class=\"member-name\"><a href=\"/people/tomas-ferreira/\">Tomás "
                  "Ferreira</a></h3>") != std::string::npos);
  CHECK(html.find("<p class=\"member-years\">Sep 2015 – Aug 2020</p>") != std::string::npos);
}

TEST_CASE("group site: the home page shows current members, the latest news and selected papers") {
  Site site = load_lab();
  BuildResult r = build_lab();
  std::string home = page(r, "index.html");
  size_t strip = home.find("<ul class=\"people-strip\">");
  REQUIRE(strip != std::string::npos);
  std::string people = home.substr(strip, home.find("</ul>", strip) - strip);
  std::vector<std::string> shown;
  const std::string name = "<span class=\"strip-name\">";
  for (size_t at = people.find(name); at != std::string::npos; at = people.find(name, at + 1))
    shown.push_back(
        people.substr(at + name.size(), people.find('<', at + name.size()) - at - name.size()));
  std::vector<std::string> current;
  for (const Member& m : site.members)
    if (!m.alumni()) current.push_back(m.person.name);
  CHECK(shown == current);  // in the order of /people/, no alumni
  CHECK(shown.size() == 11);
  CHECK(people.find("<li><a href=\"/people/maria-lindqvist/\"><img class=\"member-photo\" "
                    "src=\"" +
                    pi_photo(120) + "\" srcset=\"" + pi_srcset() +
                    "\" sizes=\"(max-width: 36rem) 3.75rem, 4.5rem\" alt=\"\" width=\"120\" "
                    "height=\"120\" loading=\"lazy\"><span class=\"strip-name\">Maria "
                    "Lindqvist</span></a><span class=\"strip-position\">Professor of Computer "
                    "Science</span></li>") != std::string::npos);
  CHECK(home.find("<p class=\"see-all\"><a href=\"/people/\">All people →</a></p>") !=
        std::string::npos);
  // The five latest news, and the papers marked `selected` in group.bib.
  size_t news = 0;
  for (size_t at = home.find("<li class=\"news-item"); at != std::string::npos;
       at = home.find("<li class=\"news-item", at + 1))
    ++news;
  CHECK(news == 5);
  CHECK(home.find("Lena Brandt passed her thesis proposal on learned caching.") !=
        std::string::npos);
  CHECK(listed_papers(home) ==
        std::set<std::string>{"lab202545", "lab202442", "lab202440", "lab202337"});
  CHECK(home.find("<div><dt><strong class=\"me member student\">Name</strong></dt><dd>Student</"
                  "dd></div>") != std::string::npos);
}

TEST_CASE("group site: each member page has Person JSON-LD, memberOf the group") {
  Site site = load_lab();
  BuildResult r = build_lab();
  for (const Member& m : site.members) {
    std::string html = page(r, "people/" + m.id + "/index.html");
    CHECK_MESSAGE(html.find("<script type=\"application/ld+json\">{\"@context\":\"https://"
                            "schema.org\",\"@type\":\"Person\",\"name\":\"" +
                            m.person.name + "\"") != std::string::npos,
                  m.id);
    CHECK_MESSAGE(html.find("\"memberOf\":{\"@type\":\"OrganizationRole\",\"roleName\":") !=
                      std::string::npos,
                  m.id);
    CHECK_MESSAGE(html.find("\"memberOf\":{\"@type\":\"ResearchOrganization\",\"name\":"
                            "\"Example Systems Lab\"}") != std::string::npos,
                  m.id);
  }
}

TEST_CASE("group site: news and talks link the members they name, and member pages list them") {
  BuildResult r = build_lab();
  CHECK(page(r, "news/index.html")
            .find("<span class=\"news-people\">(<a href=\"/people/samuel-achebe/\">Samuel "
                  "Achebe</a>, <a href=\"/people/jonas-weber/\">Jonas Weber</a>)</span>") !=
        std::string::npos);
  CHECK(page(r, "talks/index.html")
            .find("<p class=\"talk-people\"><a href=\"/people/lena-brandt/\">Lena Brandt</a>, "
                  "<a href=\"/people/ayesha-rahman/\">Ayesha Rahman</a></p>") != std::string::npos);
  std::string lena = page(r, "people/lena-brandt/index.html");
  CHECK(lena.find("Lena Brandt passed her thesis proposal") != std::string::npos);
  CHECK(lena.find("<span class=\"talk-title\">Learned Caches for Serverless Runtimes</span>") !=
        std::string::npos);
}

TEST_CASE("group site: --person builds one member's own site from the group's data") {
  Site site = load_lab();
  const Member* lena = nullptr;
  for (const Member& m : site.members)
    if (m.id == "lena-brandt") lena = &m;
  REQUIRE(lena);
  std::set<std::string> expected;
  for (const Publication& p : site.publications)
    for (const Author& a : p.authors)
      if (by_member(a, *lena)) expected.insert(p.slug);
  BuildResult r = build_lab("lena-brandt");
  REQUIRE(r.diags.format_all() == "");
  CHECK(page(r, "people/index.html") == "");
  std::string home = page(r, "index.html");
  CHECK(home.find("<h1 class=\"name\">Lena Brandt</h1>") != std::string::npos);
  CHECK(home.find("\"@type\":\"Person\",\"name\":\"Lena Brandt\"") != std::string::npos);
  std::string list = page(r, "publications/index.html");
  CHECK(listed_papers(list) == expected);
  CHECK(list.find("<strong class=\"me\">Lena Brandt</strong>") != std::string::npos);
  CHECK(list.find("<strong class=\"me\">Maria Lindqvist</strong>") == std::string::npos);

  BuildResult wrong = build_lab("lena-brand");
  CHECK(wrong.diags.format_all() ==
        "--person: error: unknown member `lena-brand` (did you mean `lena-brandt`?): expected the "
        "name of a file in people/ without `.toml`\n");
}
