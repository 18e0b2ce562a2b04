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
  CHECK(same_name("Qinghao Hu", "qinghao hu"));
  CHECK(same_name("Q. Hu", "Q Hu"));
  CHECK_FALSE(same_name("Qinghao Hu", "Qinghao Huang"));
  CHECK(same_name("Li, W.", "W. Li"));  // as a .bib writes it
  CHECK(same_name("Hu, Qinghao", "Qinghao Hu"));
  CHECK_FALSE(same_name("Li, W.", "Li W. Zhang"));
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
