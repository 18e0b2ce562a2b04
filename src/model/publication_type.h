// A publication's type and status, and the one table of what each means: its name in
// content, its labels on the site, and the entry type of its generated BibTeX; the one
// table of BibTeX entry types, each with its nearest publication type and the field its
// venue goes in; and the one table of the types importers read (CSL, ORCID, OpenAlex).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace sitegen {

enum class PublicationType : uint8_t {
  kConference,
  kJournal,
  kWorkshop,
  kPoster,
  kPreprint,
  kThesis,
  kPatent,
  kTalk,
  kBook,
  kChapter,
  kOther,
};

enum class PublicationStatus : uint8_t {
  kPublished,
  kAccepted,
  kUnderReview,
  kInSubmission,
};

struct PublicationTypeInfo {
  std::string_view name;         // as written in content: "conference"
  std::string_view label;        // of one entry: "Conference paper"
  std::string_view group_title;  // of its group and its filter page: "Conference Papers"
  std::string_view bibtex_type;  // generated BibTeX's entry type: "inproceedings"
};

struct PublicationStatusInfo {
  std::string_view name;   // as written in content: "under-review"
  std::string_view label;  // "Under review"; "" for a published entry, which shows none
};

const PublicationTypeInfo& info(PublicationType type);
const PublicationStatusInfo& info(PublicationStatus status);

std::optional<PublicationType> publication_type_named(std::string_view name);
std::optional<PublicationStatus> publication_status_named(std::string_view name);

// Every name, in the order messages list them; the first is the default.
const std::vector<std::string_view>& publication_type_names();
const std::vector<std::string_view>& publication_status_names();

// Every type, in the order of the groups of the publications page and of its type pages.
const std::vector<PublicationType>& publication_types_in_group_order();

// When an entry of a BibTeX type is a preprint instead of its usual type.
enum class PreprintRule : uint8_t {
  kNever,
  kByVenue,   // its journal is a preprint server (`@article{journal = {arXiv}}`)
  kByEprint,  // it has an `eprint`/`arxiv` field, or a preprint server as its venue
};

struct BibtexEntryTypeInfo {
  std::string_view name;  // lowercase, as read: "inproceedings"
  PublicationType type;   // the nearest publication type
  PreprintRule preprint;
  std::string_view venue_field;  // where written BibTeX puts the venue: "booktitle"
};

// The row of a lowercase BibTeX or biblatex entry type; nullptr for a type the table
// does not know, which is `other`.
const BibtexEntryTypeInfo* bibtex_entry_type_info(std::string_view entry_type);

// The lists of types other sources write, which importers map to publication types.
enum class ForeignTypes : uint8_t {
  kHugoBlox,  // Hugo Blox `publication_types`: CSL names and its older numbers "0"-"8"
  kOrcid,     // ORCID work types: "journal-article"
  kOpenAlex,  // OpenAlex work types, "article" refined by its source's type: "article
              // repository" is a preprint
  kWords,     // words in a category's name or title (academicpages): "Journal articles"
};

// The publication type `name` means in `list`; nullopt for a name the table does not
// know. For kWords, the type of the first word of the table that `name` (lowercase) holds.
std::optional<PublicationType> publication_type_from(ForeignTypes list, std::string_view name);

}  // namespace sitegen
