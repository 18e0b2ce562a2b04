// What a visitor sees of a publication: the venue line, and what author marks mean.
#include "view/view.h"

#include <doctest/doctest.h>

#include <fstream>
#include <iterator>

#include "support/test_site.h"
#include "view/venue_line.h"

using namespace sitegen;
using testing::build_files;
using testing::page_of;

namespace {

// The line of `page` that contains `needle`, or "<no line with ...>".
std::string line_with(const std::string& page, const std::string& needle) {
  size_t at = page.find(needle);
  if (at == std::string::npos) return "<no line with " + needle + ">";
  size_t start = page.rfind('\n', at) + 1;
  return page.substr(start, page.find('\n', at) - start);
}

}  // namespace

TEST_CASE("view: the venue line is written with its punctuation, so no stray comma or () shows") {
  BuildResult r = build_files(
      {{"publications.toml",
        "[[publication]]\nid = \"none\"\ntitle = \"T\"\nauthors = [\"Ada Example\"]\nyear = 2025\n"
        "[[publication]]\nid = \"full\"\ntitle = \"T\"\nauthors = [\"Ada Example\"]\n"
        "venue_full = \"Journal of Machine Learning Research\"\nyear = 2024\n"
        "[[publication]]\nid = \"both\"\ntitle = \"T\"\nauthors = [\"Ada Example\"]\n"
        "venue = \"PLDI '25\"\nvenue_full = \"Programming Language Design and Implementation\"\n"
        "date = 2025-06-16\n"
        "[[publication]]\nid = \"same\"\ntitle = \"T\"\nauthors = [\"Ada Example\"]\n"
        "venue = \"SOSP\"\nvenue_full = \"SOSP\"\nyear = 2023\n"
        "[[publication]]\nid = \"bare\"\ntitle = \"T\"\nauthors = [\"Ada Example\"]\n"
        "status = \"under-review\"\n"}});
  auto list_line = [&](const std::string& id) {
    std::string list = page_of(r, "publications/index.html");
    size_t at = list.find("href=\"/publications/" + id + "/\"");
    return line_with(list.substr(at), "pub-venue");
  };
  auto page_line = [&](const std::string& id) {
    return line_with(page_of(r, "publications/" + id + "/index.html"), "paper-venue");
  };
  CHECK(list_line("none") == "<p class=\"pub-venue\">2025</p>");
  CHECK(page_line("none") == "<p class=\"paper-venue\">2025</p>");
  // A full venue without a short one (most Scholar and DBLP BibTeX): no "()".
  CHECK(list_line("full") ==
        "<p class=\"pub-venue\">Journal of Machine Learning Research, 2024</p>");
  CHECK(page_line("full") ==
        "<p class=\"paper-venue\">Journal of Machine Learning Research, 2024</p>");
  CHECK(list_line("both") ==
        "<p class=\"pub-venue\">Programming Language Design and Implementation, 2025</p>");
  CHECK(page_line("both") ==
        "<p class=\"paper-venue\">Programming Language Design and "
        "Implementation (PLDI &#39;25), Jun 16, 2025</p>");
  CHECK(page_line("same") == "<p class=\"paper-venue\">SOSP, 2023</p>");
  CHECK(list_line("bare") ==
        "<p class=\"pub-venue\"><span class=\"badge badge-status\">Under review</span></p>");
  // The stylesheet adds no punctuation of its own around venues.
  std::string css = page_of(r, "assets/style.css");
  CHECK(css.find(".venue-short") == std::string::npos);
  CHECK(css.find(".pub-venue:empty, .paper-venue:empty") != std::string::npos);
}

TEST_CASE("view: the badge is the abbr, else a short venue, else the type, in one style") {
  BuildResult r = build_files(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n[publications]\ngroup_by = \"year\"\n"},
       {"publications.toml",
        "[[publication]]\nid = \"abbr\"\ntitle = \"T\"\nauthors = [\"A\"]\nyear = 2024\n"
        "abbr = \"PLDI\"\nvenue = \"PLDI '24\"\n"
        "[[publication]]\nid = \"venue\"\ntitle = \"T\"\nauthors = [\"A\"]\nyear = 2024\n"
        "venue = \"SC '24 Posters\"\ntype = \"poster\"\n"
        "[[publication]]\nid = \"long\"\ntitle = \"T\"\nauthors = [\"A\"]\nyear = 2024\n"
        "venue = \"Chinese Science Information Science 2024\"\ntype = \"journal\"\n"
        "[[publication]]\nid = \"wide\"\ntitle = \"T\"\nauthors = [\"A\"]\nyear = 2024\n"
        "venue = \"计算机学报第四十七卷\"\ntype = \"journal\"\n"
        "[[publication]]\nid = \"other\"\ntitle = \"T\"\nauthors = [\"A\"]\nyear = 2024\n"
        "type = \"other\"\n"}});
  std::string list = page_of(r, "publications/index.html");
  auto badge = [&](const std::string& id) {
    size_t at = list.rfind("<li class=\"pub\"", list.find("href=\"/publications/" + id + "/\""));
    return line_with(list.substr(at), "pub-abbr");
  };
  CHECK(badge("abbr") == "<div class=\"pub-label\"><span class=\"pub-abbr\">PLDI</span></div>");
  CHECK(badge("venue") ==
        "<div class=\"pub-label\"><span class=\"pub-abbr\">SC &#39;24 Posters</span></div>");
  // Too long for one line of the badge: the type, in the same badge.
  CHECK(badge("long") ==
        "<div class=\"pub-label\"><span class=\"pub-abbr pub-abbr-type\">Journal "
        "article</span></div>");
  CHECK(badge("wide") ==
        "<div class=\"pub-label\"><span class=\"pub-abbr pub-abbr-type\">Journal "
        "article</span></div>");
  // Type `other` is named as its group is.
  CHECK(badge("other") ==
        "<div class=\"pub-label\"><span class=\"pub-abbr pub-abbr-type\">Other</span></div>");
  CHECK(fits_badge("SC '24 Posters"));
  CHECK(fits_badge("计算机学报第四卷"));  // 8 wide characters: 16 columns
  CHECK_FALSE(fits_badge("计算机学报第四十卷"));
}

TEST_CASE("view: type other has one name in its badge and its heading, in every language") {
  // The badge (type.other) and the group's heading and filter (types.other) use one word,
  // in the singular and the plural where the language has them.
  const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> kNames = {
      {"en", {"Other", "Other"}}, {"de", {"Sonstiges", "Sonstiges"}}, {"fr", {"Autre", "Autres"}},
      {"es", {"Otra", "Otras"}},  {"pt", {"Outra", "Outras"}},        {"ja", {"その他", "その他"}},
      {"ko", {"기타", "기타"}},   {"zh", {"其他", "其他"}},           {"zh-Hant", {"其他", "其他"}},
  };
  for (const auto& entry : kNames) {
    const std::string& lang = entry.first;  // not a structured binding: CAPTURE's lambda
    const auto& names = entry.second;       // cannot name one in clang 14
    CAPTURE(lang);
    BuildResult r = build_files(
        {{"site.toml", "language = \"" + lang + "\"\n[person]\nname = \"Ada Example\"\n"},
         {"publications.toml",
          "[[publication]]\nid = \"r\"\ntitle = \"T\"\nauthors = [\"A\"]\nyear = 2024\n"
          "type = \"other\"\n"}});
    std::string list = page_of(r, "publications/index.html");
    CHECK(list.find("<span class=\"pub-abbr pub-abbr-type\">" + names.first + "</span>") !=
          std::string::npos);
    CHECK(list.find("<h2><span class=\"group-title\">" + names.second + "</span>") !=
          std::string::npos);
  }
}

TEST_CASE("view: author marks are explained on the home page and each paper page") {
  BuildResult r = build_files(
      {{"site.toml",
        "[person]\nname = \"Ada Example\"\n[publications.markers]\n\"*\" = \"Equal "
        "contribution\"\n\"†\" = \"Corresponding author\"\n\"§\" = \"Intern\"\n"},
       {"publications.toml",
        "[[publication]]\nid = \"a\"\ntitle = \"A\"\nauthors = [\"Ada Example*†\", \"Grace "
        "Hopper*\", \"Alan Turing‡\"]\nyear = 2025\nselected = true\n"
        "[[publication]]\nid = \"b\"\ntitle = \"B\"\nauthors = [\"Ada Example\"]\nyear = 2024\n"}});
  const char* legend =
      "<dl class=\"legend\">\n"
      "<div><dt>*</dt><dd>Equal contribution</dd></div>\n"
      "<div><dt>†</dt><dd>Corresponding author</dd></div>\n"
      "</dl>\n";
  std::string home = page_of(r, "index.html");
  CHECK(home.find("</ol>\n" + std::string(legend) +
                  "<p class=\"see-all\"><a href=\"/publications/\">") != std::string::npos);
  std::string paper = page_of(r, "publications/a/index.html");
  CHECK(line_with(paper, "paper-authors") ==
        "<div class=\"paper-authors\"><span class=\"author\"><strong class=\"me\">Ada "
        "Example</strong><sup title=\"Equal contribution; Corresponding author\">*†</sup></span>, "
        "<span class=\"author\">Grace Hopper<sup title=\"Equal contribution\">*</sup></span>, "
        "<span class=\"author\">Alan Turing<sup>‡</sup></span></div>");
  CHECK(paper.find(std::string(legend) + "</header>") != std::string::npos);
  // A paper without marks has no legend.
  CHECK(page_of(r, "publications/b/index.html").find("class=\"legend\"") == std::string::npos);
}

TEST_CASE("view: `language` sets <html lang>, the theme's words and dates") {
  BuildResult r = build_files({{"site.toml", "language = \"de\"\n[person]\nname = \"Ada\"\n"},
                               {"news.toml", "[[news]]\ndate = 2025-09-01\ntext = \"Hallo\"\n"}});
  std::string home = page_of(r, "index.html");
  CHECK(home.rfind("<!doctype html>\n<html lang=\"de\">\n", 0) == 0);
  CHECK(line_with(home, "Hallo") ==
        "<li class=\"news-item\"><time datetime=\"2025-09-01\">1. September 2025</time><div "
        "class=\"news-text\">Hallo</div></li>");
  CHECK(line_with(home, "<h2 id=\"news-h\">") == "<h2 id=\"news-h\">Neuigkeiten</h2>");
  std::ifstream starter(std::string(SITEGEN_SOURCE_DIR) + "/content/site.toml");
  std::string text((std::istreambuf_iterator<char>(starter)), {});
  CHECK(text.find("# the theme's labels (\"Publications\", \"News\", ...) and how dates are "
                  "written.") != std::string::npos);
}

TEST_CASE("view: a table's region is named in the page's language") {
  const char* page = "+++\ntitle = \"T\"\n+++\n| a |\n|---|\n| 1 |\n";
  BuildResult r =
      build_files({{"site.toml", "languages = [\"en\", \"de\"]\n[person]\nname = \"Ada\"\n"},
                   {"pages/t.md", page},
                   {"pages/t.de.md", page}});
  CHECK(line_with(page_of(r, "t/index.html"), "table-scroll") ==
        "<div class=\"table-scroll\" role=\"region\" aria-label=\"Table\" tabindex=\"0\"><table>");
  CHECK(
      line_with(page_of(r, "de/t/index.html"), "table-scroll") ==
      "<div class=\"table-scroll\" role=\"region\" aria-label=\"Tabelle\" tabindex=\"0\"><table>");
}

TEST_CASE("view: a content i18n file changes one word and keeps the others") {
  BuildResult r = build_files({{"site.toml", "language = \"zh-CN\"\n[person]\nname = \"Ada\"\n"},
                               {"i18n/zh.toml", "news = \"动态\"\nnewz = \"x\"\n"},
                               {"news.toml", "[[news]]\ndate = \"2025-09\"\ntext = \"Hallo\"\n"}});
  std::string home = page_of(r, "index.html");
  CHECK(line_with(home, "<h2 id=\"news-h\">") == "<h2 id=\"news-h\">动态</h2>");
  CHECK(line_with(home, "Hallo") ==
        "<li class=\"news-item\"><time datetime=\"2025-09\">2025年9月</time><div "
        "class=\"news-text\">Hallo</div></li>");
  CHECK(line_with(home, "see-all") == "<p class=\"see-all\"><a href=\"/news/\">全部新闻 →</a></p>");
  CHECK(r.diags.format_all().find("content/i18n/zh.toml:2:1: warning: unknown key `newz` in "
                                  "content/i18n/zh.toml: the i18n files' keys are those of the "
                                  "built-in en.toml (did you mean `news`?)") != std::string::npos);
}

// 400 papers with 20 topics each once made 5.9 GB: every topic page listed every topic.
TEST_CASE("view: a filter page lists a long kind of filter only on the main list") {
  std::string pubs;
  for (int i = 0; i < 40; ++i) {
    pubs += "[[publication]]\ntitle = \"Paper " + std::to_string(i) +
            "\"\nauthors = [\"Ada Example\"]\nyear = 2020\nvenue = \"V\"\ntype = \"journal\"\n"
            "tags = [\"Topic " +
            std::to_string(i) + "\"]\n";
  }
  auto r = build_files(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n"}, {"publications.toml", pubs}});
  std::string topic = page_of(r, "publications/tag/topic-7/index.html");
  CHECK(topic.find("<h2 class=\"filter-title\">Topic</h2>\n<ul>\n"
                   "<li><a href=\"/publications/tag/topic-7/\" data-param=\"topic\" "
                   "data-key=\"topic-7\" aria-current=\"page\">Topic 7 "
                   "<span class=\"filter-count\">1</span></a></li>\n"
                   "<li class=\"filter-more\"><a href=\"/publications/\">All 40 topics</a></li>\n"
                   "</ul>") != std::string::npos);
  CHECK(topic.find("Topic 8") == std::string::npos);
  // A short kind is listed whole everywhere.
  CHECK(topic.find("<h2 class=\"filter-title\">Year</h2>\n<ul>\n"
                   "<li><a href=\"/publications/year/2020/\" data-param=\"year\" "
                   "data-key=\"2020\">2020 "
                   "<span class=\"filter-count\">40</span></a></li>\n</ul>") != std::string::npos);
  std::string all = page_of(r, "publications/index.html");
  CHECK(all.find(">Topic 39 <span class=\"filter-count\">1</span></a></li>\n") !=
        std::string::npos);
  CHECK(all.find("filter-more") == std::string::npos);
}

TEST_CASE(
    "view: a list entry carries its teaser, its abstract and BibTeX folded, and its filter keys") {
  auto r = build_files(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n"},
       {"publications.toml",
        "[[publication]]\nid = \"gl\"\ntitle = \"Graphs & Models\"\nauthors = [\"Ada Example\"]\n"
        "venue = \"KDD\"\nyear = 2024\ntype = \"journal\"\ntags = [\"Graph learning\", \"LLM\"]\n"
        "preview = \"images/gl.png\"\nabstract = \"We *learn*.\"\n"}});
  std::string list = page_of(r, "publications/index.html");
  CHECK(line_with(list, "<li class=\"pub\"") ==
        "<li class=\"pub\" data-type=\"journal\" data-year=\"2024\" "
        "data-topics=\"graph-learning llm\">");
  CHECK(
      line_with(list, "pub-teaser") ==
      "<img class=\"pub-teaser\" src=\"/images/gl.png\" alt=\"Graphs &amp; Models\" width=\"160\" "
      "height=\"100\" loading=\"lazy\" decoding=\"async\">");
  CHECK(line_with(list, ">Abstract<") ==
        "<details class=\"pub-toggle\"><summary class=\"btn\">Abstract</summary><div "
        "class=\"pub-abstract prose\"><p>We <em>learn</em>.</p>");
  CHECK(list.find("<div class=\"bibtex pub-bibtex\"><pre><code>@article{gl,\n"
                  "  author  = {Example, Ada},\n") != std::string::npos);
  // The .bib file is downloaded from the paper's page, not from the list.
  CHECK(list.find("gl.bib") == std::string::npos);
  CHECK(
      page_of(r, "publications/gl/index.html").find("href=\"/publications/gl/gl.bib\" download") !=
      std::string::npos);
}

TEST_CASE(
    "view: a group of one type hides its entries' type label, and the main list alone filters in "
    "place") {
  std::string pubs =
      "[[publication]]\ntitle = \"A\"\nauthors = [\"Ada Example\"]\nyear = 2024\ntype = "
      "\"thesis\"\n"
      "[[publication]]\ntitle = \"B\"\nauthors = [\"Ada Example\"]\nyear = 2023\ntype = "
      "\"thesis\"\n";
  auto by_type = build_files(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n"}, {"publications.toml", pubs}});
  std::string list = page_of(by_type, "publications/index.html");
  CHECK(line_with(list, "<section") == "<section class=\"pub-group of-one-type\" id=\"theses\">");
  CHECK(line_with(list, "<script src") ==
        "<script src=\"/assets/publications.js?v=" +
            std::string(list, list.find("publications.js?v=") + 18, 8) +
            "\" defer data-live-reload=\"rerun\"></script>");
  CHECK(line_with(list, "<label") ==
        "<label for=\"pub-q\">Search titles, authors and venues</label>");
  CHECK(line_with(list, "role=\"status\"") ==
        "<p class=\"filter-status\" role=\"status\" data-text=\"{shown} of {total} publications "
        "shown\"></p>");
  CHECK(line_with(page_of(by_type, "publications/type/thesis/index.html"), "<section") ==
        "<section class=\"pub-group of-one-type\" id=\"all\">");
  std::string year = page_of(by_type, "publications/year/2024/index.html");
  CHECK(line_with(year, "<section") == "<section class=\"pub-group\" id=\"all\">");
  CHECK(year.find("publications.js") == std::string::npos);
  CHECK(year.find("pub-q") == std::string::npos);

  auto by_year = build_files(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n[publications]\ngroup_by = \"year\"\n"},
       {"publications.toml", pubs}});
  CHECK(line_with(page_of(by_year, "publications/index.html"), "<section") ==
        "<section class=\"pub-group\" id=\"2024\">");
}

TEST_CASE("view: a talk folds its abstract with the publications' toggle, beside its links") {
  BuildResult r = build_files(
      {{"talks.toml",
        "[[talk]]\ntitle = \"With\"\nabstract = \"We *talk*.\"\nslides = \"https://x.org/s.pdf\"\n"
        "[[talk.given]]\nevent = \"E\"\ndate = 2024-05-01\n"
        "[[talk]]\ntitle = \"Without\"\n[[talk.given]]\nevent = \"F\"\ndate = 2023-05-01\n"}});
  std::string talks = page_of(r, "talks/index.html");
  CHECK(talks.find("</ul>\n<div class=\"pub-actions\">\n<ul class=\"links\">\n<li><a class=\"btn\" "
                   "href=\"https://x.org/s.pdf\">") != std::string::npos);
  CHECK(line_with(talks, ">Abstract<") ==
        "<details class=\"pub-toggle\"><summary class=\"btn\">Abstract</summary><div "
        "class=\"pub-abstract prose\"><p>We <em>talk</em>.</p>");
  // A talk with neither links nor an abstract has no row of buttons.
  size_t without = talks.find(">Without<");
  CHECK(talks.find("pub-actions", without) == std::string::npos);
  CHECK(talks.find("<details", without) == std::string::npos);
}

// docs/content-format.md, "Text and Markdown": allow_javascript_urls = false covers URLs
// (links, images, URL attributes of the owner's tags); it is no sanitizer for the rest of
// the owner's own HTML, which is published as written.
TEST_CASE("view: allow_javascript_urls = false removes script URLs and keeps the owner's HTML") {
  auto r = build_files(
      {{"bio.md",
        "[Mail](javascript:steal()) <a href=\"javascript:steal()\" onclick=\"track()\">Contact</a>"
        " <img src=\"x.png\" onerror=\"ping()\">\n\n<script>window.owner = 1;</script>\n"}});
  std::string home = page_of(r, "index.html");
  CHECK(line_with(home, "Mail") ==
        "<p><a href=\"\">Mail</a> <a href=\"\" onclick=\"track()\">Contact</a> <img "
        "src=\"x.png\" onerror=\"ping()\"></p>");
  CHECK(line_with(home, "window.owner") == "<script>window.owner = 1;</script>");
}

TEST_CASE("view: an undated paper's filter page has one address in every language") {
  // The list's script matches the filter's key with each entry's data-year: both are
  // "undated", whatever the page's language calls such papers.
  BuildResult r = build_files(
      {{"site.toml", "title = \"A\"\nlanguage = \"de\"\n[person]\nname = \"Ada Example\"\n"},
       {"publications.toml",
        "[[publication]]\nid = \"a\"\ntitle = \"T\"\nauthors = [\"Ada Example\"]\nyear = 2024\n"
        "[[publication]]\nid = \"b\"\ntitle = \"U\"\nauthors = [\"Ada Example\"]\n"}});
  std::string list = page_of(r, "publications/index.html");
  CHECK(line_with(list, "data-key=\"undated\"") ==
        "<li><a href=\"/publications/year/undated/\" data-param=\"year\" data-key=\"undated\">"
        "Ohne Datum <span class=\"filter-count\">1</span></a></li>");
  CHECK(list.find("data-year=\"undated\"") != std::string::npos);
  CHECK(r.output.files.count("publications/year/undated/index.html") == 1);
  CHECK(r.output.files.count("publications/year/ohne-datum/index.html") == 0);
}
