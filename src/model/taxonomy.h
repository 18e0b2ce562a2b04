// The publication list's taxonomies: the papers of each type, year and topic, each with
// the filter page that lists them.
#pragma once

#include <vector>

#include "model/model.h"

namespace sitegen {

// Every type (in the format's order), year (newest first) and tag (A-Z by its key; the
// spelling of the first paper that has it) that some paper has.
std::vector<PublicationFilter> publication_filters(const std::vector<Publication>& pubs);

}  // namespace sitegen
