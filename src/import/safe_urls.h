// What an importer writes becomes the owner's own content, which a site may trust with
// script URLs: so the URLs of others' files are checked on the way in.
#pragma once

#include "load/diag.h"
#include "load/model.h"

namespace sitegen {

// Removes the links and the `url` of `p` that are not safe links (text/url_scheme.h)
// and a `preview` that is a script URL, each with a warning at the publication.
void drop_unsafe_urls(Publication& p, Diagnostics& diags);

// The warning for a URL left out of an import.
std::string unsafe_url_message(const std::string& field, const std::string& url);

}  // namespace sitegen
