// The text an import appends and the build check before it is written (web_import.h).
#include "import/web_import.h"

#include <algorithm>

#include "bibtex/bibtex_write.h"
#include "import/safe_urls.h"
#include "import/toml_write.h"
#include "site_build/build.h"

namespace sitegen {

namespace {

// The content folder as it would be after a write: `files` from memory, the rest from
// the folder, so the build sees both without anything on disk changing.
class OverlaySource : public Source {
 public:
  OverlaySource(const Source& inner, const std::map<std::string, std::string>& files)
      : inner_(inner), files_(files) {}
  std::optional<std::string> read(const std::string& rel, std::string* err) const override {
    if (auto it = files_.find(rel); it != files_.end()) return it->second;
    return inner_.read(rel, err);
  }
  bool exists(const std::string& rel) const override {
    return files_.count(rel) || inner_.exists(rel);
  }
  std::vector<std::string> list(const std::string& dir) const override {
    std::vector<std::string> out = inner_.list(dir);
    std::string prefix = dir.empty() ? "" : dir + "/";
    for (const auto& [path, _] : files_)
      if (path.compare(0, prefix.size(), prefix) == 0 &&
          std::find(out.begin(), out.end(), path) == out.end())
        out.push_back(path);
    std::sort(out.begin(), out.end());
    return out;
  }
  std::string display(const std::string& rel) const override { return inner_.display(rel); }
  std::string disk_path(const std::string& rel) const override {
    return files_.count(rel) ? std::string() : inner_.disk_path(rel);
  }
  bool inside(const std::string& rel, std::string* err) const override {
    return files_.count(rel) || inner_.inside(rel, err);
  }
  std::string copy_path(const std::string& rel, std::string* err) const override {
    return files_.count(rel) ? std::string() : inner_.copy_path(rel, err);
  }

 private:
  const Source& inner_;
  const std::map<std::string, std::string>& files_;
};

}  // namespace

WebImportText web_import_text(const std::vector<Publication>& existing,
                              std::vector<Publication> fetched, const std::string& header,
                              const std::string& old_text, bool exists, bool bib,
                              Diagnostics& diags) {
  WebImportText out;
  for (Publication& p : fetched) check_imported(p, diags);
  out.merged = merge_publications(existing, std::move(fetched));
  if (bib) {
    for (const Publication& p : out.merged.added) out.added += "\n" + to_bibtex(p);
    return out;
  }
  if (out.merged.added.empty()) return out;
  std::vector<TomlEntry> entries;
  for (const Publication& p : out.merged.added) {
    entries.push_back({p, {}});
    entries.back().pub.loc = {};  // a fetched answer is no file to point to
  }
  if (!exists)
    out.added =
        publications_to_toml(entries, {header, "See docs/content-format.md for the fields."});
  else
    out.added = (old_text.empty() || old_text.ends_with("\n") ? "\n" : "\n\n") +
                publications_to_toml(entries, {header});
  return out;
}

std::string build_errors_after(const Source& content,
                               const std::map<std::string, std::string>& files) {
  OverlaySource after(content, files);
  BuildResult r = build_site(after, BuildOptions{});
  if (!r.diags.has_errors()) return "";
  std::string out;
  for (const Diagnostic& d : r.diags.all())
    if (d.severity == Severity::kError) out += r.diags.format(d);
  return out;
}

}  // namespace sitegen
