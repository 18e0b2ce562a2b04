// What GitHub Pages needs from a build: .nojekyll, CNAME from site.toml, a 404.html that
// works at any depth, and no broken internal link in content/ or any example, for a user
// page and a project page. (The browser checks in tests/browser go further; these run
// everywhere, sanitizers included.)
#include <doctest/doctest.h>

#include <filesystem>

#include "output/link_check.h"
#include "site_build/build.h"
#include "support/test_site.h"
#include "text/html_scan.h"
#include "view/view.h"

namespace fs = std::filesystem;
using namespace sitegen;
using sitegen::testing::build_files;
using sitegen::testing::page_of;

TEST_CASE("pages: .nojekyll, CNAME from site.toml, and a 404 page for any depth") {
  auto r =
      build_files({{"site.toml",
                    "base_url = \"https://ada.github.io/homepage/\"\ncname = \"ada.example.org\"\n"
                    "[person]\nname = \"Ada Example\"\n"},
                   {"news.toml", "[[news]]\ndate = 2025-01-02\ntext = \"Hi\"\n"}});
  CHECK(r.diags.format_all() == "");
  CHECK(r.output.files.count(".nojekyll"));
  CHECK(page_of(r, "CNAME") == "ada.example.org\n");
  std::string nf = page_of(r, "404.html");
  CHECK(nf.find("<meta name=\"robots\" content=\"noindex\">") != std::string::npos);
  CHECK(nf.find("href=\"/homepage/assets/style.css") != std::string::npos);
  CHECK(nf.find("href=\"/homepage/news/\"") != std::string::npos);
  // Every link of the 404 page is absolute (a path from the root), so it works wherever
  // GitHub shows it; check_links reports relative ones there.
  for (const std::string& url : html_urls(nf))
    CHECK_MESSAGE((url[0] == '/' || url[0] == '#' || url.find(':') != std::string::npos), url);

  auto no_cname = build_files({{"site.toml", "[person]\nname = \"Ada\"\n"}});
  CHECK(!no_cname.output.files.count("CNAME"));
  CHECK(no_cname.output.files.count(".nojekyll"));
}

TEST_CASE("pages: content/ and every example have no broken links, at the root and under /repo/") {
  const fs::path root = SITEGEN_SOURCE_DIR;
  std::vector<fs::path> sites = {root / "content"};
  for (const auto& e : fs::directory_iterator(root / "examples"))
    if (fs::exists(e.path() / "site.toml")) sites.push_back(e.path());
  for (const fs::path& site : sites) {
    for (const char* base :
         {"/", "https://example.github.io/", "https://example.github.io/repo/"}) {
      BuildOptions opts;
      opts.base_url = base;
      BuildResult r = build_site(DiskSource(site.string()), opts);
      CHECK(r.diags.error_count() == 0);
      std::string report;
      for (const BrokenLink& b : check_links(r.output, r.base_url.root, r.base_url.abs))
        report += format_broken_link(b) + "\n";
      CHECK_MESSAGE(report == "", (site.filename().string() + " at " + base));
    }
  }
}
