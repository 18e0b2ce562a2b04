// `sitegen update citations` and the counts on the site: citations.toml as written, the
// counts and h-index shown, and a build that never needs the network.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>

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

std::map<std::string, std::string> tree(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) files[e.path().lexically_relative(root).string()] = slurp(e.path());
  return files;
}

const char kPubs[] =
    "[[publication]]\nid = \"data\"\ntitle = \"Programs as Data\"\nauthors = [\"Ada Lovelace\"]\n"
    "year = 2023\ndoi = \"10.1145/3580000\"\nselected = true\n\n"
    "[[publication]]\nid = \"engines\"\ntitle = \"Difference Engines, Revisited\"\n"
    "authors = [\"Ada Lovelace\"]\nyear = 2024\ntype = \"preprint\"\narxiv = \"2405.05555\"\n\n"
    "[[publication]]\nid = \"lost\"\ntitle = \"Lost\"\nauthors = [\"Ada Lovelace\"]\nyear = 2020\n"
    "doi = \"10.9/none\"\n\n"
    "[[publication]]\nid = \"plain\"\ntitle = \"No identifiers\"\nauthors = [\"Ada Lovelace\"]\n"
    "year = 2019\n";

struct Fixture {
  TempDir dir;
  ApiServer server;
  ScopedEnv openalex{"SITEGEN_OPENALEX_URL", server.url()};
  ScopedEnv s2{"SITEGEN_S2_URL", server.url()};
  ScopedEnv delay{"SITEGEN_HTTP_DELAY_MS", "0"};
  ScopedEnv date{"SOURCE_DATE_EPOCH", "1764115200"};  // 2025-11-26
  fs::path content = dir.path / "content";

  explicit Fixture(bool show = true) {
    sitegen::testing::write_file(
        content / "site.toml",
        std::string("title = \"Ada\"\nbase_url = \"https://ada.example.org/\"\n[person]\n"
                    "name = \"Ada Lovelace\"\nemail = \"ada@example.org\"\n") +
            (show ? "[publications]\ncitations = true\n" : ""));
    sitegen::testing::write_file(content / "publications.toml", kPubs);
    server.on("/works/doi:10.1145/3580000",
              "{\"id\": \"https://openalex.org/W4300000001\", \"cited_by_count\": 17}");
    server.on("/graph/v1/paper/arXiv:2405.05555?fields=citationCount",
              import_data("s2-paper.json"));
  }
};

const char kCitations[] =
    "# Citation counts, written by `sitegen update citations` (OpenAlex, else Semantic\n"
    "# Scholar). Builds read this file and never the network; run the command again to\n"
    "# refresh it. Shown on the site when site.toml has [publications] citations = true.\n"
    "\n[data]\ncount = 17\nsource = \"OpenAlex\"\nfetched = 2025-11-26\n"
    "\n[engines]\ncount = 5\nsource = \"Semantic Scholar\"\nfetched = 2025-11-26\n";

}  // namespace

TEST_CASE("update citations: counts from OpenAlex, else Semantic Scholar, into citations.toml") {
  Fixture f;
  Run r = run({"update", "citations", f.content.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  CHECK(r.err ==
        "sitegen: warning: lost: neither OpenAlex nor Semantic Scholar knows doi 10.9/none\n");
  CHECK(r.out ==
        "counted citations of 2 of 3 papers with a DOI or arXiv id (1 from OpenAlex, 1 "
        "from Semantic Scholar, 1 unknown to both) into " +
            f.content.string() + "/citations.toml\n");
  CHECK(slurp(f.content / "citations.toml") == kCitations);
  CHECK(f.server.user_agent().ends_with("; mailto:ada@example.org)"));
}

TEST_CASE("update citations: a failure leaves citations.toml as it was") {
  Fixture f;
  sitegen::testing::write_file(f.content / "citations.toml", kCitations);
  f.server.on("/works/doi:10.1145/3580000", {{429, "", "0", 0}});
  f.server.on("/graph/v1/paper/DOI:10.1145/3580000?fields=citationCount", {{429, "", "0", 0}});
  Run r = run({"update", "citations", f.content.string()});
  CHECK(r.code == 1);
  CHECK(r.err ==
        "sitegen: error: 127.0.0.1 is rate limiting requests (429) after 4 tries; try "
        "again later\nsitegen: " +
            f.content.string() + "/citations.toml is unchanged\n");
  CHECK(slurp(f.content / "citations.toml") == kCitations);
  CHECK(run({"update"}).err ==
        "sitegen: update needs what to update: `sitegen update citations [CONTENT]`; see --help\n");
}

TEST_CASE("citations on the site: per paper, total and h-index, and offline builds are identical") {
  Fixture f;
  sitegen::testing::write_file(f.content / "citations.toml", kCitations);
  fs::path a = f.dir.path / "a", b = f.dir.path / "b";
  Run first = run({"build", f.content.string(), "-o", a.string(), "-q"});
  REQUIRE_MESSAGE(first.code == 0, first.err);
  std::string home = slurp(a / "index.html");
  CHECK(home.find("<p class=\"citation-stats\">Citations 22 · h-index 2</p>\n</div>") !=
        std::string::npos);
  CHECK(home.find("</p>\n<p class=\"pub-citations\">Cited by 17</p>") != std::string::npos);
  CHECK(slurp(a / "publications/engines/index.html").find("Cited by 5</p>") != std::string::npos);
  CHECK(slurp(a / "publications/plain/index.html").find("Cited by") == std::string::npos);
  {
    // No network at all: the APIs and any proxy point at a port no one listens on.
    std::string dead;
    {
      ApiServer gone;
      dead = gone.url();
    }
    ScopedEnv oa("SITEGEN_OPENALEX_URL", dead), s2("SITEGEN_S2_URL", dead);
    ScopedEnv p1("HTTPS_PROXY", dead), p2("HTTP_PROXY", dead);
    size_t before = f.server.requests().size();
    Run second = run({"build", f.content.string(), "-o", b.string(), "-q"});
    REQUIRE_MESSAGE(second.code == 0, second.err);
    CHECK(f.server.requests().size() == before);
  }
  CHECK(tree(a) == tree(b));
}

TEST_CASE("citations on the site: nothing shown unless site.toml asks") {
  Fixture f(false);
  sitegen::testing::write_file(f.content / "citations.toml", kCitations);
  fs::path out = f.dir.path / "out";
  REQUIRE(run({"build", f.content.string(), "-o", out.string(), "-q"}).code == 0);
  CHECK(slurp(out / "index.html").find("citation") == std::string::npos);
  sitegen::testing::write_file(f.content / "citations.toml", "[data]\ncount = -1\n");
  Run bad = run({"check", f.content.string(), "-q"});
  CHECK(bad.code == 1);
  CHECK(bad.err.find("citations.toml:2:9: error: `count` must not be negative") !=
        std::string::npos);
}

TEST_CASE("update citations: a count that is not one is refused, and nothing is written") {
  // Each of these was once written to citations.toml, and every later build failed.
  for (const char* count : {"-5", "18446744073709551615", "99999999999", "1.5"}) {
    CAPTURE(count);
    Fixture f;
    sitegen::testing::write_file(f.content / "citations.toml", kCitations);
    f.server.on("/works/doi:10.1145/3580000", std::string("{\"cited_by_count\": ") + count + "}");
    Run r = run({"update", "citations", f.content.string()});
    CHECK(r.code == 1);
    CHECK(r.err == "sitegen: error: unexpected answer from " + f.server.url() +
                       "/works/doi:10.1145/3580000: `cited_by_count` is " + count +
                       ", not a count from 0 to 2147483647\nsitegen: " + f.content.string() +
                       "/citations.toml is unchanged\n");
    CHECK(slurp(f.content / "citations.toml") == kCitations);
  }
}
