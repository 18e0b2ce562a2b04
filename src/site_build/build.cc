// build_site: load -> theme -> view -> render, plus the files copied as they are
// (theme assets, static/) and the few files GitHub Pages wants.
#include "site_build/build.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <vector>

#include "load/group.h"
#include "load/load.h"
#include "load/redirects.h"
#include "load/translate.h"
#include "model/taxonomy.h"
#include "render/sitemap.h"
#include "site_build/accent.h"
#include "site_build/code_highlight.h"
#include "site_build/cv_pdf.h"
#include "site_build/local_links.h"
#include "site_build/site_images.h"
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
    std::string rel = f.from.empty() ? "static/" + f.rel : f.from;
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
  std::map<std::string, SourceLoc> named;
  for (const Publication& p : site.publications) {
    const SourceLoc& id = p.id_loc.path.empty() ? p.loc : p.id_loc;
    named.emplace(paths::file_of(p.path), id);
    named.emplace(paths::bibtex(p.slug), id);
  }
  for (const PublicationFilter& f : site.filters) {
    if (f.pubs.empty()) continue;
    // A tag's page is named by the tag as the first paper that has it spells it.
    const Publication& first = site.publications[f.pubs[0]];
    const SourceLoc* loc = &first.loc;
    for (size_t i = 0; f.kind == "tag" && i < first.tags.size() && i < first.tag_locs.size(); ++i)
      if (first.tags[i] == f.value) {
        loc = &first.tag_locs[i];
        break;
      }
    named.emplace(paths::file_of(f.path), *loc);
  }
  for (const Page& p : site.pages) named.emplace(paths::file_of(p.path), p.loc);
  for (const auto& job : pages.jobs()) named.emplace(job.path, SourceLoc{});
  for (const StaticFile& f : site.static_files)
    named.emplace(f.rel,
                  SourceLoc{content.display(f.from.empty() ? "static/" + f.rel : f.from), 0, 0});
  for (const auto& [rel, _] : fixed.files) named.emplace(rel, SourceLoc{});
  for (std::string_view rel :
       {paths::kSitemap, paths::kRobots, std::string_view(".nojekyll"), std::string_view("CNAME")})
    named.emplace(std::string(rel), SourceLoc{});
  // An old address may not take the place of anything the site has now.
  for (const Redirect& r : site.redirects) {
    std::string rel = redirect_output_path(r.from);
    if (named.emplace(rel, r.from_loc).second) continue;
    std::string shown = "/" + (rel.ends_with("index.html") ? rel.substr(0, rel.size() - 10) : rel);
    diags.error(r.from_loc, "the redirect from `" + r.from + "` would replace " + shown + ", a " +
                                (pages.find(rel) != pages.jobs().size() ? "page" : "file") +
                                " of the site; remove it from [redirects]");
  }
  auto where = [&](const SourceLoc& loc) {
    return loc.path.empty() ? SourceLoc{content.display("site.toml"), 0, 0} : loc;
  };
  for (auto it = named.begin(); it != named.end(); ++it) {
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
    auto below = named.lower_bound(rel + "/");
    if (below != named.end() && below->first.starts_with(rel + "/")) {
      const SourceLoc& loc = it->second.path.empty() ? below->second : it->second;
      diags.error(where(loc), "`" + rel + "` would be both a file and a folder of the output (" +
                                  below->first + "); rename the page, id or file that makes one");
    }
  }
}

// How long the browser may take to print the CV.
constexpr int kPrintTimeoutSeconds = 120;

// The browser that prints cv.pdf, or "" (with a note saying why) when none will.
std::string cv_pdf_browser(const Site& site, const BuildOptions& options,
                           std::vector<std::string>& notes) {
  if (!options.cv_pdf || !site.cv_settings.pdf) return "";
  if (site.cv.empty()) {
    notes.push_back("cv.pdf: cv.toml has no sections, so there is no CV to print; skipped");
    return "";
  }
  std::string looked;
  std::string browser = find_browser(site.cv_settings.browser, &looked);
  if (browser.empty())
    notes.push_back("cv.pdf: no Chromium or Chrome found (looked for " + looked + "); skipped");
  return browser;
}

// The CV of each language of the site: its page and the PDF it links (View's pdf_url).
struct CvTarget {
  std::string page;  // "de/cv/index.html"
  std::string pdf;   // "de/cv.pdf"
  const Site* site;  // the site in that language
};

std::vector<CvTarget> cv_targets(const SitePages& pages,
                                 const std::vector<SiteLanguage>& languages) {
  std::vector<CvTarget> targets = {
      {paths::file_of(paths::kCv), std::string(paths::kCvPdf), &pages.site()}};
  for (size_t i = 1; i < languages.size() && i <= pages.translations().size(); ++i)
    targets.push_back({languages[i].prefix + paths::file_of(paths::kCv),
                       languages[i].prefix + std::string(paths::kCvPdf),
                       &pages.translations()[i - 1]->site});
  return targets;
}

// Prints each language's CV into its cv.pdf of the output; an error when the browser
// fails. `kept`: the CV pages' HTML, for those kept as they went by to the sink.
void add_cv_pdfs(const SitePages& pages, const std::vector<CvTarget>& targets,
                 const std::string& browser, std::map<std::string, std::string>& kept,
                 const std::atomic<bool>* stop_printing, const Source& content,
                 BuildResult& result) {
  Output& out = result.output;
  std::vector<CvPrint> prints;
  RenderCache cache;
  for (const CvTarget& t : targets) {
    CvPrint& p = prints.emplace_back();
    p.page = t.page;
    if (auto k = kept.find(t.page); k != kept.end() && !k->second.empty()) {
      p.html = std::move(k->second);
    } else if (auto it = out.files.find(t.page);
               it != out.files.end() && !it->second.bytes.empty()) {
      p.html = it->second.bytes;
    } else {  // not rendered yet (serve)
      pages.render(pages.find(t.page), p.html, cache);
    }
    const Site& site = *t.site;
    p.info.author = !site.person.name.empty() ? site.person.name : site.group.name;
    p.info.creator = "sitegen";
  }
  std::string err;
  if (!print_cv_pdfs(browser, prints, out, pages.site().base_url, kPrintTimeoutSeconds,
                     stop_printing, &result.notes, &err)) {
    result.diags.error(SourceLoc{content.display("site.toml"), 0, 0},
                       "cannot print cv.pdf with " + browser + ": " + err);
    return;
  }
  for (size_t i = 0; i < targets.size(); ++i)
    out.files[targets[i].pdf].bytes = std::move(prints[i].pdf);
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
  if (!options.drafts) drop_draft_posts(site);
  if (!options.person.empty()) pick_member(site, options.person, diags);
  if (!options.base_url.empty()) {
    // The command line checks it first; this keeps a caller from writing it into pages.
    if (std::string problem = base_url_problem(options.base_url); !problem.empty())
      diags.error(SourceLoc{"--base-url", 0, 0}, "not a site's address: " + problem);
    else
      site.base_url = parse_base_url(options.base_url);
  }
  result.base_url = site.base_url;
  Theme theme = load_theme(site, content, options.theme_search_dir, diags);
  result.settings = settings_of(site, theme, content);
  std::optional<AccentShades> accent = resolve_accent(site.style, theme, diags);
  // The templates a theme may lack until the site has what they show.
  struct Optional {
    bool needed;
    std::initializer_list<const char*> kinds;
    const char* why;
  };
  for (const Optional& o :
       {Optional{!site.members.empty(), {"people", "member"}, "a group site's people pages need"},
        Optional{!site.posts.empty(), {"post", "posts"}, "the pages of posts/ need"},
        Optional{!site.projects.empty(), {"project", "projects"}, "the pages of projects/ need"}})
    if (o.needed && !diags.has_errors())
      for (const char* kind : o.kinds)
        if (!theme.templates.count(kind))
          diags.error(
              site.theme_loc.path.empty() ? SourceLoc{content.display("site.toml"), 0, 0}
                                          : site.theme_loc,
              "theme `" + theme.name + "` has no template `" + kind + ".mustache`, which " + o.why);
  site.ui = ui_strings_for(site.language, theme.i18n, site.i18n_files, diags);
  // A site in several languages is loaded once more for each of the others.
  std::vector<Site> translations;
  std::vector<SiteLanguage> languages;
  // Past the limit of languages (an error already), none is loaded again.
  if (site.languages.size() > 1 && site.languages.size() <= kMaxLanguages) {
    languages.push_back({site.language, site.ui.get("language_name"), site.ui.get("locale"), ""});
    for (size_t i = 1; i < site.languages.size(); ++i) {
      Diagnostics more;  // the same mistakes again, but in a translated file: said once
      Site t = load_site(content, more, site.languages[i]);
      if (!options.drafts) drop_draft_posts(t);
      diags.append(more);
      t.base_url = site.base_url;
      t.ui = ui_strings_for(t.language, theme.i18n, t.i18n_files, diags);
      languages.push_back(
          {t.language, t.ui.get("language_name"), t.ui.get("locale"), paths::language(t.language)});
      if (options.report_untranslated)
        for (const Untranslated& u : t.untranslated)
          diags.note(u.loc,
                     u.what + " has no " + t.language + " version" +
                         (u.what.ends_with(".md") ? " (" + translated_path(u.what, t.language) + ")"
                                                  : " (" + u.what.substr(1, u.what.size() - 2) +
                                                        "_" + t.language + ")"));
      translations.push_back(std::move(t));
    }
  }
  if (diags.has_errors()) return result;
  // The photos and teasers, resized before the view names their files.
  Output images;
  add_site_images(content, site_image_wants(site), options.image_cache_dir, site, images, diags);
  for (Site& t : translations) t.images = site.images;
  if (diags.has_errors()) return result;
  // The code blocks, highlighted all at once before the pages are rendered ([code]).
  highlight_code(site, translations, options.code_cache_dir, diags);

  ViewOptions vopts;
  vopts.comments = !options.preview;
  vopts.analytics = !options.preview;
  auto css = theme.assets.find("style.css");
  if (css != theme.assets.end()) {
    result.settings.css_version = short_hash(css->second);
    vopts.css_url_query = "?v=" + result.settings.css_version;
  }
  auto js = theme.assets.find("publications.js");
  if (js != theme.assets.end()) vopts.js_url_query = "?v=" + short_hash(js->second);
  vopts.body_end_html = options.live_reload_script;
  if (accent) vopts.accent_style_html = accent_style_html(*accent);
  // The people pages' and member highlighting's styles: only a group site loads them.
  if (auto group_css = theme.assets.find("group.css"); group_css != theme.assets.end()) {
    if (site.group.name.empty())
      theme.assets.erase(group_css);
    else
      vopts.group_css_url_query = "?v=" + short_hash(group_css->second);
  }
  std::string browser = cv_pdf_browser(site, options, result.notes);
  vopts.cv_pdf = !browser.empty();
  vopts.languages = std::move(languages);
  auto made =
      std::make_shared<SitePages>(std::move(site), std::move(theme), vopts, options.render_limits);
  // The whole site's size is known from the default language's pages: stop before the
  // other languages' views are made, and before anything is rendered.
  if (std::string why = plan_problem(made->plan(1 + translations.size()), options.site_limits);
      !why.empty()) {
    diags.error(SourceLoc{content.display("site.toml"), 0, 0}, why);
    return result;
  }
  // KaTeX's files go out when any language shows math: a translation may have math its
  // original has not (a formula in bio.zh.md alone).
  bool math = made->site().has_math || std::any_of(translations.begin(), translations.end(),
                                                   [](const Site& t) { return t.has_math; });
  made->add_translations(std::move(translations));
  std::shared_ptr<const SitePages> pages = std::move(made);
  {
    Output fixed;
    for (const auto& [rel, bytes] : pages->theme().assets) fixed.files["assets/" + rel];
    for (const auto& [rel, file] : images.files) fixed.files[rel];
    if (math)
      for (const auto& [rel, bytes] : embedded_katex_files())
        fixed.files[std::string(kKatexDir) + rel];
    check_output_paths(*pages, content, fixed, diags);
    if (diags.has_errors()) return result;
  }
  // The CV pages in each language, and their HTML, kept as it goes by for printing when
  // pages go to a sink (from the render threads: each to its own, existing entry).
  std::vector<CvTarget> cv =
      vopts.cv_pdf ? cv_targets(*pages, vopts.languages) : std::vector<CvTarget>{};
  std::map<std::string, std::string> cv_html;
  for (const CvTarget& t : cv) cv_html[t.page];
  FileSink pass = sink;
  if (sink && !cv.empty() && !options.cv_pdf_unprinted)
    pass = [&](const std::string& rel, std::string_view bytes) {
      if (auto it = cv_html.find(rel); it != cv_html.end()) it->second = bytes;
      return sink(rel, bytes);
    };
  result.pages = options.pages_on_request ? name_pages(*pages, result.output)
                                          : render_pages(*pages, result.output, diags, pass);
  if (diags.has_errors()) return result;  // a page passed the render limits
  for (const auto& [rel, bytes] : pages->theme().assets)
    result.output.files["assets/" + rel].bytes = bytes;
  for (auto& [rel, file] : images.files) result.output.files[rel] = std::move(file);
  if (math)
    for (const auto& [rel, bytes] : embedded_katex_files())
      result.output.files[std::string(kKatexDir) + rel].bytes = bytes;
  // The PDFs are printed last, once the build has no error; they are files of the site
  // all the same, for links to them and against a static file of the same name. `check`
  // names them only.
  for (const CvTarget& t : cv) result.output.files[t.pdf];
  add_static(content, pages->site(), result.output, diags);
  check_local_links(pages->site(), result.output, content, diags);
  std::set<std::string> redirect_pages;
  for (const Redirect& r : pages->site().redirects)
    redirect_pages.insert(redirect_output_path(r.from));
  add_sitemap_and_robots(pages->view().urls(), result.output, vopts.languages, redirect_pages);
  // GitHub Pages: no Jekyll processing, and the custom domain when one is set.
  const std::string& cname = pages->site().cname;
  result.output.files[".nojekyll"].bytes = "";
  if (!cname.empty() && !result.output.files.count("CNAME"))
    result.output.files["CNAME"].bytes = cname + "\n";
  if (!cv.empty() && !diags.has_errors() && !options.cv_pdf_unprinted)
    add_cv_pdfs(*pages, cv, browser, cv_html, options.stop_printing, content, result);
  if (options.pages_on_request) result.site_pages = std::move(pages);
  return result;
}

}  // namespace sitegen
