// Loading: a content Source becomes a Site. Every problem goes to Diagnostics with
// its file:line:col; loading goes on after errors so one run reports all of them.
#pragma once

#include "base/diag.h"
#include "base/source.h"
#include "model/model.h"
#include "toml/toml_reader.h"

namespace sitegen {

// The most languages a site may have. Every page is made once in each, and each links
// to all the others (the switcher, hreflang, sitemap.xml), so a site grows with the
// square of its languages.
inline constexpr size_t kMaxLanguages = 20;

// `lang`: one of the site's `languages` other than the first, to load the site as it
// is in that language; "" for the default language.
Site load_site(const Source& source, Diagnostics& diags, const std::string& lang = "");

// The pieces of load_site, one per content file (load_entries.cc).
// `bibtex_known`: false when site.toml could not be read, so the .bib files it names
// are unknown; an entry with an id may then extend one of them and is only checked.
void load_publications_toml(const Source& source, Site& site, Diagnostics& diags,
                            bool bibtex_known = true);
void load_news(const Source& source, Site& site, Diagnostics& diags);
// citations.toml, written by `sitegen update citations` (load_citations.cc).
void load_citations(const Source& source, Site& site, Diagnostics& diags);
void load_talks(const Source& source, Site& site, Diagnostics& diags);
void load_cv(const Source& source, Site& site, Diagnostics& diags);
void load_pages(const Source& source, Site& site, Diagnostics& diags);
// site.toml's [style] (load_style.cc).
void load_style(const Source& source, const TomlNode& table, StyleSettings& style,
                Diagnostics& diags);
// posts/*.md (load_posts.cc), newest first, drafts included (taxonomy.h drops them).
void load_posts(const Source& source, Site& site, Diagnostics& diags);
// projects/*.md (load_projects.cc), in the order of /projects/; and, once the
// publications are all read, that each id a project names is one of them.
void load_projects(const Source& source, Site& site, Diagnostics& diags);
void check_project_publications(const Site& site, Diagnostics& diags);
// Shared by pages/, posts/ and projects/: whether `base_rel` ("pages/x.zh.md") is another
// language's version of a file rather than one of its own (a warning when it is not published), and
// why a name cannot be a URL path ("" when it can).
bool is_language_version(const Source& source, const Site& site, const std::string& base_rel,
                         std::string_view what, Diagnostics& diags);
std::string page_name_problem(std::string_view name);

// Reads a TOML content file if it exists; nullopt when absent or broken (reported).
std::optional<TomlNode> read_toml_file(const Source& source, const std::string& rel,
                                       Diagnostics& diags);
// The same, with the values of the site's language in place (translate.h).
std::optional<TomlNode> read_content_toml(const Source& source, const std::string& rel, Site& site,
                                          Diagnostics& diags);
// Readies a Markdown file's text: false, with an error at its first bad byte, when it is
// not UTF-8 (md4c would pass the bytes on to every page); else true, and the text in
// Unicode NFC, as all text read (text/nfc.h).
bool prepare_markdown_text(const std::string& display, std::string& text, Diagnostics& diags);
// The one rule for every file published as it is: `rel` may be, as a file of `folder`
// ("static", "people/ada", a theme's "assets"), only when it lies inside that folder
// with every symlink resolved. Otherwise a warning at the file says so and it is left out.
bool publishable(const Source& source, const std::string& rel, const std::string& folder,
                 Diagnostics& diags);
// Label -> URL tables such as [person.links], in document order.
std::vector<Link> read_links(const TomlNode& table, Diagnostics& diags);
// A path under static/ named in field `key` (`photo`, `favicon`) must exist, or the page
// would show a broken image; an external URL (is_external_url) is not checked.
void check_static_file(const Source& source, TableReader& r, std::string_view key,
                       const std::string& rel);
// Keeps the URL of field `key` (read into `url`) with its location in site.field_links.
void note_field_link(Site& site, TableReader& r, std::string_view key, const std::string& url);
// Keeps the URLs of the `links` table of `owner` ([person], a [[publication]], ...) likewise.
void note_links_table(Site& site, const TomlNode& owner);
// A warning at `loc` when `value`, which the news feed carries, holds a character XML 1.0
// does not allow: the feed leaves it out.
void warn_feed_characters(const SourceLoc& loc, std::string_view key, std::string_view value,
                          Diagnostics& diags);

}  // namespace sitegen
