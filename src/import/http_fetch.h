// HTTPS GET for the importers and `sitegen update citations`: one polite client (rate
// limit per host, retries with back-off on 429/5xx, timeouts) with one message per failure.
// The server is not trusted: an answer is bounded in time and size (unpacked too), and
// redirects are followed only to http(s) addresses, never from https to http.
#pragma once

#include <chrono>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

// Where Debian/Ubuntu, Fedora/RHEL, macOS, Homebrew and openSUSE keep their CA bundle.
std::vector<std::string> system_ca_files();

struct FetchOptions {
  std::string user_agent;     // "sitegen/0.1.0 (+https://github.com/...; mailto:...)"
  int min_interval_ms = 100;  // between two requests to one host
  int timeout_ms = 30000;     // to connect, and for each read
  int deadline_ms = 120000;   // for one request, from connecting to the answer's end
  size_t max_body_bytes = size_t{64} << 20;  // an answer, unpacked, may be this long
  int max_redirects = 5;                     // followed for one get()
  int max_tries = 4;               // a 429 or 5xx is tried again up to this many times in all
  int retry_base_ms = 1000;        // back-off without Retry-After: base, 2 x base, 4 x base, ...
  int max_retry_delay_ms = 60000;  // a longer Retry-After is cut to this
  // Where to look for a CA bundle when SSL_CERT_FILE and SSL_CERT_DIR are not set.
  std::vector<std::string> ca_files = system_ca_files();
};

struct FetchResult {
  bool ok = false;
  int status = 0;     // HTTP status, 0 when no answer came
  std::string body;   // when ok
  std::string error;  // when not ok: one line, lowercase, for the user
};

// A proxy for a URL from HTTPS_PROXY / https_proxy (https) or HTTP_PROXY / http_proxy,
// unless NO_PROXY / no_proxy names its host ("*", a host, or a domain suffix).
struct Proxy {
  std::string host;
  int port = 0;
};
Proxy proxy_for(const std::string& scheme, const std::string& host);

// The CA bundle for HTTPS: SSL_CERT_FILE or SSL_CERT_DIR, else the first of `files`
// that exists; empty if none.
struct CaPaths {
  std::string file;
  std::string dir;
};
CaPaths find_ca_paths(const std::vector<std::string>& files);

// An API's base URL: the environment variable `env` (for mirrors and tests) or `fallback`,
// without a trailing '/'.
std::string api_base(const char* env, const char* fallback);

// `s` percent-encoded for a URL's path or query: all but letters, digits, `-._~/:*`.
std::string url_component(std::string_view s);

class HttpFetcher {
 public:
  explicit HttpFetcher(FetchOptions options) : options_(std::move(options)) {}

  // GET `url` (http:// or https://), with `accept` as the Accept header. Never throws.
  FetchResult get(const std::string& url, const std::string& accept = "application/json");

 private:
  struct Answer;
  void wait_turn(const std::string& host);
  // One request, retried after 429 and 5xx: an answer, a redirect, or r->error.
  bool request(const std::string& url, const std::string& accept, Answer* a, FetchResult* r);

  FetchOptions options_;
  std::map<std::string, std::chrono::steady_clock::time_point> last_request_;
};

}  // namespace sitegen
