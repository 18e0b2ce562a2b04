// The CV's sections filled from the publications and talks: which papers, in what
// groups, with the numbers, marks, highlighting and awards of /publications/.
#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using testing::build_files;
using testing::diagnostics_of;
using testing::page_of;

namespace {

const char* kSite =
    "[person]\nname = \"Ada Example\"\n"
    "[publications.markers]\n\"*\" = \"Equal contribution\"\n"
    "[publications.numbering]\nconference = \"C\"\njournal = \"J\"\n";

const char* kPubs =
    "[[publication]]\nid = \"c1\"\ntitle = \"First Conference Paper\"\n"
    "authors = [\"Ada Example*\", \"Grace Hopper*\"]\nvenue = \"PLDI '24\"\nyear = 2024\n"
    "award = \"Best Paper\"\nselected = true\n"
    "[[publication]]\nid = \"j1\"\ntitle = \"A Journal Article\"\n"
    "authors = [\"Grace Hopper\", \"Ada Example\"]\ntype = \"journal\"\n"
    "venue_full = \"Journal of Examples\"\nyear = 2023\n"
    "[[publication]]\nid = \"c2\"\ntitle = \"Second Conference Paper\"\n"
    "authors = [\"Ada Example\"]\nvenue = \"OSDI '25\"\nyear = 2025\n";

// The text between `from` and the next `to` in `page`.
std::string between(const std::string& page, const std::string& from, const std::string& to) {
  size_t a = page.find(from);
  if (a == std::string::npos) return "<no " + from + ">";
  return page.substr(a, page.find(to, a) - a);
}

}  // namespace

TEST_CASE("cv: publications by type, numbered, marked and highlighted as on /publications/") {
  BuildResult r = build_files({{"site.toml", kSite},
                               {"publications.toml", kPubs},
                               {"cv.toml",
                                "[[section]]\ntitle = \"Education\"\n[[section.entry]]\nwhat = "
                                "\"PhD\"\n[[section]]\ninclude = \"publications\"\n"
                                "[[section]]\ntitle = \"Service\"\n[[section.entry]]\nwhat = "
                                "\"Reviewer\"\n"}});
  CHECK(r.diags.format_all() == "");
  std::string cv = page_of(r, "cv/index.html");
  // The section sits where cv.toml puts it, between its own sections.
  CHECK(cv.find("id=\"education\"") < cv.find("id=\"publications\""));
  CHECK(cv.find("id=\"publications\"") < cv.find("id=\"service\""));
  CHECK(between(cv, "<dl class=\"legend\">", "</dl>") ==
        "<dl class=\"legend\">\n<div><dt>*</dt><dd>Equal contribution</dd></div>\n");
  CHECK(between(cv, "<h3", "</h3>") ==
        "<h3 class=\"cv-group\" id=\"publications-conference-papers\">Conference Papers");
  CHECK(between(cv, "<li class=\"cv-pub\">\n<span class=\"cv-pub-number\">C1", "</li>") ==
        "<li class=\"cv-pub\">\n<span class=\"cv-pub-number\">C1</span>\n"
        "<p class=\"cv-pub-body\"><span class=\"cv-pub-authors\"><span class=\"author\"><strong "
        "class=\"me\">Ada Example</strong><sup title=\"Equal contribution\">*</sup></span>, <span "
        "class=\"author\">Grace Hopper<sup title=\"Equal contribution\">*</sup></span></span> <a "
        "class=\"cv-pub-title\" href=\"/publications/c1/\">First Conference Paper</a> <span "
        "class=\"cv-pub-venue\"><span class=\"cv-venue\"></span><span "
        "class=\"cv-venue-short\">PLDI &#39;24</span><span class=\"cv-year\">2024</span></span> "
        "<span class=\"cv-award\"><svg class=\"icon\" aria-hidden=\"true\" "
        "focusable=\"false\"><use href=\"/assets/icons.svg#award\"/></svg>Best Paper</span></p>\n");
  // Newest first within a group, as on /publications/; the numbers follow the order read.
  CHECK(cv.find(">C2<") < cv.find(">C1<"));
  CHECK(cv.find(">C1<") < cv.find("Journal Articles"));
  CHECK(cv.find(">J1<") != std::string::npos);
  // No PDF was printed, so the page offers none.
  CHECK(cv.find("Download PDF") == std::string::npos);
}

TEST_CASE("cv: only selected papers, only some types, one list or by year") {
  auto cv_with = [](const std::string& section) {
    BuildResult r = build_files({{"site.toml", kSite},
                                 {"publications.toml", kPubs},
                                 {"cv.toml", "[[section]]\n" + section}});
    CHECK(r.diags.format_all() == "");
    return page_of(r, "cv/index.html");
  };
  std::string selected = cv_with("include = \"publications\"\nselected = true\n");
  CHECK(selected.find("First Conference Paper") != std::string::npos);
  CHECK(selected.find("Second Conference Paper") == std::string::npos);
  CHECK(selected.find("Journal Articles") == std::string::npos);
  std::string journals =
      cv_with("title = \"Journal Papers\"\ninclude = \"publications\"\ntypes = [\"journal\"]\n");
  CHECK(journals.find("<h2 id=\"journal-papers\">Journal Papers</h2>") != std::string::npos);
  CHECK(journals.find("A Journal Article") != std::string::npos);
  CHECK(journals.find("Conference Paper") == std::string::npos);
  std::string one = cv_with("include = \"publications\"\ngroup_by = \"none\"\n");
  CHECK(one.find("<h3") == std::string::npos);
  CHECK(one.find("Second Conference") < one.find("First Conference"));
  CHECK(one.find("First Conference") < one.find("A Journal Article"));
  std::string years = cv_with("include = \"publications\"\ngroup_by = \"year\"\n");
  CHECK(between(years, "<h3", "</h3>") == "<h3 class=\"cv-group\" id=\"publications-2025\">2025");
}

TEST_CASE("cv: talks, with every event where each was given") {
  BuildResult r = build_files(
      {{"talks.toml",
        "[[talk]]\ntitle = \"Sparse Tensors\"\n[[talk.given]]\nevent = \"PLDI\"\nlocation = "
        "\"Seoul\"\ndate = 2025-06-16\n[[talk.given]]\nevent = \"Colloquium\"\ndate = "
        "\"2024-04\"\n"},
       {"cv.toml", "[[section]]\ninclude = \"talks\"\n"}});
  CHECK(r.diags.format_all() == "");
  CHECK(between(page_of(r, "cv/index.html"), "<section", "</section>") ==
        "<section class=\"cv-section\" aria-labelledby=\"talks\">\n<h2 id=\"talks\">Talks</h2>\n"
        "<ol class=\"cv-entries cv-talks\">\n<li class=\"cv-entry\">\n<span "
        "class=\"cv-when\">2025</span>\n<div class=\"cv-body\">\n<p class=\"cv-head\"><span "
        "class=\"cv-title\"><span class=\"cv-what\">Sparse Tensors</span></span></p>\n"
        "<ul class=\"cv-given\">\n<li><span class=\"cv-event\">PLDI</span><span "
        "class=\"cv-where\">Seoul</span><time datetime=\"2025-06-16\">Jun 16, 2025</time></li>\n"
        "<li><span class=\"cv-event\">Colloquium</span><span class=\"cv-where\"></span><time "
        "datetime=\"2024-04\">Apr 2024</time></li>\n</ul>\n</div>\n</li>\n</ol>\n");
}

TEST_CASE("cv: the printed page carries the name and the paper size") {
  BuildResult r = build_files({{"site.toml",
                                "[person]\nname = \"Ada \\\"Ex\\\" </style>\"\n[cv]\npaper = "
                                "\"letter\"\n"},
                               {"cv.toml", "[[section]]\ntitle = \"E\"\n"}});
  CHECK(r.diags.format_all() == "");
  CHECK(between(page_of(r, "cv/index.html"), "<style media=\"print\">", "\n") ==
        "<style media=\"print\">@page cv { size: letter; @top-left { content: \"Ada \\22 Ex\\22  "
        "\\3c /style\\3e \"; } }</style>");
}

TEST_CASE("cv: the printed page's header names the site's address beside the name") {
  BuildResult r = build_files({{"site.toml",
                                "base_url = \"https://ada.example.org/repo/\"\n[person]\nname = "
                                "\"Ada Lovelace\"\n"},
                               {"cv.toml", "[[section]]\ntitle = \"E\"\n"}});
  CHECK(r.diags.format_all() == "");
  CHECK(between(page_of(r, "cv/index.html"), "<style media=\"print\">", "\n") ==
        "<style media=\"print\">@page cv { size: A4; @top-left { content: \"Ada Lovelace "
        "\xC2\xB7 ada.example.org/repo\"; } }</style>");
}

TEST_CASE("cv: mistakes in an included section and in [cv]") {
  CHECK(diagnostics_of({{"cv.toml",
                         "[[section]]\ninclude = \"publication\"\n"
                         "[[section]]\ninclude = \"publications\"\ntypes = [\"jornal\"]\n"
                         "[[section.entry]]\nwhat = \"X\"\n"}}) ==
        "content/cv.toml:2:11: error: unknown section include `publication` (did you mean "
        "`publications`?); expected one of: publications, talks\n"
        "  include = \"publication\"\n"
        "            ^\n"
        "content/cv.toml:5:9: error: unknown publication type `jornal` in `types` (did you mean "
        "`journal`?)\n"
        "  types = [\"jornal\"]\n"
        "          ^\n"
        "content/cv.toml:6:11: error: a section with `include = \"publications\"` is filled from "
        "your publications; it has no [[section.entry]]\n"
        "  [[section.entry]]\n"
        "            ^\n");
  CHECK(diagnostics_of({{"site.toml", "[person]\nname = \"A\"\n[cv]\npaper = \"A4\"\n"}}) ==
        "content/site.toml:4:9: error: unknown `paper` value `A4`: expected \"a4\" or "
        "\"letter\" (did you mean `a4`?)\n"
        "  paper = \"A4\"\n"
        "          ^\n");
}
