// The importers' checks of what they take from elsewhere, one rule for BibTeX, Hugo Blox,
// DBLP, ORCID and OpenAlex.
#include "import/safe_urls.h"

#include <algorithm>
#include <cstdio>

#include "base/date.h"
#include "markdown/markdown.h"
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

namespace sitegen {

bool has_unsafe_link(std::string_view markdown) {
  // Rendered as a trusting site would, and as any other: the renderer's own rule decides
  // (links, images, autolinks, references, URL attributes of raw HTML).
  // No scheme without a colon, written or as a character reference (`&#58;`).
  if (markdown.find_first_of(":&") == std::string_view::npos) return false;
  MarkdownOptions allowed;
  allowed.allow_javascript_urls = true;
  return markdown_to_html(markdown, allowed) != markdown_to_html(markdown, MarkdownOptions{});
}

void check_imported(Publication& p, Diagnostics& diags) {
  drop_unsafe_urls(p, diags);
  for (auto [field, text] : {std::pair{"abstract", &p.abstract}, {"note", &p.note}}) {
    if (!has_unsafe_link(*text)) continue;
    diags.warning(p.loc,
                  "`" + std::string(field) +
                      "` has a link that is not http, https, mailto, tel or relative: imported as "
                      "someone else's text (raw_html = false), which drops it");
    p.abstract_trusted = p.note_trusted = false;
  }
  // A build reads `year` and `date` as dates are read (date.h): years 1 to 9999.
  if (p.year < 0 || p.year > 9999) {
    diags.warning(p.loc, "year " + std::to_string(p.year) +
                             " is not imported: " + "a year is from 1 to 9999");
    p.year = 0;
  }
  std::string why;
  if (!p.date.empty() && !make_date(p.date.year, p.date.month, p.date.day, &why)) {
    char shown[48];
    std::snprintf(shown, sizeof shown, "%04d-%02d-%02d", p.date.year, p.date.month, p.date.day);
    diags.warning(p.loc, "date `" + std::string(shown) + "` is not imported: " + why);
    p.date = Date{};
  }
}

}  // namespace sitegen
