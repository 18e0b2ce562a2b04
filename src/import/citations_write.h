// citations.toml as `sitegen update citations` writes it: one table per publication id,
// in id order, so that a weekly refresh commits a small diff.
#pragma once

#include <map>
#include <string>

#include "model/model.h"

namespace sitegen {

std::string citations_to_toml(const std::map<std::string, CitationCount>& counts);

}  // namespace sitegen
