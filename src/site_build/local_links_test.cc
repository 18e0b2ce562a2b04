// Content links to the site's own files and pages: a warning at the field, once.
#include "site_build/local_links.h"

#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using testing::build_files;
using testing::diagnostics_of;

TEST_CASE("local links: a missing file or page is a warning at its field, once") {
  std::map<std::string, std::string> files = {
      {"publications.toml",
       "[[publication]]\nid = \"p\"\ntitle = \"T\"\nauthors = [\"Ada Example\"]\nyear = "
       "2025\nselected = true\n[publication.links]\npdf = \"papers/x.pdf\"\ncode = "
       "\"https://example.org/x\"\nposter = \"papers/poster.pdf\"\nproject = \"teaching/\"\n"},
      {"static/papers/poster.pdf", "%PDF"},
      {"talks.toml", "[[talk]]\ntitle = \"T\"\nslides = \"/slides/my%20talk.pdf#page=2\"\n"},
      {"news.toml",
       "[[news]]\ndate = 2025-01-02\ntext = \"x\"\nlink = \"publications/p/\"\n"
       "[[news]]\ndate = 2025-01-01\ntext = \"y\"\nlink = \"publications/q/\"\n"}};
  const std::string want =
      "content/publications.toml:8:7: warning: `pdf` links to `papers/x.pdf`, which is not a "
      "file or page of the site (a file of yours belongs at content/static/papers/x.pdf)\n"
      "  pdf = \"papers/x.pdf\"\n"
      "        ^\n"
      "content/publications.toml:11:11: warning: `project` links to `teaching/`, which is not a "
      "file or page of the site\n"
      "  project = \"teaching/\"\n"
      "            ^\n"
      "content/news.toml:8:8: warning: `link` links to `publications/q/`, which is not a file or "
      "page of the site\n"
      "  link = \"publications/q/\"\n"
      "         ^\n"
      "content/talks.toml:3:10: warning: `slides` links to `/slides/my%20talk.pdf#page=2`, which "
      "is not a file or page of the site (a file of yours belongs at content/static/slides/my "
      "talk.pdf)\n"
      "  slides = \"/slides/my%20talk.pdf#page=2\"\n"
      "           ^\n";
  BuildResult r = build_files(files);
  CHECK(r.diags.format_all() == want);
  CHECK_FALSE(r.diags.has_errors());
  // --strict makes them errors, as every warning.
  BuildResult strict = build_files(files, true);
  CHECK(strict.diags.error_count() == 4);
  // The file and the page that exist are not reported.
  files["static/papers/x.pdf"] = "%PDF";
  files["static/slides/my talk.pdf"] = "%PDF";
  files["pages/teaching.md"] = "+++\ntitle = \"Teaching\"\n+++\nx\n";
  files["news.toml"] = "[[news]]\ndate = 2025-01-02\ntext = \"x\"\nlink = \"publications/p/\"\n";
  CHECK(diagnostics_of(files) == "");
}

TEST_CASE("local links: a link whose scheme a page does not link to is left out, with a warning") {
  std::map<std::string, std::string> files = {
      {"publications.toml",
       "[[publication]]\nid = \"p\"\ntitle = \"T\"\nauthors = [\"Ada Example\"]\nyear = 2025\n"
       "[publication.links]\ndemo = \"java\\tscript:alert(1)\"\ndata = "
       "\"ftp://ftp.example.org/d\"\n"
       "mail = \"mailto:ada@example.org\"\n"}};
  BuildResult r = build_files(files);
  CHECK(r.diags.format_all() ==
        "content/publications.toml:7:8: warning: `demo` links to `java\tscript:alert(1)`, which "
        "is left out: a page links only to http, https, mailto and tel URLs and relative paths\n"
        "  demo = \"java\\tscript:alert(1)\"\n"
        "         ^\n"
        "content/publications.toml:8:8: warning: `data` links to `ftp://ftp.example.org/d`, "
        "which is left out: a page links only to http, https, mailto and tel URLs and relative "
        "paths\n"
        "  data = \"ftp://ftp.example.org/d\"\n"
        "         ^\n");
  std::string page = testing::page_of(r, "publications/p/index.html");
  CHECK(page.find("alert") == std::string::npos);
  CHECK(page.find("ftp.example.org") == std::string::npos);
  CHECK(page.find("mailto:ada@example.org") != std::string::npos);
  // A site that allows script links keeps its own.
  files["site.toml"] = "allow_javascript_urls = true\n[person]\nname = \"Ada Example\"\n";
  CHECK(diagnostics_of(files) == "");
}

TEST_CASE("local links: Markdown links are checked where they are written") {
  std::map<std::string, std::string> files = {
      {"bio.md",
       "I teach; see [teaching](/teaching/), my [CV](cv.pdf) and [old](papers/old.pdf).\n\n"
       "![Me](img/me.png) [run](javascript:alert(1)) [x](https://example.org/)\n\n"
       "[ref]: papers/ref.pdf\n\nA [reference][ref].\n"},
      {"pages/teaching.md",
       "+++\ntitle = \"Teaching\"\n+++\n# Teaching\n\n[slides](slides.pdf), "
       "[CV](../cv.pdf), [home](../), [top](#top)\n"},
      {"static/cv.pdf", "%PDF"}};
  CHECK(diagnostics_of(files) ==
        "content/bio.md:1:64: warning: a link to `papers/old.pdf`, which is not a file or page "
        "of the site (a file of yours belongs at content/static/papers/old.pdf)\n"
        "  ...each; see [teaching](/teaching/), my [CV](cv.pdf) and [old](papers/old.pdf).\n"
        "                                                                 ^\n"
        "content/bio.md:3:7: warning: an image to `img/me.png`, which is not a file or page of "
        "the site (a file of yours belongs at content/static/img/me.png)\n"
        "  ![Me](img/me.png) [run](javascript:alert(1)) [x](https://example.o...\n"
        "        ^\n"
        "content/bio.md:3:25: warning: a link to `javascript:alert(1)` is left out: a page links "
        "only to http, https, mailto and tel URLs and relative paths\n"
        "  ![Me](img/me.png) [run](javascript:alert(1)) [x](https://example.org/)\n"
        "                          ^\n"
        "content/bio.md:5:8: warning: a link to `papers/ref.pdf`, which is not a file or page of "
        "the site (a file of yours belongs at content/static/papers/ref.pdf)\n"
        "  [ref]: papers/ref.pdf\n"
        "         ^\n"
        "content/pages/teaching.md:6:10: warning: a link to `slides.pdf`, which is not a file or "
        "page of the site (a file of yours belongs at content/static/teaching/slides.pdf)\n"
        "  [slides](slides.pdf), [CV](../cv.pdf), [home](../), [top](#top)\n"
        "           ^\n");
}
