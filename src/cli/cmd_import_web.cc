// `sitegen import dblp|orcid|openalex ID [CONTENT]`: a person's works fetched and merged
// into publications.toml (or a .bib): only papers the site lacks are appended, as text
// after what is there, so nothing written by hand changes.
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "base/whole_file.h"
#include "bibtex/bibtex.h"
#include "bibtex/bibtex_write.h"
#include "cli/build_info.h"
#include "cli/cli.h"
#include "import/merge.h"
#include "import/web_import.h"
#include "import/web_sources.h"
#include "load/load.h"
#include "text/ascii.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

struct WebArgs {
  std::string kind;  // "dblp" | "orcid" | "openalex"
  std::string id;
  std::string content;
  std::string into;  // empty: CONTENT/publications.toml
  bool dry_run = false;
};

// A DBLP person id: two parts, "123/4567" or "h/AdaExample", the second part with an
// optional "-2" for the second person of a name, and letters beyond ASCII spelled out
// ("h/JohanH=aring=stad").
bool is_dblp_pid(std::string_view id) {
  size_t slash = id.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 == id.size()) return false;
  for (size_t i = 0; i < id.size(); ++i) {
    char c = id[i];
    bool ok = i < slash    ? is_digit(c) || (c >= 'a' && c <= 'z')
              : i == slash ? true
                           : is_alpha(c) || is_digit(c) || c == '-' || c == '_' || c == '=';
    if (!ok) return false;
  }
  return true;
}

bool parse_web_args(const std::vector<std::string>& args, WebArgs* a, Io io) {
  a->kind = args[0];
  std::vector<std::string> positional;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--into") {
      if (!option_value(args, i, &a->into, io)) return false;
    } else if (arg.starts_with("--into=")) {
      a->into = arg.substr(7);
    } else if (arg == "--dry-run" || arg == "-n") {
      a->dry_run = true;
    } else if (!arg.empty() && arg[0] == '-') {
      io.err << "sitegen: unknown option `" << arg << "`; see --help\n";
      return false;
    } else {
      positional.push_back(arg);
    }
  }
  if (positional.empty() || positional.size() > 2) {
    const char* what = a->kind == "dblp"    ? "a DBLP person id (such as 123/4567)"
                       : a->kind == "orcid" ? "an ORCID iD (such as 0000-0002-1825-0097)"
                                            : "an OpenAlex author id (such as A5023888391)";
    io.err << "sitegen: import " << a->kind << " needs " << what << "; see --help\n";
    return false;
  }
  a->id = positional[0];
  a->content = positional.size() == 2 ? positional[1] : default_content_dir();
  if (a->kind == "dblp" && !is_dblp_pid(a->id)) {
    // Refused here, so nothing is sent: the id becomes part of the request's URL.
    io.err << "sitegen: `" << a->id
           << "` is not a DBLP person id: expected what follows /pid/ in the address of the "
              "person's DBLP page, such as 123/4567 for https://dblp.org/pid/123/4567.html\n";
    return false;
  }
  return true;
}

bool read_text(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream s;
  s << in.rdbuf();
  *out = s.str();
  return true;
}

std::string source_name(const std::string& kind) {
  return kind == "dblp" ? "DBLP" : kind == "orcid" ? "ORCID" : "OpenAlex";
}

}  // namespace

FetchOptions polite_fetch_options(const std::string& email) {
  FetchOptions o;
  o.user_agent = std::string("sitegen/") + SITEGEN_VERSION + " (+https://github.com/" +
                 kSitegenRepository + (email.empty() ? "" : "; mailto:" + email) + ")";
  // For tests against a local server: every wait (between requests, before a retry) in ms.
  if (const char* ms = std::getenv("SITEGEN_HTTP_DELAY_MS"); ms && *ms) {
    int d = std::atoi(ms);
    o.min_interval_ms = o.retry_base_ms = o.max_retry_delay_ms = d;
  }
  if (const char* ms = std::getenv("SITEGEN_HTTP_TIMEOUT_MS"); ms && *ms)
    o.timeout_ms = std::atoi(ms);
  if (const char* ms = std::getenv("SITEGEN_HTTP_DEADLINE_MS"); ms && *ms)
    o.deadline_ms = std::atoi(ms);
  return o;
}

int cmd_import_web(const std::vector<std::string>& args, Io io) {
  WebArgs a;
  if (!parse_web_args(args, &a, io)) return kExitUsage;
  std::string content = a.content;
  while (content.size() > 1 && content.back() == '/') content.pop_back();
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(content) / "site.toml", ec)) {
    io.err << "sitegen: error: " << content << "/site.toml not found; give the content directory "
           << "to import into (`sitegen import " << a.kind << " ID CONTENT`)\n";
    return kExitErrors;
  }
  Diagnostics diags;
  Site site = load_site(DiskSource(content), diags);
  if (diags.has_errors()) {
    io.err << diags.format_all() << "sitegen: fix the errors above before importing; nothing was "
           << "written\n";
    return kExitErrors;
  }
  std::string target = a.into.empty() ? content + "/publications.toml" : a.into;
  bool bib = target.ends_with(".bib");
  std::string old_text;
  bool exists = fs::exists(target, ec);
  if (exists && !read_text(target, &old_text)) {
    io.err << "sitegen: error: cannot read " << target << "\n";
    return kExitErrors;
  }
  // A .bib the site does not list is not among its publications: its entries count too.
  std::vector<Publication> existing = std::move(site.publications);
  if (bib && exists) {
    Diagnostics ignored;
    for (Publication& p : bibtex_to_publications(parse_bibtex(old_text, target, ignored), ignored))
      existing.push_back(std::move(p));
  }

  HttpFetcher http(polite_fetch_options(site.person.email));
  Works works = a.kind == "dblp"    ? fetch_dblp(http, a.id)
                : a.kind == "orcid" ? fetch_orcid(http, a.id, site.person.name)
                                    : fetch_openalex(http, a.id);
  if (!works.error.empty()) {
    io.err << works.diags.format_all() << "sitegen: error: " << works.error << "\n";
    return kExitErrors;
  }
  std::string header = "Imported from " + source_name(a.kind) + " (" + a.id +
                       ") by `sitegen import " + a.kind + "`; edit freely.";
  WebImportText text =
      web_import_text(existing, std::move(works.pubs), header, old_text, exists, bib, works.diags);
  io.err << works.diags.format_all();
  const MergeResult& merged = text.merged;
  const std::string& added = text.added;
  // The site must build with what is written: checked in memory first (a target outside
  // the content folder is no part of the build).
  std::error_code rel_ec;
  fs::path rel = fs::relative(fs::absolute(target, rel_ec), fs::absolute(content, rel_ec), rel_ec);
  if (!added.empty() && !rel_ec && !rel.empty() && *rel.begin() != "..") {
    std::string errors =
        build_errors_after(DiskSource(content), {{rel.generic_string(), old_text + added}});
    if (!errors.empty()) {
      io.err << errors << "sitegen: error: the site would not build with what "
             << source_name(a.kind) << " sent; nothing was written\n";
      return kExitErrors;
    }
  }
  std::string summary = merge_summary(merged);
  if (a.dry_run) {
    if (!added.empty()) {
      io.out << "--- " << target << "\n+++ " << target << "\n";
      std::istringstream lines(added);
      for (std::string line; std::getline(lines, line);) io.out << "+" << line << "\n";
    }
    io.out << "dry run: would have " << summary << "; " << target << " is unchanged\n";
    return kExitOk;
  }
  if (!merged.added.empty()) {
    std::string err;
    if (!write_file_whole(target, old_text + added, &err)) {
      io.err << "sitegen: error: " << err << "\n";
      return kExitErrors;
    }
  }
  io.out << summary << (merged.added.empty() ? "" : " into " + target) << "\n";
  return kExitOk;
}

}  // namespace sitegen
