#include "load/resolve.h"

#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;

TEST_CASE("link: author markers are split off") {
  std::vector<Marker> markers = {{"*", "Equal"}, {"†", "Lead"}, {"‡", "Mentee"}};
  Author a = split_author("Qinghao Hu*†", markers);
  CHECK(a.name == "Qinghao Hu");
  CHECK(a.markers == "*†");
  CHECK(split_author(" Meng Zhang‡ ", markers).name == "Meng Zhang");
  CHECK(split_author("Plain Name", markers).markers == "");
  CHECK(split_author("*", markers).name == "*");  // a lone symbol stays a name
}

TEST_CASE("link: the person is recognised by name and aliases") {
  CHECK(author_name_key("Qinghao Hu") == "qinghaohu");
  CHECK(author_name_key("qinghao hu") == "qinghaohu");
  CHECK(author_name_key("Q. Hu") == author_name_key("Q Hu"));
  CHECK(author_name_key("Qinghao Huang") == "qinghaohuang");
  CHECK(author_name_key("Li, W.") == author_name_key("W. Li"));  // as a .bib writes it
  CHECK(author_name_key("Hu, Qinghao") == "qinghaohu");
  CHECK(author_name_key("Li, W.") != author_name_key("Li W. Zhang"));
  auto r = testing::build_files(
      {{"site.toml", "[person]\nname = \"Qinghao Hu\"\naliases = [\"Q. Hu\"]\n"},
       {"publications.toml",
        "[[publication]]\ntitle = \"A\"\nauthors = [\"Q. Hu*\", \"Song Han\", \"et al.\"]\n"}});
  std::string html = testing::page_of(r, "publications/index.html");
  CHECK(html.find("<strong class=\"me\">Q. Hu</strong>") != std::string::npos);
  CHECK(html.find("et al.") != std::string::npos);
}

TEST_CASE("link: generated ids are unique and never take a given id's URL") {
  auto r = testing::build_files(
      {{"publications.toml",
        "[[publication]]\ntitle = \"Taming Things\"\nauthors = [\"Qinghao Hu\"]\nyear = 2026\n"
        "[[publication]]\ntitle = \"Taming Other Things\"\nauthors = [\"Qinghao Hu\"]\nyear = "
        "2026\n"
        "[[publication]]\nid = \"hu2026taming\"\ntitle = \"Given\"\nauthors = [\"X\"]\n"}});
  CHECK(r.diags.format_all() == "");
  CHECK(r.output.files.count("publications/hu2026taming/index.html"));
  CHECK(r.output.files.count("publications/hu2026taming-2/index.html"));
  CHECK(r.output.files.count("publications/hu2026taming-3/index.html"));
  CHECK(testing::page_of(r, "publications/hu2026taming/index.html").find("Given") !=
        std::string::npos);
}

// 20,000 papers with one generated key took 24 s: each looked for its number from -2 up,
// so the n-th made n lookups. Each base now goes on from the last number it gave.
TEST_CASE("link: papers with one generated key cost one lookup each") {
  Site site;
  Publication p;
  p.title = "Taming Things";
  p.authors = {{"Qinghao Hu", "", false}};
  p.year = 2026;
  site.publications.assign(20000, p);
  Publication given = p;  // a given id in the middle of the numbers
  given.id_given = true;
  given.key = "hu2026taming-3";
  site.publications.push_back(given);
  Diagnostics diags;
  UniqueNames slugs;
  assign_slugs(site, diags, slugs);
  CHECK(diags.format_all() == "");
  CHECK(site.publications[0].slug == "hu2026taming");
  CHECK(site.publications[1].slug == "hu2026taming-2");
  CHECK(site.publications[2].slug == "hu2026taming-4");
  CHECK(site.publications[19999].slug == "hu2026taming-20001");
  CHECK(site.publications[19999].key == "hu2026taming-20001");
  CHECK(site.publications[20000].slug == "hu2026taming-3");
  // One lookup per paper, and one more for the number the given id holds.
  CHECK(slugs.probes() == 20001);
}

TEST_CASE("link: ids that are not URL-safe are slugged") {
  auto r = testing::build_files({{"publications.toml",
                                  "[[publication]]\nid = \"DBLP:conf/X/2001\"\ntitle = \"T\"\n"
                                  "authors = [\"A\"]\n"}});
  CHECK(r.output.files.count("publications/dblp-conf-x-2001/index.html"));
}

TEST_CASE("link: numbering per type in file order") {
  auto r = testing::build_files(
      {{"site.toml",
        "[person]\nname = \"A\"\n[publications.numbering]\nconference = \"C\"\n"
        "journal = \"J\"\n"},
       {"publications.toml",
        "[[publication]]\ntitle = \"One\"\nauthors = [\"A\"]\n"
        "[[publication]]\ntitle = \"Two\"\nauthors = [\"A\"]\ntype = \"journal\"\n"
        "[[publication]]\ntitle = \"Three\"\nauthors = [\"A\"]\n"}});
  std::string html = testing::page_of(r, "publications/index.html");
  size_t c1 = html.find(">C1<"), c2 = html.find(">C2<"), j1 = html.find(">J1<");
  CHECK(c1 != std::string::npos);
  CHECK(c2 != std::string::npos);
  CHECK(j1 != std::string::npos);
  CHECK(c1 < c2);
}

TEST_CASE("link: an alias in BibTeX order highlights the name in display order") {
  auto r = testing::build_files(
      {{"site.toml", "[person]\nname = \"Wei Li\"\naliases = [\"Li, W.\"]\n"},
       {"publications.toml",
        "[[publication]]\ntitle = \"A\"\nauthors = [\"Song Han\", \"W. Li\"]\n"}});
  CHECK(
      testing::page_of(r, "publications/index.html").find("<strong class=\"me\">W. Li</strong>") !=
      std::string::npos);
}

namespace {

// The titles among `titles` in the order the page's <main> shows them, comma-separated.
std::string order_on(const std::string& page, std::vector<std::string> titles) {
  size_t main = page.find("<main");
  std::vector<std::pair<size_t, std::string>> found;
  for (const std::string& t : titles) {
    size_t at = page.find(">" + t + "<", main);
    if (at != std::string::npos) found.emplace_back(at, t);
  }
  std::sort(found.begin(), found.end());
  std::string out;
  for (const auto& f : found) out += (out.empty() ? "" : ", ") + f.second;
  return out;
}

const char* kOrderBib =
    "@inproceedings{b2023, title = {B 2023}, author = {A}, year = 2023}\n"
    "@inproceedings{b2025mar, title = {B 2025-03}, author = {A}, year = 2025, month = mar,\n"
    "  selected = {true}}\n"
    "@article{b2024, title = {B 2024}, author = {A}, journal = {J}, year = 2024}\n";
const char* kOrderToml =
    "[[publication]]\ntitle = \"T 2025\"\nauthors = [\"A\"]\nyear = 2025\nselected = true\n"
    "[[publication]]\ntitle = \"T 2025-03\"\nauthors = [\"A\"]\ndate = \"2025-03\"\n"
    "selected = true\n"
    "[[publication]]\ntitle = \"T 2025-03-02\"\nauthors = [\"A\"]\ndate = 2025-03-02\n"
    "selected = true\n"
    "[[publication]]\ntitle = \"T undated\"\nauthors = [\"A\"]\n"
    "[[publication]]\ntitle = \"T 2024-12\"\nauthors = [\"A\"]\ndate = \"2024-12\"\n"
    "type = \"journal\"\n";
const std::vector<std::string> kOrderTitles = {"B 2023",    "B 2025-03", "B 2024",
                                               "T 2025",    "T 2025-03", "T 2025-03-02",
                                               "T undated", "T 2024-12"};

BuildResult build_ordered(const std::string& settings) {
  return testing::build_files({{"site.toml",
                                "[person]\nname = \"A\"\n[publications]\n"
                                "bibtex = [\"p.bib\"]\n" +
                                    settings},
                               {"p.bib", kOrderBib},
                               {"publications.toml", kOrderToml}});
}

}  // namespace

TEST_CASE("order: newest first wherever an entry came from, ties in the order read") {
  BuildResult r = build_ordered("group_by = \"none\"\n");
  CHECK(r.diags.format_all() == "");
  // A day sorts before its month, a month before its year; same dates keep the order read
  // (.bib files first); no date sorts last.
  CHECK(order_on(testing::page_of(r, "publications/index.html"), kOrderTitles) ==
        "T 2025-03-02, B 2025-03, T 2025-03, T 2025, T 2024-12, B 2024, B 2023, T undated");
  CHECK(order_on(testing::page_of(r, "index.html"), kOrderTitles) ==
        "T 2025-03-02, B 2025-03, T 2025-03, T 2025");
}

TEST_CASE("order: inside every group, and on the year and type pages") {
  BuildResult r = build_ordered("");  // group_by = "type"
  std::string list = testing::page_of(r, "publications/index.html");
  size_t journals = list.find("id=\"journal");
  REQUIRE(journals != std::string::npos);
  CHECK(order_on(list.substr(0, journals), kOrderTitles) ==
        "T 2025-03-02, B 2025-03, T 2025-03, T 2025, B 2023, T undated");
  CHECK(order_on("<main>" + list.substr(journals), kOrderTitles) == "T 2024-12, B 2024");
  CHECK(order_on(testing::page_of(r, "publications/year/2025/index.html"), kOrderTitles) ==
        "T 2025-03-02, B 2025-03, T 2025-03, T 2025");
}

TEST_CASE("order: order = \"source\" keeps the order read") {
  BuildResult r = build_ordered("group_by = \"none\"\norder = \"source\"\n");
  CHECK(r.diags.format_all() == "");
  CHECK(order_on(testing::page_of(r, "publications/index.html"), kOrderTitles) ==
        "B 2023, B 2025-03, B 2024, T 2025, T 2025-03, T 2025-03-02, T undated, T 2024-12");
  CHECK(order_on(testing::page_of(r, "index.html"), kOrderTitles) ==
        "B 2025-03, T 2025, T 2025-03, T 2025-03-02");
  CHECK(testing::diagnostics_of(
            {{"site.toml", "[person]\nname = \"A\"\n[publications]\norder = \"dates\"\n"}}) ==
        "content/site.toml:4:9: error: unknown `order` value `dates`: expected \"date\" or "
        "\"source\" (did you mean `date`?)\n"
        "  order = \"dates\"\n"
        "          ^\n");
}
