// The table of publication types and statuses, and the messages that list them.
#include "model/publication_type.h"

#include <doctest/doctest.h>

#include <string>

#include "bibtex/bibtex.h"
#include "support/test_site.h"

using namespace sitegen;
using sitegen::testing::diagnostics_of;

namespace {

std::string joined(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view n : names) out += (out.empty() ? "" : " ") + std::string(n);
  return out;
}

}  // namespace

TEST_CASE("publication type: each name reads back as its type") {
  for (std::string_view name : publication_type_names()) {
    std::optional<PublicationType> t = publication_type_named(name);
    REQUIRE(t);
    CHECK(info(*t).name == name);
  }
  CHECK_FALSE(publication_type_named("Conference"));
  for (std::string_view name : publication_status_names()) {
    std::optional<PublicationStatus> s = publication_status_named(name);
    REQUIRE(s);
    CHECK(info(*s).name == name);
  }
  CHECK_FALSE(publication_status_named("submitted"));
}

TEST_CASE("publication type: labels, group titles and BibTeX types") {
  CHECK(info(PublicationType::kConference).label == "Conference paper");
  CHECK(info(PublicationType::kChapter).group_title == "Book Chapters");
  CHECK(info(PublicationType::kOther).label == "Other");
  CHECK(info(PublicationType::kThesis).bibtex_type == "phdthesis");
  CHECK(info(PublicationType::kPoster).bibtex_type == "inproceedings");
  CHECK(info(PublicationType::kTalk).bibtex_type == "misc");
  CHECK(info(PublicationStatus::kPublished).label == "");
  CHECK(info(PublicationStatus::kUnderReview).label == "Under review");
}

TEST_CASE("publication type: groups in the documented order") {
  std::vector<std::string_view> names;
  for (PublicationType t : publication_types_in_group_order()) names.push_back(info(t).name);
  CHECK(joined(names) ==
        "conference journal workshop poster preprint thesis patent book chapter talk other");
  CHECK(joined(publication_status_names()) == "published accepted under-review in-submission");
}

TEST_CASE("load error: unknown publication status") {
  CHECK(diagnostics_of(
            {{"publications.toml",
              "[[publication]]\ntitle = \"A\"\nauthors = [\"A\"]\nstatus = \"acepted\"\n"}}) ==
        "content/publications.toml:4:10: error: unknown publication status `acepted` (did you "
        "mean `accepted`?); expected one of: published, accepted, under-review, in-submission\n"
        "  status = \"acepted\"\n"
        "           ^\n");
}

TEST_CASE("load error: unknown publication type in [publications.numbering]") {
  CHECK(diagnostics_of({{"site.toml",
                         "[person]\nname = \"A\"\n[publications.numbering]\njournl = \"J\"\n"}}) ==
        "content/site.toml:4:1: error: unknown publication type `journl` in "
        "[publications.numbering] (did you mean `journal`?)\n"
        "  journl = \"J\"\n"
        "  ^\n");
}

TEST_CASE("publication type: every BibTeX and biblatex entry type maps to its nearest type") {
  auto type_of = [](const std::string& bib) {
    Diagnostics d;
    std::vector<Publication> p = bibtex_to_publications(parse_bibtex(bib, "x.bib", d), d);
    REQUIRE(p.size() == 1);
    return std::string(info(p[0].type).name);
  };
  // The documentation's table, row by row: each name read as an entry type.
  const std::string table =
      "article:journal inproceedings:conference conference:conference book:book "
      "booklet:book proceedings:book inbook:chapter incollection:chapter "
      "phdthesis:thesis mastersthesis:thesis techreport:other manual:other misc:other "
      "unpublished:preprint thesis:thesis report:other patent:patent online:other "
      "electronic:other www:other preprint:preprint periodical:journal "
      "suppperiodical:journal mvbook:book collection:book mvcollection:book "
      "mvproceedings:book reference:book mvreference:book bookinbook:chapter "
      "suppbook:chapter suppcollection:chapter inreference:chapter dataset:other "
      "software:other standard:other artwork:other audio:other video:other image:other "
      "movie:other music:other performance:other letter:other review:other ";
  std::string mapped;
  for (size_t at = 0; at < table.size();) {
    size_t colon = table.find(':', at), end = table.find(' ', at);
    std::string name = table.substr(at, colon - at);
    REQUIRE(bibtex_entry_type_info(name) != nullptr);
    std::string entry = "@" + name + "{k, author = {A. B}, title = {T}}";
    mapped += name + ":" + type_of(entry) + " ";
    at = end + 1;
  }
  CHECK(mapped == table);
  CHECK(type_of("@Book{k, author = {A. B}, title = {T}}") == "book");
  CHECK(type_of("@whatever{k, title = {T}}") == "other");
  // With an eprint, or at a preprint server, only these are preprints.
  CHECK(type_of("@misc{k, title = {T}, eprint = {2401.00001}}") == "preprint");
  CHECK(type_of("@online{k, title = {T}, howpublished = {bioRxiv}}") == "preprint");
  CHECK(type_of("@article{k, title = {T}, journal = {arXiv}}") == "preprint");
  CHECK(type_of("@book{k, title = {T}, eprint = {2401.00001}}") == "book");
}

TEST_CASE("publication type: generated BibTeX writes a book as @book, a chapter as @incollection") {
  CHECK(info(PublicationType::kBook).bibtex_type == "book");
  CHECK(info(PublicationType::kChapter).bibtex_type == "incollection");
  CHECK(info(PublicationType::kTalk).bibtex_type == "misc");
}

TEST_CASE("publication type: the types importers read map through one table") {
  auto name = [](ForeignTypes list, std::string_view n) {
    std::optional<PublicationType> t = publication_type_from(list, n);
    return t ? std::string(info(*t).name) : std::string("unknown");
  };
  CHECK(name(ForeignTypes::kHugoBlox, "1") == "conference");
  CHECK(name(ForeignTypes::kHugoBlox, "article") == "preprint");
  CHECK(name(ForeignTypes::kHugoBlox, "speech") == "talk");
  CHECK(name(ForeignTypes::kHugoBlox, "journal-article") == "unknown");
  CHECK(name(ForeignTypes::kOrcid, "journal-article") == "journal");
  CHECK(name(ForeignTypes::kOrcid, "lecture-speech") == "talk");
  CHECK(name(ForeignTypes::kOrcid, "article") == "unknown");
  CHECK(name(ForeignTypes::kOpenAlex, "article repository") == "preprint");
  CHECK(name(ForeignTypes::kOpenAlex, "article") == "journal");
  CHECK(name(ForeignTypes::kOpenAlex, "book-chapter") == "chapter");
  // Words: the first of the table's words the text holds.
  CHECK(name(ForeignTypes::kWords, "conference workshop papers") == "conference");
  CHECK(name(ForeignTypes::kWords, "working papers") == "preprint");
  CHECK(name(ForeignTypes::kWords, "talks") == "unknown");
}

TEST_CASE("publication type: written BibTeX puts the venue in the type's own field") {
  std::string fields;
  for (std::string_view t : {"article", "inproceedings", "inbook", "phdthesis", "misc"})
    fields += std::string(bibtex_entry_type_info(t)->venue_field) + " ";
  CHECK(fields == "journal booktitle booktitle school howpublished ");
}
