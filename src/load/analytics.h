// site.toml's [analytics]: GoatCounter, Plausible, Umami and Google Analytics 4, each
// checked for the shape of its key so a typo shows at build time rather than as a
// count that silently stays at zero.
#pragma once

#include "base/diag.h"
#include "model/model.h"
#include "toml/toml_reader.h"

namespace sitegen {

void load_analytics(const TomlNode& table, AnalyticsSettings& analytics, Diagnostics& diags);

}  // namespace sitegen
