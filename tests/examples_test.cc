// End to end: build content/ and every example into memory and check what a visitor
// sees. Seed CVs in ../shared are read in place; without them those checks are skipped.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "markdown/markdown.h"
#include "site_build/build.h"
#include "support/shared_data.h"
#include "support/skip.h"
#include "support/test_dir.h"

namespace fs = std::filesystem;
using namespace sitegen;

namespace {

const fs::path kRoot = SITEGEN_SOURCE_DIR;
const fs::path& kSeeds = sitegen::testing::kSeedsDir;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

BuildResult build_dir(const std::string& rel) {
  BuildOptions opts;
  opts.strict = true;
  return build_site(DiskSource((kRoot / rel).string()), opts);
}

// A file of the output: a page's bytes, or a static file's, read from where it is copied from.
std::string page(const BuildResult& r, const std::string& path) {
  auto it = r.output.files.find(path);
  if (it == r.output.files.end()) return "";
  return it->second.copy_from.empty() ? it->second.bytes : slurp(it->second.copy_from);
}

// Titles as each seed CV writes them.
std::vector<std::string> seed_titles(const std::string& file) {
  std::string text = slurp(kSeeds / file);
  std::vector<std::string> titles;
  std::vector<std::regex> patterns;
  if (file.rfind("001", 0) == 0)
    patterns = {std::regex(R"(^- \d+\. (.+)\*\*$)"), std::regex(R"(^\d+\. \*\*(.+)\*\*$)")};
  else if (file.rfind("002", 0) == 0)
    patterns = {std::regex(R"(^- (?:[A-Za-z]+ '\d\d|Preprint) \*\*(.+)\*\*$)")};
  else if (file.rfind("003", 0) == 0)
    patterns = {std::regex(R"(^\(\d{4}\)\. (.+?)\. In .*$)")};
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    for (const std::regex& re : patterns)
      if (std::regex_match(line, m, re)) titles.push_back(m[1]);
  }
  return titles;
}

}  // namespace

TEST_CASE("examples: the starter content builds cleanly") {
  BuildResult r = build_dir("content");
  CHECK(r.diags.format_all() == "");
  CHECK(r.output.files.count("index.html"));
  CHECK(r.output.files.count("publications/index.html"));
  CHECK(r.output.files.count("news/feed.xml"));
  CHECK(r.output.files.count("404.html"));
}

TEST_CASE("examples: every example builds with --strict") {
  // Each folder of examples/, so a new example is checked without being named here.
  std::vector<std::string> names;
  for (const fs::directory_entry& e : fs::directory_iterator(kRoot / "examples"))
    if (e.is_directory()) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  REQUIRE(names.size() >= 4);
  for (const std::string& name : names) {
    CAPTURE(name);
    BuildResult r = build_dir("examples/" + name);
    CHECK(r.diags.format_all() == "");
    CHECK(r.pages > 5);
  }
}

TEST_CASE("examples: the lab shows teaser images and citation counts") {
  BuildResult r = build_dir("examples/lab");
  CHECK(r.diags.format_all() == "");
  std::string list = page(r, "publications/index.html");
  // Eight papers have a teaser (publications.toml adds them to group.bib's entries), each a
  // small SVG drawing of its own.
  size_t teasers = 0;
  for (size_t at = list.find("<img class=\"pub-teaser\""); at != std::string::npos;
       at = list.find("<img class=\"pub-teaser\"", at + 1))
    ++teasers;
  CHECK(teasers == 8);
  CHECK(list.find("<img class=\"pub-teaser\" src=\"/teasers/lab202545.svg\" alt=\"Rethinking "
                  "Fault-Tolerant Storage: Lessons from Sparse Model Serving\" width=\"160\" "
                  "height=\"100\" loading=\"lazy\" decoding=\"async\">") != std::string::npos);
  for (const char* id : {"lab202545", "lab202543", "lab202442", "lab202441", "lab202440",
                         "lab202337", "lab202336", "lab202335"}) {
    CAPTURE(id);
    std::string svg = page(r, std::string("teasers/") + id + ".svg");
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 320 200\"", 0) == 0);
    CHECK(svg.size() < 40 * 1024);
  }
  // citations.toml's counts, under the papers in the list and on their pages.
  CHECK(list.find("<p class=\"pub-citations\">Cited by 327</p>") != std::string::npos);
  CHECK(page(r, "publications/lab201400/index.html")
            .find("<p class=\"pub-citations\">Cited by 327</p>") != std::string::npos);
  // A count of 0 is not shown.
  std::string zero = page(r, "publications/lab202543/index.html");
  CHECK(zero.find("pub-citations") == std::string::npos);
}

TEST_CASE("examples: every seed publication has its title on /publications/ and a page") {
  if (sitegen::testing::skip_without(kSeeds)) return;
  struct Case {
    const char* seed;
    const char* example;
    size_t min_titles;
  };
  for (const Case& c : {Case{"001_d88746b3850601ac.txt", "qinghao-hu", 13},
                        Case{"002_babde3fec204dd88.txt", "qinghao-hu", 27},
                        Case{"003_d958a26d9d2ca438.txt", "han-zhao", 18}}) {
    CAPTURE(c.seed);
    BuildResult r = build_dir(std::string("examples/") + c.example);
    std::string list = page(r, "publications/index.html");
    std::vector<std::string> titles = seed_titles(c.seed);
    CHECK(titles.size() >= c.min_titles);
    for (const std::string& t : titles) {
      CAPTURE(t);
      CHECK(list.find(">" + html_escape(t) + "<") != std::string::npos);
    }
    size_t pages = 0;
    for (const auto& [path, _] : r.output.files)
      if (path.rfind("publications/", 0) == 0 && path.size() > 24 &&
          path.compare(path.size() - 10, 10, "index.html") == 0)
        ++pages;
    CHECK(pages >= titles.size());
  }
  // Seed 004 lists four papers in prose citations; their titles, read from the seed:
  std::string seed4 = slurp(kSeeds / "004_3f6120126cd1cca4.txt");
  BuildResult r = build_dir("examples/hao-wu");
  std::string list = page(r, "publications/index.html");
  for (const char* t :
       {"Concerto: Automatic Communication Optimization and Scheduling for Large-Scale Deep "
        "Learning",
        "Deep Context: A Context-aware, Cross-platform, and Cross-framework Tool for Performance "
        "Profiling and Analysis of Deep Learning Workloads",
        "Torch-Monitor: A Comprehensive Call Path Profiling Tool for PyTorch",
        "A Generic, High-Performance, Compression-Aware Framework for Data Parallel DNN "
        "Training"}) {
    CAPTURE(t);
    CHECK(seed4.find(t) != std::string::npos);
    CHECK(list.find(">" + html_escape(t) + "<") != std::string::npos);
  }
}

TEST_CASE("examples: the person is highlighted and the marker legend shown") {
  BuildResult r = build_dir("examples/qinghao-hu");
  std::string list = page(r, "publications/index.html");
  CHECK(list.find("<strong class=\"me\">Qinghao Hu</strong>") != std::string::npos);
  CHECK(list.find("Equal contribution") != std::string::npos);
  CHECK(list.find("Mentee") != std::string::npos);
}

TEST_CASE("examples: Hao Wu's list is numbered C1, C2, J1, P1") {
  std::string list = page(build_dir("examples/hao-wu"), "publications/index.html");
  for (const char* label : {">C1<", ">C2<", ">J1<", ">P1<"}) {
    CAPTURE(label);
    CHECK(list.find(label) != std::string::npos);
  }
}

TEST_CASE("examples: Hao Wu's site has teasers, projects and posts") {
  BuildResult r = build_dir("examples/hao-wu");
  CHECK(r.diags.format_all() == "");
  // Every paper has a teaser, an SVG drawing of its own with a title saying what it shows.
  std::string list = page(r, "publications/index.html");
  CHECK(list.find("<img class=\"pub-teaser\" src=\"/teasers/zhao2026deepcontext.svg\" alt=\"Deep "
                  "Context: A Context-aware, Cross-platform, and Cross-framework Tool for "
                  "Performance Profiling and Analysis of Deep Learning Workloads\" width=\"160\" "
                  "height=\"100\" loading=\"lazy\" decoding=\"async\">") != std::string::npos);
  for (const char* id :
       {"cheng2025concerto", "zhao2026deepcontext", "zhao2024torchmonitor", "wu2023compression"}) {
    CAPTURE(id);
    CHECK(list.find(std::string("src=\"/teasers/") + id + ".svg\"") != std::string::npos);
    std::string svg = page(r, std::string("teasers/") + id + ".svg");
    CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 320 200\"", 0) == 0);
    CHECK(svg.find("<title>") != std::string::npos);
    CHECK(svg.size() < 8 * 1024);
  }
  // The five projects of the CV, in their order; two of them on the home page.
  std::string projects = page(r, "projects/index.html");
  std::vector<std::string> titles;
  std::regex title_re("<h2 class=\"project-title\"><a href=\"/projects/([a-z-]+)/\">");
  for (std::sregex_iterator it(projects.begin(), projects.end(), title_re), end; it != end; ++it)
    titles.push_back((*it)[1]);
  CHECK(titles == std::vector<std::string>{"deepcontext", "easydist", "hipress",
                                           "zero-paddlepaddle", "resso"});
  std::string home = page(r, "index.html");
  CHECK(home.find("<h3 class=\"project-title\"><a href=\"/projects/deepcontext/\">DeepContext</a>"
                  "</h3>") != std::string::npos);
  CHECK(home.find("<h3 class=\"project-title\"><a href=\"/projects/hipress/\">HiPress</a></h3>") !=
        std::string::npos);
  CHECK(home.find("/projects/easydist/") == std::string::npos);
  // A project lists the paper it produced.
  CHECK(page(r, "projects/hipress/index.html").find("data-type=\"journal\" data-year=\"2023\"") !=
        std::string::npos);
  // A post cites two of the papers and ends with them as references, and has a footnote.
  std::string post = page(r, "posts/compression-to-profiling/index.html");
  CHECK(post.find("<li><a href=\"/publications/cheng2025concerto/\">Concerto: Automatic "
                  "Communication Optimization and Scheduling for Large-Scale Deep Learning</a>. "
                  "Shenggan Cheng, Shengjie Lin, Lansong Diao et al. ASPLOS &#39;25.</li>") !=
        std::string::npos);
  CHECK(post.find("PowerSGD<sup class=\"footnote-ref\"><a href=\"#fn-1\"") != std::string::npos);
  CHECK(home.find("<h3 class=\"post-title\"><a href=\"/posts/deep-context-asplos/\">Deep Context, "
                  "in a few paragraphs</a></h3>") != std::string::npos);
}

TEST_CASE("examples: Han Zhao's native name is shown beside the English one") {
  // In the visible heading of the home page, as site.toml gives it (native_name = "赵涵"),
  // not only in the metadata.
  std::string home = page(build_dir("examples/han-zhao"), "index.html");
  size_t open = home.find("<h1");
  size_t close = home.find("</h1>", open);
  REQUIRE(close != std::string::npos);
  CHECK(home.substr(open, close + 5 - open) ==
        "<h1 class=\"name\">Han Zhao <span class=\"native-name\">赵涵</span></h1>");
}

TEST_CASE("examples: two builds are byte-identical") {
  // The starter and Hao Wu's site have posts and projects: their pages, tag pages and feeds
  // are compared too.
  for (const char* dir : {"examples/qinghao-hu", "examples/hao-wu", "content"}) {
    CAPTURE(dir);
    BuildResult a = build_dir(dir);
    BuildResult b = build_dir(dir);
    REQUIRE(a.output.files.size() == b.output.files.size());
    for (const auto& entry : a.output.files) {
      const std::string& path = entry.first;  // not a structured binding: CAPTURE takes it
      CAPTURE(path);
      CHECK(entry.second.bytes == b.output.files.at(path).bytes);
    }
  }
  CHECK(build_dir("content").output.files.count("posts/tags/compilers/feed.xml") == 1);
}

TEST_CASE(
    "examples: the starter site in the onepage theme builds with --strict, byte-identically") {
  // content/ copied with `theme = "onepage"` and its paper's teaser shown, as the browser
  // checks build it (tests/browser/sites.mjs).
  testing::TempDir dir;
  fs::copy(kRoot / "content", dir.path, fs::copy_options::recursive);
  auto edit = [&](const std::string& file, const std::regex& from, const std::string& to) {
    std::string text = testing::slurp(dir.path / file);
    REQUIRE(std::regex_search(text, from));
    testing::write_file(dir.path / file, std::regex_replace(text, from, to));
  };
  edit("site.toml", std::regex("\ntheme = \"scholar\"\n"), "\ntheme = \"onepage\"\n");
  edit("publications.toml", std::regex("\n# preview = [^\n]*\n"),
       "\npreview = \"projects/fastpath.png\"\n");
  BuildOptions opts;
  opts.strict = true;
  BuildResult a = build_site(DiskSource(dir.path.string()), opts);
  BuildResult b = build_site(DiskSource(dir.path.string()), opts);
  CHECK(a.diags.format_all() == "");
  std::string home = page(a, "index.html");
  CHECK(home.find("<div class=\"wrap op-home\">") != std::string::npos);
  CHECK(std::regex_search(home,
                          std::regex("<img class=\"pub-teaser\" src=\"/img/[0-9a-f]+-192\\.webp\" "
                                     "srcset=\"[^\"]+ 192w, [^\"]+ 384w[^\"]*\" "
                                     "sizes=\"\\(max-width: 36rem\\) 12rem, 10rem\"")));
  REQUIRE(a.output.files.size() == b.output.files.size());
  for (const auto& entry : a.output.files) {
    const std::string& path = entry.first;
    CAPTURE(path);
    CHECK(entry.second.bytes == b.output.files.at(path).bytes);
  }
}
