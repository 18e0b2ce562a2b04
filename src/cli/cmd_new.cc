// `sitegen new DIR`: writes the starter site compiled into the binary (with --group, the
// starter group site of templates/group/); with --github-pages, DIR becomes a repository
// root holding content/ and the workflow that publishes it on GitHub Pages.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <string_view>

#include "base/utf8_path.h"
#include "cli/build_info.h"
#include "cli/cli.h"
#include "cli/help_spec.h"

namespace fs = std::filesystem;

namespace sitegen {

const std::map<std::string, std::string_view>& embedded_starter_files();
const std::map<std::string, std::string_view>& embedded_template_files();

namespace {

constexpr const char* kNewUsage =
    "usage: sitegen new DIR [--group] [--github-pages] [--language TAG]\n";
// The line of the starter sites' site.toml that --language replaces.
constexpr std::string_view kLanguageLine = "\nlanguage = \"en\"\n";

bool write_file(const fs::path& p, std::string_view bytes, Io io) {
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  std::ofstream f(p, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!f) {
    io.err << "sitegen: error: cannot write " << p.string() << "\n";
    return false;
  }
  return true;
}

// `dir` as typed in a shell: quoted when it holds anything but the usual path characters.
std::string shell_word(const std::string& dir) {
  bool plain = !dir.empty() && dir.find_first_not_of(
                                   "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn"
                                   "opqrstuvwxyz0123456789._/+-") == std::string::npos;
  if (plain) return dir;
  std::string q = "'";
  for (char ch : dir) q += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return q + "'";
}

// The commands to run next, in `dir`: build and serve find the content there by themselves.
std::string in_dir(const fs::path& dir, const std::string& command) {
  std::string d = dir.lexically_normal().generic_string();
  while (d.size() > 1 && d.back() == '/') d.pop_back();
  return d == "." ? command : "cd " + shell_word(d) + " && " + command;
}

// A template with this build's values in place of @SITEGEN_REPOSITORY@,
// @SITEGEN_ACTION_REF@ and @SITEGEN_VERSION@: the user's workflow names the sitegen that
// wrote it.
std::string fill_template(std::string_view text) {
  const std::pair<std::string_view, std::string_view> kValues[] = {
      {"@SITEGEN_REPOSITORY@", kSitegenRepository},
      {"@SITEGEN_ACTION_REF@", kSitegenActionRef},
      {"@SITEGEN_VERSION@", SITEGEN_VERSION}};
  std::string out;
  for (size_t i = 0; i < text.size();) {
    bool replaced = false;
    for (const auto& [name, value] : kValues) {
      if (text.substr(i).starts_with(name)) {
        out += value;
        i += name.size();
        replaced = true;
        break;
      }
    }
    if (!replaced) out += text[i++];
  }
  return out;
}

}  // namespace

int cmd_new(const std::vector<std::string>& args, Io io) {
  bool github_pages = false, group = false;
  std::string dir_arg, language;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--github-pages") {
      github_pages = true;
    } else if (a == "--group") {
      group = true;
    } else if (a == "--language") {
      if (!option_value(args, i, &language, io)) return kExitUsage;
    } else if (a.empty() || a[0] == '-' || !dir_arg.empty()) {
      io.err << kNewUsage;
      return kExitUsage;
    } else {
      dir_arg = a;
    }
  }
  if (dir_arg.empty()) {
    io.err << kNewUsage;
    return kExitUsage;
  }
  std::vector<std::string> tags = builtin_language_tags();
  if (!language.empty() && std::find(tags.begin(), tags.end(), language) == tags.end()) {
    std::string list;
    for (const std::string& t : tags) list += (list.empty() ? "" : ", ") + t;
    io.err << "sitegen: error: sitegen has no words for the language `" << language
           << "`; choose one of " << list << "\n";
    return kExitUsage;
  }
  fs::path dir = utf8_path(dir_arg);
  std::error_code ec;
  if (fs::exists(dir, ec) && (!fs::is_directory(dir, ec) || !fs::is_empty(dir, ec))) {
    io.err << "sitegen: error: " << dir.string()
           << " already exists and is not empty; choose a new directory\n";
    return kExitErrors;
  }
  fs::path content = github_pages ? dir / "content" : dir;
  const auto& templates = embedded_template_files();
  // The starter files, with `language` in site.toml set to the one asked for.
  auto write_starter = [&](const std::string& rel, std::string_view bytes) {
    if (rel != "site.toml" || language.empty()) return write_file(content / rel, bytes, io);
    std::string text(bytes);
    size_t at = text.find(kLanguageLine);
    if (at == std::string::npos) {
      io.err << "sitegen: error: the starter site.toml has no line `" << kLanguageLine << "`\n";
      return false;
    }
    text.replace(at, kLanguageLine.size(), "\nlanguage = \"" + language + "\"\n");
    return write_file(content / rel, text, io);
  };
  if (group) {
    for (const auto& [rel, bytes] : templates)
      if (rel.starts_with("group/") && !write_starter(rel.substr(6), bytes)) return kExitErrors;
  } else {
    for (const auto& [rel, bytes] : embedded_starter_files())
      if (!write_starter(rel, bytes)) return kExitErrors;
  }
  if (!github_pages) {
    io.out << "created a starter " << (group ? "group site" : "site") << " in " << dir.string()
           << "\n"
           << "next: edit " << (dir / "site.toml").string() << ", then run\n"
           << "  " << in_dir(dir, "sitegen build")
           << "   (or sitegen serve, to preview as you edit)\n";
    return kExitOk;
  }
  if (!write_file(dir / ".github/workflows/pages.yml",
                  fill_template(templates.at("github-pages/pages.yml")), io) ||
      !write_file(dir / ".gitignore", templates.at("github-pages/gitignore"), io))
    return kExitErrors;
  io.out << "created a site repository in " << dir.string() << ":\n"
         << "  " << (dir / "content").string() << "/                  your content; start with "
         << "site.toml\n"
         << "  " << (dir / ".github/workflows/pages.yml").string()
         << "   builds and publishes it on GitHub Pages\n"
         << "next, in " << dir.string() << ":\n"
         << "  git init -b main\n"
         << "  sitegen build   (preview: sitegen serve)\n"
         << "then push to GitHub and choose Settings -> Pages -> Source: GitHub Actions\n"
         << "(docs/deploying.md in sitegen walks through every step)\n";
  return kExitOk;
}

}  // namespace sitegen
