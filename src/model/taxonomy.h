// The publication list's taxonomies: the papers of each type, year and topic, each with
// the filter page that lists them; and the posts' tags, each with its page.
#pragma once

#include <vector>

#include "model/model.h"

namespace sitegen {

// Every type (in the format's order), year (newest first) and tag (A-Z by its key; the
// spelling of the first paper that has it) that some paper has.
std::vector<PublicationFilter> publication_filters(const std::vector<Publication>& pubs);

// Every tag some post has (A-Z by its key; the spelling of the first post that has it),
// with its posts in the order of `posts`. A tag with no letter or digit has no page.
std::vector<PostTag> post_tags(const std::vector<Post>& posts);

// Leaves out the drafts (`draft = true`), as every build but `serve` and `--drafts` does,
// and makes the tags again from the posts that are left.
void drop_draft_posts(Site& site);

}  // namespace sitegen
