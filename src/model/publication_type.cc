// The table of publication types and statuses: the only place that names them.
#include "model/publication_type.h"

#include <algorithm>
#include <array>

namespace sitegen {

namespace {

struct TypeRow {
  PublicationType type;
  PublicationTypeInfo info;
  int group;  // position of its group on the publications page
};

// In the order of the enum. Groups put `talk` after `chapter`.
constexpr std::array<TypeRow, 11> kTypes = {{
    {PublicationType::kConference,
     {"conference", "Conference paper", "Conference Papers", "inproceedings"},
     0},
    {PublicationType::kJournal, {"journal", "Journal article", "Journal Articles", "article"}, 1},
    {PublicationType::kWorkshop,
     {"workshop", "Workshop paper", "Workshop Papers", "inproceedings"},
     2},
    {PublicationType::kPoster, {"poster", "Poster", "Posters", "inproceedings"}, 3},
    {PublicationType::kPreprint, {"preprint", "Preprint", "Preprints", "misc"}, 4},
    {PublicationType::kThesis, {"thesis", "Thesis", "Theses", "phdthesis"}, 5},
    {PublicationType::kPatent, {"patent", "Patent", "Patents", "patent"}, 6},
    {PublicationType::kTalk, {"talk", "Talk", "Talks", "misc"}, 9},
    {PublicationType::kBook, {"book", "Book", "Books", "book"}, 7},
    {PublicationType::kChapter, {"chapter", "Book chapter", "Book Chapters", "incollection"}, 8},
    {PublicationType::kOther, {"other", "Other", "Other", "misc"}, 10},
}};

constexpr bool types_in_enum_order() {
  for (size_t i = 0; i < kTypes.size(); ++i)
    if (kTypes[i].type != static_cast<PublicationType>(i)) return false;
  return true;
}
static_assert(types_in_enum_order(), "info() indexes kTypes by the enum");

// In the order of the enum.
constexpr std::array<PublicationStatusInfo, 4> kStatuses = {{
    {"published", ""},
    {"accepted", "Accepted"},
    {"under-review", "Under review"},
    {"in-submission", "In submission"},
}};

// BibTeX's standard types, then biblatex's and what exporters write. Reports and
// manuals have no nearer type than `other`: they are neither preprints nor in a venue.
// A venue goes in `journal`, `booktitle` or `school` where BibTeX has that field for the
// type, else in `howpublished`.
using enum PublicationType;
using enum PreprintRule;
const std::vector<BibtexEntryTypeInfo> kBibtexTypes = {
    {"article", kJournal, kByVenue, "journal"},
    {"inproceedings", kConference, kNever, "booktitle"},
    {"conference", kConference, kNever, "booktitle"},
    {"book", kBook, kNever, "howpublished"},
    {"booklet", kBook, kNever, "howpublished"},
    {"proceedings", kBook, kNever, "howpublished"},
    {"inbook", kChapter, kNever, "booktitle"},
    {"incollection", kChapter, kNever, "booktitle"},
    {"phdthesis", kThesis, kNever, "school"},
    {"mastersthesis", kThesis, kNever, "school"},
    {"techreport", kOther, kNever, "howpublished"},
    {"manual", kOther, kNever, "howpublished"},
    {"misc", kOther, kByEprint, "howpublished"},
    {"unpublished", kPreprint, kNever, "howpublished"},
    {"thesis", kThesis, kNever, "school"},
    {"report", kOther, kNever, "howpublished"},
    {"patent", kPatent, kNever, "howpublished"},
    {"online", kOther, kByEprint, "howpublished"},
    {"electronic", kOther, kByEprint, "howpublished"},
    {"www", kOther, kByEprint, "howpublished"},
    {"preprint", kPreprint, kNever, "howpublished"},
    {"periodical", kJournal, kNever, "journal"},
    {"suppperiodical", kJournal, kNever, "howpublished"},
    {"mvbook", kBook, kNever, "howpublished"},
    {"collection", kBook, kNever, "howpublished"},
    {"mvcollection", kBook, kNever, "howpublished"},
    {"mvproceedings", kBook, kNever, "howpublished"},
    {"reference", kBook, kNever, "howpublished"},
    {"mvreference", kBook, kNever, "howpublished"},
    {"bookinbook", kChapter, kNever, "howpublished"},
    {"suppbook", kChapter, kNever, "howpublished"},
    {"suppcollection", kChapter, kNever, "howpublished"},
    {"inreference", kChapter, kNever, "howpublished"},
    {"dataset", kOther, kNever, "howpublished"},
    {"software", kOther, kNever, "howpublished"},
    {"standard", kOther, kNever, "howpublished"},
    {"artwork", kOther, kNever, "howpublished"},
    {"audio", kOther, kNever, "howpublished"},
    {"video", kOther, kNever, "howpublished"},
    {"image", kOther, kNever, "howpublished"},
    {"movie", kOther, kNever, "howpublished"},
    {"music", kOther, kNever, "howpublished"},
    {"performance", kOther, kNever, "howpublished"},
    {"letter", kOther, kNever, "howpublished"},
    {"review", kOther, kNever, "howpublished"},
};

struct ForeignTypeRow {
  ForeignTypes list;
  std::string_view name;
  PublicationType type;
};

using enum ForeignTypes;
// kWords rows are tried in order: "conference workshop" is a conference.
const std::vector<ForeignTypeRow> kForeignTypes = {
    {kHugoBlox, "0", kOther},
    {kHugoBlox, "1", kConference},
    {kHugoBlox, "2", kJournal},
    {kHugoBlox, "3", kPreprint},
    {kHugoBlox, "4", kOther},
    {kHugoBlox, "5", kBook},
    {kHugoBlox, "6", kChapter},
    {kHugoBlox, "7", kThesis},
    {kHugoBlox, "8", kPatent},
    {kHugoBlox, "paper-conference", kConference},
    {kHugoBlox, "article-journal", kJournal},
    {kHugoBlox, "article", kPreprint},  // Hugo Blox: "Preprint / Working Paper"
    {kHugoBlox, "manuscript", kPreprint},
    {kHugoBlox, "report", kOther},
    {kHugoBlox, "book", kBook},
    {kHugoBlox, "chapter", kChapter},
    {kHugoBlox, "thesis", kThesis},
    {kHugoBlox, "patent", kPatent},
    {kHugoBlox, "speech", kTalk},
    {kHugoBlox, "poster", kPoster},
    {kHugoBlox, "article-magazine", kOther},
    {kHugoBlox, "article-newspaper", kOther},
    {kHugoBlox, "dataset", kOther},
    {kHugoBlox, "software", kOther},
    {kHugoBlox, "webpage", kOther},
    {kHugoBlox, "post", kOther},
    {kHugoBlox, "post-weblog", kOther},
    {kHugoBlox, "entry-encyclopedia", kOther},
    {kHugoBlox, "review", kOther},
    {kOrcid, "journal-article", kJournal},
    {kOrcid, "conference-paper", kConference},
    {kOrcid, "conference-poster", kPoster},
    {kOrcid, "preprint", kPreprint},
    {kOrcid, "working-paper", kPreprint},
    {kOrcid, "book", kBook},
    {kOrcid, "book-chapter", kChapter},
    {kOrcid, "dissertation-thesis", kThesis},
    {kOrcid, "dissertation", kThesis},
    {kOrcid, "patent", kPatent},
    {kOrcid, "lecture-speech", kTalk},
    {kOpenAlex, "preprint", kPreprint},
    {kOpenAlex, "article repository", kPreprint},
    {kOpenAlex, "article conference", kConference},
    {kOpenAlex, "article", kJournal},
    {kOpenAlex, "book-chapter", kChapter},
    {kOpenAlex, "book", kBook},
    {kOpenAlex, "dissertation", kThesis},
    {kWords, "manuscript", kJournal},
    {kWords, "journal", kJournal},
    {kWords, "conference", kConference},
    {kWords, "workshop", kWorkshop},
    {kWords, "chapter", kChapter},
    {kWords, "book", kBook},
    {kWords, "preprint", kPreprint},
    {kWords, "working", kPreprint},
    {kWords, "thesis", kThesis},
    {kWords, "dissertation", kThesis},
    {kWords, "poster", kPoster},
    {kWords, "patent", kPatent},
};

}  // namespace

std::optional<PublicationType> publication_type_from(ForeignTypes list, std::string_view name) {
  for (const ForeignTypeRow& row : kForeignTypes) {
    if (row.list != list) continue;
    if (list == kWords ? name.find(row.name) != std::string_view::npos : row.name == name)
      return row.type;
  }
  return std::nullopt;
}

const BibtexEntryTypeInfo* bibtex_entry_type_info(std::string_view entry_type) {
  for (const BibtexEntryTypeInfo& row : kBibtexTypes)
    if (row.name == entry_type) return &row;
  return nullptr;
}

const PublicationTypeInfo& info(PublicationType type) {
  return kTypes[static_cast<size_t>(type)].info;
}

const PublicationStatusInfo& info(PublicationStatus status) {
  return kStatuses[static_cast<size_t>(status)];
}

std::optional<PublicationType> publication_type_named(std::string_view name) {
  for (const TypeRow& row : kTypes)
    if (row.info.name == name) return row.type;
  return std::nullopt;
}

std::optional<PublicationStatus> publication_status_named(std::string_view name) {
  for (size_t i = 0; i < kStatuses.size(); ++i)
    if (kStatuses[i].name == name) return static_cast<PublicationStatus>(i);
  return std::nullopt;
}

const std::vector<std::string_view>& publication_type_names() {
  static const std::vector<std::string_view> kNames = [] {
    std::vector<std::string_view> names;
    for (const TypeRow& row : kTypes) names.push_back(row.info.name);
    return names;
  }();
  return kNames;
}

const std::vector<std::string_view>& publication_status_names() {
  static const std::vector<std::string_view> kNames = [] {
    std::vector<std::string_view> names;
    for (const PublicationStatusInfo& s : kStatuses) names.push_back(s.name);
    return names;
  }();
  return kNames;
}

const std::vector<PublicationType>& publication_types_in_group_order() {
  static const std::vector<PublicationType> kOrder = [] {
    std::vector<const TypeRow*> rows;
    for (const TypeRow& row : kTypes) rows.push_back(&row);
    std::sort(rows.begin(), rows.end(),
              [](const TypeRow* a, const TypeRow* b) { return a->group < b->group; });
    std::vector<PublicationType> order;
    for (const TypeRow* row : rows) order.push_back(row->type);
    return order;
  }();
  return kOrder;
}

}  // namespace sitegen
