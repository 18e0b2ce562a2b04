// The build's check of content links to the site's own files and pages.
#include "site_build/local_links.h"

#include "markdown/markdown.h"
#include "text/url_path.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace {

// The path part of a URL, percent-decoded: a file "my paper.pdf" is linked as "my%20paper.pdf".
std::string path_of(std::string_view url) {
  url = url.substr(0, url.find_first_of("?#"));
  while (!url.empty() && url.front() == '/') url.remove_prefix(1);
  return percent_decode(url);
}

void check_one(std::string_view field, const std::string& url, const SourceLoc& loc,
               bool allow_scripts, const Output& out, const Source& content, Diagnostics& diags) {
  if (loc.path.empty()) return;
  if (!allow_scripts && !is_safe_link(url)) {
    diags.warning(loc, "`" + std::string(field) + "` links to `" + url +
                           "`, which is left out: a page links only to http, https, mailto and "
                           "tel URLs and relative paths");
    return;
  }
  if (!is_site_path(url) || names_output_file(url, out)) return;
  std::string path = path_of(url);
  bool page = path.empty() || path.back() == '/';
  diags.warning(
      loc, "`" + std::string(field) + "` links to `" + url +
               "`, which is not a file or page of the site" +
               (page ? std::string()
                     : " (a file of yours belongs at " + content.display("static/" + path) + ")"));
}

// A relative URL in a page's text is relative to the page's folder (`dir`, "" for the
// home page); root-relative ones to the site. Dot segments resolved, as browsers do.
std::string site_path(const std::string& dir, std::string_view url) {
  std::string_view path = url.substr(0, url.find_first_of("?#"));
  std::string joined = path.starts_with('/') ? std::string(path) : dir + std::string(path);
  std::string out;
  remove_dot_segments(joined, &out);  // above the root is the root, for a browser too
  return out;
}

void check_markdown(const std::string& path, std::string_view md, size_t offset,
                    const std::string& dir, bool allow_scripts, const Output& out,
                    const Source& content, Diagnostics& diags) {
  for (const MarkdownLink& l : markdown_links(md)) {
    SourceLoc loc = diags.loc_at(path, offset + l.offset);
    std::string_view what = l.image ? "an image" : "a link";
    if (!allow_scripts && (l.image ? is_script_url(l.url) : !is_safe_link(l.url))) {
      diags.warning(loc, std::string(what) + " to `" + l.url +
                             "` is left out: a page links only to http, https, mailto and tel "
                             "URLs and relative paths");
      continue;
    }
    if (!is_site_path(l.url)) continue;
    std::string target = site_path(dir, l.url);
    if (names_output_file(target, out)) continue;
    std::string file = path_of(target);
    bool page = file.empty() || file.back() == '/';
    diags.warning(
        loc,
        std::string(what) + " to `" + l.url + "`, which is not a file or page of the site" +
            (page ? std::string()
                  : " (a file of yours belongs at " + content.display("static/" + file) + ")"));
  }
}

}  // namespace

bool names_output_file(std::string_view url, const Output& out) {
  std::string path = path_of(url);
  if (path.empty() || path.back() == '/') return out.files.count(path + "index.html") > 0;
  // /old answers from old.html too, as GitHub Pages serves it (the redirects of old addresses).
  return out.files.count(path) > 0 || out.files.count(path + "/index.html") > 0 ||
         out.files.count(path + ".html") > 0;
}

void check_local_links(const Site& site, const Output& out, const Source& content,
                       Diagnostics& diags) {
  for (const FieldLink& f : site.field_links)
    check_one(f.field, f.url, f.loc, site.allow_javascript_urls, out, content, diags);
  for (const Redirect& r : site.redirects)
    if (is_site_path(r.to) && !names_output_file(r.to, out))
      diags.warning(r.to_loc, "the redirect from `" + r.from + "` leads to `" + r.to +
                                  "`, which is not a file or page of the site");
  if (!site.bio_path.empty())
    check_markdown(site.bio_path, site.bio, 0, "", site.allow_javascript_urls, out, content, diags);
  for (const Page& p : site.pages)
    check_markdown(p.loc.path, p.body, p.body_offset, p.slug + "/", site.allow_javascript_urls, out,
                   content, diags);
}

}  // namespace sitegen
