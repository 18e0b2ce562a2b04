// The importers read each API's documented answers (tests/data/import/, written from the
// APIs' documentation) served by a local server: DBLP's BibTeX, OpenAlex's pages, ORCID's
// works in bulk, and the citation counts of OpenAlex and Semantic Scholar.
#include "import/web_sources.h"

#include <doctest/doctest.h>

#include "support/api_server.h"

using namespace sitegen;
using sitegen::testing::ApiServer;
using sitegen::testing::CannedResponse;
using sitegen::testing::import_data;
using sitegen::testing::ScopedEnv;

namespace {

FetchOptions fast() {
  FetchOptions o;
  o.user_agent = "sitegen/test";
  o.min_interval_ms = 0;
  o.timeout_ms = 2000;
  o.max_tries = 3;
  o.retry_base_ms = 1;
  o.max_retry_delay_ms = 5;
  return o;
}

}  // namespace

TEST_CASE("web sources: DBLP's person page as BibTeX") {
  ApiServer server;
  server.on("/pid/00/1234.bib", import_data("dblp-person.bib"));
  ScopedEnv env("SITEGEN_DBLP_URL", server.url());
  HttpFetcher http(fast());
  Works w = fetch_dblp(http, "00/1234");
  REQUIRE(w.error.empty());
  REQUIRE(w.pubs.size() == 3);
  CHECK(w.pubs[0].title == "Analytical Engines for Sparse Tensors");
  CHECK(w.pubs[0].dblp == "conf/osdi/LovelaceB24");
  CHECK(w.pubs[0].key.empty());
  CHECK(w.pubs[1].type == PublicationType::kPreprint);
  CHECK(w.pubs[1].arxiv == "2401.01234");
  CHECK(w.pubs[2].doi == "10.1145/3580000");
}

TEST_CASE("web sources: OpenAlex, page after page") {
  ApiServer server;
  server.on("/works?filter=author.id:A5000000001&per-page=200&cursor=*",
            import_data("openalex-works-1.json"));
  server.on("/works?filter=author.id:A5000000001&per-page=200&cursor=IlsxNzAwMDAwMDAwXSI%3D",
            import_data("openalex-works-2.json"));
  ScopedEnv env("SITEGEN_OPENALEX_URL", server.url() + "/");
  HttpFetcher http(fast());
  Works w = fetch_openalex(http, "https://openalex.org/A5000000001");
  REQUIRE(w.error.empty());
  REQUIRE(w.pubs.size() == 4);
  CHECK(server.requests().size() == 2);
  const Publication& data = w.pubs[0];
  CHECK(data.doi == "10.1145/3580000");
  CHECK(data.type == PublicationType::kJournal);
  CHECK(data.venue_full == "Communications of the ACM");
  CHECK(data.pages == "10--12");
  CHECK(data.date.month == 3);
  CHECK(w.pubs[1].type == PublicationType::kConference);
  CHECK(w.pubs[1].authors.size() == 2);
  const Publication& pre = w.pubs[2];
  CHECK(pre.type == PublicationType::kPreprint);
  CHECK(pre.arxiv == "2405.05555");
  CHECK(pre.doi.empty());
  CHECK(w.pubs[3].title.empty());
}

TEST_CASE("web sources: OpenAlex stops after 50 pages and says that works were not read") {
  ApiServer server;
  std::string page =
      "{\"meta\": {\"next_cursor\": \"more\"}, \"results\": [{\"title\": \"A work\", "
      "\"publication_year\": 2024}]}";
  server.on("/works?filter=author.id:A2&per-page=200&cursor=*", page);
  server.on("/works?filter=author.id:A2&per-page=200&cursor=more", page);
  ScopedEnv env("SITEGEN_OPENALEX_URL", server.url() + "/");
  HttpFetcher http(fast());
  Works w = fetch_openalex(http, "A2");
  REQUIRE(w.error.empty());
  CHECK(w.pubs.size() == 50);
  CHECK(server.requests().size() == 50);
  CHECK(w.diags.format_all() ==
        server.url() +
            "/works?filter=author.id:A2&per-page=200&cursor=more: warning: OpenAlex lists more "
            "works for A2 than the 10000 (50 pages) sitegen reads for one author: the works "
            "after those were not read; add them from DBLP or ORCID, or by hand\n");
}

TEST_CASE("web sources: malformed JSON is reported at its byte") {
  ApiServer server;
  server.on("/works?filter=author.id:A1&per-page=200&cursor=*", "{\"results\": [ {\"title\": }");
  ScopedEnv env("SITEGEN_OPENALEX_URL", server.url());
  HttpFetcher http(fast());
  Works w = fetch_openalex(http, "A1");
  CHECK(w.pubs.empty());
  CHECK(w.error ==
        "malformed JSON from " + server.url() +
            "/works?filter=author.id:A1&per-page=200&cursor=* at byte 25: not valid JSON");
}

TEST_CASE("web sources: an answer without the expected list") {
  ApiServer server;
  server.on("/works?filter=author.id:A1&per-page=200&cursor=*", "{\"error\": \"Invalid query\"}");
  ScopedEnv env("SITEGEN_OPENALEX_URL", server.url());
  HttpFetcher http(fast());
  CHECK(fetch_openalex(http, "A1").error == "unexpected answer from " + server.url() +
                                                "/works?filter=author.id:A1&per-page=200&cursor=*: "
                                                "no `results` list");
}

TEST_CASE("web sources: ORCID's works, read in bulk for their authors") {
  ApiServer server;
  server.on("/v3.0/0000-0002-1825-0097/works", import_data("orcid-works.json"));
  server.on("/v3.0/0000-0002-1825-0097/works/101,103", import_data("orcid-bulk.json"));
  ScopedEnv env("SITEGEN_ORCID_URL", server.url());
  HttpFetcher http(fast());
  Works w = fetch_orcid(http, "https://orcid.org/0000-0002-1825-0097", "Augusta Ada King");
  REQUIRE_MESSAGE(w.error.empty(), w.error);
  REQUIRE(w.pubs.size() == 2);
  CHECK(w.pubs[0].doi == "10.1145/3580000");  // the ISSN is the journal's, not the paper's
  CHECK(w.pubs[0].authors[0].name == "Ada Lovelace");
  CHECK(w.pubs[0].venue_full == "Communications of the ACM");
  CHECK(w.pubs[1].authors[0].name == "Augusta Ada King");  // no contributors: the owner
  CHECK(w.pubs[1].date.day == 1);
}

TEST_CASE("web sources: citation counts from OpenAlex, else Semantic Scholar") {
  ApiServer server;
  server.on("/works/doi:10.1145/3580000", import_data("openalex-works-1.json").substr(0, 0) +
                                              "{\"id\": \"https://openalex.org/W4300000001\", "
                                              "\"cited_by_count\": 17}");
  server.on("/graph/v1/paper/arXiv:2405.05555?fields=citationCount", import_data("s2-paper.json"));
  ScopedEnv oa("SITEGEN_OPENALEX_URL", server.url());
  ScopedEnv s2("SITEGEN_S2_URL", server.url());
  HttpFetcher http(fast());
  std::string err;
  auto a = fetch_citation_count(http, "10.1145/3580000", "", &err);
  REQUIRE(a);
  CHECK(a->count == 17);
  CHECK(a->source == "OpenAlex");
  auto b = fetch_citation_count(http, "", "2405.05555", &err);
  REQUIRE(b);
  CHECK(b->count == 5);
  CHECK(b->source == "Semantic Scholar");
  CHECK_FALSE(fetch_citation_count(http, "10.9/none", "", &err));
  CHECK(err == "neither OpenAlex nor Semantic Scholar knows doi 10.9/none");
}
