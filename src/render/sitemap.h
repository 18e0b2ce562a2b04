// sitemap.xml and robots.txt, for search engines.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "render/output.h"
#include "view/view.h"

namespace sitegen {

// Lists every HTML page of `out` but 404.html; a robots.txt from static/ is kept. Sitemaps need
// absolute URLs, so with a base_url that is only a path there is no sitemap, and robots.txt does
// not name one.
// For a site in several languages, each page names its versions in every language
// (hreflang alternates, the default one also as x-default). `leave_out`: pages that are
// no page of their own (the redirects of old addresses).
void add_sitemap_and_robots(const Urls& urls, Output& out,
                            const std::vector<SiteLanguage>& languages = {},
                            const std::set<std::string>& leave_out = {});

}  // namespace sitegen
