// bibtex_write.h: the exact entry written for a publication, and round trips
// model -> BibTeX -> model (also for every entry of the real files in ../shared).
#include "bibtex/bibtex_write.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bibtex/bibtex.h"
#include "load/load.h"
#include "support/shared_data.h"
#include "support/skip.h"
#include "support/test_site.h"
#include "text/tex_math.h"

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

// The venue a reader sees; the reader of BibTeX takes a thesis's school as its venue.
std::string shown_venue(const Publication& p) {
  if (!p.venue_full.empty()) return p.venue_full;
  return p.venue.empty() && p.type == PublicationType::kThesis ? p.school : p.venue;
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
        "  title         = {Taming the {Long-Tail}: Efficient Reasoning {RL} Training with "
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
  CHECK(to_bibtex(p) == "@unpublished{k,\n  title        = {T},\n  howpublished = {bioRxiv}\n}\n");
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

TEST_CASE("bibtex_write: math in a title is written as it is, spaces and all") {
  Publication p;
  p.key = "adam";
  p.type = PublicationType::kOther;
  p.title =
      "Adam Converges at Rate $\\mathcal{O}(\\log T/\\sqrt{T})$ Under Heavy-Tailed "
      "Gradient Noise";
  CHECK(to_bibtex(p) ==
        "@misc{adam,\n  title = {Adam Converges at Rate $\\mathcal{O}(\\log T/\\sqrt{T})$ Under "
        "{Heavy-Tailed} Gradient Noise}\n}\n");
  check_round_trip(p);
  // As a .bib file writes it: the specials escaped outside math, math as it is.
  Publication q = parse_back(
      "@misc{k, title = {Q\\&A: $\\mathcal{O}(n \\log n)$ for 50\\% of C\\# in snake\\_case, "
      "$x_{1} \\& 50\\%$ and $\\#\\mathsf{P}_1$}}");
  CHECK(q.title ==
        "Q&A: $\\mathcal{O}(n \\log n)$ for 50% of C# in snake_case, $x_{1} \\& 50\\%$ and "
        "$\\#\\mathsf{P}_1$");
  CHECK(
      to_bibtex(q) ==
      "@misc{k,\n  title = {{Q\\&A}: $\\mathcal{O}(n \\log n)$ for 50\\% of C\\# in snake\\_case, "
      "$x_{1} \\& 50\\%$ and $\\#\\mathsf{P}_1$}\n}\n");
  check_round_trip(q);
  // What the page does not show as math is not math in BibTeX either: "$5 or $10".
  p.title = "Costs $5 or $10, and $ a $ too";
  CHECK(to_bibtex(p) == "@misc{adam,\n  title = {Costs \\$5 or \\$10, and \\$ a \\$ too}\n}\n");
  check_round_trip(p);
  // Math BibTeX cannot hold as it is (unbalanced braces) is escaped as text.
  p.title = "Sets $\\{x$ and $y}$";
  CHECK(to_bibtex(p) ==
        "@misc{adam,\n  title = {Sets \\$\\textbackslash{}\\textbraceleft{}x\\$ and "
        "\\$y\\textbraceright{}\\$}\n}\n");
  check_round_trip(p);
}

namespace {

// The `$...$` of a title that the page shows as math (text/tex_math.h) and whose braces
// balance as BibTeX counts them: what the .bib must hold as it is.
std::vector<std::string> math_of(const std::string& title) {
  std::vector<std::string> out;
  sitegen::split_math(
      title, [](std::string_view) {},
      [&](const sitegen::MathSpan& m) {
        std::string_view tex = std::string_view(title).substr(m.tex_start, m.tex_end - m.tex_start);
        int depth = 0;
        bool ok = true;
        for (size_t i = 0; i < tex.size() && ok; ++i) {
          if (tex[i] == '\\' && i + 1 < tex.size() && tex[i + 1] != '{' && tex[i + 1] != '}')
            ++i;
          else if (tex[i] == '{')
            ++depth;
          else if (tex[i] == '}')
            ok = --depth >= 0;
          else if (tex[i] == '$')
            ok = false;
        }
        if (ok && depth == 0) out.emplace_back(title.substr(m.start, m.end - m.start));
      });
  return out;
}

}  // namespace

TEST_CASE("bibtex_write: titles with math and specials in and out of math round-trip") {
  // Pieces of real titles: math with `\&`, `%`, `#` and `_` inside, the same specials
  // outside math, dollars that are no math, words whose case matters, accents.
  static const std::vector<std::string> kPieces = {"$\\mathcal{O}(\\log T/\\sqrt{T})$",
                                                   "$x_1 + y_{2}$",
                                                   "$50\\%$",
                                                   "$\\#\\mathsf{P}$",
                                                   "$A \\& B$",
                                                   "$\\{a, b\\}$",
                                                   "$a_{i} \\le b$",
                                                   "$$\\sum_i x_i$$",
                                                   "$n$-gram",
                                                   "$k$-NN",
                                                   "$\\ell_1$",
                                                   "R&D",
                                                   "50%",
                                                   "C#",
                                                   "snake_case",
                                                   "x_1",
                                                   "\\&",
                                                   "#1",
                                                   "100%-safe",
                                                   "$5",
                                                   "costs $10",
                                                   "US$",
                                                   "Heavy-Tailed",
                                                   "GPU",
                                                   "eBPF",
                                                   "(",
                                                   ")",
                                                   ":",
                                                   "“Quoted”",
                                                   "{braced}",
                                                   "back\\slash",
                                                   "a--b",
                                                   "Nguyễn",
                                                   "Zoë",
                                                   "~",
                                                   "^",
                                                   "Adam",
                                                   "under",
                                                   "the"};
  uint32_t state = 2024;  // a fixed sequence: the same titles on every run and platform
  auto next = [&](uint32_t n) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % n;
  };
  size_t with_math = 0;
  for (int round = 0; round < 3000; ++round) {
    Publication p;
    p.key = "k";
    p.type = PublicationType::kOther;
    size_t pieces = 1 + next(7);
    for (size_t i = 0; i < pieces; ++i) {
      if (i > 0 && next(5) != 0) p.title += ' ';
      p.title += kPieces[next(static_cast<uint32_t>(kPieces.size()))];
    }
    std::string bib = to_bibtex(p);
    INFO("title: " << p.title << "\n" << bib);
    for (const std::string& math : math_of(p.title)) {
      CHECK(bib.find(math) != std::string::npos);
      ++with_math;
    }
    Diagnostics d;
    std::vector<Publication> q =
        sitegen::bibtex_to_publications(sitegen::parse_bibtex(bib, "out.bib", d), d);
    CHECK(d.all().empty());
    REQUIRE(q.size() == 1);
    CHECK(q[0].title == p.title);
    CHECK(to_bibtex(q[0]) == bib);
  }
  CHECK(with_math > 1000);
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
  CHECK(sitegen::bibtex_key(p) == "hu2026ascii");
  p.key = "a key, with {junk}";
  CHECK(sitegen::bibtex_key(p) == "a_key__with__junk_");
  Publication empty;
  CHECK(sitegen::bibtex_key(empty) == "paper");
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
  bare.authors = {{"Émile Zola", ""}, {"danah boyd", ""}, {"Johnson and Johnson", "", false, true}};
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

TEST_CASE("bibtex_write: a page range is written as BibTeX's `--`") {
  Publication p;
  p.key = "k";
  p.title = "T";
  p.type = PublicationType::kOther;
  for (const char* pages : {"1--22", "1–22"}) {
    p.pages = sitegen::page_range(pages);
    CHECK(p.pages == "1–22");
    CHECK(to_bibtex(p) == "@misc{k,\n  title = {T},\n  pages = {1--22}\n}\n");
    CHECK(parse_back(to_bibtex(p)).pages == "1–22");
  }
  p.pages = "e1-e9";
  CHECK(to_bibtex(p) == "@misc{k,\n  title = {T},\n  pages = {e1-e9}\n}\n");
  auto r = sitegen::testing::build_files(
      {{"site.toml", sitegen::testing::kMinimalSite},
       {"publications.toml",
        "[[publication]]\nid = \"p\"\ntitle = \"T\"\nauthors = [\"Ada Example\"]\n"
        "pages = \"1--22\"\n"}});
  CHECK(sitegen::testing::page_of(r, "publications/p/p.bib") ==
        "@inproceedings{p,\n  author = {Example, Ada},\n  title  = {T},\n  pages  = {1--22}\n}\n");
}

TEST_CASE("bibtex_write: a title braces the words whose case matters, not the punctuation") {
  Publication p;
  p.key = "k";
  p.type = PublicationType::kOther;
  p.title = "Lucid: A Non-Intrusive, Scalable and Interpretable Scheduling System";
  CHECK(to_bibtex(p) ==
        "@misc{k,\n  title = {Lucid: A {Non-Intrusive}, Scalable and Interpretable Scheduling "
        "System}\n}\n");
  p.title = "Why (GPU) “PyTorch” iOS-based \"LLMs\"? $O(n)$-Time eBPF. 5G! X";
  CHECK(to_bibtex(p) ==
        "@misc{k,\n  title = {Why ({GPU}) “{PyTorch}” {iOS-based} \"{LLMs}\"? {$O(n)$-Time} "
        "{eBPF}. {5G}! X}\n}\n");
  check_round_trip(p);
}

TEST_CASE("bibtex_write: a group's name stays one braced name") {
  // From BibTeX: the braces say it.
  Publication p = parse_back(
      "@misc{k, title = {T}, author = {{Barnes and Noble} and {The ENCODE Project Consortium} "
      "and Ada Example}}");
  REQUIRE(p.authors.size() == 3);
  CHECK(p.authors[0].name == "Barnes and Noble");
  CHECK(p.authors[0].corporate);
  CHECK(p.authors[1].corporate);
  CHECK_FALSE(p.authors[2].corporate);
  CHECK(to_bibtex(p) ==
        "@misc{k,\n  author = {{Barnes and Noble} and {The ENCODE Project Consortium} and "
        "Example, Ada},\n  title  = {T}\n}\n");
  check_round_trip(p);
  // From publications.toml: braces, or ` and ` in the name.
  auto r = sitegen::testing::build_files(
      {{"site.toml", sitegen::testing::kMinimalSite},
       {"publications.toml",
        "[[publication]]\nid = \"p\"\ntitle = \"T\"\n"
        "authors = [\"Barnes and Noble\", \"{The ENCODE Project Consortium}*\", \"Ada "
        "Example\"]\n"}});
  CHECK(sitegen::testing::page_of(r, "publications/p/p.bib") ==
        "@inproceedings{p,\n  author = {{Barnes and Noble} and {The ENCODE Project Consortium} "
        "and Example, Ada},\n  title  = {T}\n}\n");
  std::string html = sitegen::testing::page_of(r, "publications/p/index.html");
  CHECK(html.find(">The ENCODE Project Consortium<") != std::string::npos);
}

TEST_CASE("bibtex_write: series is kept, written back, and names the venue when it is an event") {
  Publication osdi = parse_back(
      "@inproceedings{k, title = {T}, booktitle = {Proceedings of the 18th USENIX Symposium on "
      "Operating Systems Design and Implementation}, series = {OSDI '24}, year = 2024}");
  CHECK(osdi.series == "OSDI '24");
  CHECK(osdi.venue == "OSDI '24");
  CHECK(to_bibtex(osdi) ==
        "@inproceedings{k,\n"
        "  title     = {T},\n"
        "  booktitle = {Proceedings of the 18th USENIX Symposium on Operating Systems Design and "
        "Implementation},\n"
        "  series    = {OSDI '24},\n"
        "  year      = {2024}\n"
        "}\n");
  check_round_trip(osdi);
  CHECK(parse_back("@inproceedings{k, title = {T}, series = {CHI 2021}}").venue == "CHI 2021");
  // A book series is not the venue; al-folio's abbr wins over the series.
  Publication lncs = parse_back(
      "@inproceedings{k, title = {T}, booktitle = {CRYPTO}, series = {Lecture Notes in "
      "Computer Science}, volume = {2139}}");
  CHECK(lncs.series == "Lecture Notes in Computer Science");
  CHECK(lncs.venue == "");
  CHECK(parse_back("@inproceedings{k, title = {T}, series = {SOSP '23}, abbr = {SOSP}}").venue ==
        "SOSP");
  // The badge before the entry shows it, where al-folio's abbr would be.
  auto r = sitegen::testing::build_files(
      {{"site.toml",
        std::string(sitegen::testing::kMinimalSite) + "[publications]\nbibtex = [\"p.bib\"]\n"},
       {"p.bib", "@inproceedings{k, author = {Ada Example}, title = {T}, series = {OSDI '24}}"}});
  CHECK(sitegen::testing::page_of(r, "publications/index.html")
            .find("<span class=\"pub-abbr\">OSDI &#39;24</span>") != std::string::npos);
}

#ifndef SITEGEN_SOURCE_DIR
#define SITEGEN_SOURCE_DIR "."
#endif

namespace {

namespace fs = std::filesystem;

// What BibTeX carries of a publication, one field a line. Left out, because the
// generated BibTeX does not hold them: what only the site shows (selected, awards,
// note, abstract, tags, links, abbr, preview, status, author markers and
// self-highlighting); the slug; the day of a date (BibTeX has year and month); and the
// short `venue` when a full `venue_full` is written instead (ACM's `series` is kept).
// The type is the one its entry type says: a workshop paper is an @inproceedings.
std::string carried(const Publication& p) {
  std::string out = "key: " + sitegen::bibtex_key(p) + "\ntitle: " + p.title + "\nauthors:";
  for (const Author& a : p.authors) out += " " + a.name + (a.corporate ? " (group);" : ";");
  if (p.et_al) out += " et al.";
  out += "\nvenue: " + shown_venue(p) + "\nyear: " + std::to_string(p.year);
  if (p.date.year == p.year) out += "\nmonth: " + std::to_string(p.date.month);
  std::string entry_type = sitegen::bibtex_entry_type(p);
  const sitegen::BibtexEntryTypeInfo* row = sitegen::bibtex_entry_type_info(entry_type);
  PublicationType type = row ? row->type : PublicationType::kOther;
  if (p.type == PublicationType::kPreprint &&
      (!row || row->preprint != sitegen::PreprintRule::kNever))
    type = p.type;
  out += "\nentry type: " + entry_type + " (" + std::string(info(type).name) + ")";
  for (const auto& [name, value] : {std::pair{"doi", &p.doi},
                                    {"arxiv", &p.arxiv},
                                    {"publisher", &p.publisher},
                                    {"volume", &p.volume},
                                    {"number", &p.number},
                                    {"pages", &p.pages},
                                    {"address", &p.address},
                                    {"school", &p.school},
                                    {"institution", &p.institution},
                                    {"url", &p.url},
                                    {"isbn", &p.isbn},
                                    {"series", &p.series}}) {
    if (!value->empty()) out += "\n" + std::string(name) + ": " + *value;
  }
  return out + "\n";
}

// model -> BibTeX -> model gives the same model, and writing it again the same bytes.
void check_same_model(const Publication& p) {
  std::string bib = to_bibtex(p);
  INFO(bib);
  Publication q = parse_back(bib);
  CHECK(carried(q) == carried(p));
  CHECK(to_bibtex(q) == bib);
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("bibtex_write: every publication of content/ and the examples round-trips") {
  std::vector<fs::path> sites = {fs::path(SITEGEN_SOURCE_DIR) / "content"};
  for (const fs::directory_entry& e :
       fs::directory_iterator(fs::path(SITEGEN_SOURCE_DIR) / "examples"))
    sites.push_back(e.path());
  size_t count = 0;
  for (const fs::path& dir : sites) {
    Diagnostics d;
    sitegen::Site site = sitegen::load_site(sitegen::DiskSource(dir.string()), d);
    CHECK_MESSAGE(!d.has_errors(), dir.string());
    for (const Publication& p : site.publications) {
      INFO(dir.string() << ": " << p.key);
      check_same_model(p);
      ++count;
    }
  }
  CHECK(count >= 20);
}

TEST_CASE("bibtex_write: every entry of the real .bib files round-trips") {
  const fs::path& bib_dir = sitegen::testing::kBibDir;
  if (sitegen::testing::skip_without(bib_dir)) return;
  std::vector<fs::path> files;
  for (const fs::directory_entry& e : fs::directory_iterator(bib_dir))
    if (e.path().extension() == ".bib") files.push_back(e.path());
  REQUIRE_FALSE(files.empty());
  for (const fs::path& file : files) {
    Diagnostics d;
    std::vector<Publication> pubs = sitegen::bibtex_to_publications(
        sitegen::parse_bibtex(slurp(file), file.filename().string(), d), d);
    REQUIRE_FALSE(pubs.empty());
    for (const Publication& p : pubs) {
      INFO(file.filename().string() << ": " << p.key);
      check_same_model(p);
    }
  }
}
