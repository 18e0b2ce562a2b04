// The page an old address of the site answers with ([redirects] in site.toml): a meta
// refresh, a canonical link and a plain link to where the page is now, in the site's
// language, so it works without JavaScript and tells search engines the new address.
#pragma once

#include <string>

#include "model/model.h"
#include "view/view.h"

namespace sitegen {

std::string redirect_page(const Redirect& redirect, const Site& site, const Urls& urls);

}  // namespace sitegen
