// Fuzzes what `sitegen serve` answers to the bytes of a connection: the checks before
// httplib (head size, header count, Content-Length), httplib's parsing, the Host,
// Origin and Range checks, and the file, page and live-reload answers. The server runs
// over a small site; requests go through Server::answer, without a socket.
#include <stdlib.h>
#include <unistd.h>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "serve/serve.h"
#include "text/strings.h"

namespace fs = std::filesystem;

namespace {

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

struct Fixture {
  std::ostringstream out, err;
  std::unique_ptr<sitegen::Server> server;
  fs::path dir;
  Fixture() {
    char tmpl[] = "/tmp/sitegen-serve-fuzz-XXXXXX";
    if (!::mkdtemp(tmpl)) std::abort();
    dir = tmpl;
    write(dir / "site.toml", "title = \"Fuzz\"\nbase_url = \"/\"\n[person]\nname = \"Ada\"\n");
    write(dir / "bio.md", "I study *things*.\n");
    write(dir / "static/seven.txt", "1234567");
    write(dir / "static/empty.txt", "");
    sitegen::ServeOptions o;
    o.content_dir = dir.string();
    o.port = 0;
    o.max_streams = 0;  // an event stream never ends by itself: 503 instead
    o.theme_search_dir = "/nonexistent-themes";
    server = std::make_unique<sitegen::Server>(o, out, err);
    std::string why;
    if (!server->start(&why)) std::abort();
  }
};

Fixture& fixture() {
  static Fixture* f = new Fixture;  // lives as long as the process: no teardown race
  return *f;
}

void fail(const char* why, std::string_view request, std::string_view answer) {
  std::fprintf(stderr, "serve_request: %s\n--- request\n%.*s\n--- answer\n%.*s\n", why,
               int(std::min<size_t>(request.size(), 2000)), request.data(),
               int(std::min<size_t>(answer.size(), 2000)), answer.data());
  std::abort();
}

std::string header(std::string_view head, std::string_view name) {
  std::string needle = "\r\n" + std::string(name) + ":";
  size_t at = head.find(needle);
  if (at == std::string_view::npos) return "";
  at += needle.size();
  std::string value(head.substr(at, head.find("\r\n", at) - at));
  // As httplib hands a value over: up to a NUL (it goes through a C string), trimmed.
  return std::string(sitegen::trim(value.substr(0, value.find('\0'))));
}

// The values of the header lines named `lower_name` (lowercase), as httplib keeps them:
// spaces and tabs trimmed, lines with nothing left skipped, %XX decoded, cut at a NUL.
std::vector<std::string> values(std::string_view head, std::string_view lower_name) {
  std::vector<std::string> out;
  for (size_t at = head.find("\r\n"); at != std::string_view::npos;
       at = head.find("\r\n", at + 2)) {
    std::string_view line = head.substr(at + 2, head.find("\r\n", at + 2) - (at + 2));
    if (line.size() <= lower_name.size() || line[lower_name.size()] != ':') continue;
    bool same = true;
    for (size_t i = 0; i < lower_name.size() && same; ++i)
      same = std::tolower(static_cast<unsigned char>(line[i])) == lower_name[i];
    if (!same) continue;
    std::string_view value = line.substr(lower_name.size() + 1);
    while (!value.empty() && (value[0] == ' ' || value[0] == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    if (value.empty()) continue;
    std::string decoded;
    for (size_t i = 0; i < value.size(); ++i) {
      if (value[i] == '%' && i + 2 < value.size() &&
          std::isxdigit(static_cast<unsigned char>(value[i + 1])) &&
          std::isxdigit(static_cast<unsigned char>(value[i + 2]))) {
        decoded += char(std::stoi(std::string(value.substr(i + 1, 2)), nullptr, 16));
        i += 2;
      } else {
        decoded += value[i];
      }
    }
    out.push_back(decoded.substr(0, decoded.find('\0')));
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 64 * 1024) return 0;
  Fixture& f = fixture();
  std::string request(reinterpret_cast<const char*>(data) + 1, size - 1);
  // Odd first bytes put this server's Host after the request line, so the fuzzer
  // reaches the routes without having to guess the port.
  if (data[0] & 1) {
    size_t eol = request.find("\r\n");
    if (eol != std::string::npos)
      request.insert(eol + 2, "Host: 127.0.0.1:" + std::to_string(f.server->port()) + "\r\n");
  }
  std::string answer = f.server->answer(request);
  if (answer.empty()) {
    std::string lower = request;
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    if (lower.find("\r\n\r\n") != std::string::npos &&
        lower.find("content-length") == std::string::npos)
      fail("a whole request without a body had no answer", request, answer);
    return 0;
  }
  if (!answer.starts_with("HTTP/1.1 ")) fail("the answer is not HTTP/1.1", request, answer);
  size_t end = answer.find("\r\n\r\n");
  if (end == std::string::npos) fail("the answer has no end of head", request, answer);
  std::string_view head(answer.data(), end + 2);
  std::string_view body = std::string_view(answer).substr(end + 4);
  int status = std::atoi(answer.c_str() + 9);
  // httplib reads the method from the request line however it is spaced.
  bool head_request = request.substr(0, request.find('\n')).find("HEAD") != std::string::npos;
  std::string length = header(head, "Content-Length");
  if (!length.empty() && !(head_request && body.empty()) && body.size() != std::stoul(length))
    fail("the body is not Content-Length bytes long", request, answer);
  if (status == 206) {
    // "bytes FIRST-LAST/SIZE", inside the file, and the body is that many bytes.
    unsigned long long first = 0, last = 0, total = 0;
    std::string range = header(head, "Content-Range");
    if (std::sscanf(range.c_str(), "bytes %llu-%llu/%llu", &first, &last, &total) != 3 ||
        first > last || last >= total || length.empty() || std::stoull(length) != last - first + 1)
      fail("a 206 with a Content-Range that is not the body's", request, answer);
    if (body.size() > 7 && header(head, "Content-Type").starts_with("text/plain") &&
        range.ends_with("/7"))
      fail("more than the file's 7 bytes", request, answer);
  }
  // Every 416 names the size: a Range httplib cannot parse is taken out before it would
  // answer an empty one.
  if (status == 416 && !header(head, "Content-Range").starts_with("bytes */"))
    fail("a 416 without Content-Range: bytes */SIZE", request, answer);
  // Only this server's host names are answered with content. Checked where this file
  // reads the head as httplib does: every line ends in CRLF (httplib skips others), no
  // NUL; a header line with an empty value is skipped, values are percent-decoded.
  std::string req_head = request.substr(0, request.find("\r\n\r\n") + 2);
  bool plain = req_head.find('\0') == std::string::npos;
  for (size_t i = 0; i < req_head.size() && plain; ++i)
    if (req_head[i] == '\n' && (i == 0 || req_head[i - 1] != '\r')) plain = false;
  std::vector<std::string> hosts = values(req_head, "host");
  if (plain && hosts.size() == 1 && (status == 200 || status == 206)) {
    if (!sitegen::allowed_host(hosts[0], "127.0.0.1", f.server->port()))
      fail("content for a host that is not this server", request, answer);
  }
  // Two Host lines are refused, whichever one names this server.
  if (plain && hosts.size() > 1 && status < 400)
    fail("a request with two Host headers was answered", request, answer);
  // The live-reload endpoints answer only this server's pages: an Origin must name its
  // port (without one it is port 80's), and there is one at most.
  std::vector<std::string> origins = values(req_head, "origin");
  if (plain && !origins.empty() && status == 200 &&
      req_head.substr(0, req_head.find('\r')).find(" /_sitegen/") != std::string::npos) {
    const std::string& origin = origins[0];  // httplib also reads %uXXXX: not followed here
    size_t bracket = origin.rfind(']');
    bool has_port =
        origin.find(':', bracket == std::string::npos ? 7 : bracket) != std::string::npos;
    bool unicode_escape =
        origin.find("%u") != std::string::npos || origin.find("%U") != std::string::npos;
    if (origins.size() > 1 || (!has_port && !unicode_escape) ||
        !sitegen::allowed_origin(origin, "127.0.0.1", f.server->port()))
      fail("a live-reload answer for another origin", request, answer);
  }
  return 0;
}
