// bibtex_write.h: the exact entry written for a publication, and round trips
// model -> BibTeX -> model (also for every entry of the real files in ../shared).
#include "load/bibtex_write.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "load/bibtex.h"
#include "support/skip.h"

using sitegen::Author;
using sitegen::Diagnostics;
using sitegen::Publication;
using sitegen::PublicationType;
using sitegen::to_bibtex;

namespace {

Publication parse_back(const std::string& bib) {
  Diagnostics d;
  std::vector<Publication> p =
      sitegen::bibtex_to_publications(sitegen::parse_bibtex(bib, "out.bib", d), d);
  CHECK(d.all().empty());
  REQUIRE(p.size() == 1);
  return p[0];
}

std::string names(const Publication& p) {
  std::string out;
  for (const Author& a : p.authors) out += a.name + "; ";
  return out + (p.et_al ? "et al." : "");
}

std::string shown_venue(const Publication& p) {
  return p.venue_full.empty() ? p.venue : p.venue_full;
}

// The round-trip property: what a reader of the page sees comes back unchanged.
void check_round_trip(const Publication& p) {
  std::string bib = to_bibtex(p);
  INFO("entry " << p.key << "\n" << bib);
  Publication q = parse_back(bib);
  CHECK(q.title == p.title);
  CHECK(names(q) == names(p));
  CHECK(shown_venue(q) == shown_venue(p));
  CHECK(q.year == p.year);
  CHECK(q.type == p.type);
  CHECK(q.doi == p.doi);
  CHECK(q.arxiv == p.arxiv);
  CHECK(to_bibtex(q) == bib);  // and writing again gives the same bytes
}

Publication taming() {
  Publication p;
  p.key = "hu2026taming";
  p.title = "Taming the Long-Tail: Efficient Reasoning RL Training with Adaptive Drafter";
  p.authors = {{"Qinghao Hu", "*"},
               {"Shang Yang", "*"},
               {"Ludwig van Beethoven", ""},
               {"Martin Luther King, Jr.", ""}};
  p.venue = "ASPLOS '26";
  p.venue_full = "Architectural Support for Programming Languages and Operating Systems";
  p.year = 2026;
  p.date = {2026, 3, 0};
  p.type = PublicationType::kConference;
  p.selected = true;
  p.abbr = "ASPLOS";
  p.preview = "taming.png";
  p.awards = {"Distinguished Paper Award"};
  p.note = "Invited";
  p.abstract = "We *tame* it.";
  p.tags = {"RL"};
  p.links = {{"pdf", "papers/taming.pdf"}, {"code", "https://github.com/x/y"}};
  p.doi = "10.1145/3000000.3000001";
  p.arxiv = "2511.00000";
  p.pages = "1–15";
  p.publisher = "ACM";
  return p;
}

}  // namespace

TEST_CASE("bibtex_write: a clean entry, fields in canonical order, site-only fields stripped") {
  CHECK(to_bibtex(taming()) ==
        "@inproceedings{hu2026taming,\n"
        "  author        = {Hu, Qinghao and Yang, Shang and van Beethoven, Ludwig and King, Jr., "
        "Martin Luther},\n"
        "  title         = {Taming the {Long-Tail:} Efficient Reasoning {RL} Training with "
        "Adaptive Drafter},\n"
        "  booktitle     = {Architectural Support for Programming Languages and Operating "
        "Systems},\n"
        "  publisher     = {ACM},\n"
        "  pages         = {1--15},\n"
        "  year          = {2026},\n"
        "  month         = mar,\n"
        "  doi           = {10.1145/3000000.3000001},\n"
        "  eprint        = {2511.00000},\n"
        "  archivePrefix = {arXiv}\n"
        "}\n");
}

TEST_CASE("bibtex_write: entry types and venue fields derived from the publication type") {
  Publication p;
  p.key = "k";
  p.title = "T";
  p.venue_full = "V";
  p.type = PublicationType::kJournal;
  CHECK(to_bibtex(p) == "@article{k,\n  title   = {T},\n  journal = {V}\n}\n");
  p.type = PublicationType::kThesis;
  p.school = "MIT";
  p.venue_full = "";
  CHECK(to_bibtex(p) == "@phdthesis{k,\n  title  = {T},\n  school = {MIT}\n}\n");
  p.type = PublicationType::kPreprint;
  p.school = "";
  p.venue_full = "bioRxiv";
  CHECK(to_bibtex(p) == "@misc{k,\n  title        = {T},\n  howpublished = {bioRxiv}\n}\n");
  p.bibtex_type = "incollection";
  CHECK(to_bibtex(p) == "@incollection{k,\n  title     = {T},\n  booktitle = {bioRxiv}\n}\n");
}

TEST_CASE("bibtex_write: LaTeX specials are escaped, math and UTF-8 kept") {
  Publication p;
  p.key = "k";
  p.type = PublicationType::kOther;
  p.title = "50% of C# & C++ users_ {x} \\ ~ ^ $x^{2}$ costs $5 -- “Ünïcödé” Fig.\u00A03";
  p.authors = {{"Jean-François Biasse", ""}, {"Barnes and Noble, Inc.", ""}, {"Ada", ""}};
  p.et_al = true;
  CHECK(to_bibtex(p) ==
        "@misc{k,\n"
        "  author = {Biasse, Jean-François and {Barnes and Noble, Inc.} and Ada and others},\n"
        "  title  = {50\\% of C\\# \\& C++ users\\_ \\textbraceleft{}x\\textbraceright{} "
        "\\textbackslash{} \\textasciitilde{} \\textasciicircum{} $x^{2}$ costs \\$5 -{}- "
        "“Ünïcödé” Fig.~3}\n"
        "}\n");
  check_round_trip(p);
}

TEST_CASE("bibtex_write: pages with braces and specials parse back (found by fuzzing)") {
  Publication p;
  p.key = "k";
  p.type = PublicationType::kOther;
  p.title = "T";
  p.pages = "3 {EMNLP 100% e–12";
  std::string bib = to_bibtex(p);
  CHECK(bib.find("  pages = {3 \\textbraceleft{}EMNLP 100\\% e--12}\n") != std::string::npos);
  CHECK(parse_back(bib).pages == p.pages);
}

TEST_CASE("bibtex_write: keys") {
  Publication p = taming();
  CHECK(sitegen::bibtex_key(p) == "hu2026taming");
  p.key = "";
  p.slug = "taming-rl";
  CHECK(sitegen::bibtex_key(p) == "taming-rl");
  p.slug = "";
  CHECK(sitegen::bibtex_key(p) == "hu2026taming");
  p.title = "The  ASCII-only {title}";
  CHECK(sitegen::bibtex_key(p) == "hu2026asciionly");
  p.key = "a key, with {junk}";
  CHECK(sitegen::bibtex_key(p) == "a_key__with__junk_");
  Publication empty;
  CHECK(sitegen::bibtex_key(empty) == "entry");
}

TEST_CASE("bibtex_write: round trips for each type BibTeX can express") {
  Publication p = taming();
  check_round_trip(p);
  for (PublicationType type :
       {PublicationType::kJournal, PublicationType::kPreprint, PublicationType::kThesis,
        PublicationType::kPatent, PublicationType::kOther}) {
    Publication q = taming();
    q.type = type;
    if (q.type == PublicationType::kThesis) q.school = q.venue_full;
    if (q.type == PublicationType::kOther)
      q.arxiv = "";  // a @misc with an eprint reads as a preprint
    check_round_trip(q);
  }
  Publication bare;
  bare.title = "Only a title with $\\mathbb{P}^1$ and an accent: é";
  bare.authors = {{"Émile Zola", ""}, {"danah boyd", ""}, {"Johnson and Johnson", ""}};
  check_round_trip(bare);
  Publication preprint;
  preprint.type = PublicationType::kPreprint;
  preprint.title = "P";
  preprint.venue = "arXiv";
  check_round_trip(preprint);
}

TEST_CASE("bibtex_write: workshop, poster and talk come back as what BibTeX can say") {
  Publication p = taming();
  p.type = PublicationType::kWorkshop;
  CHECK(parse_back(to_bibtex(p)).type == PublicationType::kConference);
  p.type = PublicationType::kTalk;
  p.arxiv = "";  // with an eprint, a @misc reads as a preprint
  CHECK(parse_back(to_bibtex(p)).type == PublicationType::kOther);
}

#ifndef SITEGEN_SOURCE_DIR
#define SITEGEN_SOURCE_DIR "."
#endif

namespace {

constexpr const char* kBibDir = SITEGEN_SOURCE_DIR "/../shared/testdata/bib/";

}  // namespace

TEST_CASE("bibtex_write: every entry of the real files round-trips") {
  if (sitegen::testing::skip_without(kBibDir)) return;
  for (const char* name : {"homepage-alfolio-user.bib", "dblp-export.bib",
                           "accents-math-stacks.bib", "thesis-references.bib"}) {
    std::ifstream in(std::string(kBibDir) + name, std::ios::binary);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    Diagnostics d;
    std::vector<Publication> pubs =
        sitegen::bibtex_to_publications(sitegen::parse_bibtex(text.str(), name, d), d);
    REQUIRE_FALSE(pubs.empty());
    for (const Publication& p : pubs) check_round_trip(p);
  }
}
