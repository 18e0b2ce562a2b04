// The internal link check: URL resolution against the Output's paths, and the ids a
// #fragment may name.
#include "output/link_check.h"

#include <map>
#include <set>

#include "output/writer.h"
#include "text/ascii.h"
#include "text/html_scan.h"
#include "text/url_path.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace {

class Checker {
 public:
  Checker(const Output& out, const std::string& root, const std::string& abs)
      : out_(out), root_(root), abs_(abs) {}

  // "" when the link is fine or not ours to check; otherwise why it is broken
  // ("-" when the target is simply missing).
  std::string check(const std::string& page, std::string url) {
    size_t b = 0, e = url.size();
    while (b < e && is_space(url[b])) ++b;
    while (e > b && is_space(url[e - 1])) --e;
    url = url.substr(b, e - b);
    if (url.empty()) return "";
    std::string fragment;
    if (size_t hash = url.find('#'); hash != std::string::npos) {
      fragment = percent_decode(url.substr(hash + 1));
      url.resize(hash);
    }
    if (size_t q = url.find('?'); q != std::string::npos) url.resize(q);

    std::string rel;  // path below the site root
    bool relative = false;
    if (is_external_url(url)) {
      std::string internal = internal_path(url);
      if (internal.empty()) return "";  // another site, mailto:, data:, ...
      url = internal;
    }
    if (url.empty()) {
      rel = page;  // "#x" or "?q": this page
    } else if (url[0] == '/') {
      if (url.compare(0, root_.size(), root_) == 0)
        rel = url.substr(root_.size());
      else if (url + "/" == root_)
        rel = "";
      else
        return "outside the base path " + root_;
    } else {
      relative = true;
      size_t slash = page.rfind('/');
      rel = (slash == std::string::npos ? "" : page.substr(0, slash + 1)) + url;
    }
    std::string norm;
    if (!remove_dot_segments(percent_decode(rel), &norm)) return "above the site root";
    if (relative && page == "404.html")
      return "a relative link in 404.html breaks when the page is shown for a deeper address";
    std::string key = norm.empty() || norm.back() == '/' ? norm + "index.html" : norm;
    if (!out_.files.count(key)) {
      if (out_.files.count(key + "/index.html"))
        key += "/index.html";
      else if (out_.files.count(key + ".html"))  // GitHub Pages serves /old from old.html
        key += ".html";
      else
        return "-";
    }
    if (!fragment.empty() && !(fragment == "top" && is_page(key))) {
      const std::set<std::string>* ids = ids_of(key);
      if (ids && !ids->count(fragment)) return "no element with id `" + fragment + "` in " + key;
    }
    return "";
  }

  static bool is_page(std::string_view key) {
    return key.ends_with(".html") || key.ends_with(".htm");
  }

 private:
  // The root-relative path of an absolute URL into this site, or "" for other URLs.
  std::string internal_path(const std::string& url) const {
    if (abs_.empty()) return "";
    std::string a = abs_;
    std::string u = url;
    if (u.compare(0, 2, "//") == 0) {
      size_t colon = a.find("://");
      a = a.substr(colon + 1);  // "//host/repo/"
    }
    if (u.compare(0, a.size(), a) == 0) return root_ + u.substr(a.size());
    if (u + "/" == a) return root_;
    return "";
  }

  // Ids in an HTML or SVG file; nullptr for other files (their fragments are not checked).
  const std::set<std::string>* ids_of(const std::string& key) {
    auto cached = ids_.find(key);
    if (cached != ids_.end()) return &cached->second;
    if (!is_page(key) && !key.ends_with(".svg")) return nullptr;
    std::string bytes, err;
    if (!read_output_file(out_.files.at(key), &bytes, &err)) return nullptr;
    std::vector<std::string> ids = html_ids(bytes);
    return &(ids_[key] = std::set<std::string>(ids.begin(), ids.end()));
  }

  const Output& out_;
  const std::string& root_;
  const std::string& abs_;
  std::map<std::string, std::set<std::string>> ids_;
};

}  // namespace

std::vector<BrokenLink> check_links(const Output& out, const std::string& root,
                                    const std::string& abs) {
  std::vector<BrokenLink> broken;
  Checker checker(out, root, abs);
  for (const auto& [page, file] : out.files) {
    if (!Checker::is_page(page)) continue;
    std::string bytes, err;
    if (!read_output_file(file, &bytes, &err)) continue;
    std::set<std::string> seen;
    for (const std::string& url : html_urls(bytes)) {
      if (!seen.insert(url).second) continue;
      std::string why = checker.check(page, url);
      if (!why.empty()) broken.push_back({page, url, why == "-" ? "" : why});
    }
  }
  return broken;
}

std::string format_broken_link(const BrokenLink& b) {
  return b.page + ": broken link to " + b.url + (b.reason.empty() ? "" : " (" + b.reason + ")");
}

}  // namespace sitegen
