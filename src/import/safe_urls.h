// What an importer writes becomes the owner's own content, which a site may trust with
// script URLs: so the URLs of others' files are checked on the way in.
#pragma once

#include <string>
#include <string_view>

#include "base/diag.h"
#include "model/model.h"

namespace sitegen {

// Removes the links and the `url` of `p` that are not safe links (text/url_scheme.h)
// and a `preview` that is a script URL, each with a warning at the publication.
void drop_unsafe_urls(Publication& p, Diagnostics& diags);

// The warning for a URL left out of an import.
std::string unsafe_url_message(const std::string& field, const std::string& url);

// Whether Markdown (an abstract, a note) has a link or image, its raw HTML's included,
// that a page keeps only where allow_javascript_urls allows it (`javascript:`, and a link
// other than http, https, mailto, tel or relative): what `raw_html = false` drops.
bool has_unsafe_link(std::string_view markdown);

// Checks a publication from elsewhere before it becomes the owner's content, each change
// with a warning at the publication: drop_unsafe_urls; an abstract or note with such a
// link (has_unsafe_link) becomes someone else's text (`raw_html = false`: the link is
// dropped whatever site.toml's allow_javascript_urls says); a year or date a build would
// refuse is left out.
void check_imported(Publication& p, Diagnostics& diags);

}  // namespace sitegen
