// What the Markdown writer changes in the HTML md4c-html would write: script URLs
// dropped, root-relative links moved under the base path, tables wrapped to scroll.
// Links md4c parsed are fixed as they are written; raw HTML the owner wrote in Markdown
// is filtered run by run (a tag, a tag over several lines, an HTML block).
#pragma once

#include <string>
#include <string_view>

#include "markdown/markdown.h"

namespace sitegen {

inline constexpr std::string_view kTableClose = "</table></div>";

struct HtmlRules {
  explicit HtmlRules(const MarkdownOptions& opts);

  bool drop_script_urls;
  std::string prefix;  // link_prefix, HTML-escaped; empty when links stay as written
  std::string_view base_path;
  // The region a table scrolls in and the table's start tag; "" when tables are not wrapped.
  std::string table_open;
  // ` aria-label="..."` of a task list's checkbox, done and not; "" when not named.
  std::string task_done_attr;
  std::string task_open_attr;

  bool wrap_tables() const { return !table_open.empty(); }
  bool changes_raw_html() const { return drop_script_urls || !prefix.empty() || wrap_tables(); }
  // The URL md4c-html wrote at out[start..]: emptied when it runs script or, for a link,
  // is not a safe one (url_scheme.h); rebased when it is root-relative.
  void fix_url(std::string& out, size_t start, bool link) const;
  // Raw HTML with the same rules: each `href="`/`src="` value (`data-href="` too) that
  // runs script emptied; quoted href= and src= values in tags rebased, except in an
  // image's alt text (`in_alt`), which is inside a quoted attribute; each `<table>` and
  // its `</table>` wrapped (`open_tables` counts those of the text still open).
  void append_raw_html(std::string& out, std::string_view html, bool in_alt,
                       int& open_tables) const;
};

}  // namespace sitegen
