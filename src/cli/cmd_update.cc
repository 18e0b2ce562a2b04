// `sitegen update citations [CONTENT]`: the citation count of every paper with a DOI or an
// arXiv id, fetched into CONTENT/citations.toml, which builds then read offline.
#include <chrono>
#include <ctime>
#include <filesystem>
#include <ostream>

#include "base/whole_file.h"
#include "cli/cli.h"
#include "import/citations_write.h"
#include "import/web_import.h"
#include "import/web_sources.h"
#include "load/load.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

// Today in UTC, or the day of SOURCE_DATE_EPOCH when set (reproducible runs and tests).
Date today() {
  std::time_t now = std::time(nullptr);
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch)
    now = static_cast<std::time_t>(std::atoll(epoch));
  using namespace std::chrono;
  year_month_day day{floor<days>(system_clock::from_time_t(now))};
  return Date{int(day.year()), int(unsigned(day.month())), int(unsigned(day.day())), false};
}

}  // namespace

int cmd_update(const std::vector<std::string>& args, Io io) {
  if (args.empty() || args[0] != "citations") {
    io.err << "sitegen: update needs what to update: `sitegen update citations [CONTENT]`; "
              "see --help\n";
    return kExitUsage;
  }
  std::string content;
  for (size_t i = 1; i < args.size(); ++i) {
    if (!args[i].empty() && args[i][0] == '-') {
      io.err << "sitegen: unknown option `" << args[i] << "`; see --help\n";
      return kExitUsage;
    }
    if (!content.empty()) {
      io.err << "sitegen: unexpected argument `" << args[i] << "`; see --help\n";
      return kExitUsage;
    }
    content = args[i];
  }
  if (content.empty()) content = default_content_dir();
  while (content.size() > 1 && content.back() == '/') content.pop_back();
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(content) / "site.toml", ec)) {
    io.err << "sitegen: error: " << content << "/site.toml not found; give the content directory "
           << "(`sitegen update citations CONTENT`)\n";
    return kExitErrors;
  }
  Diagnostics diags;
  Site site = load_site(DiskSource(content), diags);
  if (diags.has_errors()) {
    io.err << diags.format_all() << "sitegen: fix the errors above first; nothing was written\n";
    return kExitErrors;
  }
  HttpFetcher http(polite_fetch_options(site.person.email));
  // Counts of papers no source knows this time are kept as they were.
  std::map<std::string, CitationCount> counts = site.citations;
  int openalex = 0, s2 = 0, unknown = 0, papers = 0;
  Date day = today();
  for (const Publication& p : site.publications) {
    if (p.doi.empty() && p.arxiv.empty()) continue;
    ++papers;
    std::string error;
    std::optional<FetchedCount> n = fetch_citation_count(http, p.doi, p.arxiv, &error);
    if (!n && error.starts_with("neither ")) {
      ++unknown;
      io.err << "sitegen: warning: " << p.slug << ": " << error << "\n";
      continue;
    }
    if (!n) {
      io.err << "sitegen: error: " << error << "\n"
             << "sitegen: " << content << "/citations.toml is unchanged\n";
      return kExitErrors;
    }
    (n->source == "OpenAlex" ? openalex : s2)++;
    counts[p.slug] = CitationCount{n->count, n->source, day};
  }
  std::string path = content + "/citations.toml";
  std::string text = citations_to_toml(counts);
  if (std::string errors = build_errors_after(DiskSource(content), {{"citations.toml", text}});
      !errors.empty()) {
    io.err << errors << "sitegen: error: the site would not build with these counts; " << path
           << " is unchanged\n";
    return kExitErrors;
  }
  std::string err;
  if (!write_file_whole(path, text, &err)) {
    io.err << "sitegen: error: " << err << "\n";
    return kExitErrors;
  }
  io.out << "counted citations of " << openalex + s2 << " of " << papers
         << " papers with a DOI or arXiv id (" << openalex << " from OpenAlex, " << s2
         << " from Semantic Scholar";
  if (unknown) io.out << ", " << unknown << " unknown to both";
  io.out << ") into " << path << "\n";
  return kExitOk;
}

}  // namespace sitegen
