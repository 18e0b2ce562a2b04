// `sitegen import dblp|orcid|openalex`: the merge into a content tree as a user sees it.
// Hand-written text stays byte for byte, a second import changes nothing, and a paper
// both DBLP and OpenAlex list is added once.
#include <doctest/doctest.h>

#include <filesystem>

#include "support/api_server.h"
#include "support/raw_server.h"
#include "support/run_cli.h"
#include "support/test_dir.h"

namespace fs = std::filesystem;
using namespace sitegen;
using sitegen::testing::ApiServer;
using sitegen::testing::CannedResponse;
using sitegen::testing::import_data;
using sitegen::testing::Run;
using sitegen::testing::run;
using sitegen::testing::ScopedEnv;
using sitegen::testing::slurp;
using sitegen::testing::TempDir;

namespace {

const std::string kHandWritten =
    "# My papers.   (comments and spacing as I like them)\n"
    "[[publication]]\n"
    "id = \"data\"\n"
    "title   = \"Programs as Data (extended)\"   # my title, not DBLP's\n"
    "authors = [\"Ada Lovelace\"]\n"
    "year = 2023\n"
    "doi = \"10.1145/3580000\"\n";

struct Fixture {
  TempDir dir;
  ApiServer server;
  ScopedEnv dblp{"SITEGEN_DBLP_URL", server.url()};
  ScopedEnv openalex{"SITEGEN_OPENALEX_URL", server.url()};
  ScopedEnv orcid{"SITEGEN_ORCID_URL", server.url()};
  ScopedEnv delay{"SITEGEN_HTTP_DELAY_MS", "0"};
  fs::path content = dir.path / "content";

  Fixture() {
    sitegen::testing::write_file(content / "site.toml",
                                 "title = \"Ada\"\n[person]\nname = \"Ada Lovelace\"\n"
                                 "email = \"ada@example.org\"\n");
    sitegen::testing::write_file(content / "publications.toml", kHandWritten);
    server.on("/pid/00/1234.bib", import_data("dblp-person.bib"));
    server.on("/works?filter=author.id:A5000000001&per-page=200&cursor=*",
              import_data("openalex-works-1.json"));
    server.on("/works?filter=author.id:A5000000001&per-page=200&cursor=IlsxNzAwMDAwMDAwXSI%3D",
              import_data("openalex-works-2.json"));
  }
  std::string pubs() { return slurp(content / "publications.toml"); }
};

}  // namespace

TEST_CASE(
    "import dblp: new papers appended after the hand-written text, and twice changes nothing") {
  Fixture f;
  Run r = run({"import", "dblp", "00/1234", f.content.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out ==
        "added 2, matched 1, skipped 0 into " + (f.content / "publications.toml").string() + "\n");
  std::string after = f.pubs();
  REQUIRE(after.starts_with(kHandWritten));
  CHECK(after.substr(kHandWritten.size()) ==
        "\n# Imported from DBLP (00/1234) by `sitegen import dblp`; edit freely.\n"
        "\n"
        "[[publication]]\n"
        "id = \"lovelace2024analytical\"\n"
        "title = \"Analytical Engines for Sparse Tensors\"\n"
        "authors = [\"Ada Lovelace\", \"Charles Babbage\"]\n"
        "venue_full = \"18th USENIX Symposium on Operating Systems Design and Implementation, OSDI "
        "2024, Santa Clara, CA, USA, July 10-12, 2024\"\n"
        "year = 2024\n"
        "type = \"conference\"\n"
        "dblp = \"conf/osdi/LovelaceB24\"\n"
        "publisher = \"USENIX Association\"\n"
        "pages = \"1–16\"\n"
        "url = \"https://www.usenix.org/conference/osdi24/presentation/lovelace\"\n"
        "\n"
        "[[publication]]\n"
        "id = \"lovelace2024notes\"\n"
        "title = \"Notes on the Engine\"\n"
        "authors = [\"Ada Lovelace\"]\n"
        "venue_full = \"CoRR\"\n"
        "year = 2024\n"
        "type = \"preprint\"\n"
        "doi = \"10.48550/ARXIV.2401.01234\"\n"
        "arxiv = \"2401.01234\"\n"
        "dblp = \"journals/corr/abs-2401-01234\"\n"
        "bibtex_type = \"article\"\n"
        "volume = \"abs/2401.01234\"\n"
        "url = \"https://doi.org/10.48550/arXiv.2401.01234\"\n");

  Run again = run({"import", "dblp", "00/1234", f.content.string()});
  REQUIRE_MESSAGE(again.code == 0, again.err);
  CHECK(again.out == "added 0, matched 3, skipped 0\n");
  CHECK(f.pubs() == after);
  // The site builds with what was imported.
  Run check = run({"check", f.content.string(), "-q"});
  CHECK_MESSAGE(check.code == 0, check.err);
}

TEST_CASE("import openalex after dblp: the papers both list are not added again") {
  Fixture f;
  REQUIRE(run({"import", "dblp", "00/1234", f.content.string()}).code == 0);
  Run r = run({"import", "openalex", "A5000000001", f.content.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out == "added 1, matched 2, skipped 1 (no title) into " +
                     (f.content / "publications.toml").string() + "\n");
  std::string after = f.pubs();
  CHECK(after.find("id = \"somerville2024difference\"") != std::string::npos);
  CHECK(after.find("arxiv = \"2405.05555\"") != std::string::npos);
  Run again = run({"import", "openalex", "A5000000001", f.content.string()});
  CHECK(again.out == "added 0, matched 3, skipped 1 (no title)\n");
  CHECK(f.pubs() == after);
}

TEST_CASE("import --dry-run prints what would be added and writes nothing") {
  Fixture f;
  Run r = run({"import", "openalex", "A5000000001", f.content.string(), "--dry-run"});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  std::string target = (f.content / "publications.toml").string();
  CHECK(r.out.starts_with("--- " + target + "\n+++ " + target + "\n+\n+# Imported from OpenAlex"));
  CHECK(r.out.find("\n+\n+[[publication]]\n+id = \"lovelace2024analytical\"\n") !=
        std::string::npos);
  CHECK(r.out.find("\n+title = \"Analytical engines for sparse tensors\"\n") != std::string::npos);
  CHECK(r.out.ends_with("dry run: would have added 2, matched 1, skipped 1 (no title); " + target +
                        " is unchanged\n"));
  CHECK(f.pubs() == kHandWritten);
}

TEST_CASE("import --into a .bib file appends BibTeX entries, once") {
  Fixture f;
  fs::path bib = f.dir.path / "extra.bib";
  sitegen::testing::write_file(bib, "% mine\n");
  Run r = run({"import", "dblp", "00/1234", f.content.string(), "--into", bib.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out == "added 2, matched 1, skipped 0 into " + bib.string() + "\n");
  std::string text = slurp(bib);
  CHECK(text.starts_with("% mine\n\n@inproceedings{lovelace2024analytical,\n"));
  Run again = run({"import", "dblp", "00/1234", f.content.string(), "--into", bib.string()});
  CHECK(again.out == "added 0, matched 3, skipped 0\n");
  CHECK(slurp(bib) == text);
}

TEST_CASE("import: each failure is one message, and nothing is written") {
  Fixture f;
  Run missing = run({"import", "dblp", "99/9999", f.content.string()});
  CHECK(missing.code == 1);
  CHECK(missing.err == "sitegen: error: not found: " + f.server.url() + "/pid/99/9999.bib (404)\n");
  f.server.on("/v3.0/0000-0002-1825-0097/works", {{429, "", "0", 0}});
  Run limited = run({"import", "orcid", "0000-0002-1825-0097", f.content.string()});
  CHECK(
      limited.err ==
      "sitegen: error: 127.0.0.1 is rate limiting requests (429) after 4 tries; try again later\n");
  CHECK(f.pubs() == kHandWritten);
  Run usage = run({"import", "openalex"});
  CHECK(usage.code == 2);
  CHECK(usage.err ==
        "sitegen: import openalex needs an OpenAlex author id (such as A5023888391); "
        "see --help\n");
}

TEST_CASE("import dblp: an id that is not one is refused before anything is sent") {
  Fixture f;
  Run bad = run({"import", "dblp", "not a pid!", f.content.string()});
  CHECK(bad.code == 2);
  CHECK(bad.err ==
        "sitegen: `not a pid!` is not a DBLP person id: expected what follows /pid/ in the "
        "address of the person's DBLP page, such as 123/4567 for "
        "https://dblp.org/pid/123/4567.html\n");
  for (const char* id : {"../../x", "00/1234?q=1", "00/1234/extra", "/1234", "00/"})
    CHECK(run({"import", "dblp", id, f.content.string()}).code == 2);
  CHECK(f.server.requests().empty());
  CHECK(f.pubs() == kHandWritten);
}

TEST_CASE("import orcid: works without contributors are the site owner's") {
  Fixture f;
  f.server.on("/v3.0/0000-0002-1825-0097/works", import_data("orcid-works.json"));
  f.server.on("/v3.0/0000-0002-1825-0097/works/101,103", import_data("orcid-bulk.json"));
  Run r = run({"import", "orcid", "0000-0002-1825-0097", f.content.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.out.starts_with("added 1, matched 1, skipped 0"));
  CHECK(f.pubs().find("id = \"lovelace1843bernoulli\"\ntitle = \"On the Bernoulli Numbers\"\n"
                      "authors = [\"Ada Lovelace\"]\n") != std::string::npos);
  CHECK(f.server.user_agent().ends_with("; mailto:ada@example.org)"));
}

namespace {

// One OpenAlex page with the given works (JSON objects), and no next page.
std::string openalex_page(const std::vector<std::string>& works) {
  std::string list;
  for (const std::string& w : works) list += (list.empty() ? "" : ",\n") + w;
  return "{\"meta\": {\"next_cursor\": null}, \"results\": [\n" + list + "\n]}";
}

std::string openalex_work(const std::string& title, const std::string& year,
                          const std::string& date) {
  return "{\"title\": \"" + title + "\", \"publication_year\": " + year +
         ", \"publication_date\": \"" + date +
         "\", \"type\": \"article\", \"authorships\": [{\"author\": {\"display_name\": \"Ada "
         "Lovelace\"}}]}";
}

const char kOpenAlexFirstPage[] = "/works?filter=author.id:A5000000009&per-page=200&cursor=*";

}  // namespace

TEST_CASE("import dblp: invalid UTF-8 in the answer is an error at its place, not dropped") {
  Fixture f;
  // One Latin-1 byte (é) in an author name, as a broken mirror might send.
  f.server.on("/pid/00/5555.bib",
              "@article{DBLP:x,\n  author = {Ren\xe9 Descartes},\n"
              "  title = {Meditations}, journal = {J}, year = {1641}}\n");
  Run r = run({"import", "dblp", "00/5555", f.content.string()});
  CHECK(r.code == 1);
  std::string url = f.server.url() + "/pid/00/5555.bib";
  CHECK(r.err == url +
                     ":2:16: error: invalid UTF-8 (is the file in Latin-1 or another encoding? "
                     "save it as UTF-8)\n"
                     "    author = {Ren\xe9 Descartes},\n"
                     "                 ^\n"
                     "sitegen: error: cannot read the BibTeX from " +
                     url + ": 1 error above\n");
  CHECK(r.out == "");
  CHECK(f.pubs() == kHandWritten);
}

TEST_CASE("import dblp: what the BibTeX reader says about the answer is shown") {
  Fixture f;
  f.server.on("/pid/00/6666.bib",
              "@article{DBLP:y,\n  author = {Ada Lovelace},\n"
              "  title = {On \\frobnicate{Engines}}, journal = {J},\n"
              "  year = {1843}}\n");
  Run r = run({"import", "dblp", "00/6666", f.content.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  std::string url = f.server.url() + "/pid/00/6666.bib";
  CHECK(r.err == url +
                     ":3:15: warning: unknown LaTeX command `\\frobnicate`: only its argument "
                     "is shown\n"
                     "    title = {On \\frobnicate{Engines}}, journal = {J},\n"
                     "                ^\n");
  CHECK(r.out ==
        "added 1, matched 0, skipped 0 into " + (f.content / "publications.toml").string() + "\n");
}

TEST_CASE("import openalex: a year or date a build would refuse is left out, with a warning") {
  Fixture f;
  f.server.on(kOpenAlexFirstPage,
              openalex_page({openalex_work("Too Late", "1000000000000", "2031-99-99"),
                             openalex_work("Unsigned", "18446744073709551615", "2020-02-30"),
                             openalex_work("Fine", "2021", "2021-03-04")}));
  Run r = run({"import", "openalex", "A5000000009", f.content.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  std::string url = f.server.url() + kOpenAlexFirstPage;
  CHECK(
      r.err ==
      url +
          ": warning: `publication_year` 1000000000000 of \"Too Late\" is not a year; left out\n" +
          url +
          ": warning: `publication_date` `2031-99-99` of \"Too Late\" is not a date (month "
          "must be 01 to 12); left out\n" +
          url +
          ": warning: `publication_year` 18446744073709551615 of \"Unsigned\" is not a year; "
          "left out\n" +
          url +
          ": warning: `publication_date` `2020-02-30` of \"Unsigned\" is not a date (day 30 "
          "does not exist in Feb 2020); left out\n");
  std::string after = f.pubs();
  CHECK(after.find("title = \"Too Late\"\nauthors = [\"Ada Lovelace\"]\ntype = \"journal\"\n") !=
        std::string::npos);
  CHECK(after.find("title = \"Fine\"\nauthors = [\"Ada Lovelace\"]\ndate = \"2021-03-04\"\n") !=
        std::string::npos);
  Run check = run({"check", f.content.string(), "-q"});
  CHECK_MESSAGE(check.code == 0, check.err);
}

TEST_CASE("import orcid: a date that does not exist keeps its year") {
  Fixture f;
  f.server.on("/v3.0/0000-0002-1825-0097/works",
              "{\"group\": [{\"work-summary\": [{\"put-code\": 7}]}]}");
  f.server.on("/v3.0/0000-0002-1825-0097/works/7",
              "{\"bulk\": [{\"work\": {\"title\": {\"title\": {\"value\": \"Sketch\"}}, "
              "\"type\": \"journal-article\", \"publication-date\": {\"year\": {\"value\": "
              "\"1843\"}, \"month\": {\"value\": \"99\"}, \"day\": {\"value\": \"99\"}}}}]}");
  Run r = run({"import", "orcid", "0000-0002-1825-0097", f.content.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.err == f.server.url() +
                     "/v3.0/0000-0002-1825-0097/works/7: warning: `publication-date` "
                     "`1843-99-99` of \"Sketch\" is not a date (month must be 01 to 12); left "
                     "out\n");
  CHECK(f.pubs().find("title = \"Sketch\"\nauthors = [\"Ada Lovelace\"]\ndate = \"1843\"\n") !=
        std::string::npos);
}

TEST_CASE("import dblp: a script link in an abstract is dropped even where the site allows them") {
  Fixture f;
  sitegen::testing::write_file(f.content / "site.toml",
                               "title = \"Ada\"\nallow_javascript_urls = true\n[person]\n"
                               "name = \"Ada Lovelace\"\n");
  f.server.on("/pid/00/7777.bib",
              "@article{DBLP:z,\n  author = {Ada Lovelace},\n  title = {Clickable},\n"
              "  journal = {J}, year = {1843},\n"
              "  abstract = {Read [the notes](javascript:alert(document.cookie)) first.}}\n");
  Run r = run({"import", "dblp", "00/7777", f.content.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.err ==
        f.server.url() +
            "/pid/00/7777.bib:1:1: warning: `abstract` has a link that is not http, https, mailto, "
            "tel or relative: imported as someone else's text (raw_html = false), which drops it\n"
            "  @article{DBLP:z,\n"
            "  ^\n");
  CHECK(f.pubs().find("raw_html = false  # HTML in the abstract and note is shown as text, and "
                      "script links dropped, as from BibTeX\n") != std::string::npos);
  fs::path out = f.dir.path / "out";
  Run build = run({"build", f.content.string(), "-o", out.string(), "-q"});
  REQUIRE_MESSAGE(build.code == 0, build.err);
  std::string page = slurp(out / "publications/lovelace1843clickable/index.html");
  CHECK(page.find("Read <a href=\"\">the notes</a> first.") != std::string::npos);
  CHECK(page.find("javascript:") == std::string::npos);
}

TEST_CASE("import: a server that stalls or hangs up gets a message that says so") {
  Fixture f;
  sitegen::testing::RawServer drip(
      sitegen::testing::RawAnswer{"HTTP/1.1 200 OK\r\nX-Slow: " + std::string(4000, 'a'), 10});
  ScopedEnv dblp("SITEGEN_DBLP_URL", drip.url());
  ScopedEnv deadline("SITEGEN_HTTP_DEADLINE_MS", "300");
  Run slow = run({"import", "dblp", "00/1234", f.content.string()});
  CHECK(slow.code == 1);
  CHECK(slow.err ==
        "sitegen: error: 127.0.0.1 did not send its whole answer within 0.3 s; try "
        "again later\n");
  sitegen::testing::RawServer gone(sitegen::testing::RawAnswer{""});
  ScopedEnv dblp2("SITEGEN_DBLP_URL", gone.url());
  Run closed = run({"import", "dblp", "00/1234", f.content.string()});
  CHECK(closed.code == 1);
  CHECK(closed.err ==
        "sitegen: error: 127.0.0.1 closed the connection without answering; try again later\n");
  CHECK(f.pubs() == kHandWritten);
}
