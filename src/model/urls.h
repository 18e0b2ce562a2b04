// Every address of a site, in one place: where each page lives below the site root
// (the paths output files are written to and links are made from), and the URLs a page,
// the feed, <head> and the sitemap give them. The loader writes each entry's path into
// the model (assign_paths); the view, render and the build read them from there.
#pragma once

#include <string>
#include <string_view>

#include "base/base_url.h"

namespace sitegen {

struct Site;

// Paths below the site root (and below a language's folder, see Urls::prefix). A page's
// path ends with '/'; its file is that path's index.html.
namespace paths {

inline constexpr std::string_view kPublications = "publications/";
inline constexpr std::string_view kPeople = "people/";
inline constexpr std::string_view kNews = "news/";
inline constexpr std::string_view kTalks = "talks/";
inline constexpr std::string_view kCv = "cv/";
inline constexpr std::string_view kNewsFeed = "news/feed.xml";
inline constexpr std::string_view kPosts = "posts/";
inline constexpr std::string_view kPostsFeed = "posts/feed.xml";
inline constexpr std::string_view kProjects = "projects/";
inline constexpr std::string_view kNotFound = "404.html";
inline constexpr std::string_view kSitemap = "sitemap.xml";
inline constexpr std::string_view kRobots = "robots.txt";
// A language's CV printed to PDF, beside its folder: "cv.pdf", "de/cv.pdf".
inline constexpr std::string_view kCvPdf = "cv.pdf";
// Shared by every language: at the site root, never below a language's folder.
inline constexpr std::string_view kAllBibtex = "publications.bib";

std::string publication(std::string_view slug);   // "publications/<slug>/"
std::string bibtex(std::string_view slug);        // "publications/<slug>/<slug>.bib"
std::string member(std::string_view id);          // "people/<id>/"
std::string page(std::string_view slug);          // "<slug>/"
std::string post(std::string_view slug);          // "posts/<slug>/"
std::string post_tag(std::string_view key);       // "posts/tags/<key>/"
std::string post_tag_feed(std::string_view key);  // "posts/tags/<key>/feed.xml"
std::string project(std::string_view slug);       // "projects/<slug>/"
// The filter pages of the publication list. `key` is the last part of the path, which
// the list's script reads from ?type=, ?year= and ?topic= too.
std::string type_filter(std::string_view key);  // "publications/type/<key>/"
std::string year_filter(std::string_view key);  // "publications/year/<key>/"
// The key of a year's filter page: "2024", or "undated" for papers without a year.
std::string year_key(int year);
std::string tag_filter(std::string_view key);  // "publications/tag/<key>/"
// The key of a tag's filter page: the tag as a slug ("Large Language Models" ->
// "large-language-models"); "" for a tag with no letter or digit, which has no page.
std::string tag_key(std::string_view tag);
// The folder of a language other than the default: "zh" -> "zh/".
std::string language(std::string_view tag);
// The file a page path is written to: "news/" -> "news/index.html"; a file stays itself.
std::string file_of(std::string_view path);

}  // namespace paths

// The path of every publication, member, page and post, from their slugs and ids, the
// posts' tags and the publication list's filter pages: the last step of loading, so the model says
// where each of them is.
void assign_paths(Site& site);
// The posts' part of it: each post's path and the posts' tags (again after drafts are
// dropped, see taxonomy.h).
void assign_post_paths(Site& site);

// URLs as a page of one language writes them: every one starts with the base path.
struct Urls {
  std::string root;            // "/" or "/repo/"
  std::string abs;             // "https://host/repo/" or "" when base_url is only a path
  bool allow_scripts = false;  // site.toml's allow_javascript_urls
  std::string prefix;          // where the pages of this language are below root: "zh/"
  explicit Urls(const BaseUrl& base_url, bool allow_scripts = false);
  // A page of this language: "publications/" -> "/repo/zh/publications/".
  std::string page(std::string_view path) const;
  // The same as a full address ("https://host/repo/zh/publications/"); "" when base_url
  // is only a path.
  std::string absolute(std::string_view path) const;
  // A file every language shares (assets, BibTeX): "assets/style.css" -> "/repo/assets/style.css".
  std::string shared(std::string_view path) const;
  // A URL from content: absolute URLs pass through, relative ones point into the site
  // root. A script URL becomes "" (no link) unless the site allows them and the URL
  // is `trusted` (not from a .bib file).
  std::string content(const std::string& url, bool trusted = true) const;
  // A URL as a page holds it (from page(), shared() or content()) made usable away from
  // the site (feeds, <head>, Scholar): a path of the site becomes a full address, a
  // protocol-relative URL ("//cdn.example.org/x") gets the site's scheme. Addresses with
  // a scheme, fragments ("#top") and "" stay as they are, and so does everything when
  // base_url is only a path.
  std::string full(std::string_view url) const;
};

}  // namespace sitegen
