// One Unicode form for every name and title: text read from .bib (LaTeX accents or
// pasted decomposed), TOML (typed decomposed, or `\u` escapes), Markdown and the
// importers is in NFC once loaded, so highlighting, the written BibTeX, search and
// duplicate detection compare like with like.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "import/merge.h"
#include "import/web_sources.h"
#include "import/yaml_reader.h"
#include "support/test_site.h"

using sitegen::testing::build_files;
using sitegen::testing::page_of;

namespace {

// "Nguyễn" as macOS keyboards type it: e, combining circumflex, combining tilde.
const std::string kDecomposed = "Nguye\u0302\u0303n";
const std::string kComposed = "Nguy\u1EC5n";

bool has(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

}  // namespace

TEST_CASE("nfc: a LaTeX-accented name in a .bib is the site's decomposed name") {
  auto r = build_files(
      {{"site.toml", "[person]\nname = \"Van An " + kDecomposed +
                         "\"\n[publications]\nbibtex = [\"papers.bib\"]\n"},
       {"papers.bib",
        "@article{nguyen2024, author = {Nguy{\\~{\\^e}}n, Van An and Zo{\\\"e} Example},\n"
        "  title = {Caf\\'e Theory for Ph{\\d{\\u{a}}}m}, journal = {J}, year = 2024}\n"}});
  CHECK(r.diags.format_all() == "");
  std::string list = page_of(r, "publications/index.html");
  // Highlighted: the .bib's name and site.toml's are the same text once loaded.
  CHECK(has(list, "<strong class=\"me\">Van An " + kComposed + "</strong>"));
  CHECK(has(list, "Café Theory for Ph\u1EB7m"));
  CHECK_FALSE(has(list, "e\u0302"));
  CHECK_FALSE(has(list, "\u0303"));
  CHECK(page_of(r, "publications/nguyen2024/nguyen2024.bib") ==
        "@article{nguyen2024,\n"
        "  author  = {" +
            kComposed +
            ", Van An and Example, Zoë},\n"
            "  title   = {Café Theory for Ph\u1EB7m},\n"
            "  journal = {J},\n"
            "  year    = {2024}\n"
            "}\n");
  std::string paper = page_of(r, "publications/nguyen2024/index.html");
  CHECK(has(paper, kComposed + ", Van An and Example, Zoë"));  // the Cite box
  CHECK(has(page_of(r, "publications.bib"), "author  = {" + kComposed + ", Van An and"));
}

TEST_CASE("nfc: TOML strings, keys and escapes, and Markdown, are composed when read") {
  auto r = build_files(
      {{"site.toml", "title = \"Caf\\u0065\\u0301\"\n[person]\nname = \"" + kDecomposed + "\"\n"},
       {"bio.md", "I am Zoe\u0308, and I study " + kDecomposed + ".\n"},
       {"publications.toml", "[[publication]]\nid = \"p\"\ntitle = \"On " + kDecomposed +
                                 " Spaces\"\nauthors = [\"" + kComposed + "\"]\nyear = 2024\n"},
       {"pages/about.md", "+++\ntitle = \"Zoe\u0308\"\n+++\n\nAbout Zoe\u0308.\n"}});
  CHECK(r.diags.format_all() == "");
  std::string home = page_of(r, "index.html");
  CHECK(has(home, "<title>Café</title>"));
  CHECK(has(home, "I am Zoë, and I study " + kComposed + "."));
  CHECK_FALSE(has(home, "e\u0302"));
  CHECK_FALSE(has(home, "e\u0308"));
  // The author as publications.toml writes it (composed) is the person (decomposed).
  CHECK(has(page_of(r, "publications/p/index.html"),
            "<strong class=\"me\">" + kComposed + "</strong>"));
  CHECK(has(page_of(r, "publications/p/p.bib"), "title  = {On " + kComposed + " Spaces}"));
  std::string about = page_of(r, "about/index.html");
  CHECK(has(about, "<h1>Zoë</h1>"));
  CHECK(has(about, "About Zoë."));
}

TEST_CASE("nfc: what the importers read is composed, and matches the site's papers") {
  std::string json =
      "{\"meta\": {\"next_cursor\": null}, \"results\": [{\"id\": \"https://openalex.org/W1\", "
      "\"title\": \"On " +
      kDecomposed + " Spaces\", \"display_name\": \"On " + kDecomposed +
      " Spaces\", \"publication_year\": 2024, \"type\": \"article\", \"authorships\": "
      "[{\"author\": {\"display_name\": \"Van An " +
      kDecomposed + "\"}}]}]}";
  std::string cursor;
  sitegen::Works w = sitegen::openalex_works_page(json, "https://api.openalex.org/works", &cursor);
  REQUIRE(w.error == "");
  REQUIRE(w.pubs.size() == 1);
  CHECK(w.pubs[0].title == "On " + kComposed + " Spaces");
  REQUIRE(w.pubs[0].authors.size() == 1);
  CHECK(w.pubs[0].authors[0].name == "Van An " + kComposed);
  // Duplicate detection: the site's paper, typed composed, is the fetched one.
  sitegen::Publication existing;
  existing.key = "p";
  existing.title = "On " + kComposed + " Spaces";
  existing.year = 2024;
  sitegen::MergeResult m = sitegen::merge_publications({existing}, w.pubs);
  CHECK(m.matched == 1);
  CHECK(m.added.empty());
  // Hugo Blox front matter (YAML), escapes included.
  sitegen::Diagnostics d;
  std::optional<sitegen::TomlNode> yaml =
      sitegen::parse_yaml("title: \"Zoe\\u0308\"\nauthors: [" + kDecomposed + "]\n", "index.md", d);
  REQUIRE(yaml);
  REQUIRE(yaml->fields.size() == 2);
  CHECK(yaml->fields[0].second.str == "Zoë");
  REQUIRE(yaml->fields[1].second.items.size() == 1);
  CHECK(yaml->fields[1].second.items[0].str == kComposed);
}
