// The tags of site.toml's [analytics], at the end of every page's <head>.
#pragma once

#include <string>

#include "model/model.h"

namespace sitegen {

// Each service's script as its documentation gives it, with the options that keep the
// count anonymous; "" without [analytics].
std::string analytics_html(const AnalyticsSettings& analytics);

}  // namespace sitegen
