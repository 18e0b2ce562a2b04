// `sitegen migrate OLD_SITE NEW_CONTENT`: a whole al-folio, academicpages or Hugo Blox
// site as a content tree (import/migrate.h). The tree is made in a staging folder beside
// NEW_CONTENT and renamed into place, so a failed run leaves nothing half-written.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <ostream>

#include "cli/cli.h"
#include "import/migrate.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

struct MigrateArgs {
  std::string old_dir;
  std::string new_dir;
  std::string from;
  bool dry_run = false;
};

bool parse_args(const std::vector<std::string>& args, MigrateArgs* a, Io io) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--from") {
      if (!option_value(args, i, &a->from, io)) return false;
    } else if (arg.starts_with("--from=")) {
      a->from = arg.substr(7);
    } else if (arg == "--dry-run") {
      a->dry_run = true;
    } else if (!arg.empty() && arg[0] == '-') {
      io.err << "sitegen: unknown option `" << arg << "` for migrate; see --help\n";
      return false;
    } else if (a->old_dir.empty()) {
      a->old_dir = arg;
    } else if (a->new_dir.empty()) {
      a->new_dir = arg;
    } else {
      io.err << "sitegen: unexpected argument `" << arg << "`; see --help\n";
      return false;
    }
  }
  if (a->new_dir.empty()) {
    io.err << "sitegen: migrate needs the old site and a folder for the new content: "
              "sitegen migrate OLD_SITE NEW_CONTENT; see --help\n";
    return false;
  }
  if (!a->from.empty() && !site_kind_named(a->from)) {
    io.err << "sitegen: unknown template `" << a->from
           << "` for --from: expected al-folio, academicpages or hugo-blox\n";
    return false;
  }
  return true;
}

bool write_file(const fs::path& path, const std::string& bytes, std::string* err) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  f.close();
  if (!f) *err = "cannot write " + path.string();
  return static_cast<bool>(f);
}

// The new tree in `staging`: the written files, and the old site's files it copies.
bool write_tree(const Migration& m, const DiskSource& old, const fs::path& staging,
                std::string* err) {
  for (const auto& [rel, text] : m.files)
    if (!write_file(staging / rel, text, err)) return false;
  for (const auto& [to, from] : m.copies) {
    std::string why;
    std::string src = old.copy_path(from, &why);
    if (src.empty()) {
      *err = "cannot copy " + (fs::path(old.root()) / from).string() + ": " + why;
      return false;
    }
    std::error_code ec;
    fs::create_directories((staging / to).parent_path(), ec);
    fs::copy_file(src, staging / to, fs::copy_options::overwrite_existing, ec);
    if (ec) {
      *err = "cannot copy " + src + " to " + (staging / to).string() + ": " + ec.message();
      return false;
    }
  }
  return true;
}

}  // namespace

int cmd_migrate(const std::vector<std::string>& args, Io io) {
  MigrateArgs a;
  if (!parse_args(args, &a, io)) return kExitUsage;
  std::error_code ec;
  std::string old_dir = a.old_dir;
  while (old_dir.size() > 1 && old_dir.back() == '/') old_dir.pop_back();
  std::string new_dir = a.new_dir;
  while (new_dir.size() > 1 && new_dir.back() == '/') new_dir.pop_back();
  if (!fs::is_directory(old_dir, ec)) {
    io.err << "sitegen: error: " << a.old_dir
           << " is not a folder: expected the old site's source\n";
    return kExitErrors;
  }
  if (fs::exists(new_dir, ec) && (!fs::is_directory(new_dir, ec) || !fs::is_empty(new_dir, ec))) {
    io.err << "sitegen: error: " << a.new_dir
           << " exists and is not empty: migrate writes a new content folder; name one that "
              "does not exist yet\n";
    return kExitErrors;
  }
  if (fs::weakly_canonical(new_dir, ec)
          .string()
          .starts_with(fs::weakly_canonical(old_dir, ec).string() + "/")) {
    io.err << "sitegen: error: " << a.new_dir << " is inside " << a.old_dir
           << ", which migrate never writes to: put the new content elsewhere\n";
    return kExitErrors;
  }
  DiskSource old(old_dir);
  std::optional<SiteKind> kind = a.from.empty() ? detect_site_kind(old) : site_kind_named(a.from);
  if (!kind) {
    io.err << "sitegen: error: cannot tell which template " << a.old_dir
           << " was made with (no al-folio, academicpages or Hugo Blox files found); pass "
              "--from al-folio, --from academicpages or --from hugo-blox\n";
    return kExitErrors;
  }
  Migration m = migrate_site(old, *kind, a.old_dir, a.new_dir);
  io.out << format_report(m, *kind, a.old_dir, a.new_dir, a.dry_run);
  if (m.build_errors > 0) {
    io.err << "sitegen: the new content would not build; nothing was written\n";
    return kExitErrors;
  }
  if (a.dry_run) return kExitOk;

  fs::path target(new_dir);
  fs::path staging = target.parent_path() / ("." + target.filename().string() +
                                             ".sitegen-migrate-" + std::to_string(::getpid()));
  std::string err;
  if (!write_tree(m, old, staging, &err)) {
    fs::remove_all(staging, ec);
    io.err << "sitegen: error: " << err << "; nothing was written\n";
    return kExitErrors;
  }
  fs::rename(staging, target, ec);
  std::error_code check;
  if (ec && fs::is_directory(target, check) && fs::is_empty(target, check)) {
    // Where rename cannot replace an empty folder: the empty folder goes first.
    fs::remove(target, ec);
    if (!ec) fs::rename(staging, target, ec);
  }
  if (ec) {
    std::string why = ec.message();
    fs::remove_all(staging, check);
    io.err << "sitegen: error: cannot create " << a.new_dir << ": " << why << "\n";
    return kExitErrors;
  }
  io.out << "wrote " << m.files.size() + m.copies.size() << " files into " << a.new_dir
         << "; next: sitegen build " << a.new_dir << " -o public/\n";
  return kExitOk;
}

}  // namespace sitegen
