// The importers' HTTP client against a local server: each failure mode's exact message,
// retries after 429 and 5xx, and the User-Agent sent.
#include "import/http_fetch.h"

#include <doctest/doctest.h>

#include "support/api_server.h"

using namespace sitegen;
using sitegen::testing::ApiServer;
using sitegen::testing::CannedResponse;
using sitegen::testing::ScopedEnv;

namespace {

FetchOptions fast() {
  FetchOptions o;
  o.user_agent = "sitegen/0.1.0 (+https://github.com/sitegen-org/sitegen; mailto:ada@example.org)";
  o.min_interval_ms = 0;
  o.timeout_ms = 2000;
  o.max_tries = 3;
  o.retry_base_ms = 1;
  o.max_retry_delay_ms = 20;
  return o;
}

}  // namespace

TEST_CASE("fetch: an answer, with sitegen's User-Agent") {
  ApiServer server;
  server.on("/a?x=1", "hello");
  HttpFetcher http(fast());
  FetchResult r = http.get(server.url() + "/a?x=1");
  CHECK(r.ok);
  CHECK(r.body == "hello");
  CHECK(server.user_agent() ==
        "sitegen/0.1.0 (+https://github.com/sitegen-org/sitegen; mailto:ada@example.org)");
}

TEST_CASE("fetch: a 429 is tried again, honouring Retry-After, and then succeeds") {
  ApiServer server;
  server.on("/w", {{429, "slow down", "0", 0}, {503, "", "", 0}, {200, "ok", "", 0}});
  HttpFetcher http(fast());
  FetchResult r = http.get(server.url() + "/w");
  CHECK(r.ok);
  CHECK(r.body == "ok");
  CHECK(server.requests().size() == 3);
}

TEST_CASE("fetch: rate limited after every try") {
  ApiServer server;
  server.on("/w", {{429, "", "1", 0}});  // Retry-After 1 s, cut to 20 ms here
  HttpFetcher http(fast());
  FetchResult r = http.get(server.url() + "/w");
  CHECK_FALSE(r.ok);
  CHECK(r.status == 429);
  CHECK(r.error == "127.0.0.1 is rate limiting requests (429) after 3 tries; try again later");
  CHECK(server.requests().size() == 3);
}

TEST_CASE("fetch: a server error after every try") {
  ApiServer server;
  server.on("/w", {{502, "", "", 0}});
  HttpFetcher http(fast());
  CHECK(http.get(server.url() + "/w").error ==
        "127.0.0.1 answered 502 after 3 tries; try again later");
}

TEST_CASE("fetch: not found is not tried again") {
  ApiServer server;
  HttpFetcher http(fast());
  FetchResult r = http.get(server.url() + "/pid/00/0000.bib");
  CHECK(r.status == 404);
  CHECK(r.error == "not found: " + server.url() + "/pid/00/0000.bib (404)");
  CHECK(server.requests().size() == 1);
}

TEST_CASE("fetch: no connection") {
  std::string url;
  {
    ApiServer gone;  // a port that was free a moment ago, and now has no one listening
    url = gone.url() + "/x";
  }
  HttpFetcher http(fast());
  CHECK(http.get(url).error ==
        "cannot reach 127.0.0.1: no connection (offline, or the name does not resolve)");
}

TEST_CASE("fetch: a timeout") {
  ApiServer server;
  server.on("/slow", {{200, "late", "", 600}});
  FetchOptions o = fast();
  o.timeout_ms = 100;
  HttpFetcher http(o);
  CHECK(http.get(server.url() + "/slow").error ==
        "127.0.0.1 did not answer within 0.1 s (timeout); try again later");
}

TEST_CASE("fetch: requests to one host are spaced by the interval") {
  ApiServer server;
  server.on("/a", "x");
  FetchOptions o = fast();
  o.min_interval_ms = 60;
  HttpFetcher http(o);
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 3; ++i) REQUIRE(http.get(server.url() + "/a").ok);
  CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(120));
}

TEST_CASE("fetch: not an http address") {
  HttpFetcher http(fast());
  CHECK(http.get("ftp://example.org/x").error ==
        "cannot fetch ftp://example.org/x: not an http:// or https:// address");
}

TEST_CASE("fetch: proxies and NO_PROXY from the environment") {
  ScopedEnv https("HTTPS_PROXY", "http://proxy.example.org:3128");
  ScopedEnv http("HTTP_PROXY", "");
  ScopedEnv no("NO_PROXY", "localhost,.internal.example.org");
  Proxy p = proxy_for("https", "api.openalex.org");
  CHECK(p.host == "proxy.example.org");
  CHECK(p.port == 3128);
  CHECK(proxy_for("https", "mirror.internal.example.org").host.empty());
  CHECK(proxy_for("https", "localhost").host.empty());
  CHECK(proxy_for("http", "api.openalex.org").host.empty());
}

TEST_CASE("fetch: the CA bundle from SSL_CERT_FILE, and the message when there is none") {
  {
    ScopedEnv file("SSL_CERT_FILE", "/nonexistent/bundle.pem");
    CHECK(find_ca_paths({}).file == "/nonexistent/bundle.pem");
  }
  ScopedEnv file("SSL_CERT_FILE", "");
  ScopedEnv dir("SSL_CERT_DIR", "");
  CHECK(find_ca_paths({"/nonexistent/a.pem", SITEGEN_SOURCE_DIR "/CMakeLists.txt"}).file ==
        SITEGEN_SOURCE_DIR "/CMakeLists.txt");
  FetchOptions o = fast();
  o.ca_files = {"/nonexistent/a.pem"};
  HttpFetcher http(o);
  CHECK(http.get("https://api.openalex.org/works").error ==
        "cannot fetch https://api.openalex.org/works: no CA certificates found to check the "
        "server with; set SSL_CERT_FILE to a PEM bundle (e.g. /etc/ssl/certs/ca-certificates.crt)");
}

TEST_CASE("fetch: api_base reads the override and drops a trailing slash") {
  ScopedEnv e("SITEGEN_TEST_API_URL", "http://127.0.0.1:8000/");
  CHECK(api_base("SITEGEN_TEST_API_URL", "https://api.openalex.org") == "http://127.0.0.1:8000");
  CHECK(api_base("SITEGEN_TEST_UNSET_URL", "https://api.openalex.org") ==
        "https://api.openalex.org");
}
