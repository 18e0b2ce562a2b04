// Matching fetched papers against a site's: each identity, papers listed twice, the ids
// given to new papers, and the summary line.
#include "import/merge.h"

#include <doctest/doctest.h>

#include "bibtex/bibtex_write.h"
#include "load/resolve.h"

using namespace sitegen;

namespace {

Publication paper(std::string title, int year, std::string key = "") {
  Publication p;
  p.title = std::move(title);
  p.year = year;
  p.key = std::move(key);
  p.authors.push_back({"Ada Lovelace", "", false});
  return p;
}

}  // namespace

TEST_CASE("merge: a paper matches by DOI, arXiv id, DBLP key or title and year") {
  std::vector<Publication> site;
  site.push_back(paper("Programs as Data", 2023, "data"));
  site[0].doi = "10.1145/3580000";
  site.push_back(paper("Notes", 2024, "notes"));
  site[1].arxiv = "2401.01234";
  site.push_back(paper("Engines", 2024, "engines"));
  site[2].dblp = "conf/osdi/LovelaceB24";
  site.push_back(paper("A {GPU} Study: Part I", 2022, "gpu"));

  std::vector<Publication> in;
  in.push_back(paper("Other title", 2020));
  in[0].doi = "https://doi.org/10.1145/3580000";  // DOI, written differently
  in.push_back(paper("Other", 2020));
  in[1].doi = "10.48550/arXiv.2401.01234";  // arXiv's DOI for the arXiv id
  in.push_back(paper("Other 2", 2020));
  in[2].arxiv = "arXiv:2401.01234v3";
  in.push_back(paper("Other 3", 2020));
  in[3].dblp = "conf/osdi/LovelaceB24";
  in.push_back(paper("A GPU study - part I", 2022));
  in.push_back(paper("A GPU study - part I", 2023));  // another year: another paper

  MergeResult r = merge_publications(site, in);
  CHECK(r.matched == 5);
  REQUIRE(r.added.size() == 1);
  CHECK(r.added[0].year == 2023);
  CHECK(r.added[0].key == "lovelace2023gpu");
  CHECK(merge_summary(r) == "added 1, matched 5, skipped 0");
}

TEST_CASE("merge: papers without a title or authors, and papers listed twice, are skipped") {
  std::vector<Publication> in;
  in.push_back(paper("", 2020));
  in.push_back(paper("  ", 2021));
  in.push_back(paper("No authors", 2020));
  in.back().authors.clear();
  in.push_back(paper("Twice", 2020));
  in.back().doi = "10.1/x";
  in.push_back(paper("Twice (v2)", 2020));
  in.back().doi = "10.1/X";
  MergeResult r = merge_publications({}, in);
  CHECK(r.added.size() == 1);
  CHECK(merge_summary(r) == "added 1, matched 0, skipped 4 (listed twice, no authors, 2 no title)");
}

TEST_CASE("merge: new ids are unique among the site's and each other") {
  std::vector<Publication> site{paper("Analytical Engines", 2024, "lovelace2024analytical")};
  std::vector<Publication> in{paper("Analytical engines for tensors", 2024),
                              paper("The Analytical Engine, again", 2024)};
  MergeResult r = merge_publications(site, in);
  REQUIRE(r.added.size() == 2);
  CHECK(r.added[0].key == "lovelace2024analytical-2");
  CHECK(r.added[1].key == "lovelace2024analytical-3");
  Publication anon;
  anon.title = "On";
  UniqueNames none;
  CHECK(new_publication_id(anon, none) == "paper");
  Publication comma = paper("Über Zahlen", 1843);
  comma.authors[0].name = "Lovelace, Ada";
  CHECK(new_publication_id(comma, none) == "lovelace1843uber");
}

// 8,000 works with one first author, year and first title word took 150 s to merge: each
// new id was looked for from -2 up, in a list of every id taken. It is one lookup now.
TEST_CASE("merge: works with one first author, year and title word cost one lookup each") {
  std::vector<Publication> site{paper("Analytical Engines", 2024, "lovelace2024analytical-2")};
  std::vector<Publication> in;
  for (int i = 0; i < 8000; ++i) in.push_back(paper("Analytical note " + std::to_string(i), 2024));
  MergeResult r = merge_publications(site, in);
  REQUIRE(r.added.size() == 8000);
  CHECK(r.added[0].key == "lovelace2024analytical");
  CHECK(r.added[1].key == "lovelace2024analytical-3");
  CHECK(r.added[7999].key == "lovelace2024analytical-8001");
  UniqueNames taken;
  taken.claim("lovelace2024analytical-2");
  for (const Publication& p : in) new_publication_id(p, taken);
  CHECK(taken.probes() == 8001);  // one per work, and one for the id the site has
}

TEST_CASE("merge: match keys") {
  CHECK(doi_match_key(" https://doi.org/10.1145/ABC ") == "10.1145/abc");
  CHECK(arxiv_match_key("arXiv:2401.01234v2") == "2401.01234");
  CHECK(arxiv_match_key("cs/0501001v1") == "cs/0501001");
  CHECK(title_match_key("{Fast} Paths: a \\emph{study}!") == "fastpathsaemphstudy");
}

TEST_CASE("merge: the URL, the BibTeX key and an imported id of one paper agree") {
  Publication p = paper("The Analytical Engine", 1843);
  sitegen::UniqueNames taken;
  CHECK(sitegen::new_publication_id(p, taken) == "lovelace1843analytical");
  CHECK(sitegen::bibtex_key(p) == "lovelace1843analytical");
  sitegen::Site site;
  site.publications.push_back(p);
  sitegen::Diagnostics diags;
  sitegen::UniqueNames slugs;
  sitegen::assign_slugs(site, diags, slugs);
  CHECK(site.publications[0].slug == "lovelace1843analytical");
  CHECK(site.publications[0].key == "lovelace1843analytical");
}
