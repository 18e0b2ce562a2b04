// Machine-readable metadata for <head>: canonical URL, OpenGraph, schema.org JSON-LD,
// and the Highwire Press `citation_*` tags Google Scholar indexes on paper pages.
#pragma once

#include <string>
#include <string_view>

#include "markdown/markdown.h"
#include "model/model.h"
#include "text/escape.h"
#include "view/view.h"

namespace sitegen {

struct PageMeta {
  std::string kind;  // "home", "publication", ...
  std::string title;
  std::string description;
  std::string rel;  // path below the site root: "publications/x/"
};

std::string head_html(const Site& site, const Urls& urls, const PageMeta& page);
// Where a site with math holds KaTeX (the files the build embeds), below the site root.
constexpr std::string_view kKatexDir = "assets/katex/";
// What a page with math adds to <head>: KaTeX's stylesheet and sitegen's (the TeX looks
// like code until it is typeset), KaTeX, and the script that typesets each `.math`
// element with it (both deferred).
std::string math_head_html(const Urls& urls);
// A paper page's Highwire Press tags (Google Scholar's inclusion guidelines: title, one
// citation_author per author in order, the date as YYYY/MM/DD or YYYY, the venue tag that
// fits the type) and its schema.org ScholarlyArticle. citation_pdf_url is written only
// when it is a full URL: a relative PDF link needs a full base_url to become one. Math
// in the title stays its TeX as written, dollars and all: these hold no markup.
std::string publication_head_html(const Site& site, const Urls& urls, const Publication& p,
                                  const std::string& rel);
// A group member's page: schema.org Person, memberOf the group through an
// OrganizationRole with the role's name and the member's dates.
std::string member_head_html(const Site& site, const Urls& urls, const Member& m,
                             const std::string& rel, std::string_view role);
// Markdown options for a page's text: root-relative links ("/join/") moved under the
// site's base path, so content written for a root site also works at /repo/, and tables
// that scroll sideways on narrow screens, named `table_label` ("Table" in the page's
// language). `trusted`: the owner's text (raw HTML kept, script URLs where site.toml
// allows them). The options refer to `urls` and `table_label`.
MarkdownOptions page_markdown_options(const Urls& urls, bool trusted, std::string_view table_label);
// The same with the page language's words: the name of tables and of the checkboxes of
// task lists. The options refer to `urls` and `ui`.
MarkdownOptions page_markdown_options(const Urls& urls, bool trusted, const UiStrings& ui);
// For the feed: root-relative links become full URLs when base_url is absolute, since a
// feed reader shows the text away from the site.
MarkdownOptions feed_markdown_options(const Urls& urls);
// A post's body as its page and the feeds show it (view_posts.cc): figures, footnotes,
// and citations of the site's publications with the list of references, in the words of
// `ui`; `full_urls`: the links to papers as full addresses (feeds).
std::string post_html(const Site& site, const Post& post, const Urls& urls, const UiStrings& ui,
                      MarkdownOptions opts, bool full_urls = false);
// An email address readable by people (no JavaScript needed) but not by naive harvesters:
// no plain "x@y" in the HTML, even after decoding entities or reading the text content.
// Scripts may turn it into a mailto link from the reversed data-eu/data-ed attributes.
std::string obfuscated_email_html(std::string_view email);

}  // namespace sitegen
