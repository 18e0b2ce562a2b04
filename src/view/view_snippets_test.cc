// site.toml's [style] head and footer: files of the content folder that every page
// carries as they are, in `build` and `serve` alike.
#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using testing::build_files;
using testing::build_files_with;
using testing::page_of;

namespace {

const std::map<std::string, std::string> kSnippetSite = {
    {"site.toml",
     "languages = [\"en\", \"de\"]\n[person]\nname = \"Ada\"\n[style]\n"
     "head = \"snippets/head.html\"\nfooter = \"snippets/footer.html\"\n"
     "[analytics]\nplausible = \"ada.example.org\"\n"},
    {"snippets/head.html", "<meta name=\"fediverse:creator\" content=\"@ada@example.social\">"},
    {"snippets/footer.html",
     "<p>Hosted by <a href=\"https://example.org/\">Example</a> &amp; friends.</p>\n"},
    {"pages/teaching.md", "+++\ntitle = \"Teaching\"\n+++\nCourses.\n"},
};

// A page's text from `from` up to and including `to`.
std::string between(const std::string& page, const std::string& from, const std::string& to) {
  size_t a = page.find(from);
  if (a == std::string::npos) return "<no " + from + ">";
  size_t b = page.find(to, a);
  return b == std::string::npos ? "<no " + to + ">" : page.substr(a, b + to.size() - a);
}

}  // namespace

TEST_CASE("style: head and footer snippets on every page, as written") {
  BuildResult r = build_files(kSnippetSite);
  REQUIRE(r.diags.format_all() == "");
  for (const char* rel : {"index.html", "teaching/index.html", "de/index.html",
                          "de/teaching/index.html", "404.html"}) {
    INFO(rel);
    std::string page = page_of(r, rel);
    // After the analytics tags, last in <head>.
    CHECK(between(page, "<script defer data-domain", "</head>") ==
          "<script defer data-domain=\"ada.example.org\" "
          "src=\"https://plausible.io/js/script.js\"></script>\n"
          "<meta name=\"fediverse:creator\" content=\"@ada@example.social\">\n"
          "\n"
          "</head>");
    CHECK(between(page, "<p class=\"colophon\">", "</footer>")
              .ends_with(
                  "</p>\n"
                  "<div class=\"footer-extra\">\n"
                  "<p>Hosted by <a href=\"https://example.org/\">Example</a> &amp; friends.</p>\n"
                  "</div>\n"
                  "</div>\n"
                  "</footer>"));
  }
  // `serve` shows them too: they are the site's own HTML.
  BuildOptions preview;
  preview.preview = true;
  std::string served = page_of(build_files_with(kSnippetSite, preview), "index.html");
  CHECK(between(served, "<meta name=\"fediverse", "</head>") ==
        "<meta name=\"fediverse:creator\" content=\"@ada@example.social\">\n\n</head>");
  CHECK(served.find("data-domain") == std::string::npos);
  CHECK(served.find("<div class=\"footer-extra\">\n<p>Hosted by") != std::string::npos);
}

TEST_CASE("load error: [style] head and footer") {
  CHECK(testing::diagnostics_of({{"site.toml",
                                  "[person]\nname = \"A\"\n[style]\nhead = \"snippets/head.html\"\n"
                                  "footer = \"../footer.html\"\n"}}) ==
        "content/site.toml:4:8: error: `head` names `snippets/head.html`, which does not "
        "exist: expected the file at content/snippets/head.html\n"
        "  head = \"snippets/head.html\"\n"
        "         ^\n"
        "content/site.toml:5:10: error: `footer` must be a path to an HTML file in the content "
        "folder, such as \"snippets/footer.html\", not `../footer.html`\n"
        "  footer = \"../footer.html\"\n"
        "           ^\n");
}
