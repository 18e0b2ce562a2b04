// Each example's CV (and the starter site's) lists every publication of its site.
#include <doctest/doctest.h>

#include <filesystem>

#include "site_build/build.h"

namespace fs = std::filesystem;
using namespace sitegen;

TEST_CASE("cv examples: /cv/ of every example lists every publication of its site") {
  const fs::path root = SITEGEN_SOURCE_DIR;
  std::vector<fs::path> sites = {root / "content"};
  for (const auto& e : fs::directory_iterator(root / "examples")) sites.push_back(e.path());
  CHECK(sites.size() >= 4);
  for (const fs::path& site : sites) {
    if (fs::exists(site / "people")) continue;  // a group site has no CV of its own
    CAPTURE(site.filename().string());
    BuildOptions opts;
    opts.strict = true;
    BuildResult r = build_site(DiskSource(site.string()), opts);
    REQUIRE(r.diags.format_all() == "");
    const std::string& cv = r.output.files.at("cv/index.html").bytes;
    size_t papers = 0;
    // Each paper has one BibTeX file: publications/<slug>/<slug>.bib.
    for (const auto& [path, file] : r.output.files) {
      if (!path.starts_with("publications/") || !path.ends_with(".bib")) continue;
      std::string dir = path.substr(0, path.rfind('/') + 1);
      CAPTURE(dir);
      CHECK(cv.find("<a class=\"cv-pub-title\" href=\"/" + dir + "\">") != std::string::npos);
      ++papers;
    }
    CHECK(papers > 0);
  }
}
