// The Atom 1.0 feeds: of news items (/news/feed.xml) and of posts (/posts/feed.xml, and
// /posts/tags/<key>/feed.xml for each tag).
#pragma once

#include <string>

#include "model/model.h"
#include "view/view.h"

namespace sitegen {

std::string atom_feed(const Site& site, const Urls& urls);
// Every post of `site`, or only those of `tag`, newest first, each with its whole text.
std::string posts_feed(const Site& site, const Urls& urls, const PostTag* tag);

}  // namespace sitegen
