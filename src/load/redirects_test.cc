// site.toml's [redirects]: the page each old path gets, where it is written, and the
// errors and warnings of keys and values that cannot work.
#include "load/redirects.h"

#include <doctest/doctest.h>

#include "support/test_site.h"

namespace sitegen {

using testing::build_files;
using testing::diagnostics_of;
using testing::page_of;

namespace {

const std::string kSite =
    "base_url = \"https://ex.org/sub/\"\n"
    "[person]\nname = \"Ada Example\"\n"
    "[redirects]\n";
const std::string kPubs =
    "[[publication]]\nid = \"fastpath\"\ntitle = \"Fast Path\"\nauthors = [\"Ada Example\"]\n"
    "date = \"2024-01-01\"\ntype = \"journal\"\nvenue = \"J\"\n";

}  // namespace

TEST_CASE("redirects: the old path answers from the file a static host serves it from") {
  CHECK(redirect_output_path("/about/") == "about/index.html");
  CHECK(redirect_output_path("/nmp.html") == "nmp.html");
  CHECK(redirect_output_path("/resume") == "resume.html");
  CHECK(redirect_output_path("/") == "index.html");
}

TEST_CASE("redirects: a page that sends the visitor on, below the base path, not in the sitemap") {
  BuildResult r = build_files({{"site.toml", kSite + "\"/publication/2024-fastpath\" = "
                                                     "\"publications/fastpath/\"\n"
                                                     "\"/ext/\" = \"https://example.org/lab/\"\n"},
                               {"publications.toml", kPubs}});
  INFO(r.diags.format_all());
  REQUIRE_FALSE(r.diags.has_errors());
  CHECK(r.diags.warning_count() == 0);
  CHECK(page_of(r, "publication/2024-fastpath.html") ==
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta name=\"color-scheme\" content=\"light dark\">\n"
        "<style>html{background:Canvas;color:CanvasText}</style>\n"
        "<meta name=\"robots\" content=\"noindex\">\n"
        "<title>This page has moved</title>\n"
        "<link rel=\"canonical\" href=\"https://ex.org/sub/publications/fastpath/\">\n"
        "<meta http-equiv=\"refresh\" content=\"0; url=/sub/publications/fastpath/\">\n"
        "</head>\n<body>\n<main>\n<h1>This page has moved</h1>\n"
        "<p>New address: <a href=\"/sub/publications/fastpath/\">"
        "https://ex.org/sub/publications/fastpath/</a></p>\n</main>\n</body>\n</html>\n");
  CHECK(page_of(r, "ext/index.html")
            .find("<meta http-equiv=\"refresh\" content=\"0; "
                  "url=https://example.org/lab/\">") != std::string::npos);
  std::string sitemap = page_of(r, "sitemap.xml");
  CHECK(sitemap.find("publications/fastpath/") != std::string::npos);
  CHECK(sitemap.find("ext/") == std::string::npos);
  CHECK(sitemap.find("2024-fastpath") == std::string::npos);
}

TEST_CASE("redirects: the page speaks the site's language") {
  BuildResult r = build_files(
      {{"site.toml",
        "language = \"de\"\n[person]\nname = \"Ada\"\n[redirects]\n\"/a/\" = \"/\"\n"}});
  std::string page = page_of(r, "a/index.html");
  CHECK(page.find("<html lang=\"de\">") != std::string::npos);
  CHECK(page.find("<h1>Diese Seite ist umgezogen</h1>") != std::string::npos);
  CHECK(page.find("<p>Neue Adresse: <a href=\"/\">/</a></p>") != std::string::npos);
}

TEST_CASE("redirects: keys and values that cannot work are errors at their place") {
  CHECK(diagnostics_of({{"site.toml", kSite + "\"/x/y.pdf\" = \"/\"\n\"rel/\" = \"/\"\n"
                                              "\"/js/\" = \"javascript:alert(1)\"\n"
                                              "\"/empty/\" = \"\"\n"}}) ==
        "content/site.toml:5:1: error: the redirect `/x/y.pdf` ends in `.pdf`: a redirect is an "
        "HTML page, so the old path must end in `/`, `.html` or a name without an extension\n"
        "  \"/x/y.pdf\" = \"/\"\n  ^\n"
        "content/site.toml:6:1: error: the redirect `rel/` must be a path from the site's root, "
        "starting with `/` (write \"/rel/\")\n"
        "  \"rel/\" = \"/\"\n  ^\n"
        "content/site.toml:7:10: error: the redirect from `/js/` leads to `javascript:alert(1)`: "
        "a redirect leads to a path of the site or an http or https address\n"
        "  \"/js/\" = \"javascript:alert(1)\"\n           ^\n"
        "content/site.toml:8:13: error: the redirect from `/empty/` leads nowhere: write the new "
        "path (\"publications/x/\") or a full address\n"
        "  \"/empty/\" = \"\"\n              ^\n");
}

TEST_CASE("redirects: one may not replace a page, and one to a page the site lacks is a warning") {
  CHECK(diagnostics_of({{"site.toml", kSite + "\"/publications/\" = \"publications/fastpath/\"\n"},
                        {"publications.toml", kPubs}}) ==
        "content/site.toml:5:1: error: the redirect from `/publications/` would replace "
        "/publications/, a page of the site; remove it from [redirects]\n"
        "  \"/publications/\" = \"publications/fastpath/\"\n  ^\n");
  CHECK(diagnostics_of({{"site.toml", kSite + "\"/old/\" = \"publications/nope/\"\n"}}) ==
        "content/site.toml:5:11: warning: the redirect from `/old/` leads to "
        "`publications/nope/`, which is not a file or page of the site\n"
        "  \"/old/\" = \"publications/nope/\"\n            ^\n");
}

}  // namespace sitegen
