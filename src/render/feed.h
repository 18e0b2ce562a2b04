// The Atom 1.0 feed of news items (/news/feed.xml).
#pragma once

#include <string>

#include "model/model.h"
#include "view/view.h"

namespace sitegen {

std::string atom_feed(const Site& site, const Urls& urls);

}  // namespace sitegen
