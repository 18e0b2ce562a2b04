// `sitegen import dblp|orcid|openalex`: the merge into a content tree as a user sees it.
// Hand-written text stays byte for byte, a second import changes nothing, and a paper
// both DBLP and OpenAlex list is added once.
#include <doctest/doctest.h>

#include <filesystem>

#include "support/api_server.h"
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
