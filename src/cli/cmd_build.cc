// `sitegen build` and `sitegen check`: the same build, with or without writing.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <ostream>

#include "base/base_url.h"
#include "base/cache_dir.h"
#include "base/utf8_path.h"
#include "cli/cli.h"
#include "images/image_cache.h"
#include "output/link_check.h"
#include "site_build/build.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

struct BuildArgs {
  std::string content = "content";
  std::string out = "public";
  BuildOptions options;
  bool quiet = false;
  bool links = false;  // check: also the internal links of the built pages
  bool content_given = false;
};

// Returns false (after printing why) on a usage error.
bool parse_args(const std::vector<std::string>& args, bool allow_output, BuildArgs* a, Io io) {
  bool is_check = !allow_output;
  bool have_content = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (allow_output && (arg == "-o" || arg == "--output")) {
      if (!option_value(args, i, &a->out, io)) return false;
    } else if (allow_output && arg.rfind("--output=", 0) == 0) {
      a->out = arg.substr(9);
    } else if (arg == "--base-url") {
      if (!option_value(args, i, &a->options.base_url, io)) return false;
    } else if (arg.rfind("--base-url=", 0) == 0) {
      a->options.base_url = arg.substr(11);
    } else if (arg == "--theme-dir") {
      if (!option_value(args, i, &a->options.theme_search_dir, io)) return false;
    } else if (arg.rfind("--theme-dir=", 0) == 0) {
      a->options.theme_search_dir = arg.substr(12);
    } else if (arg == "--person") {
      if (!option_value(args, i, &a->options.person, io)) return false;
    } else if (arg.rfind("--person=", 0) == 0) {
      a->options.person = arg.substr(9);
    } else if (arg == "--drafts") {
      a->options.drafts = true;
    } else if (arg == "--strict") {
      a->options.strict = true;
    } else if (is_check && arg == "--links") {
      a->links = true;
    } else if (arg == "-q" || arg == "--quiet") {
      a->quiet = true;
    } else if (!arg.empty() && arg[0] == '-') {
      io.err << "sitegen: unknown option `" << arg << "`; see --help\n";
      return false;
    } else if (!have_content) {
      a->content = arg;
      have_content = true;
    } else {
      io.err << "sitegen: unexpected argument `" << arg << "`; see --help\n";
      return false;
    }
  }
  if (std::string problem = base_url_problem(a->options.base_url);
      !a->options.base_url.empty() && !problem.empty()) {
    io.err << "sitegen: --base-url must be a full address such as https://ada.example.org/ or a "
              "path such as /homepage/, but "
           << problem << "\n";
    return false;
  }
  if (!have_content) a->content = default_content_dir();
  a->content_given = have_content;
  if (a->out.empty()) {
    io.err << "sitegen: the output directory must not be empty\n";
    return false;
  }
  return true;
}

bool is_within(const fs::path& inner, const fs::path& outer) {
  auto [a, b] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
  return a == outer.end();
}

// The folders of the content the loader reads whole: an output there would be read back
// as content. (The theme folder, known once site.toml is read, is checked after the build.)
constexpr const char* kReadDirs[] = {"static", "pages", "layouts", "themes"};

// Why writing to `o` (absolute, symlinks resolved) would endanger the content in `c`, or "".
std::string refusal(const fs::path& c, const fs::path& o) {
  std::error_code ec;
  const char* home = std::getenv("HOME");
  if (!home || !*home) home = std::getenv("USERPROFILE");  // Windows
  if (o == o.root_path()) return "refusing to write the site to the root directory /";
  if (home && *home && o == fs::weakly_canonical(utf8_path(home), ec))
    return "refusing to write the site to your home directory " + o.string();
  if (o == c) return "refusing to write the site into the content directory itself";
  if (is_within(c, o))
    return "refusing to write the site to " + o.string() + ": it contains the content directory";
  for (const char* dir : kReadDirs)
    if (is_within(o, c / dir))
      return "refusing to write the site to " + o.string() + ": sitegen reads " + dir +
             "/ of the content directory";
  return "";
}

// A folder sitegen would write to: not refused, and new, empty or a previous build.
bool usable_output(const fs::path& c, const fs::path& candidate) {
  std::error_code ec;
  fs::path o = fs::weakly_canonical(candidate, ec);
  if (!refusal(c, o).empty()) return false;
  if (!fs::exists(o, ec)) return true;
  return fs::is_directory(o, ec) && (fs::is_empty(o, ec) || fs::exists(o / kStampFile, ec));
}

// The nearest public/ that would be accepted, as the user would type it from here.
std::string suggested_output(const fs::path& c) {
  std::error_code ec;
  fs::path here = fs::weakly_canonical(fs::current_path(ec), ec);
  for (const fs::path& o : {here / "public", c / "public", c.parent_path() / "public",
                            here / "site-public", c / "site-public"})
    if (usable_output(c, o)) return o.lexically_relative(here).generic_string() + "/";
  return "";
}

// Output locations that would endanger the user's files, with a folder that would not.
std::string unsafe_output(const std::string& content, const std::string& out) {
  std::error_code ec;
  fs::path o = fs::weakly_canonical(fs::absolute(utf8_path(out)), ec);
  fs::path c = fs::weakly_canonical(fs::absolute(utf8_path(content)), ec);
  std::string why = refusal(c, o);
  // The hint is for an output in the content folder; one above it is a plain mistake.
  if (why.empty() || (o != c && !is_within(o, c))) return why;
  std::string example = suggested_output(c);
  return example.empty() ? why : why + "; choose another folder (e.g. " + example + ")";
}

// An output inside the theme folder, which the build reads from.
std::string output_in_theme(const std::string& theme_dir, const std::string& out) {
  if (theme_dir.empty()) return "";
  std::error_code ec;
  fs::path o = fs::weakly_canonical(fs::absolute(utf8_path(out)), ec);
  fs::path t = fs::weakly_canonical(fs::absolute(utf8_path(theme_dir)), ec);
  if (!is_within(o, t)) return "";
  return "refusing to write the site to " + o.string() + ": it is inside the theme folder " +
         t.string() + ", which sitegen reads";
}

void print_diagnostics(const Diagnostics& d, std::ostream& err) {
  err << d.format_all();
}

int check_content_dir(std::string_view command, const BuildArgs& a, Io io) {
  std::string missing = no_content_message(command, a.content, a.content_given);
  if (missing.empty()) return kExitOk;
  io.err << "sitegen: error: " << missing << "\n";
  return kExitErrors;
}

}  // namespace

int cmd_build(const std::vector<std::string>& args, Io io) {
  BuildArgs a;
  a.options.cv_pdf = true;
  a.options.image_cache_dir = default_image_cache_dir();
  a.options.code_cache_dir = default_cache_dir("code");
  if (!parse_args(args, true, &a, io)) return kExitUsage;
  if (int rc = check_content_dir("build", a, io)) return rc;
  std::string unsafe = unsafe_output(a.content, a.out);
  if (!unsafe.empty()) {
    // Not a usage error: the command line is well-formed, the place is wrong.
    io.err << "sitegen: error: " << unsafe << "\n";
    return kExitErrors;
  }
  auto start = std::chrono::steady_clock::now();
  // Opened first, so pages go to disk as they are rendered; a build that fails leaves
  // `out` as it was (the writer removes what it staged).
  OutputWriter writer;
  std::string err;
  if (!writer.open(utf8_path(a.out), &err)) {
    io.err << "sitegen: error: " << err << "\n";
    return kExitErrors;
  }
  BuildResult r = build_site(
      DiskSource(a.content), a.options,
      [&](const std::string& rel, std::string_view bytes) { return writer.add(rel, bytes); });
  if (std::string in_theme = output_in_theme(r.settings.theme_dir, a.out); !in_theme.empty()) {
    io.err << "sitegen: error: " << in_theme << "\n";
    return kExitErrors;
  }
  print_diagnostics(r.diags, io.err);
  for (const std::string& note : r.notes) io.err << note << "\n";
  if (r.diags.has_errors()) {
    io.err << "sitegen: " << r.diags.error_count() << " error(s); nothing was written, " << a.out
           << " is unchanged\n";
    return kExitErrors;
  }
  WriteStats stats;
  if (!writer.commit(r.output, &stats, &err)) {
    io.err << "sitegen: error: " << err << "\n";
    return kExitErrors;
  }
  auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                  start)
                .count();
  if (!a.quiet)
    io.out << "built " << r.pages << " pages (" << r.output.files.size() << " files, "
           << stats.written << " written, " << stats.unchanged << " unchanged) in " << ms
           << " ms -> " << a.out << "\n";
  return kExitOk;
}

int cmd_check(const std::vector<std::string>& args, Io io) {
  BuildArgs a;
  if (!parse_args(args, false, &a, io)) return kExitUsage;
  if (int rc = check_content_dir("check", a, io)) return rc;
  // Only the link check reads the pages again; otherwise each is let go once rendered.
  FileSink drop;
  if (!a.links) drop = [](const std::string&, std::string_view) { return true; };
  a.options.report_untranslated = true;
  a.options.image_cache_dir = default_image_cache_dir();
  a.options.code_cache_dir = default_cache_dir("code");
  // As `build` would: the CV links each language's cv.pdf, which is not printed here.
  a.options.cv_pdf = true;
  a.options.cv_pdf_unprinted = true;
  BuildResult r = build_site(DiskSource(a.content), a.options, drop);
  print_diagnostics(r.diags, io.err);
  if (r.diags.has_errors()) {
    io.err << "sitegen: " << r.diags.error_count() << " error(s), " << r.diags.warning_count()
           << " warning(s) in " << a.content << "\n";
    return kExitErrors;
  }
  if (a.links) {
    // The same base URL the build used: site.toml's, or --base-url.
    std::vector<BrokenLink> broken = check_links(r.output, r.base_url.root, r.base_url.abs);
    for (const BrokenLink& b : broken) io.err << format_broken_link(b) << "\n";
    if (!broken.empty()) {
      io.err << "sitegen: " << broken.size() << " broken link(s) in " << a.content << "\n";
      return kExitErrors;
    }
  }
  if (size_t notes = r.diags.note_count(); notes > 0 && !a.quiet)
    io.err << "sitegen: " << notes << " text(s) not yet translated (the notes above); "
           << "a text that reads the same in every language can be listed in site.toml's "
           << "[same_in_all_languages]\n";
  if (!a.quiet)
    io.out << "no errors in " << a.content << " (" << r.pages << " pages, "
           << r.diags.warning_count() << " warning(s)"
           << (a.links ? ", all internal links resolve" : "") << ")\n";
  return kExitOk;
}

}  // namespace sitegen
