// The site model: plain data produced by load and read by render.
// Markdown fields hold Markdown source; rendering to HTML happens in the view.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "base/base_url.h"
#include "base/date.h"
#include "base/diag.h"
#include "model/publication_type.h"
#include "model/ui_strings.h"
#include "model/urls.h"

namespace sitegen {

struct Link {
  std::string label;  // "pdf", "code", "Project page", ...
  std::string url;    // absolute URL, or a path relative to the site root
  // False for links from a .bib file, someone else's text: never a script URL, even
  // where site.toml allows them.
  bool trusted = true;
};

// A URL written in a content file (`[publication.links]`, `slides`, a news `link`, ...),
// kept with where it is written, so the build can check that the file or page a relative
// one names exists.
struct FieldLink {
  std::string field;  // "slides"
  std::string url;
  SourceLoc loc;
};

struct Author {
  std::string name;      // without markers: "Qinghao Hu"
  std::string markers;   // marker suffixes as written: "*", "*†"
  bool is_self = false;  // matches the person's name or one of the aliases
  // A group's name, not a person's (`{Barnes and Noble}` in BibTeX): never split into
  // first and last name, and written back as one braced name.
  bool corporate = false;
  int member = -1;  // on a group site: the index in Site::members of the member named
};

struct Publication {
  SourceLoc loc;          // the [[publication]] header or the BibTeX entry
  std::string key;        // id as written (BibTeX key), may be empty
  std::string slug;       // URL-safe, unique: /publications/<slug>/
  std::string path;       // "publications/<slug>/", set by assign_paths (urls.h)
  bool id_given = false;  // key came from the user, not generated
  SourceLoc id_loc;       // where the id or BibTeX key is written; no path: not written
  std::string title;
  std::vector<Author> authors;
  bool et_al = false;      // the list ended with "et al." / "others"
  std::string venue;       // short label: "ASPLOS '26"
  std::string venue_full;  // "Architectural Support for ..."
  int year = 0;
  Date date;  // optional, more precise than year
  PublicationType type = PublicationType::kConference;
  PublicationStatus status = PublicationStatus::kPublished;
  bool selected = false;
  std::vector<std::string> awards;
  std::string note;  // inline Markdown
  std::vector<std::string> tags;
  std::vector<SourceLoc> tag_locs;  // where each of tags is written (one per tag)
  std::string abstract;             // Markdown
  // Whether abstract and note may carry raw HTML. Text from a .bib file is someone
  // else's text (a publisher's export, a co-author's file): its HTML is shown as text.
  bool abstract_trusted = true;
  bool note_trusted = true;
  // Its title, note or abstract shows math (set by the loader): lists show the abstract
  // too, folded, so a list with this paper loads KaTeX as its page does.
  bool has_math = false;
  std::string doi;
  std::string arxiv;
  std::string dblp;  // DBLP record key, "conf/osdi/Doe24": matches the paper on re-import
  std::vector<Link> links;
  // Bibliographic details, mostly from BibTeX; shown in the generated BibTeX.
  std::string bibtex_type;  // "inproceedings", ... empty: derived from type
  std::string publisher, volume, number, pages, address, school, institution, url, isbn;
  std::string series;        // "Lecture Notes in Computer Science", or ACM's "OSDI '24"
  std::string preview;       // image path (al-folio `preview`)
  std::string abbr;          // al-folio badge, e.g. "NeurIPS"
  std::string number_label;  // "C1" when numbering is configured (filled by load)
};

struct NewsItem {
  SourceLoc loc;
  Date date;
  std::string text;  // inline Markdown
  std::string link;
  std::vector<std::string> people;  // ids of group members it names
  SourceLoc people_loc;
};

struct TalkEvent {
  std::string event;
  std::string location;
  Date date;
  std::string link;
};

struct Talk {
  SourceLoc loc;
  std::string title;
  std::string slides;
  std::string video;
  std::string abstract;  // Markdown
  std::vector<Link> links;
  std::vector<TalkEvent> given;     // in file order
  std::vector<std::string> people;  // ids of group members it names
  SourceLoc people_loc;
};

struct CvEntry {
  std::string what;
  std::string where;
  std::string location;
  Date start;
  Date end;             // may be "present"
  Date date;            // a single point in time
  std::string details;  // Markdown
};

struct CvSection {
  SourceLoc loc;
  std::string title;
  std::string style;  // "" or "compact"
  std::vector<CvEntry> entries;
  // A section filled from the site's own data instead of entries: "publications" or
  // "talks"; "" for a section of entries.
  std::string include;
  std::string group_by = "type";       // publications: "type" | "year" | "none"
  bool selected_only = false;          // publications: only `selected = true`
  std::vector<PublicationType> types;  // publications: only these; empty: all
};

// site.toml's [cv]: the PDF of /cv/ printed at build time.
struct CvSettings {
  bool pdf = false;
  std::string paper = "a4";  // "a4" | "letter"
  std::string browser;       // Chromium or Chrome: a command on PATH or a path; "": found
};

// site.toml's [code]: fenced code blocks highlighted by Pygments at build time
// (site_build/code_highlight.h).
struct CodeSettings {
  bool highlight = false;
  SourceLoc highlight_loc;  // where `highlight` is written, for the message when Pygments fails
  std::string python;       // the Python that has Pygments: a command on PATH or a path
  SourceLoc python_loc;
};

// The sections a home page can show ([style] home), in the order they have without it.
inline constexpr std::string_view kHomeSections[] = {"bio",   "interests", "people",      "news",
                                                     "posts", "projects",  "publications"};

// site.toml's [style]: the accent colour, checked against the theme's backgrounds when
// the site is built (site_build/accent.h).
struct StyleSettings {
  std::string accent;       // "#rrggbb" (lowercase); "": the theme's own
  SourceLoc accent_loc;     // where `accent` is written
  std::string accent_dark;  // "#rrggbb" for dark mode; "": derived from `accent`
  SourceLoc accent_dark_loc;
  bool system_fonts = false;  // fonts = "system": the theme's bundled fonts are not used
  // [style.font]: a family of files under static/ for the text and the headings.
  std::string font_family;              // "": none
  std::vector<std::string> font_files;  // paths under static/, each woff2, woff, ttf or otf
  std::string font_weight = "100 900";  // CSS font-weight of each file
  // head = "...", footer = "...": files of the content folder whose HTML every page
  // carries as it is, at the end of <head> and of the footer.
  std::string head_html;
  std::string footer_html;
  bool home_above = false;  // home_layout = "above": the profile above the text, not beside
  // What the home page shows below the profile, in order: names of kHomeSections.
  std::vector<std::string> home_sections{std::begin(kHomeSections), std::end(kHomeSections)};
};

// site.toml's [comments]: a discussion under each post, by giscus (GitHub Discussions).
// Its script is another site's, so only `build` writes it, never `serve`.
struct CommentSettings {
  std::string provider;  // "" (no comments) or "giscus"
  std::string repo;      // "owner/name"
  std::string repo_id, category, category_id;
  std::string mapping = "pathname";  // how a post finds its discussion
  bool reactions = true;
};

// site.toml's [analytics]: a visitor count by one or more services. Their scripts are
// other sites', so only `build` writes them, never `serve` (a preview is no visit).
struct AnalyticsSettings {
  std::string goatcounter;       // the count URL, "https://CODE.goatcounter.com/count"
  std::string plausible;         // the site's domain as Plausible knows it
  std::string plausible_script;  // Plausible's script URL (self-hosted); "": plausible.io's
  std::string umami;             // Umami's website id, a UUID
  std::string umami_script;      // Umami's script URL; "": Umami Cloud's
  std::string google;            // a Google Analytics 4 measurement id, "G-XXXXXXX"
};

struct Page {
  SourceLoc loc;
  std::string slug;  // from the file name: pages/teaching.md -> teaching
  std::string path;  // "teaching/", set by assign_paths (urls.h)
  std::string title;
  std::string description;
  bool nav = false;
  int order = 0;
  std::string body;        // Markdown
  size_t body_offset = 0;  // where the body starts in the file (after the front matter)
};

// A post of posts/<slug>.md: a dated Markdown text with `+++` front matter, on
// /posts/<slug>/, in the list of /posts/, its tags' pages and the feeds.
struct Post {
  SourceLoc loc;
  std::string slug;  // from the file name: posts/first-light.md -> first-light
  std::string path;  // "posts/first-light/", set by assign_paths (urls.h)
  std::string title;
  std::string summary;  // inline Markdown; the list, the home page and <meta> show it
  Date date;            // required
  Date updated;         // optional: when the post last changed in substance
  std::vector<std::string> tags;
  std::vector<std::string> authors;  // empty: the site's person (or group) alone
  bool draft = false;                // published only by `serve` and `build --drafts`
  std::string body;                  // Markdown
  size_t body_offset = 0;            // where the body starts in the file
};

// A project of projects/<slug>.md: a card on /projects/ and a page at /projects/<slug>/
// with its Markdown, its publications and, on a group site, its people.
struct Project {
  SourceLoc loc;
  std::string slug;  // from the file name: projects/fastpath.md -> fastpath
  std::string path;  // "projects/fastpath/", set by assign_paths (urls.h)
  std::string title;
  std::string summary;    // plain text: the card, the home page and <meta> show it
  std::string image;      // a path under static/ (or another site's URL), resized as teasers are
  std::string status;     // "" or one of kProjectStatuses
  Date start, end;        // optional: when it ran
  bool featured = false;  // shown on the home page
  int order = 0;          // /projects/ sorts by it first (lower first), then newest start
  std::vector<Link> links;
  std::vector<std::string> tags;
  // Its papers: by id (or BibTeX key), and every paper with one of `publication_tags`.
  std::vector<std::string> publications;
  SourceLoc publications_loc;
  std::vector<std::string> publication_tags;
  std::vector<std::string> people;  // ids of group members
  SourceLoc people_loc;
  std::string body;        // Markdown
  size_t body_offset = 0;  // where the body starts in the file
};

// The words a project's `status` may be, in the order the docs list them.
inline constexpr std::string_view kProjectStatuses[] = {"active", "completed", "paused", "planned"};

// A tag of the posts: /posts/tags/<key>/ and its feed, with the posts that have it.
struct PostTag {
  std::string name;           // as first written
  std::string key;            // the path's last part (a slug of the name)
  std::string path;           // "posts/tags/<key>/"
  std::vector<size_t> posts;  // indexes into Site::posts, newest first
};

struct Person {
  std::string name;
  SourceLoc name_loc;  // where `name` is written
  std::string native_name;
  std::vector<std::string> aliases;
  std::string position;
  std::string affiliation;
  std::vector<std::string> address;
  std::string email;
  std::string phone;
  std::string photo;  // path under static/
  std::vector<std::string> interests;
  std::vector<Link> links;  // in file order
};

struct Marker {
  std::string symbol;  // "*"
  std::string text;    // "Equal contribution"
};

// A paper's citation count as `sitegen update citations` fetched it (citations.toml).
struct CitationCount {
  int count = 0;
  std::string source;  // "OpenAlex" | "Semantic Scholar"
  Date fetched;
};

struct PublicationSettings {
  std::vector<std::string> bibtex;  // .bib files relative to the content dir
  SourceLoc bibtex_loc;
  std::string group_by = "type";                     // "type" | "year" | "none"
  std::string order = "date";                        // "date" (newest first) | "source"
  std::vector<Marker> markers;                       // in file order
  std::map<PublicationType, std::string> numbering;  // type -> prefix (kConference -> "C")
  bool show_citations = false;  // `citations = true`: show citations.toml's counts
};

// An image the pages show (a photo, a teaser), resized by the build (site_build/
// site_images.*): the widths written as WebP, each at the path of the output it has.
struct ImageVariant {
  std::string path;  // "img/3f2a9c0d1e7b6a54-480.webp", below the output root
  int width = 0, height = 0;
};
struct SiteImage {
  int width = 0, height = 0;           // the original's pixels as shown; 0 when unknown (SVG)
  std::vector<ImageVariant> variants;  // narrowest first; none: the original is shown as it is
};

struct StaticFile {
  std::string rel;   // path relative to static/, '/' separated
  std::string from;  // the file in the content folder when it is not static/<rel>
};

// A group site's member, from people/<id>.toml (or people/<id>/person.toml), with the
// bio.md and photo of the folder people/<id>/.
struct Member {
  SourceLoc loc;
  std::string id;    // file or folder name: /people/<id>/
  std::string path;  // "people/<id>/", set by assign_paths (urls.h)
  Person person;     // name, aliases, position, email, photo, interests, links
  std::string role;  // a name of group_roles(): "pi", "phd", ...
  Date start, end;   // an `end` makes the member an alumnus
  std::string now;   // where an alumnus went: "Assistant Professor, Example University"
  std::string bio;   // Markdown
  std::string bio_path;
  bool alumni() const { return !end.empty() && !end.present; }
};

// site.toml's [group]: the site is a group's, with members in people/.
struct Group {
  std::string name;                 // empty: a personal site
  bool highlight_students = false;  // students' names marked in author lists
};

// site.toml's [redirects]: an old address of the site, answered by a page that sends the
// browser to where the page is now.
struct Redirect {
  std::string from;  // "/publication/x/": a path from the site's root
  std::string to;    // "publications/x/" (a path of the site) or a full address
  SourceLoc from_loc;
  SourceLoc to_loc;
};

// A text the default language has and another lacks, for `sitegen check`.
struct Untranslated {
  SourceLoc loc;
  std::string what;                // "`position`", "bio.md"
  std::string key;                 // "position"; "" for a Markdown file
  std::vector<std::string> texts;  // what the field holds in the default language
};

// [same_in_all_languages] in site.toml: what reads the same in every language, so
// `check` asks no language for a translation of it.
struct SameInAllLanguages {
  std::vector<std::string> fields;  // "where": every value of these fields
  std::vector<std::string> texts;   // "Reviewer": these values, in any field
};

// A filter page of the publication list: the papers of one type, year or topic (tag),
// pre-rendered so filtering needs no JavaScript (model/taxonomy.cc).
struct PublicationFilter {
  std::string kind;   // "type", "year", "tag"
  std::string value;  // "conference"; "2024", or "" for undated papers; "LLM" as first written
  std::string key;    // the path's last part, and the list script's ?type= ?year= ?topic=
  std::string path;   // "publications/type/conference/" (urls.h)
  std::vector<size_t> pubs;  // indexes into Site::publications, in the list's order
};

struct Site {
  std::string title;
  SourceLoc title_loc;  // where `title` is written; no path: not written
  BaseUrl base_url;     // from site.toml's base_url, or --base-url
  std::string theme;    // "" means the built-in default
  SourceLoc theme_loc;  // where `theme` is written, for messages
  std::string language = "en";
  // The site's languages, the first the default (site.toml's `languages`); one entry,
  // `language`, for a site in one language.
  std::vector<std::string> languages;
  // The words the theme shows in `language`, its dates' form (set by the build from the
  // built-in, the theme's and the content's i18n files).
  UiStrings ui;
  // What this language lacks of the default one's texts (empty for the default).
  std::vector<Untranslated> untranslated;
  SameInAllLanguages same_in_all_languages;
  // content/i18n/zh.toml -> {path shown in messages, text}.
  I18nFiles i18n_files;
  std::string description;
  std::string cname;    // written to CNAME when set
  std::string favicon;  // path under static/
  bool allow_javascript_urls = false;
  Person person;
  PublicationSettings pubs_settings;
  std::vector<std::string> nav;  // section names or page slugs, in order; empty: automatic
  SourceLoc nav_loc;             // where [nav] items are written, for messages
  std::string bio;               // Markdown
  std::string bio_path;          // bio.md as shown in messages; empty without one
  std::vector<Publication> publications;
  // Every type (in the format's order), year (newest first) and tag (A-Z) with papers.
  std::vector<PublicationFilter> filters;
  // Some page shows math (set by the loader): the build then copies KaTeX's files.
  bool has_math = false;
  std::map<std::string, CitationCount> citations;  // citations.toml: publication id -> count
  std::vector<NewsItem> news;                      // newest first
  std::vector<Talk> talks;
  std::vector<CvSection> cv;
  CvSettings cv_settings;
  CodeSettings code;
  // The highlighted HTML of the code blocks (set by the build when [code] asks for it), by
  // code_block_key (markdown.h).
  std::map<std::string, std::string> code_html;
  StyleSettings style;
  CommentSettings comments;
  AnalyticsSettings analytics;
  std::vector<Page> pages;
  std::vector<Post> posts;         // newest first; drafts dropped unless the build shows them
  std::vector<PostTag> post_tags;  // A-Z by key (urls.h's assign_paths)
  std::vector<Project> projects;   // in the order of /projects/ (load_projects.cc)
  std::vector<StaticFile> static_files;
  // The images the pages show, by the path the content names (`photo`, `preview`).
  std::map<std::string, SiteImage> images;
  std::map<std::string, std::string> layouts;  // content/layouts overrides: file name -> text
  std::vector<FieldLink> field_links;          // every URL of the TOML files, in file order
  std::vector<Redirect> redirects;             // [redirects], in file order
  Group group;
  std::vector<Member> members;  // in the order of /people/ (load/group.cc)
};

}  // namespace sitegen
