// The table of publication types and statuses, and the messages that list them.
#include "load/publication_type.h"

#include <doctest/doctest.h>

#include <string>

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
  CHECK(info(PublicationType::kOther).label == "Publication");
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
