// cv.pdf in every language, as `check --links` sees it: each language's CV links its own
// PDF, which the build makes, and a link to a PDF the build does not make is reported.
// (tests/cv_pdf_test.sh prints them with Chromium.)
#include <doctest/doctest.h>

#include <filesystem>

#include "site_build/build.h"
#include "support/run_cli.h"
#include "support/test_dir.h"

namespace fs = std::filesystem;
using namespace sitegen;
using sitegen::testing::run;

namespace {

// A site in English and German that asks for cv.pdf. `check` looks for the browser but
// never starts it, so any program stands in for one.
void write_bilingual_cv_site(const fs::path& dir, const std::string& bio) {
  testing::write_file(
      dir / "site.toml",
      "title = \"Ada\"\ntitle_de = \"Ada\"\nbase_url = \"https://ada.example.org/\"\n"
      "languages = [\"en\", \"de\"]\n[person]\nname = \"Ada Lovelace\"\n"
      "[cv]\npdf = true\nbrowser = \"/bin/sh\"\n");
  testing::write_file(dir / "cv.toml",
                      "[[section]]\ntitle = \"Education\"\ntitle_de = \"Ausbildung\"\n");
  testing::write_file(dir / "bio.md", bio);
  testing::write_file(dir / "bio.de.md", "Ada.\n");
}

}  // namespace

TEST_CASE("cv pdf: each language's CV links its own PDF, which the build makes") {
  testing::TempDir dir;
  write_bilingual_cv_site(dir.path, "Ada.\n");
  BuildOptions opts;
  opts.cv_pdf = true;
  opts.cv_pdf_unprinted = true;
  BuildResult r = build_site(DiskSource(dir.path.string()), opts);
  CHECK(r.diags.format_all() == "");
  for (const char* pdf : {"cv.pdf", "de/cv.pdf"}) CHECK(r.output.files.count(pdf) == 1);
  CHECK(r.output.files.count("zh/cv.pdf") == 0);
  auto link = [&](const std::string& page) {
    const std::string& html = r.output.files.at(page).bytes;
    size_t at = html.find("<a class=\"btn\" href=\"");
    return at == std::string::npos ? "" : html.substr(at, html.find('>', at) + 1 - at);
  };
  CHECK(link("cv/index.html") == "<a class=\"btn\" href=\"/cv.pdf\" download>");
  CHECK(link("de/cv/index.html") == "<a class=\"btn\" href=\"/de/cv.pdf\" download>");
}

TEST_CASE("cv pdf: check --links knows which PDFs the build makes") {
  testing::TempDir dir;
  write_bilingual_cv_site(
      dir.path, "[CV](/cv.pdf), [Lebenslauf](/de/cv.pdf), [CV en français](/fr/cv.pdf)\n");
  testing::Run r = run({"check", dir.path.string(), "--links", "-q"});
  // Before, neither PDF was known to `check`: all three links were reported.
  std::string root = dir.path.string();
  CHECK(r.code == 1);
  CHECK(r.err == root +
                     "/bio.md:1:59: warning: a link to `/fr/cv.pdf`, which is not a file or page "
                     "of the site (a file of yours belongs at " +
                     root +
                     "/static/fr/cv.pdf)\n"
                     "  [CV](/cv.pdf), [Lebenslauf](/de/cv.pdf), [CV en français](/fr/cv.pdf)\n"
                     "                                                            ^\n"
                     "index.html: broken link to /fr/cv.pdf\n"
                     "sitegen: 1 broken link(s) in " +
                     root + "\n");
}
