// Fuzzes what `sitegen import dblp|openalex|orcid` and `sitegen update citations` do with a
// server's answer: the input's first byte picks the source, the rest is the whole HTTP
// answer (status line, headers, body), sent by a server on 127.0.0.1 to HttpFetcher and
// through httplib (chunks, gzip, redirects), then read by that source's parser, checked
// and merged into a site (web_import_text, as the command does) and written; the written
// publications.toml (or .bib, or citations.toml) must parse and the site must build.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

#include "base/source.h"
#include "import/citations_write.h"
#include "import/http_fetch.h"
#include "import/web_import.h"
#include "import/web_sources.h"
#include "load/load.h"
#include "site_build/build.h"
#include "support/raw_server.h"

namespace {

std::mutex answer_mutex;
std::string answer;  // what the server sends for the current input

sitegen::testing::RawServer& server() {
  static auto* s = new sitegen::testing::RawServer([](const std::string&) {
    std::lock_guard<std::mutex> lock(answer_mutex);
    return sitegen::testing::RawAnswer{answer};
  });
  return *s;
}

const char kSiteToml[] = "title = \"Ada\"\n[person]\nname = \"Ada Lovelace\"\n";
const char kSiteWithBib[] =
    "title = \"Ada\"\n[person]\nname = \"Ada Lovelace\"\n[publications]\nbibtex = [\"more.bib\"]\n";
const char kPubs[] =
    "[[publication]]\nid = \"data\"\ntitle = \"Programs as Data\"\nauthors = [\"Ada Lovelace\"]\n"
    "year = 2023\ndoi = \"10.1145/3580000\"\n";

[[noreturn]] void fail(const char* what, const std::string& text, const std::string& errors) {
  std::fprintf(stderr, "%s:\n%s\n--- errors:\n%s", what, text.c_str(), errors.c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The answer comes from 127.0.0.1 only, never through a proxy.
  for (const char* v : {"HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"}) ::unsetenv(v);
  server();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  int kind = data[0] % 4;  // 0 DBLP, 1 OpenAlex, 2 ORCID, 3 a citation count
  bool into_bib = data[0] & 0x80;
  {
    std::lock_guard<std::mutex> lock(answer_mutex);
    answer.assign(reinterpret_cast<const char*>(data) + 1, size - 1);
  }
  sitegen::FetchOptions o;
  o.user_agent = "sitegen-fuzz";
  o.min_interval_ms = 0;
  o.timeout_ms = 2000;
  o.deadline_ms = 5000;
  o.max_tries = 1;
  o.max_redirects = 0;  // a Location is checked, and not followed to another server
  o.max_body_bytes = size_t{1} << 20;
  sitegen::HttpFetcher http(o);
  std::string url = server().url() + "/answer";
  sitegen::FetchResult r = http.get(url);
  if (!r.ok) {
    if (r.error.empty()) fail("a failed fetch without a message", answer, "");
    return 0;
  }
  if (r.body.size() > o.max_body_bytes) fail("an answer past the bound", r.body.substr(0, 200), "");

  if (kind == 3) {
    std::string error;
    std::optional<int> n = sitegen::citation_count_of(r.body, url, "cited_by_count", &error);
    if (!n) return 0;
    std::string toml = sitegen::citations_to_toml(
        {{"data", sitegen::CitationCount{*n, "OpenAlex", sitegen::Date{2025, 11, 26, false}}}});
    sitegen::MemorySource site({{"site.toml", kSiteToml}, {"publications.toml", kPubs}});
    std::string errors = sitegen::build_errors_after(site, {{"citations.toml", toml}});
    if (!errors.empty()) fail("the written citations.toml does not build", toml, errors);
    return 0;
  }

  sitegen::Works works = kind == 0   ? sitegen::dblp_works(r.body, url)
                         : kind == 1 ? [&] {
                             std::string cursor;
                             return sitegen::openalex_works_page(r.body, url, &cursor);
                           }()
                                     : sitegen::orcid_bulk_works(r.body, url, "Ada Lovelace");
  if (!works.error.empty()) {
    works.diags.format_all();
    return 0;
  }
  std::map<std::string, std::string> files = {{"site.toml", into_bib ? kSiteWithBib : kSiteToml},
                                              {"publications.toml", kPubs}};
  if (into_bib) files["more.bib"] = "";
  sitegen::MemorySource before(files);
  sitegen::Diagnostics diags;
  sitegen::Site site = sitegen::load_site(before, diags);
  if (diags.has_errors()) fail("the site does not load before the import", "", diags.format_all());
  std::string target = into_bib ? "more.bib" : "publications.toml";
  sitegen::WebImportText text = sitegen::web_import_text(
      site.publications, std::move(works.pubs), "Imported from the fuzzer; edit freely.",
      files[target], true, into_bib, works.diags);
  works.diags.format_all();
  if (text.added.empty()) return 0;
  std::string written = files[target] + text.added;
  std::string errors = sitegen::build_errors_after(before, {{target, written}});
  if (!errors.empty()) fail("the written file does not build", written, errors);
  return 0;
}
