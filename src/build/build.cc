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
  vopts.body_end_html = options.live_reload_script;
  auto pages = std::make_shared<const SitePages>(std::move(site), std::move(theme), vopts);
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
