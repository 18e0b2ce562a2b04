// `sitegen upgrade [CONTENT]`: rewrites a content tree to the current content format,
// file by file as text, so comments and layout stay.
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "cli/cli.h"
#include "load/format.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

bool read_text(const fs::path& p, std::string* out) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  *out = s.str();
  return static_cast<bool>(in);
}

// The tree's TOML and Markdown files, the ones a format step may change; static/ is
// the site's own files, copied as they are.
bool read_tree(const fs::path& root, ContentFiles& files, Io io) {
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    fs::path rel = it->path().lexically_relative(root);
    if (it->is_directory() && rel == "static") {
      it.disable_recursion_pending();
      continue;
    }
    std::string ext = it->path().extension().string();
    if (!it->is_regular_file() || (ext != ".toml" && ext != ".md")) continue;
    if (!read_text(it->path(), &files[rel.generic_string()])) {
      io.err << "sitegen: error: cannot read " << it->path().string() << "\n";
      return false;
    }
  }
  if (ec) io.err << "sitegen: error: cannot list " << root.string() << ": " << ec.message() << "\n";
  return !ec;
}

}  // namespace

int cmd_upgrade(const std::vector<std::string>& args, Io io) {
  std::string content;
  for (const std::string& a : args) {
    if ((!a.empty() && a[0] == '-') || !content.empty()) {
      io.err << "usage: sitegen upgrade [CONTENT]\n";
      return kExitUsage;
    }
    content = a;
  }
  if (content.empty()) content = default_content_dir();
  fs::path root = content;
  std::string site_toml;
  if (!fs::exists(root / "site.toml") || !read_text(root / "site.toml", &site_toml)) {
    io.err << "sitegen: error: no site.toml in " << content << ": not a content directory\n";
    return kExitErrors;
  }
  Diagnostics diags;
  int from = read_format(site_toml, (root / "site.toml").string(), diags);
  if (from == 0) {
    io.err << diags.format_all();
    return kExitErrors;
  }
  if (std::string newer = format_too_new(from); !newer.empty()) {
    io.err << "sitegen: error: " << content << ": " << newer << "\n";
    return kExitErrors;
  }
  if (from == kContentFormat) {
    io.out << content << " is in content format " << from
           << ", the current one: nothing to upgrade\n";
    return kExitOk;
  }
  ContentFiles files;
  if (!read_tree(root, files, io)) return kExitErrors;
  UpgradeResult r = upgrade_files(files, from, format_steps());
  for (const std::string& rel : r.changed) {
    std::ofstream out(root / rel, std::ios::binary | std::ios::trunc);
    out << files[rel];
    if (!out) {
      io.err << "sitegen: error: cannot write " << (root / rel).string() << "\n";
      return kExitErrors;
    }
  }
  for (const std::string& note : r.notes) io.out << "  " << note << "\n";
  io.out << "upgraded " << content << " from content format " << r.from << " to " << r.to << " ("
         << r.changed.size() << " files changed)\n";
  return kExitOk;
}

}  // namespace sitegen
