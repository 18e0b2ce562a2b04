// The importers' HTTP client over cpp-httplib (see http_fetch.h). Only this file and the
// test server include httplib with OpenSSL; the build and the preview server never fetch.
#include "import/http_fetch.h"

#include <httplib.h>

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "base/sockets.h"
#include "text/ascii.h"
#include "text/strings.h"
#include "text/url_path.h"

namespace sitegen {

namespace {

using Clock = std::chrono::steady_clock;

struct Url {
  std::string scheme, host, path;  // path with its query ("/" at least), without a fragment
  int port = 0;
  std::string str() const {
    std::string h = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    bool usual = port == (scheme == "https" ? 443 : 80);
    return scheme + "://" + h + (usual ? "" : ":" + std::to_string(port)) + path;
  }
};

bool parse_port(std::string_view s, int* port) {
  if (s.empty() || s.size() > 5) return false;
  int p = 0;
  for (char c : s) {
    if (!is_digit(c)) return false;
    p = p * 10 + (c - '0');
  }
  if (p < 1 || p > 65535) return false;
  *port = p;
  return true;
}

// A request target as httplib sends it, verbatim: bytes a request line cannot hold
// (controls, spaces, non-ASCII, quotes, angle brackets, ...) percent-encoded.
std::string request_target(std::string_view path) {
  return percent_encode(path, [](unsigned char c) {
    return c <= 0x20 || c >= 0x7F ||
           std::string_view("\"<>\\^`{|}").find(static_cast<char>(c)) != std::string_view::npos;
  });
}

// http(s)://host[:port][/path][?query][#fragment]; a host is a name or an address in
// brackets, a port 1 to 65535 (a server's Location is parsed here too, never by httplib).
bool parse_url(std::string_view url, Url* u) {
  size_t colon = url.find("://");
  if (colon == std::string_view::npos) return false;
  u->scheme = ascii_lower(url.substr(0, colon));
  if (u->scheme != "http" && u->scheme != "https") return false;
  size_t start = colon + 3;
  size_t end = url.find_first_of("/?#", start);
  std::string_view authority =
      url.substr(start, end == std::string_view::npos ? url.size() - start : end - start);
  std::string_view rest = end == std::string_view::npos ? std::string_view() : url.substr(end);
  rest = rest.substr(0, rest.find('#'));
  u->path =
      request_target(rest.empty() || rest[0] != '/' ? "/" + std::string(rest) : std::string(rest));
  u->port = u->scheme == "https" ? 443 : 80;
  std::string_view host = authority;
  if (!authority.empty() && authority[0] == '[') {
    size_t close = authority.find(']');
    if (close == std::string_view::npos) return false;
    host = authority.substr(1, close - 1);
    std::string_view after = authority.substr(close + 1);
    if (!after.empty() && (after[0] != ':' || !parse_port(after.substr(1), &u->port))) return false;
    if (host.empty() ||
        host.find_first_not_of("0123456789abcdefABCDEF:.") != std::string_view::npos)
      return false;
  } else {
    if (size_t pc = authority.rfind(':'); pc != std::string_view::npos) {
      if (!parse_port(authority.substr(pc + 1), &u->port)) return false;
      host = authority.substr(0, pc);
    }
    if (host.empty() || host.size() > 253) return false;
    for (char c : host)
      if (!is_alpha(c) && !is_digit(c) && c != '.' && c != '-' && c != '_') return false;
  }
  u->host = ascii_lower(host);
  return true;
}

// Where a Location header leads from `base`: an absolute http(s) URL, //host/path, /path,
// ?query or a path relative to base's folder. False for any other scheme or a bad address.
bool resolve_location(const Url& base, std::string_view loc, Url* out) {
  loc = trim(loc);
  if (loc.empty()) return false;
  if (loc.starts_with("//")) return parse_url(base.scheme + ":" + std::string(loc), out);
  size_t scheme_end = 0;
  while (scheme_end < loc.size() &&
         (is_alpha(loc[scheme_end]) || is_digit(loc[scheme_end]) || loc[scheme_end] == '+' ||
          loc[scheme_end] == '-' || loc[scheme_end] == '.'))
    ++scheme_end;
  if (scheme_end > 0 && scheme_end < loc.size() && loc[scheme_end] == ':' && is_alpha(loc[0]))
    return parse_url(loc, out);
  *out = base;
  std::string_view path = loc.substr(0, loc.find('#'));
  if (path.empty()) return true;
  std::string base_path = base.path.substr(0, base.path.find('?'));
  std::string joined;
  if (path[0] == '/')
    joined = path;
  else if (path[0] == '?')
    joined = base_path + std::string(path);
  else
    joined = base_path.substr(0, base_path.rfind('/') + 1) + std::string(path);
  out->path = request_target(joined);
  return true;
}

// A value from the server, shown in a message: cut, and without control characters.
std::string shown(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 80)) {
    unsigned char u = static_cast<unsigned char>(c);
    out += u < 0x20 || u == 0x7F || c == '`' ? '?' : c;
  }
  return s.size() > 80 ? out + "..." : out;
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? v : "";
}

std::string seconds(int ms) {
  if (ms % 1000 == 0) return std::to_string(ms / 1000) + " s";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f s", ms / 1000.0);
  return buf;
}

std::string size_text(size_t bytes) {
  if (bytes % (size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MB";
  if (bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KB";
  return std::to_string(bytes) + " bytes";
}

bool retryable(int status) {
  return status == 429 || status == 500 || status == 502 || status == 503 || status == 504;
}

bool is_redirect(int status) {
  return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

// Ends one request at its deadline, however the server stalls (a byte a second in the
// head or the body): it shuts the connection's socket down through a duplicate of it, so
// httplib's read fails at once. The duplicate is ours, so it never names another file.
class Watchdog {
 public:
  explicit Watchdog(Clock::time_point deadline)
      : thread_([this, deadline] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (cv_.wait_until(lock, deadline, [this] { return done_; })) return;
          fired_ = true;
          shutdown_socket(fd_);
        }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
    close_socket(fd_);
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

  // httplib's socket for this request (called again for each address tried).
  void watch(Socket fd) {
    std::lock_guard<std::mutex> lock(mutex_);
    close_socket(fd_);
    fd_ = duplicate_socket(fd);
    if (fired_) shutdown_socket(fd_);
  }
  bool fired() {
    std::lock_guard<std::mutex> lock(mutex_);
    return fired_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  bool fired_ = false;
  Socket fd_ = kNoSocket;
  std::thread thread_;  // last: it starts when the members it uses exist
};

// The Content-Encodings httplib unpacks (it sends any other as it came).
bool readable_encoding(const std::string& e) {
  return e.empty() || e == "identity" || e == "gzip" || e == "deflate" || e == "br";
}

}  // namespace

Proxy proxy_for(const std::string& scheme, const std::string& host) {
  std::string no_proxy = env("NO_PROXY");
  if (no_proxy.empty()) no_proxy = env("no_proxy");
  size_t start = 0;
  while (start <= no_proxy.size()) {
    size_t comma = no_proxy.find(',', start);
    std::string item(trim(
        no_proxy.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
    if (!item.empty() && item[0] == '.') item.erase(0, 1);
    if (item == "*") return {};
    if (!item.empty() &&
        (iequals(host, item) || (host.size() > item.size() && host.ends_with("." + item))))
      return {};
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  std::string value;
  if (scheme == "https")
    value = env("HTTPS_PROXY").empty() ? env("https_proxy") : env("HTTPS_PROXY");
  if (value.empty()) value = env("HTTP_PROXY").empty() ? env("http_proxy") : env("HTTP_PROXY");
  if (value.empty()) return {};
  if (value.find("://") == std::string::npos) value = "http://" + value;
  Url u;
  if (!parse_url(value, &u)) return {};
  return {u.host, u.port};
}

std::vector<std::string> system_ca_files() {
#ifdef _WIN32
  return {};  // the system's certificate store, which cpp-httplib reads when given no file
#else
  return {"/etc/ssl/certs/ca-certificates.crt",  // Debian, Ubuntu, Arch
          "/etc/pki/tls/certs/ca-bundle.crt",    // Fedora, RHEL
          "/etc/ssl/cert.pem",                   // macOS, Alpine
          "/opt/homebrew/etc/openssl@3/cert.pem",
          "/usr/local/etc/openssl@3/cert.pem",  // Homebrew
          "/etc/ssl/ca-bundle.pem"};            // openSUSE
#endif
}

CaPaths find_ca_paths(const std::vector<std::string>& files) {
  std::error_code ec;
  if (std::string f = env("SSL_CERT_FILE"); !f.empty()) return {f, ""};
  if (std::string d = env("SSL_CERT_DIR"); !d.empty()) return {"", d};
  for (const std::string& f : files)
    if (std::filesystem::is_regular_file(f, ec)) return {f, ""};
  return {};
}

std::string url_component(std::string_view s) {
  return percent_encode(s, [](unsigned char c) {
    return !is_alpha(static_cast<char>(c)) && !is_digit(static_cast<char>(c)) &&
           std::string_view("-._~/*:").find(static_cast<char>(c)) == std::string_view::npos;
  });
}

std::string api_base(const char* env_name, const char* fallback) {
  std::string base = env(env_name);
  if (base.empty()) base = fallback;
  while (!base.empty() && base.back() == '/') base.pop_back();
  return base;
}

void HttpFetcher::wait_turn(const std::string& host) {
  auto now = std::chrono::steady_clock::now();
  auto it = last_request_.find(host);
  if (it != last_request_.end()) {
    auto next = it->second + std::chrono::milliseconds(options_.min_interval_ms);
    if (next > now) std::this_thread::sleep_until(next);
  }
  last_request_[host] = std::chrono::steady_clock::now();
}

struct HttpFetcher::Answer {
  int status = 0;
  std::string body;
  std::string location;  // of a redirect
};

FetchResult HttpFetcher::get(const std::string& url, const std::string& accept) {
  FetchResult r;
  Url u;
  if (!parse_url(url, &u)) {
    r.error = "cannot fetch " + url + ": not an http:// or https:// address";
    return r;
  }
  std::set<std::string> seen = {u.str()};
  std::string current = url;
  for (int redirects = 0;; ++redirects) {
    Answer a;
    if (!request(current, accept, &a, &r)) return r;
    if (!is_redirect(a.status)) {
      r.ok = true;
      r.status = a.status;
      r.body = std::move(a.body);
      return r;
    }
    Url next;
    if (!resolve_location(u, a.location, &next)) {
      r.error = "cannot fetch " + url + ": " + u.host + " redirects to `" + shown(a.location) +
                "`, which is not a valid http:// or https:// address";
      return r;
    }
    if (u.scheme == "https" && next.scheme == "http") {
      r.error = "cannot fetch " + url + ": " + u.host + " redirects to `" + shown(a.location) +
                "`, from https to plain http; sitegen does not follow it";
      return r;
    }
    if (!seen.insert(next.str()).second) {
      r.error = "cannot fetch " + url + ": the redirects go round in a loop (back to `" +
                shown(next.str()) + "`)";
      return r;
    }
    if (redirects == options_.max_redirects) {
      r.error = "cannot fetch " + url + ": more than " + std::to_string(options_.max_redirects) +
                " redirects";
      return r;
    }
    u = next;
    current = next.str();
  }
}

bool HttpFetcher::request(const std::string& url, const std::string& accept, Answer* a,
                          FetchResult* r) {
  Url u;
  parse_url(url, &u);
  CaPaths ca;
  if (u.scheme == "https") {
    ca = find_ca_paths(options_.ca_files);
#ifndef _WIN32  // Windows: given no file, cpp-httplib reads the system's certificate store
    if (ca.file.empty() && ca.dir.empty()) {
      r->error = "cannot fetch " + url +
                 ": no CA certificates found to check the server with; set SSL_CERT_FILE to a "
                 "PEM bundle (e.g. /etc/ssl/certs/ca-certificates.crt)";
      return false;
    }
#endif
  }
  httplib::Headers headers = {{"User-Agent", options_.user_agent},
                              {"Accept", accept},
                              {"Accept-Encoding", "gzip, deflate"}};

  for (int attempt = 1;; ++attempt) {
    wait_turn(u.host);
    // A fresh client per request: its settings are this request's, its socket is watched.
    std::unique_ptr<httplib::ClientImpl> client;
    if (u.scheme == "https") {
#ifdef CPPHTTPLIB_OPENSSL_SUPPORT
      auto ssl = std::make_unique<httplib::SSLClient>(u.host, u.port);
      ssl->set_ca_cert_path(ca.file, ca.dir);
      ssl->enable_server_certificate_verification(true);
      client = std::move(ssl);
#else  // cpp-httplib built without OpenSSL
      r->error = "cannot fetch " + url + ": this sitegen was built without HTTPS (OpenSSL)";
      return false;
#endif
    } else {
      client = std::make_unique<httplib::ClientImpl>(u.host, u.port);
    }
    if (Proxy p = proxy_for(u.scheme, u.host); !p.host.empty()) client->set_proxy(p.host, p.port);
    int connect_ms = std::min(options_.timeout_ms, options_.deadline_ms);
    client->set_connection_timeout(connect_ms / 1000, (connect_ms % 1000) * 1000);
    client->set_read_timeout(options_.timeout_ms / 1000, (options_.timeout_ms % 1000) * 1000);
    client->set_write_timeout(options_.timeout_ms / 1000, (options_.timeout_ms % 1000) * 1000);
    client->set_follow_location(false);  // followed in get(), where each hop is checked
    client->set_url_encode(false);       // the callers encode what they put in (url_component)
    client->set_decompress(true);

    Clock::time_point start = Clock::now();
    Clock::time_point deadline = start + std::chrono::milliseconds(options_.deadline_ms);
    Clock::time_point last_byte = start;  // the last time the server sent something
    bool answered = false, compressed = false, too_big = false;
    std::string bad_encoding;
    std::string body;
    httplib::Result res(nullptr, httplib::Error::Unknown);
    std::string exception;
    {
      Watchdog watchdog(deadline);
      client->set_socket_options([&watchdog](socket_t fd) { watchdog.watch(fd); });
      auto on_head = [&](const httplib::Response& head) {
        answered = true;
        last_byte = Clock::now();
        std::string encoding = head.get_header_value("Content-Encoding");
        if (!readable_encoding(encoding)) {
          bad_encoding = encoding;
          return false;
        }
        compressed = encoding != "" && encoding != "identity";
        std::string length = head.get_header_value("Content-Length");
        if (!compressed && !length.empty() &&
            (length.size() > 19 ||
             std::strtoull(length.c_str(), nullptr, 10) > options_.max_body_bytes)) {
          too_big = true;
          return false;
        }
        return true;
      };
      auto on_body = [&](const char* data, size_t n) {
        last_byte = Clock::now();
        if (last_byte >= deadline) return false;
        if (n > options_.max_body_bytes - body.size()) {
          too_big = true;
          return false;
        }
        body.append(data, n);
        return true;
      };
      try {
        res = client->Get(u.path, headers, on_head, on_body);
      } catch (const std::exception& e) {
        exception = e.what();
      }
      if (watchdog.fired() || (!res && Clock::now() >= deadline)) {
        r->error = u.host + " did not send its whole answer within " +
                   seconds(options_.deadline_ms) + "; try again later";
        return false;
      }
    }
    if (!exception.empty()) {
      r->error =
          "cannot fetch " + url + ": the answer could not be read (" + shown(exception) + ")";
      return false;
    }
    if (!bad_encoding.empty()) {
      r->error = "cannot fetch " + url + ": the answer is in an encoding sitegen cannot read (`" +
                 shown(bad_encoding) + "`)";
      return false;
    }
    if (too_big) {
      r->error = "cannot fetch " + url + ": the answer " +
                 (compressed ? "unpacks to more than " : "is larger than ") +
                 size_text(options_.max_body_bytes) + ", more than sitegen reads";
      return false;
    }
    if (!res) {
      auto quiet = Clock::now() - last_byte;
      switch (res.error()) {
        case httplib::Error::ConnectionTimeout:
          r->error = u.host + " did not answer within " + seconds(connect_ms) +
                     " (timeout); try again later";
          break;
        case httplib::Error::Read:
        case httplib::Error::Write:
          // A read that timed out waited the whole timeout; a closed connection fails sooner.
          if (res.error() == httplib::Error::Read &&
              quiet >= std::chrono::milliseconds(options_.timeout_ms * 9 / 10))
            r->error = u.host + " did not answer within " + seconds(options_.timeout_ms) +
                       " (timeout); try again later";
          else if (!answered)
            r->error = u.host + " closed the connection without answering; try again later";
          else if (compressed)
            r->error = u.host + " sent an answer that ends early or whose compressed data is " +
                       "damaged; try again later";
          else
            r->error = u.host + " closed the connection before the end of its answer; try again " +
                       "later";
          break;
        case httplib::Error::SSLConnection:
        case httplib::Error::SSLServerVerification:
        case httplib::Error::SSLLoadingCerts:
          r->error = "cannot reach " + u.host +
                     ": the secure connection failed (its certificate could not be verified)";
          break;
        case httplib::Error::Connection:
          r->error =
              "cannot reach " + u.host + ": no connection (offline, or the name does not resolve)";
          break;
        default:
          r->error = "cannot fetch " + url + ": the request failed (" +
                     ascii_lower(httplib::to_string(res.error())) + ")";
      }
      return false;
    }
    r->status = res->status;
    if ((res->status >= 200 && res->status < 300) || is_redirect(res->status)) {
      a->status = res->status;
      a->body = std::move(body);
      a->location = res->get_header_value("Location");
      if (is_redirect(res->status) && a->location.empty()) {
        r->error = u.host + " answered " + std::to_string(res->status) + " for " + url +
                   " without saying where to (no Location)";
        return false;
      }
      return true;
    }
    if (retryable(res->status) && attempt < options_.max_tries) {
      int delay = options_.retry_base_ms << (attempt - 1);
      std::string after = res->get_header_value("Retry-After");
      if (!after.empty() && after.find_first_not_of("0123456789") == std::string::npos &&
          after.size() < 7)
        delay = std::stoi(after) * 1000;
      delay = std::min(delay, options_.max_retry_delay_ms);
      std::this_thread::sleep_for(std::chrono::milliseconds(delay));
      continue;
    }
    std::string tries = std::to_string(attempt) + (attempt == 1 ? " try" : " tries");
    if (res->status == 404)
      r->error = "not found: " + url + " (404)";
    else if (res->status == 429)
      r->error = u.host + " is rate limiting requests (429) after " + tries + "; try again later";
    else if (retryable(res->status))
      r->error = u.host + " answered " + std::to_string(res->status) + " after " + tries +
                 "; try again later";
    else
      r->error = u.host + " answered " + std::to_string(res->status) + " for " + url;
    return false;
  }
}

}  // namespace sitegen
