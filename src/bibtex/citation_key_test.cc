// One paper, one generated id: the site's URL, the BibTeX key and an import's id.
#include "bibtex/citation_key.h"

#include <doctest/doctest.h>

#include <string>

using sitegen::citation_key;
using sitegen::Publication;

namespace {

Publication paper(std::string author, int year, std::string title) {
  Publication p;
  if (!author.empty()) p.authors.push_back({std::move(author), ""});
  p.year = year;
  p.title = std::move(title);
  return p;
}

}  // namespace

TEST_CASE("citation_key: last name, year and the first title word that is not a stop word") {
  CHECK(citation_key(paper("Qinghao Hu", 2026, "Taming the Long-Tail")) == "hu2026taming");
  CHECK(citation_key(paper("Ada Lovelace", 1843, "On the Analytical Engine")) ==
        "lovelace1843analytical");
  CHECK(citation_key(paper("Ada Lovelace", 1843, "Towards a Theory")) == "lovelace1843theory");
  CHECK(citation_key(paper("Ada Lovelace", 1843, "Toward a Theory")) == "lovelace1843theory");
  CHECK(citation_key(paper("Ada Lovelace", 1843, "With and For a Theory")) == "lovelace1843theory");
  // One-letter words are skipped; "from" and "into" are title words.
  CHECK(citation_key(paper("Ada Lovelace", 1843, "X Marks")) == "lovelace1843marks");
  CHECK(citation_key(paper("Ada Lovelace", 1843, "From Engines")) == "lovelace1843from");
  CHECK(citation_key(paper("Ada Lovelace", 1843, "Into Engines")) == "lovelace1843into");
}

TEST_CASE("citation_key: names in either order, with particles, suffixes and other scripts") {
  CHECK(citation_key(paper("Lovelace, Ada", 1843, "Notes")) == "lovelace1843notes");
  CHECK(citation_key(paper("Ludwig van Beethoven", 1808, "Symphony")) == "beethoven1808symphony");
  CHECK(citation_key(paper("van Beethoven, Ludwig", 1808, "Symphony")) == "beethoven1808symphony");
  CHECK(citation_key(paper("Martin Luther King, Jr.", 1963, "Dream")) == "king1963dream");
  CHECK(citation_key(paper("Jean de La Fontaine", 1668, "Fables")) == "fontaine1668fables");
  CHECK(citation_key(paper("Kurt Gödel", 1931, "Über formal unentscheidbare Sätze")) ==
        "godel1931uber");
  CHECK(citation_key(paper("Anne Smith-Jones", 2001, "Notes")) == "smith-jones2001notes");
  CHECK(citation_key(paper("胡清昊", 2026, "Taming")) == "343c28522026taming");
}

TEST_CASE("citation_key: missing parts are left out, and nothing at all is `paper`") {
  CHECK(citation_key(paper("", 2026, "Taming")) == "2026taming");
  CHECK(citation_key(paper("Qinghao Hu", 0, "Taming")) == "hutaming");
  CHECK(citation_key(paper("Qinghao Hu", 2026, "On the")) == "hu2026");
  CHECK(citation_key(paper("", 0, "On")) == "paper");
  CHECK(citation_key(Publication{}) == "paper");
}
