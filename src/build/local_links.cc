// The build's check of content links to the site's own files and pages.
#include "build/local_links.h"

#include "text/ascii.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = to_lower(c);
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// The path part of a URL, percent-decoded: a file "my paper.pdf" is linked as "my%20paper.pdf".
std::string path_of(std::string_view url) {
  url = url.substr(0, url.find_first_of("?#"));
  while (!url.empty() && url.front() == '/') url.remove_prefix(1);
  std::string out;
  for (size_t i = 0; i < url.size(); ++i) {
    int hi = 0, lo = 0;
    if (url[i] == '%' && i + 2 < url.size() && (hi = hex_value(url[i + 1])) >= 0 &&
        (lo = hex_value(url[i + 2])) >= 0) {
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += url[i];
    }
  }
  return out;
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
  if (!is_local_url(url) || names_output_file(url, out)) return;
  std::string path = path_of(url);
  bool page = path.empty() || path.back() == '/';
  diags.warning(
      loc, "`" + std::string(field) + "` links to `" + url +
               "`, which is not a file or page of the site" +
               (page ? std::string()
                     : " (a file of yours belongs at " + content.display("static/" + path) + ")"));
}

}  // namespace

bool is_local_url(std::string_view url) {
  if (url.empty() || url[0] == '#' || url.starts_with("//")) return false;
  return url.find(':') == std::string_view::npos;
}

bool names_output_file(std::string_view url, const Output& out) {
  std::string path = path_of(url);
  if (path.empty() || path.back() == '/') return out.files.count(path + "index.html") > 0;
  return out.files.count(path) > 0 || out.files.count(path + "/index.html") > 0;
}

void check_local_links(const Site& site, const Output& out, const Source& content,
                       Diagnostics& diags) {
  for (const FieldLink& f : site.field_links)
    check_one(f.field, f.url, f.loc, site.allow_javascript_urls, out, content, diags);
}

}  // namespace sitegen
