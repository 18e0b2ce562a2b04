// The importers' HTTP client over cpp-httplib (see http_fetch.h). Only this file and the
// test server include httplib with OpenSSL; the build and the preview server never fetch.
#include "import/http_fetch.h"

#include <httplib.h>

#include <cstdlib>
#include <filesystem>
#include <thread>

#include "text/ascii.h"
#include "text/strings.h"

namespace sitegen {

namespace {

struct Url {
  std::string scheme, host, path;
  int port = 0;
};

bool parse_url(const std::string& url, Url* u) {
  size_t colon = url.find("://");
  if (colon == std::string::npos) return false;
  u->scheme = ascii_lower(url.substr(0, colon));
  if (u->scheme != "http" && u->scheme != "https") return false;
  size_t host_start = colon + 3;
  size_t slash = url.find('/', host_start);
  std::string authority =
      url.substr(host_start, slash == std::string::npos ? std::string::npos : slash - host_start);
  u->path = slash == std::string::npos ? "/" : url.substr(slash);
  u->port = u->scheme == "https" ? 443 : 80;
  size_t port_colon = authority.rfind(':');
  if (port_colon != std::string::npos && authority.find(']') == std::string::npos) {
    u->port = std::atoi(authority.c_str() + port_colon + 1);
    authority.resize(port_colon);
  }
  u->host = authority;
  return !u->host.empty() && u->port > 0;
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

bool retryable(int status) {
  return status == 429 || status == 500 || status == 502 || status == 503 || status == 504;
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
  return {"/etc/ssl/certs/ca-certificates.crt",  // Debian, Ubuntu, Arch
          "/etc/pki/tls/certs/ca-bundle.crt",    // Fedora, RHEL
          "/etc/ssl/cert.pem",                   // macOS, Alpine
          "/opt/homebrew/etc/openssl@3/cert.pem",
          "/usr/local/etc/openssl@3/cert.pem",  // Homebrew
          "/etc/ssl/ca-bundle.pem"};            // openSUSE
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
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (is_alpha(c) || is_digit(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/' ||
        c == '*' || c == ':') {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  return out;
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

FetchResult HttpFetcher::get(const std::string& url, const std::string& accept) {
  FetchResult r;
  Url u;
  if (!parse_url(url, &u)) {
    r.error = "cannot fetch " + url + ": not an http:// or https:// address";
    return r;
  }
  std::string origin = u.scheme + "://" + u.host + ":" + std::to_string(u.port);
  httplib::Client client(origin);
  if (u.scheme == "https") {
    CaPaths ca = find_ca_paths(options_.ca_files);
    if (ca.file.empty() && ca.dir.empty()) {
      r.error = "cannot fetch " + url +
                ": no CA certificates found to check the server with; set SSL_CERT_FILE to a "
                "PEM bundle (e.g. /etc/ssl/certs/ca-certificates.crt)";
      return r;
    }
    client.set_ca_cert_path(ca.file, ca.dir);
    client.enable_server_certificate_verification(true);
  }
  if (Proxy p = proxy_for(u.scheme, u.host); !p.host.empty()) client.set_proxy(p.host, p.port);
  time_t sec = options_.timeout_ms / 1000;
  time_t usec = (options_.timeout_ms % 1000) * 1000;
  client.set_connection_timeout(sec, usec);
  client.set_read_timeout(sec, usec);
  client.set_write_timeout(sec, usec);
  client.set_follow_location(true);
  client.set_url_encode(false);  // the callers encode what they put in (url_component)
  httplib::Headers headers = {{"User-Agent", options_.user_agent}, {"Accept", accept}};

  for (int attempt = 1;; ++attempt) {
    wait_turn(u.host);
    httplib::Result res = client.Get(u.path, headers);
    if (!res) {
      switch (res.error()) {
        case httplib::Error::Read:
        case httplib::Error::ConnectionTimeout:
          r.error = u.host + " did not answer within " + seconds(options_.timeout_ms) +
                    " (timeout); try again later";
          break;
        case httplib::Error::SSLConnection:
        case httplib::Error::SSLServerVerification:
        case httplib::Error::SSLLoadingCerts:
          r.error = "cannot reach " + u.host +
                    ": the secure connection failed (its certificate could not be verified)";
          break;
        default:
          r.error = "cannot reach " + u.host +
                    ": no connection (offline, or the name does not "
                    "resolve)";
      }
      return r;
    }
    r.status = res->status;
    if (res->status >= 200 && res->status < 300) {
      r.ok = true;
      r.body = std::move(res->body);
      return r;
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
      r.error = "not found: " + url + " (404)";
    else if (res->status == 429)
      r.error = u.host + " is rate limiting requests (429) after " + tries + "; try again later";
    else if (retryable(res->status))
      r.error = u.host + " answered " + std::to_string(res->status) + " after " + tries +
                "; try again later";
    else
      r.error = u.host + " answered " + std::to_string(res->status) + " for " + url;
    return r;
  }
}

}  // namespace sitegen
