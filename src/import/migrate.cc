// `sitegen migrate` (see migrate.h): the template's reader fills a MigratedSite; then the
// tree is built in memory, so the old addresses are kept only where they lead to a page of
// the new site, links to pages it does not have are left out, and the report says how the
// result builds.
#include "import/migrate.h"

#include <algorithm>
#include <set>

#include "import/content_write.h"
#include "import/markdown_edit.h"
#include "import/migrate_readers.h"
#include "load/redirects.h"
#include "site_build/build.h"
#include "site_build/local_links.h"
#include "text/strings.h"
#include "text/url_path.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace {

// The old site with its paths shown as they are, relative to it: the report names files
// the way the user sees them in the old site's folder.
class RelativeSource : public Source {
 public:
  explicit RelativeSource(const Source& inner) : inner_(inner) {}
  std::optional<std::string> read(const std::string& rel, std::string* err) const override {
    return inner_.read(rel, err);
  }
  bool exists(const std::string& rel) const override { return inner_.exists(rel); }
  std::vector<std::string> list(const std::string& dir) const override { return inner_.list(dir); }
  std::string display(const std::string& rel) const override { return rel; }
  std::string disk_path(const std::string& rel) const override { return inner_.disk_path(rel); }

 private:
  const Source& inner_;
};

bool has_dir(const Source& s, const std::string& dir) {
  return !s.list(dir).empty();
}

// Whether the build reads the file: an image it may resize (the photo, a teaser).
bool read_by_build(const std::string& path) {
  std::string lower = ascii_lower(path);
  for (const char* ext : {".jpg", ".jpeg", ".png", ".webp", ".gif", ".avif", ".svg"})
    if (lower.ends_with(ext)) return true;
  return false;
}

// What the new tree is, for the build: its files, and its copies by name (the static
// files it only publishes, empty).
std::map<std::string, std::string> tree_files(const std::map<std::string, std::string>& files,
                                              const std::map<std::string, std::string>& copies,
                                              const Source& old) {
  std::map<std::string, std::string> all = files;
  for (const auto& [to, from] : copies) {
    if (to.starts_with("static/") && !read_by_build(to)) {
      all[to];
      continue;
    }
    std::string err;
    if (std::optional<std::string> bytes = old.read(from, &err)) all[to] = std::move(*bytes);
  }
  return all;
}

// Every Markdown text of the site, with where it came from, for the link pass.
template <typename F>
void each_text(MigratedSite& s, F f) {
  f(s.bio, std::string("the biography"));
  for (MigratedPage& p : s.pages) f(p.body, p.from);
  for (NewsItem& n : s.news) f(n.text, std::string("a news item"));
  for (TomlEntry& e : s.publications) {
    f(e.pub.abstract, "the abstract of `" + e.pub.key + "`");
    f(e.pub.note, "the note of `" + e.pub.key + "`");
  }
  for (Talk& t : s.talks) f(t.abstract, "the abstract of the talk \"" + t.title + "\"");
  for (CvSection& sec : s.cv)
    for (CvEntry& e : sec.entries) f(e.details, "the CV entry \"" + e.what + "\"");
}

std::string profile_summary(const Person& p) {
  std::vector<std::string> parts = {p.name};
  for (auto [has, what] : {std::pair{!p.position.empty(), "position"},
                           {!p.affiliation.empty(), "affiliation"},
                           {!p.email.empty(), "email"},
                           {!p.photo.empty(), "photo"},
                           {!p.address.empty(), "address"},
                           {!p.interests.empty(), "interests"}})
    if (has) parts.push_back(what);
  if (!p.links.empty())
    parts.push_back(std::to_string(p.links.size()) + " link" + (p.links.size() == 1 ? "" : "s"));
  if (!p.aliases.empty())
    parts.push_back("highlighted in author lists also as " + [&] {
      std::string a;
      for (const std::string& x : p.aliases) a += (a.empty() ? "\"" : ", \"") + x + "\"";
      return a;
    }());
  std::string out;
  for (const std::string& x : parts) out += (out.empty() ? "" : ", ") + x;
  return out;
}

// The old addresses worth a redirect page: each once, leading to a page of the new site,
// and taking no place of one.
void keep_redirects(Migrator& m, const Output& out) {
  std::vector<std::pair<std::string, std::string>> kept;
  std::set<std::string> paths;
  for (auto [from, to] : m.site.redirects) {
    from = from.substr(0, from.find_first_of("?#"));
    if (from.empty() || from[0] != '/') from = "/" + from;
    std::string target = to;
    while (!target.empty() && target[0] == '/') target.erase(target.begin());
    std::string rel = redirect_output_path(from);
    std::string_view last = std::string_view(from).substr(from.rfind('/') + 1);
    bool bad = from.find_first_of(" \\\"'<>") != std::string::npos ||
               from.find("//") != std::string::npos ||
               (last.find('.') != std::string_view::npos && !last.ends_with(".html") &&
                !last.ends_with(".htm"));
    if (bad) {
      m.report.check.push_back("redirects: the old address `" + from +
                               "` cannot be answered by a page, so it has no redirect");
      continue;
    }
    if (out.files.count(rel)) {
      if (rel != target + "index.html" && !(target.empty() && rel == "index.html"))
        m.report.check.push_back("redirects: the old address " + from +
                                 " is a page of the new site too, which is kept there");
      continue;
    }
    if (!names_output_file(target, out)) {
      m.report.check.push_back("redirects: the old address " + from + " led to what is now /" +
                               target + ", which the new site does not have: no redirect");
      continue;
    }
    if (!paths.insert(rel).second) continue;
    kept.push_back({from, target.empty() ? "/" : target});  // "" would lead nowhere
  }
  m.site.redirects = std::move(kept);
}

// Links to pages of the site that the new site does not have (old list pages, a guide
// that was never copied): their text is kept, the link left out.
void drop_missing_page_links(Migrator& m, const Output& out) {
  std::set<std::string> redirected;
  for (const auto& [from, to] : m.site.redirects) redirected.insert(redirect_output_path(from));
  each_text(m.site, [&](std::string& text, const std::string& where) {
    if (text.empty()) return;
    text = edit_markdown_links(text, [&](const MarkdownLink& l) -> LinkChange {
      if (!is_site_path(l.url)) return {};
      std::string path;
      std::string_view raw = std::string_view(l.url).substr(0, l.url.find_first_of("?#"));
      if (raw.empty() || raw[0] != '/') return {};  // relative: beside its page, kept
      remove_dot_segments(percent_decode(raw), &path);
      path.insert(path.begin(), '/');  // as an old address is written
      if (names_output_file(path, out) || redirected.count(redirect_output_path(path)) ||
          redirected.count(redirect_output_path(path + "/")))
        return {};
      m.report.check.push_back(where + ": left out the link to `" + l.url +
                               "`: the new site has no such page");
      return {LinkChange::kUnlink, ""};
    });
  });
}

}  // namespace

std::string_view site_kind_name(SiteKind kind) {
  switch (kind) {
    case SiteKind::kAlFolio:
      return "al-folio";
    case SiteKind::kAcademicPages:
      return "academicpages";
    case SiteKind::kHugoBlox:
      return "hugo-blox";
  }
  return "";
}

std::optional<SiteKind> site_kind_named(std::string_view name) {
  for (SiteKind k : {SiteKind::kAlFolio, SiteKind::kAcademicPages, SiteKind::kHugoBlox})
    if (site_kind_name(k) == name) return k;
  return std::nullopt;
}

std::optional<SiteKind> detect_site_kind(const Source& old) {
  bool hugo_config = has_dir(old, "config/_default") || old.exists("hugo.yaml") ||
                     old.exists("hugo.toml") || old.exists("config.toml") ||
                     old.exists("hugoblox.yaml");
  if (hugo_config && has_dir(old, "content")) return SiteKind::kHugoBlox;
  if (old.exists("_config.yml")) {
    if (has_dir(old, "_publications") || has_dir(old, "_talks") || has_dir(old, "_teaching"))
      return SiteKind::kAcademicPages;
    if (has_dir(old, "_news") || has_dir(old, "_bibliography") || has_dir(old, "_projects") ||
        old.exists("_data/socials.yml") || old.exists("_data/cv.yml"))
      return SiteKind::kAlFolio;
  }
  if (has_dir(old, "content/publication") || has_dir(old, "content/publications") ||
      has_dir(old, "content/authors"))
    return SiteKind::kHugoBlox;
  return std::nullopt;
}

MemorySource migrated_source(const Migration& m, const Source& old, const std::string& new_name) {
  return MemorySource(tree_files(m.files, m.copies, old), new_name);
}

Migration migrate_site(const Source& old_in, SiteKind kind, const std::string& old_name,
                       const std::string& new_name) {
  RelativeSource old(old_in);
  Migration out;
  MigratedSite site;
  Migrator m(old, site, out.report);
  switch (kind) {
    case SiteKind::kAlFolio:
      migrate_al_folio(m);
      break;
    case SiteKind::kAcademicPages:
      migrate_academicpages(m);
      break;
    case SiteKind::kHugoBlox:
      migrate_hugo_blox_site(m);
      break;
  }
  Person& p = site.person;
  if (p.name.empty()) {
    p.name = site.title.empty() ? "Your Name" : site.title;
    out.report.check.push_back("site.toml: the old site names no owner: [person] name is \"" +
                               p.name + "\"; write yours");
  }
  if (site.title.empty()) site.title = p.name;
  std::vector<std::pair<std::string, std::string>> parts = {
      {"profile", profile_summary(p)}, {"biography", trim(site.bio).empty() ? "none" : "bio.md"}};
  for (auto& part : out.report.imported) parts.push_back(std::move(part));
  out.report.imported = std::move(parts);

  // Built once without redirects: the pages the new site has.
  std::string origin = "the " + std::string(site_kind_name(kind)) + " site in " + old_name;
  std::vector<std::pair<std::string, std::string>> wanted = site.redirects;
  site.redirects.clear();
  {
    MemorySource first(tree_files(content_files(site, origin), site.copies, old), new_name);
    BuildResult r = build_site(first, BuildOptions{});
    site.redirects = std::move(wanted);
    keep_redirects(m, r.output);
    drop_missing_page_links(m, r.output);
  }
  out.report.imported.push_back({"redirects", std::to_string(site.redirects.size())});
  size_t statics = std::count_if(site.copies.begin(), site.copies.end(),
                                 [](const auto& c) { return c.first.starts_with("static/"); });
  out.report.imported.push_back({"files", std::to_string(statics) + " copied into static/"});

  out.files = content_files(site, origin);
  out.copies = site.copies;
  MemorySource tree = migrated_source(out, old, new_name);
  BuildResult r = build_site(tree, BuildOptions{});
  for (const Diagnostic& d : r.diags.all()) out.report.build.push_back(r.diags.format(d));
  out.build_errors = r.diags.error_count();
  return out;
}

std::string format_report(const Migration& m, SiteKind kind, const std::string& old_name,
                          const std::string& new_name, bool dry_run) {
  const MigrationReport& r = m.report;
  std::string out = (dry_run ? "dry run: the " : "migrated the ") +
                    std::string(site_kind_name(kind)) + " site in " + old_name +
                    (dry_run ? " would become " : " into ") + new_name + ":\n";
  for (const auto& [part, what] : r.imported) {
    std::string label = part + ":";
    out += "  " + label + std::string(label.size() < 14 ? 14 - label.size() : 1, ' ') + what + "\n";
  }
  if (!r.skipped.empty()) {
    out += "skipped:\n";
    for (const std::string& s : r.skipped) out += "  " + s + "\n";
  }
  if (!r.check.empty()) {
    out += "check by hand:\n";
    for (const std::string& s : r.check) out += "  " + s + "\n";
  }
  size_t warnings = 0;
  for (const std::string& b : r.build) warnings += b.find(": warning: ") != std::string::npos;
  out += "the new site builds with " + std::to_string(m.build_errors) + " error" +
         (m.build_errors == 1 ? "" : "s") + " and " + std::to_string(warnings) + " warning" +
         (warnings == 1 ? "" : "s") + (r.build.empty() ? "" : ":") + "\n";
  for (const std::string& b : r.build) out += b;
  if (dry_run) out += "nothing was written (--dry-run)\n";
  return out;
}

}  // namespace sitegen
