// build_site: load -> theme -> view -> render, plus the files copied as they are
// (theme assets, static/) and the few files GitHub Pages wants.
#include "build/build.h"

#include <algorithm>
#include <cstdio>

#include "build/local_links.h"
#include "load/load.h"
#include "render/sitemap.h"
#include "text/strings.h"
#include "theme/theme.h"
#include "view/view.h"
#include "view/view_meta.h"

namespace sitegen {

// KaTeX's files and render-math.js (cmake/katex.cmake), by path below kKatexDir.
const std::map<std::string, std::string_view>& embedded_katex_files();

namespace {

void add_static(const Source& content, const Site& site, Output& out, Diagnostics& diags) {
  for (const StaticFile& f : site.static_files) {
    std::string rel = "static/" + f.rel;
    if (out.files.count(f.rel)) {
      diags.error(SourceLoc{content.display(rel), 0, 0},
                  "static file would replace the generated /" + f.rel + "; rename or remove it");
      continue;
    }
    OutputFile& of = out.files[f.rel];
    std::string err;
    of.copy_from = content.copy_path(rel, &err);
    if (!err.empty()) {
      diags.error(SourceLoc{content.display(rel), 0, 0}, "cannot copy static file: " + err);
    } else if (of.copy_from.empty()) {
      if (std::optional<std::string> bytes = content.read(rel, &err))
        of.bytes = std::move(*bytes);
      else
        diags.error(SourceLoc{content.display(rel), 0, 0}, "cannot read static file: " + err);
    }
  }
}

// The paths a build will write, checked before any is written, so that `check` fails
// whenever `build` would: no part of a path longer than file systems allow, and no path
// that is a file and a folder at once (a page `robots.txt` beside the file robots.txt).
void check_output_paths(const SitePages& pages, const Source& content, const Output& fixed,
                        Diagnostics& diags) {
  constexpr size_t kMaxName = 255;  // NAME_MAX of Linux, macOS and Windows file systems
  // What names each path: a paper (its id, and the tags whose pages it is first on), a page.
  const Site& site = pages.site();
  std::map<std::string, SourceLoc> paths;
  for (const Publication& p : site.publications) {
    paths.emplace(View::publication_path(p) + "index.html", p.loc);
    paths.emplace(View::bib_path(p), p.loc);
  }
  for (const View::Filter& f : pages.view().filters())
    if (!f.pubs.empty()) paths.emplace(f.rel + "index.html", site.publications[f.pubs[0]].loc);
  for (const Page& p : site.pages) paths.emplace(p.slug + "/index.html", p.loc);
  for (const auto& job : pages.jobs()) paths.emplace(job.path, SourceLoc{});
  for (const StaticFile& f : site.static_files)
    paths.emplace(f.rel, SourceLoc{content.display("static/" + f.rel), 0, 0});
  for (const auto& [rel, _] : fixed.files) paths.emplace(rel, SourceLoc{});
  for (const char* rel : {"sitemap.xml", "robots.txt", ".nojekyll", "CNAME"})
    paths.emplace(rel, SourceLoc{});
  auto where = [&](const SourceLoc& loc) {
    return loc.path.empty() ? SourceLoc{content.display("site.toml"), 0, 0} : loc;
  };
  for (auto it = paths.begin(); it != paths.end(); ++it) {
    const std::string& rel = it->first;
    for (size_t start = 0; start < rel.size();) {
      size_t end = std::min(rel.find('/', start), rel.size());
      if (end - start > kMaxName) {
        diags.error(where(it->second),
                    "the output path `" + rel.substr(0, start) + rel.substr(start, 40) +
                        "...` has a part of " + std::to_string(end - start) +
                        " bytes, and file systems allow " + std::to_string(kMaxName) +
                        "; shorten the id, tag or file name it comes from");
        break;
      }
      start = end + 1;
    }
    // The paths below `rel` as a folder sort right after it (before "rel0", after "rel.").
    auto below = paths.lower_bound(rel + "/");
    if (below != paths.end() && below->first.starts_with(rel + "/")) {
      const SourceLoc& loc = it->second.path.empty() ? below->second : it->second;
      diags.error(where(loc), "`" + rel + "` would be both a file and a folder of the output (" +
                                  below->first + "); rename the page, id or file that makes one");
    }
  }
}

BuildSettings settings_of(const Site& site, const Theme& theme, const Source& content) {
  BuildSettings s;
  s.base_path = site.base_url.root;
  s.theme_dir = theme.dir;
  std::string root = content.disk_path("");
  while (root.size() > 1 && root.back() == '/') root.pop_back();
  if (!root.empty()) s.watch.push_back(root);
  if (!s.theme_dir.empty()) s.watch.push_back(s.theme_dir);
  std::sort(s.watch.begin(), s.watch.end());
  return s;
}

}  // namespace

BuildResult build_site(const Source& content, const BuildOptions& options, const FileSink& sink) {
  BuildResult result;
  Diagnostics& diags = result.diags;
  diags.set_strict(options.strict);
  Site site = load_site(content, diags);
  if (!options.base_url.empty()) site.base_url = parse_base_url(options.base_url);
  result.base_url = site.base_url;
  Theme theme = load_theme(site, content, options.theme_search_dir, diags);
  result.settings = settings_of(site, theme, content);
  if (diags.has_errors()) return result;

  ViewOptions vopts;
  auto css = theme.assets.find("style.css");
  if (css != theme.assets.end()) {
    result.settings.css_version = short_hash(css->second);
    vopts.css_url_query = "?v=" + result.settings.css_version;
  }
  auto js = theme.assets.find("publications.js");
  if (js != theme.assets.end()) vopts.js_url_query = "?v=" + short_hash(js->second);
  vopts.body_end_html = options.live_reload_script;
  auto pages = std::make_shared<const SitePages>(std::move(site), std::move(theme), vopts);
  {
    Output fixed;
    for (const auto& [rel, bytes] : pages->theme().assets) fixed.files["assets/" + rel];
    if (pages->view().has_math())
      for (const auto& [rel, bytes] : embedded_katex_files())
        fixed.files[std::string(kKatexDir) + rel];
    check_output_paths(*pages, content, fixed, diags);
    if (diags.has_errors()) return result;
  }
  result.pages = options.pages_on_request ? name_pages(*pages, result.output)
                                          : render_pages(*pages, result.output, sink);
  for (const auto& [rel, bytes] : pages->theme().assets)
    result.output.files["assets/" + rel].bytes = bytes;
  if (pages->view().has_math())
    for (const auto& [rel, bytes] : embedded_katex_files())
      result.output.files[std::string(kKatexDir) + rel].bytes = bytes;
  add_static(content, pages->site(), result.output, diags);
  check_local_links(pages->site(), result.output, content, diags);
  add_sitemap_and_robots(pages->view().urls(), result.output);
  // GitHub Pages: no Jekyll processing, and the custom domain when one is set.
  const std::string& cname = pages->site().cname;
  result.output.files[".nojekyll"].bytes = "";
  if (!cname.empty() && !result.output.files.count("CNAME"))
    result.output.files["CNAME"].bytes = cname + "\n";
  if (options.pages_on_request) result.site_pages = std::move(pages);
  return result;
}

}  // namespace sitegen
