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

TEST_CASE("translate: check notes what a language lacks, after the warnings") {
  BuildOptions opts;
  opts.report_untranslated = true;
  std::map<std::string, std::string> files = kBilingual;
  files["news.toml"] += "[[news]]\ndate = \"2024-03\"\ntext = \"Hi\"\nlink = \"/nowhere/\"\n";
  BuildResult r = build_site(MemorySource(files), opts);
  CHECK(r.diags.format_all() ==
        "content/news.toml:8:8: warning: `link` links to `/nowhere/`, which is not a file or "
        "page of the site\n"
        "  link = \"/nowhere/\"\n"
        "         ^\n"
        "content/site.toml:6:1: note: `position` has no zh version (position_zh)\n"
        "  position = \"Professor\"\n"
        "  ^\n"
        "content/bio.md: note: bio.md has no zh version (bio.zh.md)\n"
        "content/news.toml:7:1: note: `text` has no zh version (text_zh)\n"
        "  text = \"Hi\"\n"
        "  ^\n"
        "content/pages/join.md: note: pages/join.md has no zh version (pages/join.zh.md)\n");
}

TEST_CASE("translate: check --strict and build --strict agree: a missing translation is no error") {
  BuildOptions check;
  check.report_untranslated = check.strict = true;
  BuildResult checked = build_site(MemorySource(kBilingual), check);
  CHECK_FALSE(checked.diags.has_errors());
  CHECK(checked.diags.note_count() == 3);
  BuildResult built = build_files(kBilingual, true);
  CHECK_FALSE(built.diags.has_errors());
  CHECK(built.diags.format_all() == "");
}

TEST_CASE("translate: names, places, abbreviations and numbers are not asked for") {
  BuildOptions opts;
  opts.report_untranslated = true;
  std::map<std::string, std::string> files = {
      {"site.toml",
       "title = \"Ada Example\"\nlanguages = [\"en\", \"de\"]\n"
       "[person]\nname = \"Ada Example\"\naffiliation = \"Example University\"\n"
       "address = [\"1 Example Street\", \"Springfield\"]\n"},
      {"talks.toml",
       "[[talk]]\ntitle = \"Cost Models for Sparse Kernels\"\n"
       "[[talk.given]]\nevent = \"PLDI 2025\"\nlocation = \"Seoul, South Korea\"\ndate = "
       "\"2025-06\"\n"},
      {"cv.toml",
       "[[section]]\ntitle = \"Service\"\ntitle_de = \"Gutachten\"\n"
       "[[section.entry]]\nwhat = \"PC\"\nwhere = \"PLDI '26\"\nstart = 2025\n"
       "[[section.entry]]\nwhat = \"2024\"\nwhere = \"Example University\"\nstart = 2024\n"
       "[[section.entry]]\nwhat = \"Reviewer\"\nwhere = \"ACM TOPLAS\"\nstart = 2023\n"}};
  BuildResult r = build_site(MemorySource(files), opts);
  CHECK(r.diags.format_all() ==
        "content/cv.toml:13:1: note: `what` has no de version (what_de)\n"
        "  what = \"Reviewer\"\n"
        "  ^\n");
}

TEST_CASE("translate: [same_in_all_languages] marks fields and texts as the same everywhere") {
  BuildOptions opts;
  opts.report_untranslated = true;
  std::map<std::string, std::string> files = {
      {"site.toml",
       "languages = [\"en\", \"de\"]\n[person]\nname = \"Ada\"\nposition = \"Professor\"\n"
       "[same_in_all_languages]\nfields = [\"position\", \"wat\"]\n"
       "texts = [\"Reviewer\", \"Program Committee\"]\n"},
      {"cv.toml",
       "[[section]]\ntitle = \"Service\"\ntitle_de = \"Gutachten\"\n"
       "[[section.entry]]\nwhat = \"Reviewer\"\nstart = 2023\n"
       "[[section.entry]]\nwhat = \"Program Committee\"\nstart = 2024\n"
       "[[section.entry]]\nwhat = \"Chair\"\nstart = 2025\n"}};
  BuildResult r = build_site(MemorySource(files), opts);
  CHECK(r.diags.format_all() ==
        "content/site.toml:6:23: warning: `wat` is not a field `check` asks to translate: "
        "expected title, description, position, interests, text, what or details (did you mean "
        "`what`?)\n"
        "  fields = [\"position\", \"wat\"]\n"
        "                        ^\n"
        "content/cv.toml:11:1: note: `what` has no de version (what_de)\n"
        "  what = \"Chair\"\n"
        "  ^\n");
}

TEST_CASE("translate: language tags are BCP 47 tags, and a name gets the tag to write") {
  CHECK(diagnostics_of(
            {{"site.toml", "languages = [\"en\", \"german\"]\n[person]\nname = \"A\"\n"}}) ==
        "content/site.toml:1:20: error: `languages` holds `german`, which is not a BCP 47 "
        "language tag such as \"en\", \"de\" or \"zh-Hant\" (write languages = [\"en\", \"de\"])\n"
        "  languages = [\"en\", \"german\"]\n"
        "                     ^\n");
  CHECK(diagnostics_of({{"site.toml", "language = \"zh_CN\"\n[person]\nname = \"A\"\n"}}) ==
        "content/site.toml:1:12: error: `language` is `zh_CN`, which is not a BCP 47 language "
        "tag such as \"en\", \"de\" or \"zh-Hant\" (write language = \"zh-CN\")\n"
        "  language = \"zh_CN\"\n"
        "             ^\n");
  // It once went into every page's <head> as it was written.
  CHECK(diagnostics_of({{"site.toml",
                         "languages = [\"en\", \"x\\\"><svg\\tonload=alert(1)>\"]\n"
                         "[person]\nname = \"A\"\n"},
                        {"news.toml", "[[news]]\ndate = 2025-01-02\ntext = \"Hello\"\n"}}) ==
        "content/site.toml:1:20: error: `languages` holds `x\"><svg\tonload=alert(1)>`, which is "
        "not a BCP 47 language tag such as \"en\", \"de\" or \"zh-Hant\"\n"
        "  languages = [\"en\", \"x\\\"><svg\\tonload=alert(1)>\"]\n"
        "                     ^\n");
}

TEST_CASE("translate: `language` and `languages` are not both set, and no tag twice") {
  CHECK(diagnostics_of({{"site.toml",
                         "language = \"en\"\nlanguages = [\"en\", \"de\", \"en\"]\n"
                         "[person]\nname = \"A\"\n"}}) ==
        "content/site.toml:1:1: error: `language` and `languages` are both set: the first of "
        "`languages` is the default language; leave `language` out\n"
        "  language = \"en\"\n"
        "  ^\n"
        "content/site.toml:2:26: error: `languages` names `en` twice\n"
        "  languages = [\"en\", \"de\", \"en\"]\n"
        "                           ^\n");
}

TEST_CASE("translate: a language named like a section or a page is an error") {
  // /cv/ once became the home page of the language `cv` (Chuvash) without a word.
  CHECK(diagnostics_of({{"site.toml", "languages = [\"en\", \"cv\"]\n[person]\nname = \"A\"\n"}}) ==
        "content/site.toml:1:20: error: `languages` holds `cv`, whose pages would be at /cv/, "
        "where the CV is: a language other than the first is published at /<tag>/\n"
        "  languages = [\"en\", \"cv\"]\n"
        "                     ^\n");
  CHECK(diagnostics_of({{"site.toml", "languages = [\"en\", \"de\"]\n[person]\nname = \"A\"\n"},
                        {"pages/de.md", "+++\ntitle = \"Deutsch\"\n+++\n"}}) ==
        "content/site.toml:1:20: error: `languages` holds `de`, whose pages would be at /de/, "
        "where the page pages/de.md is: a language other than the first is published at "
        "/<tag>/\n"
        "  languages = [\"en\", \"de\"]\n"
        "                     ^\n");
}

TEST_CASE("translate: a page in a language the site does not have is not published") {
  BuildResult r = build_files({{"pages/x.md", "+++\ntitle = \"X\"\n+++\n"},
                               {"pages/x.de.md", "+++\ntitle = \"X\"\n+++\n"},
                               {"pages/notes.v2.md", "+++\ntitle = \"Notes\"\n+++\n"}});
  CHECK(r.diags.format_all() ==
        "content/pages/x.de.md: warning: `de` is not one of the site's languages (`en`), so this "
        "version of pages/x.md is not published: add \"de\" to `languages` in site.toml, or "
        "rename the file\n");
  CHECK(r.output.files.count("x.de/index.html") == 0);
  CHECK(r.output.files.count("notes.v2/index.html") == 1);
  CHECK(diagnostics_of({{"site.toml", "languages = [\"en\", \"de\"]\n[person]\nname = \"A\"\n"},
                        {"pages/y.de.md", "+++\ntitle = \"Y\"\n+++\n"}}) ==
        "content/pages/y.de.md: warning: there is no pages/y.md, so its de version is not "
        "published: a page is in every language, and pages/y.md is the default language's\n");
}

TEST_CASE("translate: paths of translations") {
  CHECK(translated_path("pages/teaching.md", "zh") == "pages/teaching.zh.md");
  CHECK(translated_path("bio.md", "zh-Hant") == "bio.zh-Hant.md");
  CHECK(is_translation("pages/teaching.zh.md", {"en", "zh"}));
  CHECK_FALSE(is_translation("pages/teaching.md", {"en", "zh"}));
  CHECK_FALSE(is_translation("pages/v1.2.md", {"en", "zh"}));
}
