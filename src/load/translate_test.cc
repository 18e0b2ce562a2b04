#include "load/translate.h"

#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using namespace sitegen::testing;

namespace {

const std::map<std::string, std::string> kBilingual = {
    {"site.toml",
     "title = \"Ada\"\ntitle_zh = \"艾达\"\nlanguages = [\"en\", \"zh\"]\n"
     "[person]\nname = \"Ada\"\nposition = \"Professor\"\naffiliation = \"Example University\"\n"
     "affiliation_zh = \"示例大学\"\n"},
    {"bio.md", "Hello.\n"},
    {"news.toml", "[[news]]\ndate = \"2024-02\"\ntext = \"Hello\"\ntext_zh = \"你好\"\n"},
    {"pages/teaching.md", "+++\ntitle = \"Teaching\"\nnav = true\n+++\nCourses.\n"},
    {"pages/teaching.zh.md", "+++\ntitle = \"教学\"\nnav = true\n+++\n课程。\n"},
    {"pages/join.md", "+++\ntitle = \"Join\"\n+++\nApply.\n"},
};

}  // namespace

TEST_CASE("translate: sibling keys and files give each language its texts") {
  BuildResult r = build_files(kBilingual);
  REQUIRE(r.diags.format_all() == "");
  std::string home = page_of(r, "zh/index.html");
  CHECK(home.find("<title>艾达</title>") != std::string::npos);
  CHECK(home.find("<p class=\"affiliation\">示例大学</p>") != std::string::npos);
  // Untranslated: in English, and marked so.
  CHECK(home.find("<p class=\"position\" lang=\"en\">Professor</p>") != std::string::npos);
  CHECK(home.find("<div class=\"bio prose\" lang=\"en\">") != std::string::npos);
  CHECK(home.find("<li class=\"news-item\"><time datetime=\"2024-02\">2024年2月</time><div "
                  "class=\"news-text\">你好</div></li>") != std::string::npos);
  CHECK(home.find("<li><a href=\"/zh/teaching/\">教学</a></li>") != std::string::npos);
  CHECK(page_of(r, "zh/teaching/index.html").find("<p>课程。</p>") != std::string::npos);
  CHECK(page_of(r, "zh/join/index.html")
            .find("<article class=\"prose page\" lang=\"en\">\n<h1 lang=\"en\">Join</h1>") !=
        std::string::npos);
  // The English site is as it was: no trace of the translations.
  std::string en = page_of(r, "index.html");
  CHECK(en.find("<p class=\"affiliation\">Example University</p>") != std::string::npos);
  CHECK(en.find("<p class=\"position\">Professor</p>") != std::string::npos);
  CHECK(r.output.files.count("teaching.zh/index.html") == 0);
  CHECK(page_of(r, "teaching/index.html").find("<p>Courses.</p>") != std::string::npos);
}

TEST_CASE("translate: check lists what a language lacks, an error with --strict") {
  BuildOptions opts;
  opts.report_untranslated = true;
  opts.strict = true;
  BuildResult r = build_site(MemorySource(kBilingual), opts);
  CHECK(r.diags.format_all() ==
        "content/site.toml:6:1: error: `position` has no zh version (position_zh)\n"
        "  position = \"Professor\"\n"
        "  ^\n"
        "content/bio.md: error: bio.md has no zh version (bio.zh.md)\n"
        "content/pages/join.md: error: pages/join.md has no zh version (pages/join.zh.md)\n");
}

TEST_CASE("translate: `languages` must agree with `language`") {
  CHECK(
      diagnostics_of({{"site.toml",
                       "language = \"de\"\nlanguages = [\"en\", \"de\", \"en\"]\n[person]\nname = "
                       "\"A\"\n"}}) ==
      "content/site.toml:2:13: error: `languages` starts with `en`, but `language` is `de`: "
      "the first of `languages` is the default language; leave `language` out\n"
      "  languages = [\"en\", \"de\", \"en\"]\n"
      "              ^\n"
      "content/site.toml:2:13: error: `languages` names `en` twice\n"
      "  languages = [\"en\", \"de\", \"en\"]\n"
      "              ^\n");
}

TEST_CASE("translate: paths of translations") {
  CHECK(translated_path("pages/teaching.md", "zh") == "pages/teaching.zh.md");
  CHECK(translated_path("bio.md", "zh-Hant") == "bio.zh-Hant.md");
  CHECK(is_translation("pages/teaching.zh.md", {"en", "zh"}));
  CHECK_FALSE(is_translation("pages/teaching.md", {"en", "zh"}));
  CHECK_FALSE(is_translation("pages/v1.2.md", {"en", "zh"}));
}
