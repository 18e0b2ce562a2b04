// Theme loading and checking: every template error is reported with the theme
// file's path, line and column.
#include "theme/theme.h"

#include <algorithm>
#include <filesystem>
#include <memory>
#include <set>

#include "load/load.h"
#include "theme/template_scan.h"
#include "toml/toml_reader.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

struct ThemeFile {
  std::string text;
  std::string display;  // path shown in messages
};

using FileMap = std::map<std::string, ThemeFile>;  // "home.mustache", "partials/pub.mustache",
                                                   // "assets/style.css"

// Every file below the folder `dir` of `src`, read through the Source, whose checks (inside
// the folder, a regular file, not too big) apply to themes as to content.
FileMap read_theme_dir(const Source& src, const std::string& dir, Diagnostics& diags) {
  FileMap files;
  for (const std::string& rel : src.list(dir)) {
    // Assets are published as they are: by the rule of static/ (load.h), from inside assets/.
    if (rel.starts_with(dir + "/assets/") && !publishable(src, rel, dir + "/assets", diags))
      continue;
    std::string err;
    std::optional<std::string> text = src.read(rel, &err);
    if (!text) {
      diags.error(SourceLoc{src.display(rel), 0, 0}, "cannot read theme file: " + err);
      continue;
    }
    files[rel.substr(dir.size() + 1)] = {std::move(*text), src.display(rel)};
  }
  return files;
}

FileMap embedded_theme(const std::string& name) {
  FileMap files;
  std::string prefix = name + "/";
  for (const auto& [path, bytes] : embedded_theme_files())
    if (path.compare(0, prefix.size(), prefix) == 0)
      files[path.substr(prefix.size())] = {std::string(bytes), "themes/" + path};
  return files;
}

std::vector<std::string_view> embedded_theme_names(std::vector<std::string>& storage) {
  std::set<std::string> names;
  for (const auto& [path, _] : embedded_theme_files()) names.insert(path.substr(0, path.find('/')));
  storage.assign(names.begin(), names.end());
  return {storage.begin(), storage.end()};
}

// A layout override "footer.mustache" replaces partials/footer.mustache when no page
// template has that name; "partials/x" and "assets/x" replace exactly that file.
void apply_layouts(const Site& site, const Source& content, FileMap& files) {
  for (const auto& [rel, text] : site.layouts) {
    std::string target = rel;
    if (rel.find('/') == std::string::npos && rel.ends_with(".mustache")) {
      std::string kind = rel.substr(0, rel.size() - 9);
      const auto& pages = theme_template_names();
      if (std::find(pages.begin(), pages.end(), kind) == pages.end()) target = "partials/" + rel;
    }
    files[target] = {text, content.display("layouts/" + rel)};
  }
}

bool check_syntax(const ThemeFile& f, Diagnostics& diags) {
  Template::Error e;
  if (Template::compile(f.text, &e)) return true;
  diags.add_source(f.display, f.text);
  diags.error(diags.loc_at(f.display, e.offset), "template syntax error: " + e.message);
  return false;
}

// Partials named in `f` that the theme lacks, and tags inside comments, where the
// comment ends sooner than its author meant.
void check_tags(const ThemeFile& f, const TemplateScan& scan, const FileMap& files,
                Diagnostics& diags) {
  for (const PartialTag& tag : scan.partials) {
    if (files.count("partials/" + tag.name + ".mustache")) continue;
    diags.add_source(f.display, f.text);
    diags.error(
        diags.loc_at(f.display, tag.begin),
        "unknown partial `" + tag.name + "`: expected a file partials/" + tag.name + ".mustache");
  }
  for (size_t at : scan.opens_in_comments) {
    // The delimiters in force there: those of the scan up to that point.
    Delimiters d = scan_template(std::string_view(f.text).substr(0, at)).end;
    diags.add_source(f.display, f.text);
    diags.warning(diags.loc_at(f.display, at),
                  "`" + d.open + "` inside a comment: the comment ends at the first `" + d.close +
                      "`, and the text after that is part of the page");
  }
}

// Where each stretch of an expanded template came from, so that an error in it can be
// shown in the file that holds the text.
struct Piece {
  size_t begin;  // offset in the expanded text
  const ThemeFile* file;
  size_t offset;  // offset in file->text
};

// Replaces each partial tag of `f` by the partial's text, recursively (unknown ones were
// reported). A partial starts with the default delimiters and a change it makes ends with
// it, as when kainjow renders a partial itself: set-delimiter tags around its text say so.
// Returns the delimiters in force at the end of `f`.
Delimiters expand(const ThemeFile& f, const FileMap& files, std::vector<std::string>& stack,
                  std::string& out, std::vector<Piece>& pieces, Diagnostics& diags) {
  TemplateScan scan = scan_template(f.text);
  size_t pos = 0;
  auto copy_until = [&](size_t end) {
    pieces.push_back({out.size(), &f, pos});
    out.append(f.text, pos, end - pos);
  };
  for (const PartialTag& tag : scan.partials) {
    copy_until(tag.begin);
    pos = tag.end;
    auto it = files.find("partials/" + tag.name + ".mustache");
    if (it == files.end()) continue;
    if (std::find(stack.begin(), stack.end(), tag.name) != stack.end()) {
      diags.add_source(f.display, f.text);
      diags.error(
          diags.loc_at(f.display, tag.begin),
          "partial `" + tag.name + "` includes itself (directly or through other partials)");
      continue;
    }
    const Delimiters kDefault;
    pieces.push_back({out.size(), &f, tag.begin});
    if (tag.delimiters != kDefault) out += set_delimiters_tag(tag.delimiters, kDefault);
    stack.push_back(tag.name);
    Delimiters after = expand(it->second, files, stack, out, pieces, diags);
    stack.pop_back();
    pieces.push_back({out.size(), &f, tag.begin});
    if (after != tag.delimiters) out += set_delimiters_tag(after, tag.delimiters);
  }
  copy_until(f.text.size());
  return scan.end;
}

// Each file compiled alone when the theme was checked; together they can still fail
// where the text at the end of a partial and the text after its tag join into a tag (a
// partial that ends in `{`). The error is shown where its text came from.
std::optional<Template> compile(const ThemeFile& page, const FileMap& files, Diagnostics& diags) {
  std::string text;
  std::vector<Piece> pieces;
  std::vector<std::string> stack;
  expand(page, files, stack, text, pieces, diags);
  Template::Error e;
  std::optional<Template> tmpl = Template::compile(std::move(text), &e);
  if (tmpl) return tmpl;
  size_t offset = e.offset;
  const std::string& msg = e.message;
  const Piece* from = &pieces.front();
  for (const Piece& p : pieces)
    if (p.begin <= offset) from = &p;
  size_t at = std::min(from->offset + (offset - from->begin), from->file->text.size());
  diags.add_source(from->file->display, from->file->text);
  diags.error(diags.loc_at(from->file->display, at),
              std::string("template syntax error once partials are included") +
                  (from->file == &page ? "" : " in " + page.display) + ": " + msg);
  return std::nullopt;
}

// theme.toml's [accent] table, when it has one: a theme with other backgrounds than white
// and black names them, so an accent is checked against what it is shown on.
void read_theme_backgrounds(const TomlNode* root, Theme& theme, Diagnostics& diags) {
  if (!root) return;
  const TomlNode* accent = nullptr;
  for (const auto& [key, node] : root->fields)
    if (key == "accent") accent = &node;
  if (!accent) return;
  if (accent->kind != TomlNode::Kind::kTable) {
    diags.error(accent->loc, "`accent` in theme.toml must be a table: [accent]");
    return;
  }
  TableReader r(*accent, "[accent]", diags);
  for (auto [key, out] : {std::pair{"light_backgrounds", &theme.light_backgrounds},
                          std::pair{"dark_backgrounds", &theme.dark_backgrounds}}) {
    std::vector<std::string> texts;
    if (!r.string_array(key, &texts)) continue;
    std::vector<Colour> colours;
    for (size_t i = 0; i < texts.size(); ++i) {
      if (std::optional<Colour> c = parse_colour(texts[i]))
        colours.push_back(*c);
      else
        diags.error(r.find(key)->items[i].loc, "`" + std::string(key) +
                                                   "` holds colours written `#rgb` or "
                                                   "`#rrggbb`, not `" +
                                                   texts[i] + "`");
    }
    if (!colours.empty()) *out = std::move(colours);
  }
  r.finish();
}

// theme.toml's `base`: the built-in theme this one extends, or "" without one.
std::string read_base(const TomlNode& root, const std::vector<std::string_view>& builtin,
                      Diagnostics& diags) {
  for (const auto& [key, node] : root.fields) {
    if (key != "base") continue;
    std::string name;
    if (!read_string(node, "base", diags, &name)) return "";
    if (std::find(builtin.begin(), builtin.end(), name) != builtin.end()) return name;
    std::string listed;
    for (std::string_view n : builtin)
      listed += (listed.empty() ? "`" : ", `") + std::string(n) + "`";
    diags.error(node.loc, "unknown base theme `" + name + "`" + did_you_mean(name, builtin) +
                              ": `base` names a built-in theme (" + listed + ")");
  }
  return "";
}

// Gives a theme with a `base` the files it lacks from that built-in theme (and from the
// base's base): templates, partials, assets, i18n. The theme's own files win, but for
// assets/style.css: a theme extends its base's look, so its stylesheet is published after
// the base's, in the one file the pages load. Returns each theme.toml read, the base's
// first, so settings the theme does not give come from its base.
std::vector<std::optional<TomlNode>> apply_base(FileMap& files, Diagnostics& diags) {
  std::vector<std::optional<TomlNode>> tomls;
  std::vector<std::string> storage;
  std::vector<std::string_view> builtin = embedded_theme_names(storage);
  std::set<std::string> seen;
  const ThemeFile* toml = nullptr;
  if (auto it = files.find("theme.toml"); it != files.end()) toml = &it->second;
  FileMap base;  // the chain's files so far: each theme's own, then those it lacks
  while (toml) {
    std::optional<TomlNode> root = parse_toml(std::string_view(toml->text), toml->display, diags);
    std::string name = root ? read_base(*root, builtin, diags) : "";
    tomls.insert(tomls.begin(), std::move(root));
    if (name.empty() || !seen.insert(name).second) break;
    base = embedded_theme(name);
    for (auto& [rel, f] : base) {
      auto [it, added] = files.try_emplace(rel, f);
      if (!added && rel == "assets/style.css") it->second.text = f.text + "\n" + it->second.text;
    }
    auto next = base.find("theme.toml");
    toml = next == base.end() ? nullptr : &next->second;
  }
  return tomls;
}

}  // namespace

const std::vector<std::string>& theme_template_names() {
  static const std::vector<std::string> kNames = {"home",  "publications", "publication", "news",
                                                  "talks", "cv",           "page",        "404"};
  return kNames;
}

Theme load_theme(const Site& site, const Source& content, const std::string& themes_dir,
                 Diagnostics& diags) {
  Theme theme;
  theme.name = site.theme.empty() ? "scholar" : site.theme;
  FileMap files;
  bool is_path = theme.name.find('/') != std::string::npos || theme.name[0] == '.';
  std::string rel =
      fs::path(is_path ? theme.name : "themes/" + theme.name).lexically_normal().generic_string();
  while (rel.size() > 1 && rel.back() == '/') rel.pop_back();
  std::string where;
  if (fs::path(rel).is_absolute() || rel == "." || rel == ".." || rel.starts_with("../") ||
      !content.inside(rel, &where)) {
    diags.error(site.theme_loc, "theme `" + theme.name +
                                    "` is outside the content folder: sitegen takes a theme "
                                    "from its built-in ones, the content folder's themes/, or "
                                    "the folder given with --theme-dir");
    return theme;
  }
  std::unique_ptr<DiskSource> named;  // --theme-dir, looked in first for a name
  if (!is_path && !themes_dir.empty()) named = std::make_unique<DiskSource>(themes_dir);
  if (site.theme.empty()) {
    files = embedded_theme(theme.name);
  } else if (named && named->exists(theme.name)) {
    theme.dir = fs::path(named->disk_path(theme.name)).lexically_normal().string();
    files = read_theme_dir(*named, theme.name, diags);
  } else if (content.exists(rel)) {
    theme.dir = fs::path(content.disk_path(rel)).lexically_normal().string();
    files = read_theme_dir(content, rel, diags);
  } else {
    files = embedded_theme(theme.name);
  }
  if (files.empty()) {
    std::vector<std::string> storage;
    std::vector<std::string_view> builtin = embedded_theme_names(storage);
    std::string listed;
    for (std::string_view n : builtin)
      listed += (listed.empty() ? "`" : ", `") + std::string(n) + "`";
    std::string shown = content.display(rel);
    if (named) shown += " or " + named->display(theme.name);
    diags.error(site.theme_loc,
                "unknown theme `" + theme.name + "`" + did_you_mean(theme.name, builtin) +
                    ": expected a built-in theme (" + listed + ") or a folder " + shown);
    return theme;
  }
  size_t errors = diags.error_count();
  std::vector<std::optional<TomlNode>> tomls = apply_base(files, diags);
  if (diags.error_count() > errors) return theme;
  apply_layouts(site, content, files);
  for (const auto& [rel, f] : files)
    if (rel.ends_with(".mustache")) {
      if (check_syntax(f, diags)) check_tags(f, scan_template(f.text), files, diags);
    }
  if (diags.error_count() > errors) return theme;
  for (const std::string& kind : theme_template_names()) {
    auto it = files.find(kind + ".mustache");
    if (it == files.end()) {
      diags.error(SourceLoc{files.begin()->second.display, 0, 0},
                  "theme `" + theme.name + "` has no template `" + kind + ".mustache`");
      continue;
    }
    theme.files[kind] = it->second.display;
    if (auto tmpl = compile(it->second, files, diags))
      theme.templates.emplace(kind, std::move(*tmpl));
  }
  // A group site's pages: a theme made for personal sites may leave them out.
  // So are the pages of posts/ and projects/, which came after many themes were written.
  for (const char* kind : {"people", "member", "post", "posts", "project", "projects"})
    if (auto it = files.find(std::string(kind) + ".mustache"); it != files.end())
      if (auto tmpl = compile(it->second, files, diags))
        theme.templates.emplace(kind, std::move(*tmpl));
  // Partials on their own, for the pages that insert one rendered once per entry. One
  // that breaks only once expanded is left out: a page that includes it reports that.
  for (const auto& [rel, f] : files)
    if (rel.starts_with("partials/") && rel.ends_with(".mustache")) {
      Diagnostics unused;
      if (auto tmpl = compile(f, files, unused))
        theme.templates.emplace(rel.substr(0, rel.size() - 9), std::move(*tmpl));
    }
  for (const auto& [rel, f] : files)
    if (rel.compare(0, 7, "assets/") == 0) theme.assets[rel.substr(7)] = f.text;
  for (const auto& [rel, f] : files)
    if (rel.starts_with("i18n/") && rel.ends_with(".toml"))
      theme.i18n[rel.substr(5)] = {f.display, f.text};
  for (const std::optional<TomlNode>& root : tomls)
    read_theme_backgrounds(root ? &*root : nullptr, theme, diags);
  return theme;
}

}  // namespace sitegen
