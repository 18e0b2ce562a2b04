// Pieces of the view that more than one of its files builds pages from.
#pragma once

#include <vector>

#include "load/model.h"
#include "theme/template.h"

namespace sitegen {

// The legend of the marks these publications' authors carry: `legend` ({symbol, text},
// in the order of [publications.markers]) and `has_legend`.
void put_legend(Data& d, const std::vector<const Publication*>& pubs,
                const std::vector<Marker>& markers);

}  // namespace sitegen
