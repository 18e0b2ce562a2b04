// The Atom 1.0 feed of news items (/news/feed.xml).
#pragma once

#include <string>
#include <vector>

#include "load/model.h"
#include "view/view.h"

namespace sitegen {

// `news_html`: each item's text already rendered by markdown_inline_to_html (the view
// renders it once for the home page, the news page and the feed); empty: rendered here.
std::string atom_feed(const Site& site, const Urls& urls,
                      const std::vector<std::string>& news_html = {});

}  // namespace sitegen
