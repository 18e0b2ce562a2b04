// `sitegen migrate` on the upstream demo sites of ../shared/testdata/sites/ (al-folio,
// academicpages and three generations of Hugo Blox): each is told apart, migrates, and
// the new tree builds without an error or a warning, from the command line as in memory;
// then, per tree, what a user checks first: the counts, the owner highlighted, titles
// and a sentence of the biography verbatim, a redirect per old address, and every piece
// of template code left out named at its line.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <string>

#include "import/migrate.h"
#include "site_build/build.h"
#include "support/run_cli.h"
#include "support/shared_data.h"
#include "support/skip.h"
#include "support/test_dir.h"
#include "support/test_images.h"
#include "support/test_site.h"

namespace fs = std::filesystem;
using namespace sitegen;

namespace {

const fs::path& kSites = testing::kSitesDir;
using testing::kBibDir;

// Every file of a tree, by its path relative to the tree, plus `extra` files put in.
std::map<std::string, std::string> files_of(const fs::path& dir,
                                            std::map<std::string, std::string> extra = {}) {
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file())
      extra.emplace(fs::relative(e.path(), dir).generic_string(), testing::slurp(e.path()));
  return extra;
}

struct Migrated {
  Migration m;
  std::string report;
  BuildResult built;
};

Migrated migrate(const Source& old, SiteKind kind) {
  Migrated r;
  r.m = migrate_site(old, kind, "old", "new");
  r.report = format_report(r.m, kind, "old", "new", false);
  r.built = build_site(migrated_source(r.m, old, "new"), BuildOptions{});
  return r;
}

std::string file_of(const Migration& m, const std::string& rel) {
  auto it = m.files.find(rel);
  return it == m.files.end() ? "<missing " + rel + ">" : it->second;
}

// The lines of the report's part `part` ("  news:         3").
std::string part_line(const std::string& report, const std::string& part) {
  size_t at = report.find("\n  " + part + ":");
  if (at == std::string::npos) return "<no " + part + ">";
  size_t end = report.find('\n', at + 1);
  return report.substr(at + 1, end - at - 1);
}

bool has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

// Checks the page an old address answers with: it sends the browser to `to`.
void check_redirect(const BuildResult& b, const std::string& file, const std::string& to) {
  CAPTURE(file);
  std::string page = testing::page_of(b, file);
  CHECK(has(page, "<meta http-equiv=\"refresh\" content=\"0; url=" + to + "\">"));
  CHECK(has(page, "<h1>This page has moved</h1>"));
  CHECK(has(page, "New address: <a href=\"" + to + "\">"));
}

}  // namespace

TEST_CASE("migrate: each demo site is told apart by its files") {
  if (testing::skip_without(kSites)) return;
  for (auto [dir, kind] : {std::pair{"al-folio-demo", SiteKind::kAlFolio},
                           {"academicpages-demo", SiteKind::kAcademicPages},
                           {"hugo-blox-demo", SiteKind::kHugoBlox},
                           {"hugo-blox-demo-legacy", SiteKind::kHugoBlox},
                           {"hugo-blox-demo-2022", SiteKind::kHugoBlox}}) {
    std::string name = dir;
    CAPTURE(name);
    std::optional<SiteKind> found = detect_site_kind(DiskSource((kSites / dir).string()));
    REQUIRE(found);
    CHECK(site_kind_name(*found) == site_kind_name(kind));
  }
}

TEST_CASE("migrate: each demo site from the command line, and the result builds") {
  if (testing::skip_without(kSites)) return;
  testing::TempDir tmp;
  for (const char* dir : {"al-folio-demo", "academicpages-demo", "hugo-blox-demo",
                          "hugo-blox-demo-legacy", "hugo-blox-demo-2022"}) {
    std::string name = dir;
    CAPTURE(name);
    fs::path to = tmp.path / dir;
    testing::Run m = testing::run({"migrate", (kSites / dir).string(), to.string()});
    INFO(m.out, m.err);
    REQUIRE(m.code == 0);
    CHECK(has(m.out, "the new site builds with 0 errors and 0 warnings\n"));
    CHECK(has(m.out, "; next: sitegen build " + to.string() + " -o public/\n"));
    CHECK(fs::exists(to / "site.toml"));
    CHECK(fs::exists(to / "bio.md"));
    testing::Run b = testing::run(
        {"build", to.string(), "-o", (tmp.path / "public" / dir).string(), "--strict"});
    INFO(b.out, b.err);
    CHECK(b.code == 0);
    CHECK(fs::exists(tmp.path / "public" / dir / "index.html"));
  }
}

TEST_CASE("migrate: --dry-run writes nothing, and the new folder must be new or empty") {
  if (testing::skip_without(kSites)) return;
  testing::TempDir tmp;
  std::string old = (kSites / "hugo-blox-demo").string();
  testing::Run dry = testing::run({"migrate", old, (tmp.path / "new").string(), "--dry-run"});
  INFO(dry.out, dry.err);
  CHECK(dry.code == 0);
  CHECK(has(dry.out, "dry run: the hugo-blox site in " + old + " would become "));
  CHECK(has(dry.out, "nothing was written (--dry-run)\n"));
  CHECK_FALSE(fs::exists(tmp.path / "new"));

  testing::write_file(tmp.path / "full" / "keep.txt", "mine");
  testing::Run full = testing::run({"migrate", old, (tmp.path / "full").string()});
  CHECK(full.code != 0);
  CHECK(has(full.err, "sitegen: error: "));
  CHECK(testing::slurp(tmp.path / "full" / "keep.txt") == "mine");
  CHECK_FALSE(fs::exists(tmp.path / "full" / "site.toml"));

  testing::Run wrong =
      testing::run({"migrate", old, (tmp.path / "x").string(), "--from", "jekyll"});
  CHECK(wrong.code != 0);
  CHECK(wrong.err ==
        "sitegen: unknown template `jekyll` for --from: expected al-folio, academicpages or "
        "hugo-blox\n");
}

TEST_CASE("migrate: the al-folio demo, with a .bib where it leaves its papers.bib out") {
  if (testing::skip_without(kSites) || testing::skip_without(kBibDir)) return;
  std::string bib = testing::slurp(kBibDir / "homepage-alfolio-user.bib");
  MemorySource old(files_of(kSites / "al-folio-demo", {{"_bibliography/papers.bib", bib}}), "old");
  Migrated r = migrate(old, SiteKind::kAlFolio);
  INFO(r.report);
  REQUIRE(r.m.build_errors == 0);
  CHECK_FALSE(r.built.diags.has_errors());
  // The one warning is the .bib's own: a key it has twice.
  REQUIRE(r.built.diags.warning_count() == 1);
  CHECK(has(r.built.diags.all()[0].message, "duplicate key `zuo2024pas`"));

  CHECK(part_line(r.report, "profile") ==
        "  profile:      You R. Name, position, email, address, 5 links, highlighted in author "
        "lists also as \"Albert Einstein\", \"A. Einstein\"");
  CHECK(has(part_line(r.report, "publications"),
            " in _bibliography/papers.bib, kept as papers.bib and named in site.toml"));
  CHECK(part_line(r.report, "news") == "  news:         3");
  CHECK(part_line(r.report, "cv") == "  cv:           17 entries in 7 sections from _data/cv.yml");
  CHECK(part_line(r.report, "pages") == "  pages:        2, 3 posts, 3 projects");
  CHECK(r.m.copies.at("papers.bib") == "_bibliography/papers.bib");
  CHECK(has(file_of(r.m, "site.toml"), "bibtex = [\"papers.bib\"]\n"));

  CHECK(has(file_of(r.m, "bio.md"),
            "Write your biography here. Tell the world about yourself. Link to your favorite "
            "[subreddit](http://reddit.com)."));
  // A link to the publications page the old site had stays a link: the new site has one.
  CHECK(
      has(file_of(r.m, "bio.md"), "render your [publications page](/publications/) automatically"));
  CHECK(has(file_of(r.m, "news.toml"), "A simple inline announcement."));
  CHECK(has(file_of(r.m, "pages/blog/2015/math.md"), "title = \"a post with math\""));

  // The news item with a page of its own moved under /news-archive/: its old address follows.
  CHECK(has(file_of(r.m, "site.toml"),
            "[redirects]\n\"/news/announcement_2/\" = \"news-archive/announcement_2/\"\n"));
  // The site stays below /al-folio/, as the old one was.
  check_redirect(r.built, "news/announcement_2/index.html",
                 "/al-folio/news-archive/announcement_2/");

  // Every piece of Liquid left out, at its file, line and column.
  for (const char* line :
       {"  _projects/1_project.md:47:75: left out Liquid `{% cite einstein1950meaning %}`\n",
        "  _posts/2023-07-12-post-bibliography.md:13:199: left out Liquid `{% cite "
        "einstein1950meaning %}`\n",
        "  _posts/2023-07-12-post-bibliography.md:13:255: left out Liquid `{% cite "
        "einstein1950meaning einstein1905movement %}`\n",
        "  _posts/2023-07-12-post-bibliography.md:13:329: left out Liquid `{% reference "
        "einstein1905movement %}`\n",
        "  _posts/2023-07-12-post-bibliography.md:22:75: left out Liquid `{% post_url "
        "2018-12-22-distill %}`\n"})
    CHECK(has(r.report, line));
}

TEST_CASE("migrate: the al-folio demo as it is, without its papers.bib") {
  if (testing::skip_without(kSites)) return;
  Migrated r = migrate(DiskSource((kSites / "al-folio-demo").string()), SiteKind::kAlFolio);
  INFO(r.report);
  REQUIRE(r.m.build_errors == 0);
  CHECK(r.built.diags.warning_count() == 0);
  CHECK(part_line(r.report, "publications") ==
        "  publications: none: the old site has no _bibliography/papers.bib");
  CHECK_FALSE(has(file_of(r.m, "site.toml"), "bibtex"));
  // The link to a publications page the new site does not have: its text kept, and said.
  CHECK(has(file_of(r.m, "bio.md"), "Jekyll will render your publications page automatically."));
  CHECK(has(r.report,
            "  the biography: left out the link to `/publications/`: the new site has "
            "no such page\n"));
  CHECK(has(r.report,
            "  _pages/repositories.md:10:1: left out Liquid `{% if "
            "site.data.repositories.github_users %}` … `{% endif %}` (to line 36)\n"));
}

TEST_CASE("migrate: the academicpages demo") {
  if (testing::skip_without(kSites)) return;
  Migrated r =
      migrate(DiskSource((kSites / "academicpages-demo").string()), SiteKind::kAcademicPages);
  INFO(r.report);
  REQUIRE(r.m.build_errors == 0);
  CHECK(r.built.diags.warning_count() == 0);
  CHECK(part_line(r.report, "publications") == "  publications: 5 from _publications/");
  CHECK(part_line(r.report, "talks") == "  talks:        4 from _talks/");
  CHECK(part_line(r.report, "cv") == "  cv:           5 entries in 4 sections from _data/cv.json");
  CHECK(part_line(r.report, "redirects") == "  redirects:    17");

  std::string pubs = file_of(r.m, "publications.toml");
  CHECK(has(pubs, "title = \"Paper Title Number 1\"\n"));
  CHECK(has(pubs, "title = \"Paper Title Number 5, with math $E=mc^2$\"\n"));
  CHECK(
      has(file_of(r.m, "talks.toml"), "title = \"Tutorial 1 on Relevant Topic in Your Field\"\n"));
  CHECK(has(file_of(r.m, "bio.md"),
            "This is the front page of a website that is powered by the [Academic Pages "
            "template](https://github.com/academicpages/academicpages.github.io) and hosted on "
            "GitHub pages."));
  // The owner, named in the citation strings as "Your Name, You.", is highlighted.
  CHECK(has(file_of(r.m, "site.toml"), "aliases = [\"Your Name\", \"Your Name, You.\"]\n"));
  CHECK(has(testing::page_of(r.built, "publications/index.html"),
            "<strong class=\"me\">Your Name, You.</strong>"));

  // A redirect per old publication address (the fifth paper repeats the fourth's
  // permalink, so that address leads to the fourth, as it did).
  for (const char* key : {"2009-10-01-paper-title-number-1", "2010-10-01-paper-title-number-2",
                          "2015-10-01-paper-title-number-3", "2024-02-17-paper-title-number-4"})
    check_redirect(r.built, std::string("publication/") + key + ".html",
                   std::string("/publications/") + key + "/");
  CHECK(has(r.report,
            "  _publications/2025-06-08-paper-title-number-5.md:1:1: its permalink "
            "/publication/2024-02-17-paper-title-number-4 is also that of "
            "_publications/2024-02-17-paper-title-number-4.md"));
  check_redirect(r.built, "talks/2012-03-01-talk-1.html", "/talks/");
  // The old home page's other addresses lead home.
  CHECK(has(file_of(r.m, "site.toml"), "\"/about/\" = \"/\"\n\"/about.html\" = \"/\"\n"));
  check_redirect(r.built, "about/index.html", "/");
  check_redirect(r.built, "about.html", "/");
  // A file a page links to is copied when the old site has it.
  CHECK(r.m.copies.at("static/files/bibtex1.bib") == "files/bibtex1.bib");
}

TEST_CASE("migrate: the Hugo Blox demos of three generations") {
  if (testing::skip_without(kSites)) return;
  struct Tree {
    const char* dir;
    const char* owner;
    const char* bio;
    const char* talk;
    const char* cv;
    const char* redirect_from;  // an old publication address, or ""
  };
  for (const Tree& t : {
           Tree{"hugo-blox-demo", "Dr. Alex Johnson",
                "Alex Johnson is a Senior AI Research Scientist at Meta AI.",
                "Create Beautiful Presentations with Markdown",
                "  cv:           10 entries in 5 sections", ""},
           Tree{"hugo-blox-demo-legacy", "吳健雄",
                "Chien Shiung Wu is a professor of artificial intelligence at the Stanford AI Lab.",
                "Example Talk", "  cv:           13 entries in 5 sections",
                "publication/journal-article/"},
           Tree{"hugo-blox-demo-2022", "Alice Bighetti 吳恩達",
                "Alice Bighetti is a professor of artificial intelligence at the Stanford AI Lab.",
                "Example Talk", "  cv:           11 entries in 4 sections",
                "publication/journal-article/"},
       }) {
    std::string dir = t.dir;
    CAPTURE(dir);
    Migrated r = migrate(DiskSource((kSites / t.dir).string()), SiteKind::kHugoBlox);
    INFO(r.report);
    REQUIRE(r.m.build_errors == 0);
    CHECK(r.built.diags.warning_count() == 0);
    CHECK(has(part_line(r.report, "publications"), "  publications: 3 from content/publication"));
    CHECK(part_line(r.report, "talks") == "  talks:        1");
    CHECK(part_line(r.report, "cv") == std::string(t.cv));
    std::string pubs = file_of(r.m, "publications.toml");
    CHECK(has(pubs, "title = \"An example preprint / working paper\"\n"));
    CHECK(has(pubs, "title = \"An example journal article\"\n"));
    CHECK(has(pubs, "title = \"An example conference paper\"\n"));
    // Hugo Blox's `author_notes` ("Equal contribution") became marks.
    CHECK(has(pubs, std::string("authors = [\"") + t.owner + "*\", \"Robert Ford*\"]\n"));
    CHECK(has(testing::page_of(r.built, "publications/journal-article/index.html"),
              std::string("<strong class=\"me\">") + t.owner + "</strong>"));
    CHECK(has(file_of(r.m, "bio.md"), t.bio));
    CHECK(has(file_of(r.m, "talks.toml"), std::string("title = \"") + t.talk + "\"\n"));
    if (*t.redirect_from)
      check_redirect(r.built, std::string(t.redirect_from) + "index.html",
                     "/publications/journal-article/");
  }
}

TEST_CASE("migrate: each Hugo shortcode left out is named at its line") {
  if (testing::skip_without(kSites)) return;
  Migrated r = migrate(DiskSource((kSites / "hugo-blox-demo-2022").string()), SiteKind::kHugoBlox);
  for (const char* line :
       {"  content/home/gallery.md:19:1: left out Hugo shortcode `{{< gallery album=\"demo\" "
        ">}}`\n",
        "  content/post/writing-technical-content/index.md:126:1: left out Hugo shortcode `{{< "
        "chart data=\"line-chart\" >}}`\n",
        "  content/post/writing-technical-content/index.md:386:1: left out Hugo shortcode `{{< "
        "icon name=\"terminal\" pack=\"fas\" >}}`\n"})
    CHECK(has(r.report, line));
  CHECK(has(r.report, "  content/home/demo-hero.md: the `hero` widget is not imported\n"));
  // The widget's title "Accomplish&shy;ments" keeps its soft hyphen, as a character.
  CHECK(has(file_of(r.m, "cv.toml"), "title = \"Accomplish\u00ADments\"\n"));
}

TEST_CASE("migrate: invalid YAML front matter is named at its line and the rest migrates") {
  if (testing::skip_without(kSites)) return;
  testing::TempDir tmp;
  fs::path old = tmp.path / "old";
  fs::copy(kSites / "academicpages-demo", old, fs::copy_options::recursive);
  // A quote inside a single-quoted string, as real sites have it: YAML ends the string
  // there and the line goes on.
  fs::path broken = old / "_publications" / "2010-10-01-paper-title-number-2.md";
  std::string text = testing::slurp(broken);
  const std::string good = "excerpt: 'This paper is about";
  REQUIRE(text.find(good) != std::string::npos);
  text.replace(text.find(good), good.size(), "excerpt: 'This paper isn't about");
  testing::write_file(broken, text);

  testing::Run m = testing::run({"migrate", old.string(), (tmp.path / "new").string()});
  INFO(m.out, m.err);
  REQUIRE(m.code == 0);
  // Line 6, column 26: where the string has ended and text goes on.
  CHECK(has(m.out,
            "\n  _publications/2010-10-01-paper-title-number-2.md:6:26: invalid front matter; "
            "the file is skipped: invalid YAML: did not find expected key while parsing a block "
            "mapping\n"));
  // The other four papers, the talks and the CV came over, and the site builds.
  CHECK(part_line(m.out, "publications") == "  publications: 4 from _publications/");
  CHECK(part_line(m.out, "talks") == "  talks:        4 from _talks/");
  CHECK(has(m.out, "the new site builds with 0 errors and 0 warnings\n"));
  std::string pubs = testing::slurp(tmp.path / "new" / "publications.toml");
  CHECK(has(pubs, "title = \"Paper Title Number 1\"\n"));
  CHECK_FALSE(has(pubs, "Paper Title Number 2"));
  CHECK(testing::slurp(old / "_publications" / "2010-10-01-paper-title-number-2.md") == text);
}

TEST_CASE("migrate: the report says in one line that posts and projects became pages") {
  if (testing::skip_without(kSites)) return;
  struct Tree {
    const char* dir;
    SiteKind kind;
    const char* line;
  };
  for (const Tree& t : {
           Tree{"al-folio-demo", SiteKind::kAlFolio, "3 posts and 3 projects became pages"},
           Tree{"academicpages-demo", SiteKind::kAcademicPages,
                "3 posts and 2 projects became pages"},
           Tree{"hugo-blox-demo", SiteKind::kHugoBlox, "3 posts and 3 projects became pages"},
           Tree{"hugo-blox-demo-legacy", SiteKind::kHugoBlox,
                "3 posts and 3 projects became pages"},
           Tree{"hugo-blox-demo-2022", SiteKind::kHugoBlox, "2 posts and 1 project became pages"},
       }) {
    std::string dir = t.dir;
    CAPTURE(dir);
    Migration m = migrate_site(DiskSource((kSites / t.dir).string()), t.kind, "old", "new");
    std::string report = format_report(m, t.kind, "old", "new", false);
    INFO(report);
    CHECK(has(report, "check by hand:\n"));
    CHECK(has(report, std::string("\n  pages/: ") + t.line +
                          ": sitegen has no collections for posts and projects yet\n"));
  }
}

TEST_CASE("migrate: the owner's photo is copied into static/ and named in site.toml") {
  if (testing::skip_without(kSites)) return;
  struct Tree {
    const char* dir;
    const char* photo;     // where the template keeps it (the demos ship none)
    const char* new_path;  // below static/ in the new site
  };
  for (const Tree& t : {Tree{"academicpages-demo", "images/profile.png", "images/profile.png"},
                        Tree{"hugo-blox-demo", "assets/media/authors/me.png", "avatar.png"}}) {
    CAPTURE(t.dir);
    testing::TempDir tmp;
    fs::path old = tmp.path / "old";
    fs::copy(kSites / t.dir, old, fs::copy_options::recursive);
    fs::create_directories((old / t.photo).parent_path());
    std::string png = testing::test_png(64, 64);
    testing::write_file(old / t.photo, png);
    testing::Run m = testing::run({"migrate", old.string(), (tmp.path / "new").string()});
    INFO(m.out, m.err);
    REQUIRE(m.code == 0);
    CHECK_FALSE(has(m.out, "no photo found"));
    CHECK_FALSE(has(m.out, "is not in the old site: add it to static/"));
    CHECK(has(testing::slurp(tmp.path / "new" / "site.toml"),
              "photo = \"" + std::string(t.new_path) + "\"\n"));
    CHECK(testing::slurp(tmp.path / "new" / "static" / t.new_path) == png);
    CHECK(has(m.out, "the new site builds with 0 errors and 0 warnings\n"));
  }
}
