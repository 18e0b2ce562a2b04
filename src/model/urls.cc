// The site's paths and URLs (urls.h): the one place a section's folder is named and a
// URL of the site is made absolute.
#include "model/urls.h"

#include "model/model.h"
#include "model/taxonomy.h"
#include "text/slug.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace paths {

std::string publication(std::string_view slug) {
  return std::string(kPublications) + std::string(slug) + "/";
}
std::string bibtex(std::string_view slug) {
  return publication(slug) + std::string(slug) + ".bib";
}
std::string member(std::string_view id) {
  return std::string(kPeople) + std::string(id) + "/";
}
std::string page(std::string_view slug) {
  return std::string(slug) + "/";
}
std::string post(std::string_view slug) {
  return std::string(kPosts) + std::string(slug) + "/";
}
std::string post_tag(std::string_view key) {
  return std::string(kPosts) + "tags/" + std::string(key) + "/";
}
std::string post_tag_feed(std::string_view key) {
  return post_tag(key) + "feed.xml";
}
std::string project(std::string_view slug) {
  return std::string(kProjects) + std::string(slug) + "/";
}
std::string type_filter(std::string_view key) {
  return std::string(kPublications) + "type/" + std::string(key) + "/";
}
std::string year_filter(std::string_view key) {
  return std::string(kPublications) + "year/" + std::string(key) + "/";
}
std::string year_key(int year) {
  return year ? std::to_string(year) : "undated";
}
std::string tag_key(std::string_view tag) {
  return slugify(tag);
}
std::string tag_filter(std::string_view key) {
  return std::string(kPublications) + "tag/" + std::string(key) + "/";
}
std::string language(std::string_view tag) {
  return std::string(tag) + "/";
}
std::string file_of(std::string_view path) {
  return path.empty() || path.back() == '/' ? std::string(path) + "index.html" : std::string(path);
}

}  // namespace paths

void assign_paths(Site& site) {
  for (Publication& p : site.publications) p.path = paths::publication(p.slug);
  for (Member& m : site.members) m.path = paths::member(m.id);
  for (Page& pg : site.pages) pg.path = paths::page(pg.slug);
  assign_post_paths(site);
  for (Project& p : site.projects) p.path = paths::project(p.slug);
  site.filters = publication_filters(site.publications);
}

void assign_post_paths(Site& site) {
  for (Post& p : site.posts) p.path = paths::post(p.slug);
  site.post_tags = post_tags(site.posts);
}

Urls::Urls(const BaseUrl& base_url, bool allow_scripts)
    : root(base_url.root), abs(base_url.abs), allow_scripts(allow_scripts) {}

std::string Urls::page(std::string_view path) const {
  std::string out = root + prefix;
  out += path;
  return out;
}

std::string Urls::absolute(std::string_view path) const {
  if (abs.empty()) return "";
  std::string out = abs + prefix;
  out += path;
  return out;
}

std::string Urls::shared(std::string_view path) const {
  std::string out = root;
  out += path;
  return out;
}

std::string Urls::content(const std::string& url, bool trusted) const {
  if (!is_safe_link(url) && !(allow_scripts && trusted)) return "";
  if (!is_site_path(url)) return url;
  if (url[0] == '/') return root + url.substr(1);
  return root + url;
}

std::string Urls::full(std::string_view url) const {
  if (abs.empty() || url.empty() || url[0] == '#') return std::string(url);
  size_t scheme_end = abs.find("://");
  if (is_external_url(url)) {
    // Only "//host/x" lacks a scheme: the site's own ("https:").
    if (url_scheme(url).empty()) return abs.substr(0, scheme_end + 1) + std::string(url);
    return std::string(url);
  }
  // A path of the site starts with the base path: the origin goes before it.
  std::string origin = abs.substr(0, abs.find('/', scheme_end + 3));
  if (url[0] == '/') return origin + std::string(url);
  return abs + std::string(url);  // relative to the site root, as content() reads it
}

}  // namespace sitegen
