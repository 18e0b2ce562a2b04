// BibTeX in whole sites: an al-folio papers.bib builds unchanged (read from a content
// folder made at test time from ../shared, never kept in the repo), and text from a .bib
// file cannot put markup into a page.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "site_build/build.h"
#include "support/shared_data.h"
#include "support/skip.h"
#include "support/test_dir.h"
#include "support/test_site.h"

namespace fs = std::filesystem;
using namespace sitegen;
using sitegen::testing::build_files;
using sitegen::testing::page_of;

namespace {

const fs::path kAlfolioBib = testing::kBibDir / "homepage-alfolio-user.bib";

size_t count(const std::string& haystack, const std::string& needle) {
  size_t n = 0;
  for (size_t at = 0; (at = haystack.find(needle, at)) != std::string::npos; at += needle.size())
    ++n;
  return n;
}

// The part of a page inside <main>, where content goes (the head has JSON-LD and metadata).
std::string main_of(const std::string& page) {
  size_t start = page.find("<main");
  size_t end = page.find("</main>");
  REQUIRE(start != std::string::npos);
  REQUIRE(end != std::string::npos);
  return page.substr(start, end - start);
}

// A page without the entries' own BibTeX (`<div class="bibtex ...">`), which is LaTeX as written.
// The page without its BibTeX blocks, and without the theme's words for its script
// (`data-text="{shown} of {total} ..."`), which are not the entries' text.
std::string without_bibtex(std::string page) {
  for (size_t at; (at = page.find("<div class=\"bibtex")) != std::string::npos;)
    page.erase(at, page.find("</div>", at) + 6 - at);
  for (size_t at; (at = page.find(" data-text=\"")) != std::string::npos;)
    page.erase(at, page.find('"', at + 12) + 1 - at);
  return page;
}

}  // namespace

TEST_CASE("al-folio: a papers.bib builds unchanged") {
  if (testing::skip_without(kAlfolioBib)) return;
  testing::TempDir tmp;
  const fs::path& dir = tmp.path;
  fs::create_directories(dir / "content");
  fs::copy_file(kAlfolioBib, dir / "content" / "papers.bib");
  std::ofstream(dir / "content" / "site.toml")
      << "title = \"Chen Chen\"\nbase_url = \"https://chenc10.github.io/\"\n"
         "[person]\nname = \"Chen Chen\"\n"
         "[publications]\nbibtex = [\"papers.bib\"]\n";
  BuildResult r = build_site(DiskSource((dir / "content").string()), BuildOptions{});
  INFO(r.diags.format_all());
  REQUIRE_FALSE(r.diags.has_errors());
  std::string bib = testing::slurp(kAlfolioBib);

  SUBCASE("every entry has a page, a duplicate key one for its first entry") {
    static const std::regex kEntry(R"(@([A-Za-z]+)\s*\{\s*([^,\s]+)\s*,)");
    std::set<std::string> pages;
    for (auto it = std::sregex_iterator(bib.begin(), bib.end(), kEntry);
         it != std::sregex_iterator(); ++it) {
      std::string type = (*it)[1].str(), key = (*it)[2].str();
      if (type == "string") continue;
      for (char& c : key) c = c == '_' ? '-' : c;  // the URL slug of the key
      pages.insert(key);  // zuo2024pas is two different papers: the first is kept
    }
    CHECK(pages.size() == 50);
    for (const std::string& slug : pages) {
      CAPTURE(slug);
      CHECK(r.output.files.count("publications/" + slug + "/index.html"));
      CHECK(r.output.files.count("publications/" + slug + "/" + slug + ".bib"));
    }
    CHECK_FALSE(r.output.files.count("publications/zuo2024pas-2/index.html"));
  }

  SUBCASE("escapes decoded, Unicode kept") {
    std::string lbbsp = main_of(page_of(r, "publications/chen-accelerating-2023/index.html"));
    CHECK(lbbsp.find("by up to 54%.") != std::string::npos);
    CHECK(lbbsp.find("\\%") == std::string::npos);
    CHECK(lbbsp.find("model training efficiency") != std::string::npos);  // ligature ﬁ: fi
    CHECK(lbbsp.find("workers’ load") != std::string::npos);
    CHECK(lbbsp.find("stragglers—workers") != std::string::npos);
    std::string pom = main_of(page_of(r, "publications/zhang2024optimizing/index.html"));
    CHECK(pom.find("75–90") == std::string::npos);  // pages are not shown on the page,
    CHECK(page_of(r, "publications/zhang2024optimizing/zhang2024optimizing.bib")
              .find("pages     = {75--90}") != std::string::npos);  // but kept in the BibTeX
    // No LaTeX left in any title, venue or author list of the publication list.
    std::string list = without_bibtex(main_of(page_of(r, "publications/index.html")));
    CHECK(list.find("<pre><code>@") == std::string::npos);
    CHECK(list.find('\\') == std::string::npos);
    CHECK(list.find("{") == std::string::npos);
  }

  SUBCASE("selected entries are on the home page, and only they") {
    std::string home = main_of(page_of(r, "index.html"));
    CHECK(count(home, "<li class=\"pub\" ") == 13);
    CHECK(count(bib, "selected={true}") == 14);  // one of them is the dropped second zuo2024pas
    for (const char* title : {"RetrievalAttention: Accelerating Long-Context LLM Inference via "
                              "Vector Retrieval",
                              "FedCA: Efficient Federated Learning with Client Autonomy",
                              "An Optimizing Framework on MLIR for Efficient FPGA-based "
                              "Accelerator Generation"}) {
      CAPTURE(title);
      CHECK(home.find(title) != std::string::npos);
    }
    CHECK(home.find("Towards Efficient Serving of Network-intensive LLM Inferences") ==
          std::string::npos);  // not selected
  }

  SUBCASE("abbr badges") {
    std::string list = main_of(page_of(r, "publications/index.html"));
    for (const char* abbr : {"ENLSP", "ICPP", "HPCA", "ASPLOS", "TPDS", "SoCC Poster", "Arxiv"}) {
      CAPTURE(abbr);
      CHECK(list.find(std::string("\">") + abbr + "</span></div>") != std::string::npos);
    }
    CHECK(list.find("<span class=\"pub-abbr\">ENLSP</span>") != std::string::npos);
  }

  SUBCASE("awards shown, their descriptions as notes") {
    std::string paper = main_of(page_of(r, "publications/di2024retrieval/index.html"));
    CHECK(paper.find("#award\"/></svg>Best Paper Award</li>") != std::string::npos);
    CHECK(paper.find(":trophy:") == std::string::npos);
    CHECK(paper.find("Awarded the best paper by <a "
                     "href=\"https://neurips2024-enlsp.github.io/index.html\">ENLSP</a>") !=
          std::string::npos);
    std::string list = main_of(page_of(r, "publications/index.html"));
    for (const char* award :
         {"Best Paper Award", "Excellent Paper Award", "Distinguished Artifact Award Runner-up",
          "Best In-Session Presentation Award"}) {
      CAPTURE(award);
      CHECK(list.find(std::string("#award\"/></svg>") + award + "</li>") != std::string::npos);
    }
    CHECK(list.find("Best Poster Award") == std::string::npos);  // the dropped zuo2024pas
  }
}

// ---- Someone else's text: HTML in a .bib abstract or note is shown, never run.

namespace {

const char* kHostileBib = R"bib(@inproceedings{evil,
  author = {Eve Mallory},
  title = {Innocent <b>Title</b>},
  booktitle = {Conf},
  year = 2024,
  abstract = {Read this. <script>alert(1)</script>

<img src=x onerror=alert(2)>

<div onmouseover="alert(3)">block html</div>},
  note = {See <a href="javascript:alert(4)">here</a> and <iframe src="https://evil.example"></iframe>},
}
@inproceedings{plain, author = {Eve Mallory}, title = {Plain}, booktitle = {Conf}, year = 2024,
  abstract = {An abstract with <em>emphasis</em>.}}
)bib";

const char* kSiteWithBib = "[person]\nname = \"Ada\"\n[publications]\nbibtex = [\"papers.bib\"]\n";

// No element or attribute that came from the .bib: its markup is text.
void check_inert(const std::string& html) {
  for (const char* bad : {"<script>alert", "<img src=x", "<div onmouseover", "<iframe",
                          "href=\"javascript:", "<b>Title</b>", "<em>emphasis</em>"}) {
    CAPTURE(bad);
    CHECK(html.find(bad) == std::string::npos);
  }
}

}  // namespace

TEST_CASE("bibtex safety: raw HTML in a .bib abstract or note is shown as text") {
  auto r = build_files({{"site.toml", kSiteWithBib}, {"papers.bib", kHostileBib}});
  REQUIRE_FALSE(r.diags.has_errors());
  for (const char* path : {"publications/evil/index.html", "publications/index.html",
                           "publications/plain/index.html"}) {
    CAPTURE(path);
    check_inert(page_of(r, path));
  }
  std::string evil = main_of(page_of(r, "publications/evil/index.html"));
  CHECK(evil.find("Read this. &lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(evil.find("&lt;img src=x onerror=alert(2)&gt;") != std::string::npos);
  CHECK(evil.find("Innocent &lt;b&gt;Title&lt;/b&gt;") != std::string::npos);
  CHECK(main_of(page_of(r, "publications/plain/index.html"))
            .find("An abstract with &lt;em&gt;emphasis&lt;/em&gt;.") != std::string::npos);
}

TEST_CASE("bibtex safety: publications.toml is the owner's text, and raw_html decides") {
  // An entry extending the .bib without its own abstract leaves the .bib's text untrusted.
  auto extended = build_files({{"site.toml", kSiteWithBib},
                               {"papers.bib", kHostileBib},
                               {"publications.toml",
                                "[[publication]]\nid = \"evil\"\n"
                                "selected = true\n"}});
  REQUIRE_FALSE(extended.diags.has_errors());
  check_inert(page_of(extended, "publications/evil/index.html"));
  check_inert(page_of(extended, "index.html"));

  // The owner's own abstract keeps its HTML; the .bib's note next to it does not.
  auto own =
      build_files({{"site.toml", kSiteWithBib},
                   {"papers.bib", kHostileBib},
                   {"publications.toml",
                    "[[publication]]\nid = \"evil\"\nabstract = \"Mine, <em>really</em>.\"\n"}});
  REQUIRE_FALSE(own.diags.has_errors());
  std::string page = main_of(page_of(own, "publications/evil/index.html"));
  CHECK(page.find("Mine, <em>really</em>.") != std::string::npos);
  CHECK(page.find("<iframe") == std::string::npos);
  CHECK(page.find("&lt;iframe") != std::string::npos);

  // raw_html = true vouches for the .bib's text; raw_html = false turns the owner's off.
  auto vouched =
      build_files({{"site.toml", kSiteWithBib},
                   {"papers.bib", kHostileBib},
                   {"publications.toml", "[[publication]]\nid = \"plain\"\nraw_html = true\n"}});
  REQUIRE_FALSE(vouched.diags.has_errors());
  CHECK(page_of(vouched, "publications/plain/index.html").find("<em>emphasis</em>") !=
        std::string::npos);
  auto off = build_files({{"publications.toml",
                           "[[publication]]\nid = \"x\"\ntitle = \"T\"\nauthors = [\"A\"]\n"
                           "abstract = \"<em>x</em>\"\nraw_html = false\n"}});
  REQUIRE_FALSE(off.diags.has_errors());
  std::string x = main_of(page_of(off, "publications/x/index.html"));
  CHECK(x.find("<em>x</em>") == std::string::npos);
  CHECK(x.find("&lt;em&gt;x&lt;/em&gt;") != std::string::npos);
}
