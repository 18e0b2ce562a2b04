// site.toml's [analytics]: each service's tag at the end of every page's <head> of the
// built site, in every language and on group sites; never in `serve`'s preview.
#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using testing::build_files;
using testing::build_files_with;
using testing::page_of;

namespace {

// A page's text from `from` to the end of </head> (the template's line of head_html
// ends in a blank line, as on every page), or "" without `from`.
std::string head_end(const std::string& page, const std::string& from) {
  size_t a = page.find(from);
  size_t b = page.find("</head>");
  return a == std::string::npos || b < a ? "" : page.substr(a, b + 7 - a);
}

const char* const kAllFour =
    "[analytics]\ngoatcounter = \"ada\"\nplausible = \"ada.example.org\"\n"
    "umami = \"4fb7fa4c-5b46-438d-94b3-3a8fb9bc2e8b\"\ngoogle = \"G-1A2B3C4D5E\"\n";

const std::string kAllFourTags =
    "<script data-goatcounter=\"https://ada.goatcounter.com/count\" async "
    "src=\"https://gc.zgo.at/count.js\"></script>\n"
    "<script defer data-domain=\"ada.example.org\" "
    "src=\"https://plausible.io/js/script.js\"></script>\n"
    "<script defer src=\"https://cloud.umami.is/script.js\" "
    "data-website-id=\"4fb7fa4c-5b46-438d-94b3-3a8fb9bc2e8b\" "
    "data-do-not-track=\"true\"></script>\n"
    "<script async src=\"https://www.googletagmanager.com/gtag/js?id=G-1A2B3C4D5E\"></script>\n"
    "<script>\nwindow.dataLayer = window.dataLayer || [];\n"
    "function gtag() { dataLayer.push(arguments); }\ngtag(\"js\", new Date());\n"
    "gtag(\"config\", \"G-1A2B3C4D5E\", { allow_google_signals: false, "
    "allow_ad_personalization_signals: false });\n</script>\n"
    "\n</head>";

}  // namespace

TEST_CASE("analytics: every page of the built site, in every language, and none in serve") {
  std::map<std::string, std::string> files = {
      {"site.toml",
       std::string("languages = [\"en\", \"zh\"]\n[person]\nname = \"Ada\"\n") + kAllFour},
      {"news.toml", "[[news]]\ndate = 2025-01-02\ntext = \"Hello.\"\n"},
      {"pages/teaching.md", "+++\ntitle = \"Teaching\"\n+++\nCourses.\n"},
      {"publications.toml",
       "[[publication]]\nid = \"p\"\ntitle = \"P\"\nauthors = [\"Ada\"]\nyear = 2024\n"},
  };
  BuildResult r = build_files(files);
  REQUIRE(r.diags.format_all() == "");
  int pages = 0;
  for (const auto& entry : r.output.files) {
    // A name, not a structured binding: clang 14 cannot capture those in INFO's lambda.
    const std::string& rel = entry.first;
    const auto& file = entry.second;
    if (!rel.ends_with(".html")) continue;
    // Redirects ("moved to ...") are no visit.
    if (file.bytes.find("http-equiv=\"refresh\"") != std::string::npos) continue;
    INFO(rel);
    CHECK(head_end(file.bytes, "<script data-goatcounter") == kAllFourTags);
    ++pages;
  }
  CHECK(pages >= 12);  // home, publications, a paper, news, teaching and 404, twice
  CHECK(head_end(page_of(r, "zh/teaching/index.html"), "<script data-goatcounter") == kAllFourTags);

  BuildOptions preview;
  preview.preview = true;
  BuildResult served = build_files_with(files, preview);
  REQUIRE(served.diags.format_all() == "");
  for (const auto& entry : served.output.files) {
    // A name, not a structured binding: clang 14 cannot capture those in INFO's lambda.
    const std::string& rel = entry.first;
    const auto& file = entry.second;
    INFO(rel);
    CHECK(file.bytes.find("goatcounter") == std::string::npos);
    CHECK(file.bytes.find("googletagmanager") == std::string::npos);
    CHECK(file.bytes.find("data-website-id") == std::string::npos);
    CHECK(file.bytes.find("data-domain") == std::string::npos);
  }
}

TEST_CASE("analytics: a group site's pages, and self-hosted services") {
  BuildResult r =
      build_files({{"site.toml",
                    "title = \"Lab\"\n[group]\nname = \"Lab\"\n[analytics]\n"
                    "goatcounter = \"https://stats.lab.example.org/count\"\n"
                    "plausible = \"lab.example.org\"\n"
                    "plausible_script = \"https://plausible.lab.example.org/js/script.js\"\n"
                    "umami = \"4FB7FA4C-5B46-438D-94B3-3A8FB9BC2E8B\"\n"
                    "umami_script = \"https://umami.lab.example.org/script.js\"\n"},
                   {"people/alice.toml", "name = \"Alice\"\nrole = \"phd\"\n"}});
  REQUIRE(r.diags.format_all() == "");
  const std::string tags =
      "<script data-goatcounter=\"https://stats.lab.example.org/count\" async "
      "src=\"https://stats.lab.example.org/count.js\"></script>\n"
      "<script defer data-domain=\"lab.example.org\" "
      "src=\"https://plausible.lab.example.org/js/script.js\"></script>\n"
      "<script defer src=\"https://umami.lab.example.org/script.js\" "
      "data-website-id=\"4FB7FA4C-5B46-438D-94B3-3A8FB9BC2E8B\" "
      "data-do-not-track=\"true\"></script>\n"
      "\n</head>";
  CHECK(head_end(page_of(r, "index.html"), "<script data-goatcounter") == tags);
  CHECK(head_end(page_of(r, "people/index.html"), "<script data-goatcounter") == tags);
  CHECK(head_end(page_of(r, "people/alice/index.html"), "<script data-goatcounter") == tags);
}

TEST_CASE("load error: [analytics]") {
  CHECK(testing::diagnostics_of(
            {{"site.toml",
              "[person]\nname = \"A\"\n[analytics]\ngoatcounter = \"Ada Site\"\n"
              "plausible = \"https://ada.example.org/\"\nplausible_script = \"http://x/s.js\"\n"
              "umami = \"4fb7fa4c\"\ngoogle = \"UA-12345-1\"\nmatomo = \"1\"\n"}}) ==
        "content/site.toml:4:15: error: `goatcounter` must be your GoatCounter site's code, such "
        "as \"ada\" (for ada.goatcounter.com), or its count URL such as "
        "\"https://ada.goatcounter.com/count\", not `Ada Site`\n"
        "  goatcounter = \"Ada Site\"\n"
        "                ^\n"
        "content/site.toml:5:13: error: `plausible` must be the site's domain as Plausible knows "
        "it, such as \"ada.example.org\" (no https:// and no path), not "
        "`https://ada.example.org/`\n"
        "  plausible = \"https://ada.example.org/\"\n"
        "              ^\n"
        "content/site.toml:6:20: error: `plausible_script` must be the https URL of a "
        "self-hosted Plausible's script, such as \"https://plausible.example.org/js/script.js\", "
        "not `http://x/s.js`\n"
        "  plausible_script = \"http://x/s.js\"\n"
        "                     ^\n"
        "content/site.toml:7:9: error: `umami` must be the website id Umami shows under Settings "
        "> Websites, a UUID such as \"4fb7fa4c-5b46-438d-94b3-3a8fb9bc2e8b\", not `4fb7fa4c`\n"
        "  umami = \"4fb7fa4c\"\n"
        "          ^\n"
        "content/site.toml:8:10: error: `google` must be a Google Analytics 4 measurement id, "
        "\"G-\" and letters and digits such as \"G-1A2B3C4D5E\", not `UA-12345-1` (Universal "
        "Analytics ids stopped counting in 2023)\n"
        "  google = \"UA-12345-1\"\n"
        "           ^\n"
        "content/site.toml:9:1: warning: unknown key `matomo` in [analytics]\n"
        "  matomo = \"1\"\n"
        "  ^\n");
  CHECK(testing::diagnostics_of({{"site.toml",
                                  "[person]\nname = \"A\"\n[analytics]\n"
                                  "umami_script = \"https://umami.example.org/script.js\"\n"}}) ==
        "content/site.toml:4:16: error: `umami_script` is where Umami's script is: set `umami` "
        "(the website id) too\n"
        "  umami_script = \"https://umami.example.org/script.js\"\n"
        "                 ^\n");
}
