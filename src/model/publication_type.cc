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
using enum PublicationType;
using enum PreprintRule;
const std::vector<BibtexEntryTypeInfo> kBibtexTypes = {
    {"article", kJournal, kByVenue},
    {"inproceedings", kConference, kNever},
    {"conference", kConference, kNever},
    {"book", kBook, kNever},
    {"booklet", kBook, kNever},
    {"proceedings", kBook, kNever},
    {"inbook", kChapter, kNever},
    {"incollection", kChapter, kNever},
    {"phdthesis", kThesis, kNever},
    {"mastersthesis", kThesis, kNever},
    {"techreport", kOther, kNever},
    {"manual", kOther, kNever},
    {"misc", kOther, kByEprint},
    {"unpublished", kPreprint, kNever},
    {"thesis", kThesis, kNever},
    {"report", kOther, kNever},
    {"patent", kPatent, kNever},
    {"online", kOther, kByEprint},
    {"electronic", kOther, kByEprint},
    {"www", kOther, kByEprint},
    {"preprint", kPreprint, kNever},
    {"periodical", kJournal, kNever},
    {"suppperiodical", kJournal, kNever},
    {"mvbook", kBook, kNever},
    {"collection", kBook, kNever},
    {"mvcollection", kBook, kNever},
    {"mvproceedings", kBook, kNever},
    {"reference", kBook, kNever},
    {"mvreference", kBook, kNever},
    {"bookinbook", kChapter, kNever},
    {"suppbook", kChapter, kNever},
    {"suppcollection", kChapter, kNever},
    {"inreference", kChapter, kNever},
    {"dataset", kOther, kNever},
    {"software", kOther, kNever},
    {"standard", kOther, kNever},
    {"artwork", kOther, kNever},
    {"audio", kOther, kNever},
    {"video", kOther, kNever},
    {"image", kOther, kNever},
    {"movie", kOther, kNever},
    {"music", kOther, kNever},
    {"performance", kOther, kNever},
    {"letter", kOther, kNever},
    {"review", kOther, kNever},
};

}  // namespace

const BibtexEntryTypeInfo* bibtex_entry_type_info(std::string_view entry_type) {
  for (const BibtexEntryTypeInfo& row : kBibtexTypes)
    if (row.name == entry_type) return &row;
  return nullptr;
}

const std::vector<BibtexEntryTypeInfo>& bibtex_entry_types() {
  return kBibtexTypes;
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
