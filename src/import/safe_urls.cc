// The importers' URL check, one rule for BibTeX and Hugo Blox.
#include "import/safe_urls.h"

#include <algorithm>

#include "text/url_scheme.h"

namespace sitegen {

std::string unsafe_url_message(const std::string& field, const std::string& url) {
  std::string shown = url.size() > 80 ? url.substr(0, 77) + "..." : url;
  return "`" + field + "` `" + shown +
         "` is not imported: a page links only to http, https, mailto and tel URLs and "
         "relative paths";
}

void drop_unsafe_urls(Publication& p, Diagnostics& diags) {
  std::erase_if(p.links, [&](const Link& l) {
    if (is_safe_link(l.url)) return false;
    diags.warning(p.loc, unsafe_url_message(l.label, l.url));
    return true;
  });
  if (!is_safe_link(p.url)) {
    diags.warning(p.loc, unsafe_url_message("url", p.url));
    p.url.clear();
  }
  if (is_script_url(p.preview)) {
    diags.warning(p.loc, unsafe_url_message("preview", p.preview));
    p.preview.clear();
  }
}

}  // namespace sitegen
