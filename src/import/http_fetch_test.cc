// The importers' HTTP client against a local server: each failure mode's exact message,
// retries after 429 and 5xx, the User-Agent sent, and the bounds on a hostile server
// (size, unpacked size, time, redirects).
#include "import/http_fetch.h"

#include <doctest/doctest.h>

#include "support/api_server.h"
#include "support/raw_server.h"

using namespace sitegen;
using sitegen::testing::ApiServer;
using sitegen::testing::CannedResponse;
using sitegen::testing::import_data;
using sitegen::testing::RawAnswer;
using sitegen::testing::RawServer;
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

// "hello", as gzip.
const std::string kHelloGzip(
    "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\xcb\x48\xcd\xc9\xc9\x07"
    "\x00\x86\xa6\x10\x36\x05\x00\x00\x00",
    25);

std::string http_ok(const std::string& headers, const std::string& body) {
  return "HTTP/1.1 200 OK\r\n" + headers + "Content-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body;
}

std::string redirect_to(const std::string& location) {
  return "HTTP/1.1 302 Found\r\nLocation: " + location +
         "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
}

// The request target of a request head: "/a?x=1".
std::string target_of(const std::string& head) {
  size_t sp = head.find(' ');
  return head.substr(sp + 1, head.find(' ', sp + 1) - sp - 1);
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

TEST_CASE("fetch: a gzip answer is unpacked, and sitegen asks for gzip") {
  RawServer server(RawAnswer{http_ok("Content-Encoding: gzip\r\n", kHelloGzip)});
  FetchResult r = HttpFetcher(fast()).get(server.url() + "/a");
  CHECK(r.error == "");
  CHECK(r.body == "hello");
  REQUIRE(server.heads().size() == 1);
  CHECK(server.heads()[0].find("\r\nAccept-Encoding: gzip, deflate") != std::string::npos);
}

TEST_CASE("fetch: an answer larger than the bound is not read") {
  FetchOptions o = fast();
  o.max_body_bytes = 1 << 20;
  HttpFetcher http(o);
  // Said by Content-Length: refused before the body.
  RawServer told(RawAnswer{http_ok("", std::string((1 << 20) + 1, 'x'))});
  CHECK(http.get(told.url() + "/big").error ==
        "cannot fetch " + told.url() +
            "/big: the answer is larger than 1 MB, more than sitegen "
            "reads");
  // Not said: stopped at the bound.
  RawServer untold(
      RawAnswer{"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + std::string(3 << 20, 'x')});
  CHECK(http.get(untold.url() + "/big").error ==
        "cannot fetch " + untold.url() +
            "/big: the answer is larger than 1 MB, more than sitegen "
            "reads");
  // Exactly the bound is fine.
  RawServer exact(RawAnswer{http_ok("", std::string(1 << 20, 'x'))});
  CHECK(http.get(exact.url() + "/big").body.size() == 1 << 20);
}

TEST_CASE("fetch: a gzip bomb is unpacked only up to the bound") {
  // 4 KB of gzip that unpacks to 4 MB of zeros; the server sends it unasked-for sizes.
  FetchOptions o = fast();
  o.max_body_bytes = 1 << 20;
  RawServer server(RawAnswer{http_ok("Content-Encoding: gzip\r\n", import_data("zeros-4mb.gz"))});
  CHECK(HttpFetcher(o).get(server.url() + "/bomb").error ==
        "cannot fetch " + server.url() +
            "/bomb: the answer unpacks to more than 1 MB, more than sitegen reads");
}

TEST_CASE("fetch: an encoding sitegen did not ask for is refused") {
  RawServer server(RawAnswer{http_ok("Content-Encoding: zstd\r\n", "(\xb5/\xfd")});
  CHECK(HttpFetcher(fast()).get(server.url() + "/z").error ==
        "cannot fetch " + server.url() +
            "/z: the answer is in an encoding sitegen cannot read (`zstd`)");
}

TEST_CASE("fetch: a server that sends a byte at a time meets the deadline") {
  // Each byte comes well within the read timeout (2 s), so only the deadline ends it.
  FetchOptions o = fast();
  o.deadline_ms = 300;
  HttpFetcher http(o);
  RawServer head(RawAnswer{"HTTP/1.1 200 OK\r\nX-Slow: " + std::string(4000, 'a'), 10});
  CHECK(http.get(head.url() + "/drip").error ==
        "127.0.0.1 did not send its whole answer within 0.3 s; try again later");
  RawServer body(
      RawAnswer{"HTTP/1.1 200 OK\r\nContent-Length: 4000\r\n\r\n" + std::string(4000, 'a'), 10});
  CHECK(http.get(body.url() + "/drip").error ==
        "127.0.0.1 did not send its whole answer within 0.3 s; try again later");
}

TEST_CASE("fetch: a closed connection is reported as one, not as a timeout") {
  HttpFetcher http(fast());
  RawServer silent(RawAnswer{""});
  CHECK(http.get(silent.url() + "/x").error ==
        "127.0.0.1 closed the connection without answering; try again later");
  RawServer cut(RawAnswer{"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this"});
  CHECK(http.get(cut.url() + "/x").error ==
        "127.0.0.1 closed the connection before the end of its answer; try again later");
  RawServer broken(RawAnswer{http_ok("Content-Encoding: gzip\r\n", "not gzip at all")});
  CHECK(http.get(broken.url() + "/x").error ==
        "127.0.0.1 sent an answer that ends early or whose compressed data is damaged; try "
        "again later");
}

TEST_CASE("fetch: redirects are followed, on the same server and to another") {
  RawServer other([](const std::string& head) {
    return RawAnswer{target_of(head) == "/there?q=1" ? http_ok("", "arrived") : ""};
  });
  RawServer server([&](const std::string& head) {
    std::string t = target_of(head);
    if (t == "/a/b") return RawAnswer{redirect_to("c d")};  // relative, with a space
    if (t == "/a/c%20d") return RawAnswer{redirect_to(other.url() + "/there?q=1#frag")};
    return RawAnswer{""};
  });
  FetchResult r = HttpFetcher(fast()).get(server.url() + "/a/b");
  CHECK(r.error == "");
  CHECK(r.body == "arrived");
}

TEST_CASE("fetch: a redirect loop, too many redirects, and a Location without an address") {
  HttpFetcher http(fast());
  RawServer loop([](const std::string& head) {
    return RawAnswer{redirect_to(target_of(head) == "/a" ? "/b" : "/a")};
  });
  CHECK(http.get(loop.url() + "/a").error == "cannot fetch " + loop.url() +
                                                 "/a: the redirects go round in a loop (back to `" +
                                                 loop.url() + "/a`)");
  RawServer on([](const std::string& head) {
    return RawAnswer{redirect_to(target_of(head) + "x")};  // /x, /xx, /xxx, ...
  });
  CHECK(http.get(on.url() + "/x").error ==
        "cannot fetch " + on.url() + "/x: more than 5 redirects");
  CHECK(on.heads().size() == 6);
  RawServer nowhere(RawAnswer{
      "HTTP/1.1 301 Moved Permanently\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"});
  CHECK(http.get(nowhere.url() + "/x").error ==
        "127.0.0.1 answered 301 for " + nowhere.url() + "/x without saying where to (no Location)");
}

TEST_CASE("fetch: a Location with a port past 65535 or another scheme is refused, not followed") {
  HttpFetcher http(fast());
  for (const char* location :
       {"http://127.0.0.1:99999999999/x", "http://127.0.0.1:0/x", "javascript:alert(1)",
        "ftp://example.org/x", "http://exa\x01mple.org/x", "http://user@example.org/x"}) {
    CAPTURE(location);
    RawServer server(RawAnswer{redirect_to(location)});
    CHECK(http.get(server.url() + "/x").error ==
          "cannot fetch " + server.url() + "/x: 127.0.0.1 redirects to `" +
              (std::string(location).find('\x01') != std::string::npos
                   ? std::string("http://exa?mple.org/x")
                   : std::string(location)) +
              "`, which is not a valid http:// or https:// address");
    CHECK(server.heads().size() == 1);
  }
}

TEST_CASE("fetch: https is never redirected to plain http") {
  // An https server with a certificate for 127.0.0.1 (tests/data/import/test-server.*, made
  // for these tests with openssl req -x509), trusted through SSL_CERT_FILE.
  std::string data = SITEGEN_SOURCE_DIR "/tests/data/import/";
  ScopedEnv ca("SSL_CERT_FILE", data + "test-server.crt");
  RawServer plain(RawAnswer{http_ok("", "the owner's e-mail in the User-Agent would go here")});
  httplib::SSLServer tls((data + "test-server.crt").c_str(), (data + "test-server.key").c_str());
  tls.Get("/a", [](const httplib::Request&, httplib::Response& res) {
    res.set_content("secure", "text/plain");
  });
  tls.Get("/b", [](const httplib::Request&, httplib::Response& res) { res.set_redirect("/a"); });
  tls.Get("/c", [&](const httplib::Request&, httplib::Response& res) {
    res.set_redirect(plain.url() + "/leak");
  });
  int port = tls.bind_to_any_port("127.0.0.1");
  std::thread thread([&] { tls.listen_after_bind(); });
  while (!tls.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::string https = "https://127.0.0.1:" + std::to_string(port);
  HttpFetcher http(fast());
  CHECK(http.get(https + "/a").body == "secure");
  CHECK(http.get(https + "/b").body == "secure");  // https to https is followed
  CHECK(http.get(https + "/c").error ==
        "cannot fetch " + https + "/c: 127.0.0.1 redirects to `" + plain.url() +
            "/leak`, from https to plain http; sitegen does not follow it");
  CHECK(plain.heads().empty());
  tls.stop();
  thread.join();
}
