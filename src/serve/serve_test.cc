// `sitegen serve` end to end: a real server on an ephemeral 127.0.0.1 port over a
// content folder in a temporary directory, talked to with httplib::Client and, where
// the exact bytes of a request matter, a raw socket. Every wait is bounded.
#include "serve/serve.h"
#include "base/source.h"
#include "serve/connections.h"
#include "site_build/build.h"
#include "support/test_dir.h"
#include "support/test_images.h"

#include <arpa/inet.h>
#include <doctest/doctest.h>
#include <fcntl.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;
using namespace sitegen;

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

using testing::TempDir;
using testing::write_file;

// How editors save: write a temporary file beside the real one, then rename it over.
void save_like_an_editor(const fs::path& p, const std::string& text) {
  fs::path tmp = p.string() + ".tmp-save";
  write_file(tmp, text);
  fs::rename(tmp, p);
}

std::string site_toml(const std::string& title, const std::string& base_url = "/") {
  return "title = \"" + title + "\"\nbase_url = \"" + base_url +
         "\"\n[person]\nname = \"Ada Example\"\n";
}

// A small site with a page of each kind the tests need and one static file per MIME type.
void write_site(const fs::path& dir, const std::string& base_url = "/") {
  write_file(dir / "site.toml", site_toml("Ada's Site", base_url));
  write_file(dir / "bio.md", "I study **sparse** compilers.\n");
  write_file(dir / "publications.toml",
             "[[publication]]\ntitle = \"Fast Sparse Things\"\nauthors = [\"Ada Example\"]\n"
             "venue = \"PLDI\"\nyear = 2025\ntype = \"conference\"\n");
  write_file(dir / "static/extra.css", "body { color: black; }\n");
  write_file(dir / "static/app.js", "console.log(1);\n");
  write_file(dir / "static/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
  write_file(dir / "static/photo.png", std::string("\x89PNG\r\n\x1a\n", 8));
  write_file(dir / "static/photo.jpg", "\xff\xd8\xff");
  write_file(dir / "static/paper.pdf", "%PDF-1.4\n");
  write_file(dir / "static/refs.bib", "@misc{x, title={X}}\n");
  write_file(dir / "static/font.woff2", "wOF2");
  write_file(dir / "static/data.json", "{}\n");
  write_file(dir / "static/feed.xml", "<feed/>\n");
}

// A server over `dir`, started on a free port, stopped at the end of the scope.
struct TestServer {
  std::ostringstream out, err;
  Server server;
  int port = -1;
  TestServer(const fs::path& dir, bool poll = false, const fs::path& themes = "/nonexistent-themes")
      : server(options(dir, poll, themes), out, err) {
    std::string why;
    REQUIRE(server.start(&why));
    port = server.port();
  }
  static ServeOptions options(const fs::path& dir, bool poll, const fs::path& themes) {
    ServeOptions o;
    o.content_dir = dir.string();
    o.port = 0;
    o.poll = poll;
    o.heartbeat_ms = 200;
    o.debounce_ms = 30;
    o.theme_search_dir = themes.string();
    return o;
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port);
    c.set_connection_timeout(5);
    c.set_read_timeout(5);
    return c;
  }
};

// Sends `request` as it is and returns everything the server answered before closing.
std::string raw_request(int port, const std::string& request) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return "connect failed";
  }
  for (size_t done = 0; done < request.size();) {
    ssize_t n = ::send(fd, request.data() + done, request.size() - done, MSG_NOSIGNAL);
    if (n <= 0) break;  // the server may close early on an oversized request
    done += size_t(n);
  }
  std::string response;
  auto deadline = Clock::now() + milliseconds(5000);
  char buf[4096];
  while (Clock::now() < deadline) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 100) <= 0) continue;
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    response.append(buf, size_t(n));
  }
  ::close(fd);
  return response;
}

int status_of(const std::string& response) {
  // "HTTP/1.1 404 Not Found"
  if (response.compare(0, 5, "HTTP/") != 0) return 0;
  size_t sp = response.find(' ');
  return sp == std::string::npos ? 0 : std::atoi(response.c_str() + sp + 1);
}

// An open /_sitegen/events stream read through a raw socket.
class SseReader {
 public:
  // `from`: the local address to connect from (127.0.0.2 is another client).
  explicit SseReader(int port, const char* from = nullptr) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (from) {
      sockaddr_in local{};
      local.sin_family = AF_INET;
      REQUIRE(::inet_pton(AF_INET, from, &local.sin_addr) == 1);
      REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) == 0);
    }
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(::connect(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    std::string req =
        "GET /_sitegen/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n";
    REQUIRE(::send(fd_, req.data(), req.size(), MSG_NOSIGNAL) == ssize_t(req.size()));
  }
  ~SseReader() { ::close(fd_); }
  // Reads until `needle` appears after what earlier calls consumed; false on timeout.
  bool wait_for(const std::string& needle, milliseconds timeout = milliseconds(5000)) {
    auto deadline = Clock::now() + timeout;
    while (true) {
      size_t at = text_.find(needle, consumed_);
      if (at != std::string::npos) {
        consumed_ = at + needle.size();
        return true;
      }
      if (Clock::now() >= deadline) return false;
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, 50) <= 0) continue;
      char buf[4096];
      ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
      if (n <= 0) return false;
      text_.append(buf, size_t(n));
    }
  }
  const std::string& text() const { return text_; }

 private:
  int fd_ = -1;
  std::string text_;
  size_t consumed_ = 0;
};

// The test site in a fresh folder, served and watched, with an event stream that has
// seen the server's hello.
struct WatchedSite {
  struct SiteDir : TempDir {
    SiteDir() { write_site(path); }
  };
  SiteDir tmp;
  TestServer ts;
  httplib::Client c;
  SseReader sse;
  explicit WatchedSite(bool poll = false) : ts(tmp.path, poll), c(ts.client()), sse(ts.port) {
    REQUIRE(sse.wait_for("event: hello"));
  }
};

// Polls until `ok` holds, for at most 5 s.
bool eventually(const std::function<bool()>& ok) {
  auto deadline = Clock::now() + milliseconds(5000);
  while (Clock::now() < deadline) {
    if (ok()) return true;
    std::this_thread::sleep_for(milliseconds(10));
  }
  return ok();
}

std::string body_of(httplib::Client& c, const std::string& path) {
  auto res = c.Get(path.c_str());
  return res ? res->body : "";
}

Output output_of(std::initializer_list<std::pair<const std::string, std::string>> files) {
  Output out;
  for (const auto& [path, bytes] : files) out.files[path].bytes = bytes;
  return out;
}

}  // namespace

TEST_CASE("serve: request paths map to files, redirects and clean errors") {
  Output out = output_of({{"index.html", "home"},
                          {"404.html", "missing"},
                          {"publications/index.html", "pubs"},
                          {"assets/style.css", "css"}});
  auto route = [&](std::string_view path, std::string_view base = "/") {
    Route r = route_request(out, base, path);
    return std::to_string(r.status) + " " + r.file + r.location + r.message;
  };
  CHECK(route("/") == "200 index.html");
  CHECK(route("/publications/") == "200 publications/index.html");
  CHECK(route("/publications") == "302 /publications/");
  CHECK(route("/assets/style.css") == "200 assets/style.css");
  CHECK(route("/nope") == "404 404.html");
  CHECK(route("/../etc/passwd") == "400 bad request path: it contains a `..` segment\n");
  CHECK(route("/assets/../../x") == "400 bad request path: it contains a `..` segment\n");
  CHECK(route("/./index.html") == "400 bad request path: it contains a `.` segment\n");
  CHECK(route("//etc/passwd") == "400 bad request path: it contains an empty segment\n");
  CHECK(route("/a\\..\\b") == "400 bad request path: it contains a backslash\n");
  CHECK(route(std::string_view("/a\0b", 4)) == "400 bad request path: it contains a NUL byte\n");
  CHECK(route("/a\r\nSet-Cookie: x") == "400 bad request path: it contains a control character\n");
  CHECK(route("etc/passwd") == "400 bad request path: it must start with /\n");
  CHECK(route("/" + std::string(kMaxPathLength, 'a')) == "414 request path too long\n");
  // Decoded once only: a double-encoded dot-dot is just a strange file name.
  CHECK(route("/%2e%2e/etc/passwd") == "404 404.html");

  // A site under a base path.
  CHECK(route("/", "/repo/") == "302 /repo/");
  CHECK(route("/repo", "/repo/") == "302 /repo/");
  CHECK(route("/repo/", "/repo/") == "200 index.html");
  CHECK(route("/repo/publications", "/repo/") == "302 /repo/publications/");
  CHECK(route("/publications/", "/repo/") == "404 404.html");

  Output bare = output_of({{"index.html", "home"}});
  CHECK(route_request(bare, "/", "/nope").message == "not found\n");
}

TEST_CASE("serve: MIME types by extension") {
  CHECK(mime_type("index.html") == "text/html; charset=utf-8");
  CHECK(mime_type("assets/style.css") == "text/css; charset=utf-8");
  CHECK(mime_type("a/app.js") == "text/javascript; charset=utf-8");
  CHECK(mime_type("icons.svg") == "image/svg+xml");
  CHECK(mime_type("photo.PNG") == "image/png");
  CHECK(mime_type("photo.jpeg") == "image/jpeg");
  CHECK(mime_type("paper.pdf") == "application/pdf");
  CHECK(mime_type("news/feed.xml") == "application/xml; charset=utf-8");
  CHECK(mime_type("x/x.bib") == "text/plain; charset=utf-8");
  CHECK(mime_type("font.woff2") == "font/woff2");
  CHECK(mime_type("data.json") == "application/json");
  CHECK(mime_type("CNAME") == "application/octet-stream");
  CHECK(mime_type("dir.v2/file") == "application/octet-stream");
}

TEST_CASE("serve: static files must resolve to a place inside static/") {
  TempDir tmp;
  write_file(tmp.path / "static/a.txt", "a");
  write_file(tmp.path / "secret.txt", "s");
  fs::create_symlink(tmp.path / "secret.txt", tmp.path / "static/out.txt");
  fs::create_symlink(tmp.path / "static/a.txt", tmp.path / "static/in.txt");
  std::string dir = (tmp.path / "static").string();
  CHECK(is_inside_dir(dir + "/a.txt", dir));
  CHECK(is_inside_dir(dir + "/in.txt", dir));
  CHECK_FALSE(is_inside_dir(dir + "/out.txt", dir));
  CHECK_FALSE(is_inside_dir(dir + "/../secret.txt", dir));
  CHECK_FALSE(is_inside_dir(dir + "/missing.txt", dir));
  CHECK_FALSE(is_inside_dir(dir, dir));
  CHECK_FALSE(is_inside_dir((tmp.path / "static-other/x").string(), dir));
}

TEST_CASE("serve: what open pages must do after a rebuild") {
  ServedSite a, b;
  a.good = b.good = true;
  a.output = output_of({{"index.html", "<link href=\"/assets/style.css?v=0000aaaa\">hi"},
                        {"assets/style.css", "body{}"}});
  b.output = a.output;
  CHECK(reload_kind(a, b) == ReloadKind::kNone);
  b.output.files["assets/style.css"].bytes = "body{color:red}";
  b.output.files["index.html"].bytes = "<link href=\"/assets/style.css?v=1111bbbb\">hi";
  CHECK(reload_kind(a, b) == ReloadKind::kCss);
  b.output.files["index.html"].bytes = "<link href=\"/assets/style.css?v=1111bbbb\">hello";
  CHECK(reload_kind(a, b) == ReloadKind::kReload);
  b.output = a.output;
  b.output.files["new/index.html"].bytes = "new page";
  CHECK(reload_kind(a, b) == ReloadKind::kReload);
  // A static file changed on disk: same copy_from, another stamp.
  a.output.files["photo.png"].copy_from = b.output.files["photo.png"].copy_from =
      "/c/static/photo.png";
  b.output.files.erase("new/index.html");
  a.stamps["photo.png"] = "1:10";
  b.stamps["photo.png"] = "2:10";
  CHECK(reload_kind(a, b) == ReloadKind::kReload);
  b.base_path = "/repo/";
  b.stamps["photo.png"] = "1:10";
  CHECK(reload_kind(a, b) == ReloadKind::kReload);
}

TEST_CASE("serve: pages on request are compared by the inputs and templates that made them") {
  TempDir tmp;
  write_site(tmp.path);
  auto served = [&] {
    DiskSource disk(tmp.path.string());
    RecordingSource source(disk);
    BuildOptions o;
    o.pages_on_request = true;
    o.theme_search_dir = "/nonexistent-themes";
    BuildResult r = build_site(source, o);
    ServedSite s;
    s.good = true;
    s.output = std::move(r.output);
    s.site_pages = std::move(r.site_pages);
    s.inputs = source.fingerprint();
    for (const auto& [rel, f] : s.output.files)
      if (!f.copy_from.empty()) s.stamps[rel] = "unchanged";  // as the server stamps them
    return s;
  };
  ServedSite a = served();
  CHECK(a.output.files.at("index.html").on_request);
  CHECK(a.output.files.at("index.html").bytes.empty());
  CHECK(reload_kind(a, served()) == ReloadKind::kNone);
  write_file(tmp.path / "bio.md", "I study **sparse** compilers.\n");  // the same bytes again
  CHECK(reload_kind(a, served()) == ReloadKind::kNone);
  write_file(tmp.path / "bio.md", "I study compilers.\n");
  CHECK(reload_kind(a, served()) == ReloadKind::kReload);
  write_file(tmp.path / "bio.md", "I study **sparse** compilers.\n");
  write_file(tmp.path / "layouts/page.mustache", "{{title}}");  // a template of its own
  CHECK(reload_kind(a, served()) == ReloadKind::kReload);
}

TEST_CASE("serve: pages rendered on request are the pages a build writes") {
  TempDir tmp;
  write_site(tmp.path);
  write_file(tmp.path / "news.toml", "[[news]]\ndate = 2025-01-02\ntext = \"A *new* paper.\"\n");
  TestServer ts(tmp.path);
  httplib::Client c = ts.client();
  BuildOptions o;
  o.live_reload_script = live_reload_script();
  o.theme_search_dir = "/nonexistent-themes";
  BuildResult built = build_site(DiskSource(tmp.path.string()), o);
  std::string status = body_of(c, "/_sitegen/status");
  size_t at = status.find("\"build\":\"") + 9;
  std::string build = status.substr(at, status.find('"', at) - at);
  size_t pages = 0;
  for (const auto& entry : built.output.files) {
    const std::string& rel = entry.first;
    if (rel.size() < 5 || rel.substr(rel.size() - 5) != ".html") continue;
    CAPTURE(rel);
    std::string page = body_of(c, "/" + rel);
    page.replace(page.rfind(build), build.size(), kBuildMarker);
    CHECK(page == entry.second.bytes);
    ++pages;
  }
  CHECK(pages >= 6);
}

TEST_CASE("serve: a served page has the [style] snippets and no [analytics] tag") {
  TempDir tmp;
  write_site(tmp.path);
  write_file(tmp.path / "site.toml",
             site_toml("Ada's Site") +
                 "[style]\nhead = \"snippets/head.html\"\nfooter = \"snippets/footer.html\"\n"
                 "[analytics]\ngoatcounter = \"ada\"\nplausible = \"ada.example.org\"\n"
                 "umami = \"4fb7fa4c-5b46-438d-94b3-3a8fb9bc2e8b\"\ngoogle = \"G-1A2B3C4D5E\"\n");
  write_file(tmp.path / "snippets/head.html", "<meta name=\"x-snippet\" content=\"head\">\n");
  write_file(tmp.path / "snippets/footer.html", "<p>Footer snippet.</p>\n");
  TestServer ts(tmp.path);
  httplib::Client c = ts.client();
  for (const char* path : {"/", "/publications/", "/404.html"}) {
    CAPTURE(path);
    std::string page = body_of(c, path);
    for (const char* tag : {"goatcounter", "plausible.io", "umami", "googletagmanager", "gtag("})
      CHECK(page.find(tag) == std::string::npos);
    CHECK(page.find("<meta name=\"x-snippet\" content=\"head\">\n") != std::string::npos);
    CHECK(page.find("<div class=\"footer-extra\">\n<p>Footer snippet.</p>\n</div>") !=
          std::string::npos);
  }
}

TEST_CASE("serve: pages, MIME types, 404 page and no-cache over HTTP") {
  TempDir tmp;
  write_site(tmp.path);
  TestServer ts(tmp.path);
  httplib::Client c = ts.client();

  auto home = c.Get("/");
  REQUIRE(home);
  CHECK(home->status == 200);
  CHECK(home->get_header_value("Content-Type") == "text/html; charset=utf-8");
  CHECK(home->get_header_value("Cache-Control") == "no-cache");
  CHECK(home->body.find("I study <strong>sparse</strong> compilers.") != std::string::npos);
  // The live-reload script is in the page, with the build it shows filled in.
  CHECK(home->body.find("new EventSource(\"/_sitegen/events\")") != std::string::npos);
  CHECK(home->body.find(kBuildMarker) == std::string::npos);

  const std::pair<const char*, const char*> kTypes[] = {
      {"/extra.css", "text/css; charset=utf-8"},
      {"/app.js", "text/javascript; charset=utf-8"},
      {"/logo.svg", "image/svg+xml"},
      {"/photo.png", "image/png"},
      {"/photo.jpg", "image/jpeg"},
      {"/paper.pdf", "application/pdf"},
      {"/refs.bib", "text/plain; charset=utf-8"},
      {"/font.woff2", "font/woff2"},
      {"/data.json", "application/json"},
      {"/feed.xml", "application/xml; charset=utf-8"},
  };
  for (const auto& path_and_type : kTypes) {
    std::string path = path_and_type.first;
    CAPTURE(path);
    auto res = c.Get(path.c_str());
    REQUIRE(res);
    CHECK(res->status == 200);
    CHECK(res->get_header_value("Content-Type") == path_and_type.second);
  }
  CHECK(body_of(c, "/paper.pdf") == "%PDF-1.4\n");

  // The stylesheet under the version the page names is cacheable; other URLs are not.
  size_t v = home->body.find("/assets/style.css?v=");
  REQUIRE(v != std::string::npos);
  std::string versioned = home->body.substr(v, 28);
  CHECK(c.Get(versioned.c_str())->get_header_value("Cache-Control") ==
        "max-age=31536000, immutable");
  CHECK(c.Get("/assets/style.css?v=00000000")->get_header_value("Cache-Control") == "no-cache");
  CHECK(c.Get("/assets/style.css")->get_header_value("Cache-Control") == "no-cache");

  auto pubs = c.Get("/publications");
  REQUIRE(pubs);
  CHECK(pubs->status == 302);
  CHECK(pubs->get_header_value("Location") == "/publications/");
  auto list = c.Get("/publications/");
  REQUIRE(list);
  CHECK(list->status == 200);
  CHECK(list->body.find("Fast Sparse Things") != std::string::npos);

  auto missing = c.Get("/no/such/page/");
  REQUIRE(missing);
  CHECK(missing->status == 404);
  CHECK(missing->get_header_value("Content-Type") == "text/html; charset=utf-8");
  CHECK(missing->body.find("Page not found") != std::string::npos);

  auto head = c.Head("/");
  REQUIRE(head);
  CHECK(head->status == 200);
  CHECK(head->body.empty());

  // Content files themselves are not part of the site.
  CHECK(c.Get("/site.toml")->status == 404);
  CHECK(c.Get("/static/paper.pdf")->status == 404);
  auto post = c.Post("/", "x", "text/plain");
  REQUIRE(post);
  CHECK(post->status >= 400);
  CHECK(post->status < 500);

  auto status = c.Get("/_sitegen/status");
  REQUIRE(status);
  CHECK(status->get_header_value("Content-Type") == "application/json");
  CHECK(status->body.find("\"ok\":true") != std::string::npos);
  CHECK(status->body.find("\"diagnostics\":[]") != std::string::npos);
}

TEST_CASE("serve: the base path of base_url is honoured") {
  TempDir tmp;
  write_site(tmp.path, "https://me.github.io/repo/");
  TestServer ts(tmp.path);
  CHECK(ts.server.url() == "http://127.0.0.1:" + std::to_string(ts.port) + "/repo/");
  httplib::Client c = ts.client();
  for (const char* path : {"/", "/repo"}) {
    auto res = c.Get(path);
    REQUIRE(res);
    CHECK(res->status == 302);
    CHECK(res->get_header_value("Location") == "/repo/");
  }
  auto home = c.Get("/repo/");
  REQUIRE(home);
  CHECK(home->status == 200);
  CHECK(home->body.find("href=\"/repo/publications/\"") != std::string::npos);
  CHECK(c.Get("/repo/publications/")->status == 200);
  CHECK(c.Get("/repo/paper.pdf")->status == 200);
  CHECK(c.Get("/publications/")->status == 404);
  auto redirect = c.Get("/repo/publications?x=1");
  REQUIRE(redirect);
  CHECK(redirect->get_header_value("Location") == "/repo/publications/?x=1");
}

TEST_CASE("serve: a member's photo kept in people/<id>/ is served, as build publishes it") {
  TempDir tmp;
  fs::path content = tmp.path / "lab";
  write_file(content / "site.toml", "title = \"Lab\"\n[group]\nname = \"Lab\"\n");
  write_file(content / "people/ada/person.toml", "name = \"Ada Example\"\nrole = \"pi\"\n");
  std::string jpeg = sitegen::testing::test_jpeg(64, 64);
  write_file(content / "people/ada/photo.jpg", jpeg);
  write_file(tmp.path / "secret.jpg", "TOP-SECRET");
  TestServer ts(content);
  httplib::Client c = ts.client();
  CHECK(body_of(c, "/people/").find("src=\"/people/ada/photo.jpg\"") != std::string::npos);
  auto photo = c.Get("/people/ada/photo.jpg");
  REQUIRE(photo);
  CHECK(photo->status == 200);
  CHECK(photo->get_header_value("Content-Type") == "image/jpeg");
  CHECK(photo->body == jpeg);

  // A link swapped in for it after the build leads out of the content folder: refused
  // (the rebuild it sets off fails for the same reason, and the last build stays).
  fs::remove(content / "people/ada/photo.jpg");
  fs::create_symlink(tmp.path / "secret.jpg", content / "people/ada/photo.jpg");
  auto swapped = c.Get("/people/ada/photo.jpg");
  REQUIRE(swapped);
  CHECK(swapped->status == 403);
  CHECK(swapped->body ==
        "refusing to serve /people/ada/photo.jpg: it leads outside the content folder\n");
}

TEST_CASE("serve: a replaced photo is resized again and the page shows its new files") {
  TempDir tmp;
  fs::path content = tmp.path / "site";
  write_file(content / "site.toml", "[person]\nname = \"Ada Example\"\nphoto = \"me.jpg\"\n");
  write_file(content / "static/me.jpg", sitegen::testing::test_jpeg(900, 900));
  ServeOptions o = TestServer::options(content, true, "/nonexistent-themes");
  o.image_cache_dir = (tmp.path / "cache").string();
  std::ostringstream out, err;
  Server server(o, out, err);
  std::string why;
  REQUIRE(server.start(&why));
  httplib::Client c("127.0.0.1", server.port());
  c.set_read_timeout(5);
  // The photo's src: "/img/<hash>-240.webp".
  auto photo_src = [&] {
    std::string home = body_of(c, "/");
    const std::string img = "<img class=\"photo\" src=\"";
    size_t at = home.find(img);
    if (at == std::string::npos) return std::string();
    at += img.size();
    return home.substr(at, home.find('"', at) - at);
  };
  std::string before = photo_src();
  REQUIRE(before.starts_with("/img/"));
  CHECK(before.ends_with("-240.webp"));
  std::string wide = before.substr(0, before.size() - 9) + "-480.webp";
  auto webp = c.Get(wide.c_str());
  REQUIRE(webp);
  CHECK(webp->status == 200);
  CHECK(webp->get_header_value("Content-Type") == "image/webp");
  CHECK(webp->body.starts_with("RIFF"));
  // Kept in the cache folder given, for the next start.
  CHECK(fs::exists(tmp.path / "cache" / wide.substr(5)));

  write_file(content / "static/me.jpg", sitegen::testing::test_jpeg(900, 600));
  CHECK(eventually([&] { return !photo_src().empty() && photo_src() != before; }));
  CHECK(body_of(c, "/").find("width=\"240\" height=\"160\"") != std::string::npos);
  CHECK(c.Get(photo_src().c_str())->status == 200);
  CHECK(c.Get(wide.c_str())->status == 404);
  server.stop();
}

TEST_CASE("serve: traversal attempts and malformed requests get a clean 4xx") {
  TempDir tmp;
  fs::path content = tmp.path / "content";
  write_site(content);
  write_file(tmp.path / "secret.txt", "TOP-SECRET\n");
  fs::create_symlink(tmp.path / "secret.txt", content / "static/escape.txt");
  fs::create_directories(tmp.path / "outside");
  write_file(tmp.path / "outside/inner.txt", "TOP-SECRET\n");
  fs::create_directory_symlink(tmp.path / "outside", content / "static/linked");
  TestServer ts(content);

  auto get = [&](const std::string& target) {
    return raw_request(
        ts.port, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  };
  const char* kAttempts[] = {
      "/../secret.txt",
      "/../../../../etc/passwd",
      "/%2e%2e/secret.txt",
      "/%2E%2E/%2e%2e/etc/passwd",
      "/..%2fsecret.txt",
      "/%2e%2e%2fsecret.txt",
      "/static/..%5c..%5csecret.txt",
      "/..\\secret.txt",
      "//etc/passwd",
      "/%2fetc/passwd",
      "/a%00b",
      "/index.html%00.png",
      "/%0d%0aSet-Cookie:%20x=1",
  };
  for (std::string target : kAttempts) {
    CAPTURE(target);
    std::string res = get(target);
    CHECK(status_of(res) == 400);
    CHECK(res.find("TOP-SECRET") == std::string::npos);
  }
  // Decoded once, so double encoding is only an odd name; absolute paths are site paths.
  for (std::string target : {"/%252e%252e/secret.txt", "/etc/passwd", "/tmp/secret.txt"}) {
    CAPTURE(target);
    std::string res = get(target);
    CHECK(status_of(res) == 404);
    CHECK(res.find("TOP-SECRET") == std::string::npos);
  }
  // A symlink in static/ that leads out of it is never followed: the build leaves it out
  // (with a warning), so it is not found; linked folders are not walked.
  std::string escape = get("/escape.txt");
  CHECK(status_of(escape) == 404);
  CHECK(escape.find("TOP-SECRET") == std::string::npos);
  std::string inner = get("/linked/inner.txt");
  CHECK(status_of(inner) == 404);
  CHECK(inner.find("TOP-SECRET") == std::string::npos);

  // Oversized and garbled requests.
  std::string long_path = "/" + std::string(10 * 1024, 'a');
  CHECK(status_of(get(long_path)) == 414);
  std::string mid_path = "/" + std::string(kMaxPathLength + 10, 'b');
  CHECK(status_of(get(mid_path)) == 414);
  std::string huge_header =
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + std::string(100 * 1024, 'h') + "\r\n\r\n";
  int huge = status_of(raw_request(ts.port, huge_header));
  CHECK((huge == 0 || (huge >= 400 && huge < 500)));  // 4xx, or the connection is dropped
  std::string many_headers = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  for (int i = 0; i < 200; ++i) many_headers += "X-H" + std::to_string(i) + ": v\r\n";
  many_headers += "Connection: close\r\n\r\n";
  int many = status_of(raw_request(ts.port, many_headers));
  CHECK((many == 200 || (many >= 400 && many < 500)));
  int garbage = status_of(raw_request(ts.port, std::string("\x16\x03\x01\x00\x00\r\n\r\n", 9)));
  CHECK((garbage == 0 || (garbage >= 400 && garbage < 500)));
  CHECK(
      status_of(raw_request(
          ts.port,
          "GET http://x/../secret.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")) ==
      400);

  // And the server is still there.
  httplib::Client c = ts.client();
  auto res = c.Get("/");
  REQUIRE(res);
  CHECK(res->status == 200);
}

TEST_CASE("serve: an edit changes the served page and reloads open pages") {
  for (bool poll : {false, true}) {
    CAPTURE(poll);
    WatchedSite site(poll);
    const fs::path& dir = site.tmp.path;
    httplib::Client& c = site.c;
    SseReader& sse = site.sse;

    save_like_an_editor(dir / "bio.md", "I now study **dense** compilers.\n");
    CHECK(eventually(
        [&] { return body_of(c, "/").find("<strong>dense</strong>") != std::string::npos; }));
    CHECK(sse.wait_for("event: reload\ndata: {\"build\":"));

    // A new page and a deleted page are picked up.
    write_file(dir / "pages/teaching.md", "+++\ntitle = \"Teaching\"\n+++\nCS 101\n");
    CHECK(eventually([&] { return c.Get("/teaching/") && c.Get("/teaching/")->status == 200; }));
    fs::remove(dir / "pages/teaching.md");
    CHECK(eventually([&] { return c.Get("/teaching/") && c.Get("/teaching/")->status == 404; }));

    // A stylesheet change swaps the stylesheet without a reload.
    save_like_an_editor(dir / "static/extra.css", "body { color: navy; }\n");
    CHECK(sse.wait_for("event: css\n"));
    CHECK(body_of(c, "/extra.css") == "body { color: navy; }\n");
  }
}

TEST_CASE_FIXTURE(WatchedSite,
                  "serve: a burst of saves is published once, after the writes are quiet") {
  // Three saves 10 ms apart: within the 30 ms the server waits for quiet, so the builds
  // that start early are not shown, only the last one.
  for (const char* text : {"One.\n", "Two.\n", "Three **words**.\n"}) {
    save_like_an_editor(tmp.path / "bio.md", text);
    std::this_thread::sleep_for(milliseconds(10));
  }
  CHECK(eventually(
      [&] { return body_of(c, "/").find("Three <strong>words</strong>.") != std::string::npos; }));
  CHECK(sse.wait_for("event: reload\n"));
  CHECK_FALSE(sse.wait_for("event: reload\n", milliseconds(300)));
  std::string terminal = ts.out.str();
  size_t first = terminal.find("bio.md: rebuilt");
  CHECK(first != std::string::npos);
  CHECK(terminal.find("bio.md: rebuilt", first + 1) == std::string::npos);
}

TEST_CASE("serve: an open page asks for what changed in it since the build it shows") {
  TempDir tmp;
  write_site(tmp.path);
  auto publication = [](const std::string& title) {
    return "[[publication]]\nid = \"sparse\"\ntitle = \"" + title +
           "\"\nauthors = [\"Ada Example\"]\nvenue = \"PLDI\"\nyear = 2025\n";
  };
  write_file(tmp.path / "publications.toml", publication("Fast Sparse Things"));
  TestServer ts(tmp.path);
  httplib::Client c = ts.client();
  auto build_of = [&] {
    std::string status = body_of(c, "/_sitegen/status");
    size_t at = status.find("\"build\":\"") + 9;
    return status.substr(at, status.find('"', at) - at);
  };
  std::string first = build_of();
  auto patch = [&](const std::string& from, const std::string& path) {
    return body_of(c, "/_sitegen/patch?from=" + from + "&path=" + path);
  };
  CHECK(patch(first, "/publications/") == "{\"build\":\"" + first + "\",\"patches\":[]}\n");

  save_like_an_editor(tmp.path / "publications.toml", publication("Faster & Sparser"));
  REQUIRE(eventually([&] { return build_of() != first; }));
  std::string second = build_of();
  // The list: the entry's body (its title and its BibTeX changed), reached from <body>
  // element by element.
  std::string list = patch(first, "/publications/");
  CHECK(list.find("{\"build\":\"" + second + "\",\"patches\":[{\"path\":[") == 0);
  CHECK(list.find("\"tags\":[\"main\",\"div\",\"section\",\"ol\",\"li\",\"div\"],"
                  "\"children\":4,\"keep\":0,\"remove\":4,\"html\":\"\\n\\u003cp "
                  "class=\\\"pub-title\\\"\\u003e"
                  "\\u003ca href=\\\"/publications/sparse/\\\"\\u003eFaster \\u0026amp; "
                  "Sparser\\u003c/a\\u003e") != std::string::npos);
  CHECK(list.find("title     = {Faster \\\\\\u0026amp; Sparser}") != std::string::npos);
  // A page the edit did not touch, and one up to date already.
  CHECK(patch(first, "/") == "{\"build\":\"" + second + "\",\"patches\":[]}\n");
  CHECK(patch(second, "/publications/") == "{\"build\":\"" + second + "\",\"patches\":[]}\n");
  // The paper's page changed in its <head> too; a build the server does not know, a
  // path that is no page: the page is swapped whole.
  CHECK(patch(first, "/publications/sparse/").find("\"full\":true") != std::string::npos);
  CHECK(patch("no-such-build", "/publications/") ==
        "{\"build\":\"" + second + "\",\"full\":true}\n");
  CHECK(patch(first, "/extra.css") == "{\"build\":\"" + second + "\",\"full\":true}\n");
  CHECK(patch(first, "/nowhere/") == "{\"build\":\"" + second + "\",\"full\":true}\n");
}

TEST_CASE_FIXTURE(WatchedSite,
                  "serve: a broken edit keeps the last good site and shows the error until a fix") {
  save_like_an_editor(tmp.path / "site.toml",
                      "title = \"Broken\n[person]\nname = \"Ada Example\"\n");
  CHECK(eventually(
      [&] { return body_of(c, "/_sitegen/status").find("\"ok\":false") != std::string::npos; }));
  std::string status = body_of(c, "/_sitegen/status");
  CHECK(
      status.find("\"severity\":\"error\",\"file\":\"" + (tmp.path / "site.toml").string() +
                  "\",\"line\":1,\"col\":16,\"message\":\"expected `\\\"` to close the string, "
                  "found the end of the line (use `\\\"\\\"\\\"` for text over several lines)\"") !=
      std::string::npos);
  CHECK(status.find("  title = \\\"Broken\\n") != std::string::npos);  // the source line
  CHECK(sse.wait_for("event: error\ndata: {"));
  CHECK(sse.wait_for("site.toml:1:16: error: expected `\\\"` to close the string"));

  auto home = c.Get("/");
  REQUIRE(home);
  CHECK(home->status == 200);
  CHECK(home->body.find("<title>Ada&#39;s Site") != std::string::npos);  // the last good build

  // A page opened now gets the error at once when it connects.
  SseReader late(ts.port);
  CHECK(late.wait_for("event: hello"));
  CHECK(late.wait_for("event: error\ndata: {"));

  save_like_an_editor(tmp.path / "site.toml", site_toml("Fixed Title"));
  CHECK(
      eventually([&] { return body_of(c, "/").find("<title>Fixed Title") != std::string::npos; }));
  CHECK(body_of(c, "/_sitegen/status").find("\"ok\":true") != std::string::npos);
  CHECK(sse.wait_for("event: reload\n"));
  CHECK(sse.wait_for("event: ok\n"));

  ts.server.stop();
  std::string terminal = ts.err.str();
  CHECK(terminal.find("site.toml:1:16: error: expected `\"` to close the string") !=
        std::string::npos);
  CHECK(terminal.find("  title = \"Broken\n") != std::string::npos);
  CHECK(terminal.find("build failed with 1 error(s)") != std::string::npos);
  CHECK(terminal.find("still serving the last good build") != std::string::npos);
  CHECK(ts.out.str().find("site.toml: rebuilt") != std::string::npos);
}

TEST_CASE("serve: a site that never built explains itself, then appears once fixed") {
  TempDir tmp;
  write_site(tmp.path);
  write_file(tmp.path / "site.toml", "title = [\n");
  TestServer ts(tmp.path);
  httplib::Client c = ts.client();
  auto res = c.Get("/");
  REQUIRE(res);
  CHECK(res->status == 500);
  CHECK(res->body.find("sitegen could not build the site") != std::string::npos);
  CHECK(res->body.find("/_sitegen/events") != std::string::npos);
  save_like_an_editor(tmp.path / "site.toml", site_toml("Now Good"));
  CHECK(eventually([&] { return body_of(c, "/").find("<title>Now Good") != std::string::npos; }));
}

TEST_CASE("serve: a page its template cannot render shows the error, and the server goes on") {
  TempDir tmp;
  write_site(tmp.path);
  std::string pubs;
  for (int i = 0; i < 20; ++i)
    pubs += "[[publication]]\ntitle = \"P" + std::to_string(i) +
            "\"\nauthors = [\"Ada Example\"]\nyear = 2025\nselected = true\n";
  write_file(tmp.path / "publications.toml", pubs);
  std::string nested;  // the 20 selected papers inside themselves 8 levels deep
  for (int i = 0; i < 8; ++i) nested += "{{#selected}}";
  for (int i = 0; i < 8; ++i) nested += "{{/selected}}";
  write_file(tmp.path / "layouts/home.mustache", nested + "\n");
  TestServer ts(tmp.path, true);
  httplib::Client c = ts.client();
  // 10 million steps take seconds, many more under the sanitizers: wait for the answer.
  c.set_read_timeout(std::chrono::seconds(120));
  std::string message = (tmp.path / "layouts/home.mustache").string() +
                        ": error: rendering `index.html` took more than 10000000 steps (section "
                        "items entered and names looked up); a section over a list repeats "
                        "everything inside it for each item, so sections over lists nested in "
                        "each other multiply";
  for (int i = 0; i < 2; ++i) {
    auto res = c.Get("/");
    REQUIRE(res);
    CHECK(res->status == 500);
    CHECK(res->body.find("sitegen could not render this page:</p>\n<pre>" + message + "</pre>") !=
          std::string::npos);
    CHECK(res->body.find("/_sitegen/events") != std::string::npos);
  }
  CHECK(body_of(c, "/_sitegen/status").find("\"ok\":false") != std::string::npos);
  CHECK(body_of(c, "/_sitegen/status").find("\"message\":\"rendering `index.html` took") !=
        std::string::npos);
  CHECK(ts.err.str() == message + "\n");  // said once
  auto other = c.Get("/publications/");
  REQUIRE(other);
  CHECK(other->status == 200);
  save_like_an_editor(tmp.path / "layouts/home.mustache", "fixed\n");
  CHECK(eventually([&] { return body_of(c, "/") == "fixed\n"; }));
  CHECK(body_of(c, "/_sitegen/status").find("\"ok\":true") != std::string::npos);
}

TEST_CASE("serve: open live-reload streams do not starve page requests, and stop is quick") {
  TempDir tmp;
  write_site(tmp.path);
  auto ts = std::make_unique<TestServer>(tmp.path);
  std::vector<std::unique_ptr<SseReader>> streams;
  for (int i = 0; i < 20; ++i) {
    streams.push_back(std::make_unique<SseReader>(ts->port));
    REQUIRE(streams.back()->wait_for("event: hello"));
  }
  httplib::Client c = ts->client();
  auto start = Clock::now();
  for (int i = 0; i < 20; ++i) {
    auto res = c.Get("/");
    REQUIRE(res);
    CHECK(res->status == 200);
  }
  CHECK(Clock::now() - start < milliseconds(2000));
  CHECK(streams[0]->wait_for(": heartbeat"));

  start = Clock::now();
  ts->server.stop();
  CHECK(Clock::now() - start < milliseconds(1500));
  ts.reset();
}

TEST_CASE("serve: live-reload streams are capped per client address as well as in all") {
  TempDir tmp;
  write_site(tmp.path);
  TestServer ts(tmp.path);
  std::vector<std::unique_ptr<SseReader>> mine;
  for (int i = 0; i < 32; ++i) {
    mine.push_back(std::make_unique<SseReader>(ts.port));
    REQUIRE(mine.back()->wait_for("event: hello"));
  }
  SseReader refused(ts.port);
  CHECK(refused.wait_for("HTTP/1.1 503 "));
  CHECK(refused.wait_for("too many live-reload connections\n"));
  SseReader other(ts.port, "127.0.0.2");
  CHECK(other.wait_for("event: hello"));
  // A stream that ends gives its place back (noticed at its next heartbeat).
  mine.pop_back();
  bool again = false;
  for (int i = 0; i < 50 && !again; ++i) {
    SseReader next(ts.port);
    again = next.wait_for("event: hello", milliseconds(200));
  }
  CHECK(again);
}

TEST_CASE("serve: a client that reads an answer very slowly is dropped") {
  ConnectionLimits limits;
  limits.write = milliseconds(200);
  limits.stall = milliseconds(500);
  HttpServer http(limits);
  // Small buffers on both sides, so that the client's pace is what the server sees.
  http.set_socket_options([](socket_t sock) {
    int size = 8192;
    ::setsockopt(sock, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
  });
  const std::string big(32 << 20, 'x');
  http.Get("/big", [&](const httplib::Request&, httplib::Response& res) {
    res.set_content_provider(
        big.size(), "text/plain", [&](size_t offset, size_t length, httplib::DataSink& sink) {
          return sink.write(big.data() + offset, std::min<size_t>(length, 65536));
        });
  });
  int port = http.bind_to_any_port("127.0.0.1");
  REQUIRE(port > 0);
  std::thread listener([&] { http.listen_after_bind(); });
  for (int i = 0; i < 500 && !http.is_running(); ++i) std::this_thread::sleep_for(milliseconds(10));

  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  int size = 4096;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  std::string req = "GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  REQUIRE(::send(fd, req.data(), req.size(), MSG_NOSIGNAL) == ssize_t(req.size()));
  // 4 KB every 20 ms: the whole answer would take over two minutes.
  size_t received = 0;
  bool closed = false;
  auto deadline = Clock::now() + milliseconds(15000);
  while (!closed && Clock::now() < deadline) {
    std::this_thread::sleep_for(milliseconds(20));
    char buf[4096];
    ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
    if (n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) closed = true;
    if (n > 0) received += size_t(n);
  }
  ::close(fd);
  CHECK(closed);
  CHECK(received < big.size() / 8);
  http.stop();
  http.stop_connections();
  listener.join();
}

namespace {

// An open connection to the server that has sent `partial` and then nothing more.
int stalled_connection(int port, const std::string& partial) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  ::send(fd, partial.data(), partial.size(), MSG_NOSIGNAL);
  return fd;
}

}  // namespace

TEST_CASE("serve: slow clients do not hold up others, and are dropped after the read timeout") {
  TempDir tmp;
  write_site(tmp.path);
  TestServer ts(tmp.path);
  std::vector<int> slow;
  for (int i = 0; i < 16; ++i) {
    int fd = stalled_connection(ts.port, i % 2 ? "GET / HTTP/1.1\r\nHo" : "GE");
    REQUIRE(fd >= 0);
    slow.push_back(fd);
  }
  httplib::Client c = ts.client();
  auto start = Clock::now();
  for (int i = 0; i < 10; ++i) {
    auto res = c.Get("/publications/");
    REQUIRE(res);
    CHECK(res->status == 200);
  }
  CHECK(Clock::now() - start < milliseconds(2000));
  // The server closes each stalled connection once its 5 s read timeout passes.
  auto deadline = Clock::now() + milliseconds(9000);
  size_t closed = 0;
  for (int fd : slow) {
    char buf[512];
    while (Clock::now() < deadline) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 100) <= 0) continue;
      ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) {
        ++closed;
        break;
      }
    }
    ::close(fd);
  }
  CHECK(closed == slow.size());
}

TEST_CASE("serve: rebuilds while pages are being fetched give whole pages, old or new") {
  TempDir tmp;
  write_site(tmp.path);
  TestServer ts(tmp.path);
  std::atomic<bool> editing{true};
  std::atomic<int> fetched{0}, bad{0};
  std::string first_bad;
  std::thread reader([&] {
    httplib::Client c = ts.client();
    // Bounded: at most 2,000 requests, however long the edits take.
    for (int i = 0; i < 2000 && (editing || i < 20); ++i) {
      auto res = c.Get("/");
      bool whole = res && res->status == 200 && res->body.find("</html>") != std::string::npos &&
                   (res->body.find("<title>Ada&#39;s Site") != std::string::npos ||
                    res->body.find("<title>Edit ") != std::string::npos);
      if (!whole && bad++ == 0) first_bad = res ? res->body.substr(0, 300) : "no response";
      ++fetched;
    }
  });
  for (int i = 0; i < 25; ++i) {
    save_like_an_editor(tmp.path / "site.toml", site_toml("Edit " + std::to_string(i)));
    std::this_thread::sleep_for(milliseconds(40));
  }
  editing = false;
  reader.join();
  CAPTURE(first_bad);
  CHECK(bad == 0);
  CHECK(fetched >= 20);
  httplib::Client c = ts.client();
  CHECK(eventually([&] { return body_of(c, "/").find("<title>Edit 24") != std::string::npos; }));
}

TEST_CASE("serve: the sitegen binary serves the site, and SIGTERM stops it within a second") {
  // The other tests run the server in this process; this one runs the command itself,
  // with its signal handling.
  TempDir tmp;
  write_site(tmp.path / "content");
  fs::path out = tmp.path / "serve.out";
  pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || ::dup2(fd, 1) < 0 || ::dup2(fd, 2) < 0) ::_exit(126);
    std::string content = (tmp.path / "content").string();
    ::execl(SITEGEN_BINARY, SITEGEN_BINARY, "serve", content.c_str(), "--port", "0", nullptr);
    ::_exit(127);
  }
  auto printed = [&] {
    std::ifstream in(out);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  std::string url_prefix = "serving http://127.0.0.1:";
  CHECK(eventually([&] { return printed().find(url_prefix) != std::string::npos; }));
  std::string text = printed();
  size_t at = text.find(url_prefix);
  int port = at == std::string::npos ? 0 : std::atoi(text.c_str() + at + url_prefix.size());
  if (port > 0) {
    httplib::Client c("127.0.0.1", port);
    c.set_connection_timeout(5);
    c.set_read_timeout(5);
    auto res = c.Get("/publications/");
    REQUIRE(res);
    CHECK(res->status == 200);
    CHECK(res->body.find("Fast Sparse Things") != std::string::npos);
    CHECK(res->body.find("/_sitegen/events") != std::string::npos);
  }
  ::kill(pid, SIGTERM);
  auto start = Clock::now();
  int status = 0;
  while (::waitpid(pid, &status, WNOHANG) != pid && Clock::now() - start < milliseconds(5000))
    std::this_thread::sleep_for(milliseconds(5));
  auto took = Clock::now() - start;
  if (took >= milliseconds(5000)) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  CHECK(took < milliseconds(1000));
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  INFO(printed());
  CHECK(printed().find("stopped") != std::string::npos);
}

TEST_CASE("serve: a Range is clamped to the file, or refused with 416") {
  auto check = [](std::string_view header, size_t size, int status, size_t offset, size_t length,
                  const std::string& content_range) {
    CAPTURE(header);
    ByteRange r = choose_range(header, size);
    CHECK(r.status == status);
    CHECK(r.offset == offset);
    CHECK(r.length == length);
    CHECK(r.content_range == content_range);
  };
  check("bytes=0-4000", 7, 206, 0, 7, "bytes 0-6/7");
  check("bytes=2-4", 7, 206, 2, 3, "bytes 2-4/7");
  check("bytes=5-", 7, 206, 5, 2, "bytes 5-6/7");
  check("bytes=-3", 7, 206, 4, 3, "bytes 4-6/7");
  check("bytes=-100", 7, 206, 0, 7, "bytes 0-6/7");
  check("bytes=6-6", 7, 206, 6, 1, "bytes 6-6/7");
  check("bytes=7-", 7, 416, 0, 0, "bytes */7");
  check("bytes=7-9", 7, 416, 0, 0, "bytes */7");
  check("bytes=-0", 7, 416, 0, 0, "bytes */7");
  check("bytes=0-", 0, 416, 0, 0, "bytes */0");
  check("bytes=99999999999999999999999999-", 7, 416, 0, 0, "bytes */7");
  check("bytes=0-99999999999999999999999999", 7, 206, 0, 7, "bytes 0-6/7");
  // Not understood, or a list of ranges: the whole file.
  for (std::string_view whole : {"", "bytes=0-1,3-4", "bytes=4-2", "items=0-1", "bytes=-",
                                 "bytes=a-b", "bytes=1", "bytes=+1-2"})
    check(whole, 7, 200, 0, 7, "");
}

TEST_CASE("serve: a Range over HTTP gets the bytes of the file and no others") {
  TempDir tmp;
  write_site(tmp.path);
  write_file(tmp.path / "static/seven.txt", "1234567");
  TestServer ts(tmp.path);
  httplib::Client c = ts.client();

  auto res = c.Get("/seven.txt", {{"Range", "bytes=0-4000"}});
  REQUIRE(res);
  CHECK(res->status == 206);
  CHECK(res->body == "1234567");
  CHECK(res->get_header_value("Content-Range") == "bytes 0-6/7");
  CHECK(res->get_header_value("Content-Length") == "7");
  CHECK(res->get_header_value("Accept-Ranges") == "bytes");

  res = c.Get("/seven.txt", {{"Range", "bytes=2-4"}});
  REQUIRE(res);
  CHECK(res->status == 206);
  CHECK(res->body == "345");
  CHECK(res->get_header_value("Content-Range") == "bytes 2-4/7");

  res = c.Get("/seven.txt", {{"Range", "bytes=-2"}});
  REQUIRE(res);
  CHECK(res->body == "67");

  res = c.Get("/seven.txt", {{"Range", "bytes=7-"}});
  REQUIRE(res);
  CHECK(res->status == 416);
  CHECK(res->get_header_value("Content-Range") == "bytes */7");
  CHECK(res->body == "range not satisfiable: /seven.txt has 7 bytes\n");

  res = c.Get("/seven.txt", {{"Range", "bytes=0-1,3-4"}});
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->body == "1234567");
  CHECK(!res->has_header("Content-Range"));

  // An empty file is answered at once (found by fuzzing: httplib took a body of length 0
  // for one of unknown length and asked for more forever).
  write_file(tmp.path / "static/empty.txt", "");
  ts.server.rebuild({});
  res = c.Get("/empty.txt");
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->body == "");
  CHECK(res->get_header_value("Content-Length") == "0");

  // If-Range names a version the server cannot compare: the whole file.
  res = c.Get("/seven.txt", {{"Range", "bytes=0-1"}, {"If-Range", "\"x\""}});
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->body == "1234567");

  // Pages, the 404 page and the live-reload endpoints never leak bytes past their body.
  res = c.Get("/", {{"Range", "bytes=0-99999"}});
  REQUIRE(res);
  CHECK(res->status == 206);
  CHECK(res->body.find("</html>") != std::string::npos);
  CHECK(res->get_header_value("Content-Range") ==
        "bytes 0-" + std::to_string(res->body.size() - 1) + "/" + std::to_string(res->body.size()));
  res = c.Get("/missing", {{"Range", "bytes=0-99999"}});
  REQUIRE(res);
  CHECK(res->status == 404);
  CHECK(!res->has_header("Content-Range"));
  res = c.Get("/_sitegen/status", {{"Range", "bytes=5000-"}});
  REQUIRE(res);
  CHECK(res->status == 200);
  CHECK(res->body.starts_with("{\"build\":"));

  // A Range httplib cannot parse is not understood: the whole file, as RFC 9110 allows.
  // A CR inside the value stays in it for httplib (found by fuzzing).
  for (const char* range : {"byAes=0-0", "bytes=a-b", "bytes=--1", "bytes=", "bytes=0-0 \r \r"}) {
    CAPTURE(range);
    std::string answer =
        raw_request(ts.port, std::string("GET /seven.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: ") +
                                 range + "\r\nConnection: close\r\n\r\n");
    CHECK(status_of(answer) == 200);
    CHECK(answer.ends_with("\r\n\r\n1234567"));
    CHECK(answer.find("Content-Range") == std::string::npos);
  }
  // httplib reads a line after one that ends in a bare LF as a header of its own.
  std::string after_lf = raw_request(ts.port,
                                     "GET /seven.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\nRange: "
                                     "byAes=0-0\r\nConnection: close\r\n\r\n");
  CHECK(status_of(after_lf) == 200);
  CHECK(after_lf.ends_with("\r\n\r\n1234567"));

  // The raw answer, byte for byte where it matters.
  std::string raw =
      ts.server.answer("GET /seven.txt HTTP/1.1\r\nHost: 127.0.0.1\r\nRange: bytes=0-4000\r\n\r\n");
  CHECK(raw.starts_with("HTTP/1.1 206 Partial Content\r\n"));
  CHECK(raw.find("\r\nContent-Length: 7\r\n") != std::string::npos);
  CHECK(raw.ends_with("\r\n\r\n1234567"));
}

TEST_CASE("serve: only this server's host names are answered, and only its pages follow builds") {
  CHECK(allowed_host("127.0.0.1", "127.0.0.1", 4000));
  CHECK(allowed_host("127.0.0.1:4000", "127.0.0.1", 4000));
  CHECK(allowed_host("LocalHost:4000", "127.0.0.1", 4000));
  CHECK(allowed_host("[::1]:4000", "127.0.0.1", 4000));
  CHECK(allowed_host("10.0.0.7:4000", "10.0.0.7", 4000));
  CHECK(allowed_host("[fe80::1]:4000", "fe80::1", 4000));
  CHECK(allowed_host("192.168.1.5:4000", "0.0.0.0", 4000));
  CHECK(allowed_host("[fd00::5]", "::", 4000));
  CHECK_FALSE(allowed_host("", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_host("evil.example", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_host("evil.example:4000", "0.0.0.0", 4000));
  CHECK_FALSE(allowed_host("127.0.0.1:4001", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_host("127.0.0.1:", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_host("localhost.:4000", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_host("192.168.1.5:4000", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_host("[::1", "127.0.0.1", 4000));
  CHECK(allowed_origin("http://localhost:4000", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_origin("null", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_origin("https://localhost:4000", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_origin("http://evil.example:4000", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_origin("http://localhost:4000/x", "127.0.0.1", 4000));

  TempDir tmp;
  write_site(tmp.path);
  TestServer ts(tmp.path);
  std::string port = std::to_string(ts.port);
  auto get = [&](const std::string& path, const std::string& headers) {
    return raw_request(ts.port,
                       "GET " + path + " HTTP/1.1\r\n" + headers + "Connection: close\r\n\r\n");
  };
  std::string evil = get("/", "Host: rebound.example:" + port + "\r\n");
  CHECK(status_of(evil) == 403);
  CHECK(evil.ends_with("\r\n\r\nrefusing a request for host \"rebound.example:" + port +
                       "\": this server answers only for 127.0.0.1, localhost, [::1] or its "
                       "--bind address, with its port\n"));
  CHECK(evil.find("Ada") == std::string::npos);
  CHECK(status_of(get("/", "")) == 403);
  CHECK(status_of(get("/", "Host: 127.0.0.1:" + std::to_string(ts.port + 1) + "\r\n")) == 403);
  CHECK(status_of(get("/", "Host: localhost:" + port + "\r\n")) == 200);
  CHECK(status_of(get("/", "Host: [::1]:" + port + "\r\n")) == 200);
  CHECK(status_of(get("/", "Host: 127.0.0.1\r\n")) == 200);

  // Pages may be linked from anywhere; the live-reload endpoints answer only this server's pages.
  std::string host = "Host: 127.0.0.1:" + port + "\r\n";
  CHECK(status_of(get("/", host + "Origin: http://rebound.example\r\n")) == 200);
  std::string status = get("/_sitegen/status", host + "Origin: http://rebound.example\r\n");
  CHECK(status_of(status) == 403);
  CHECK(
      status.ends_with("refusing a live-reload request from origin \"http://rebound.example\": "
                       "only this server's pages may ask\n"));
  CHECK(status_of(get("/_sitegen/events", host + "Origin: null\r\n")) == 403);
  CHECK(status_of(get("/_sitegen/patch?from=x&path=/",
                      host + "Origin: http://localhost:" + std::to_string(ts.port + 1) + "\r\n")) ==
        403);
  CHECK(status_of(get("/_sitegen/status", host + "Origin: http://localhost:" + port + "\r\n")) ==
        200);
  CHECK(status_of(get("/_sitegen/status", host)) == 200);
}

TEST_CASE(
    "serve: an Origin without a port is port 80's, and two Host or Origin headers are refused") {
  // Port 80 is another server of this machine, whose pages may not follow these builds.
  CHECK_FALSE(allowed_origin("http://127.0.0.1", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_origin("http://localhost", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_origin("http://[::1]", "127.0.0.1", 4000));
  CHECK_FALSE(allowed_origin("http://[::1", "127.0.0.1", 4000));
  CHECK(allowed_origin("http://127.0.0.1", "127.0.0.1", 80));
  CHECK(allowed_origin("http://[::1]:4000", "127.0.0.1", 4000));
  CHECK(allowed_origin("http://127.0.0.1:4000", "127.0.0.1", 4000));

  TempDir tmp;
  write_site(tmp.path);
  TestServer ts(tmp.path);
  std::string host = "Host: 127.0.0.1:" + std::to_string(ts.port) + "\r\n";
  auto get = [&](const std::string& path, const std::string& headers) {
    return raw_request(ts.port,
                       "GET " + path + " HTTP/1.1\r\n" + headers + "Connection: close\r\n\r\n");
  };
  std::string status = get("/_sitegen/status", host + "Origin: http://127.0.0.1\r\n");
  CHECK(status_of(status) == 403);
  CHECK(
      status.ends_with("refusing a live-reload request from origin \"http://127.0.0.1\": only "
                       "this server's pages may ask\n"));
  // The first Host would be answered; a proxy in between may have read the second.
  std::string two = get("/", host + "Host: rebound.example\r\n");
  CHECK(status_of(two) == 400);
  CHECK(two.ends_with("\r\n\r\nrefusing a request with more than one Host header\n"));
  CHECK(two.find("Ada") == std::string::npos);
  CHECK(status_of(get("/", host + "host: 127.0.0.1\r\n")) == 400);
  std::string origins =
      get("/_sitegen/status", host + "Origin: http://127.0.0.1:" + std::to_string(ts.port) +
                                  "\r\nOrigin: http://rebound.example\r\n");
  CHECK(status_of(origins) == 403);
  CHECK(origins.ends_with(
      "\r\n\r\nrefusing a live-reload request with more than one Origin header\n"));
  CHECK(status_of(get("/", host)) == 200);
}

TEST_CASE("serve: live-reload streams keep places for this machine's own pages") {
  CHECK(is_loopback_address("127.0.0.1"));
  CHECK(is_loopback_address("127.3.2.1"));
  CHECK(is_loopback_address("::1"));
  CHECK(is_loopback_address("::ffff:127.0.0.1"));
  CHECK_FALSE(is_loopback_address("192.168.1.5"));
  CHECK_FALSE(is_loopback_address("::ffff:192.168.1.5"));
  CHECK_FALSE(is_loopback_address("fe80::1"));
  CHECK_FALSE(is_loopback_address("::"));
  CHECK_FALSE(is_loopback_address(""));

  // Served with --bind 0.0.0.0: two other machines take what they can (32 each at most).
  ServeOptions o;
  std::map<std::string, int> open;
  for (const char* other : {"192.168.1.5", "192.168.1.6"})
    while (may_open_stream(open, other, o)) ++open[other];
  CHECK(open["192.168.1.5"] + open["192.168.1.6"] == 48 - 16);
  CHECK_FALSE(may_open_stream(open, "192.168.1.7", o));
  CHECK_FALSE(may_open_stream(open, "::ffff:10.0.0.2", o));
  // The owner's pages still follow the builds: 16 places are this machine's.
  for (int i = 0; i < 16; ++i) {
    REQUIRE(may_open_stream(open, i % 2 ? "127.0.0.1" : "::1", o));
    ++open[i % 2 ? "127.0.0.1" : "::1"];
  }
  CHECK_FALSE(may_open_stream(open, "127.0.0.1", o));  // 48 in all
  // From loopback alone, the limits are those of any one address and of all.
  std::map<std::string, int> local;
  while (may_open_stream(local, "127.0.0.1", o)) ++local["127.0.0.1"];
  CHECK(local["127.0.0.1"] == 32);
  while (may_open_stream(local, "127.0.0.2", o)) ++local["127.0.0.2"];
  CHECK(local["127.0.0.2"] == 16);
}

namespace {

// A connection that has sent `request` and reads nothing back, its receive buffer small
// so the server soon has to wait for it.
int non_reading_connection(int port, const std::string& request) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  int size = 4096;
  ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof size);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  for (size_t done = 0; done < request.size();) {
    ssize_t n = ::send(fd, request.data() + done, request.size() - done, MSG_NOSIGNAL);
    if (n <= 0) break;
    done += size_t(n);
  }
  return fd;
}

}  // namespace

TEST_CASE("serve: 80 connections that pipeline requests and never read do not delay a request") {
  TempDir tmp;
  write_site(tmp.path);
  write_file(tmp.path / "static/big.js", std::string(300 * 1024, 'x'));  // KaTeX's size
  TestServer ts(tmp.path);
  std::string one =
      "GET /big.js HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(ts.port) + "\r\n\r\n";
  std::string pipelined;
  for (int i = 0; i < 100; ++i) pipelined += one;
  std::vector<int> stalled;
  for (int i = 0; i < 80; ++i) {
    int fd = non_reading_connection(ts.port, pipelined);
    REQUIRE(fd >= 0);
    stalled.push_back(fd);
  }
  // As many as there are workers have begun to get an answer (a bounded wait): without a
  // bound on what waits for them, every worker now waits on one of them.
  std::vector<pollfd> fds;
  for (int fd : stalled) fds.push_back(pollfd{fd, POLLIN, 0});
  auto deadline = Clock::now() + milliseconds(10000);
  size_t answered = 0;
  while (answered < 64 && Clock::now() < deadline) {
    std::this_thread::sleep_for(milliseconds(20));
    int n = ::poll(fds.data(), fds.size(), 0);
    answered = n > 0 ? size_t(n) : 0;
  }
  REQUIRE(answered >= 64);
  httplib::Client c = ts.client();
  milliseconds slowest{0};
  for (int i = 0; i < 10; ++i) {
    auto start = Clock::now();
    auto res = c.Get(i % 2 ? "/" : "/publications/");
    slowest = std::max(slowest, std::chrono::duration_cast<milliseconds>(Clock::now() - start));
    REQUIRE(res);
    CHECK(res->status == 200);
  }
  CAPTURE(slowest.count());
  CHECK(slowest < milliseconds(2000));  // each waited ~4.7 s when every worker waited on them
  for (int fd : stalled) ::close(fd);
}

TEST_CASE("serve: a request head is limited in lines and bytes, and must arrive within 5 s") {
  TempDir tmp;
  write_site(tmp.path);
  TestServer ts(tmp.path);
  std::string many = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  for (int i = 0; i < 101; ++i) many += "X-H" + std::to_string(i) + ": v\r\n";
  std::string answer = raw_request(ts.port, many + "\r\n");
  CHECK(answer ==
        "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; "
        "charset=utf-8\r\nContent-Length: 27\r\nConnection: close\r\n\r\nmore than 100 header "
        "lines\n");
  // A stream of headers is cut off at the 101st line, however many more would come.
  std::string endless = "GET / HTTP/1.1\r\n";
  for (int i = 0; i < 20000; ++i) endless += "X: v\r\n";
  CHECK(ts.server.answer(endless).starts_with("HTTP/1.1 431 "));
  std::string big = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + std::string(17000, 'h');
  CHECK(ts.server.answer(big).ends_with("request line and headers longer than 16384 bytes\n"));
  CHECK(ts.server.answer("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 70000\r\n\r\n")
            .ends_with("\r\n\r\nrequest body larger than 65536 bytes\n"));
  CHECK(ts.server.answer("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n")
            .starts_with("HTTP/1.1 400 "));
  CHECK(ts.server.answer("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n") == "");  // not whole yet

  // A byte every 400 ms keeps no connection open: the whole request has 5 s.
  int fd = stalled_connection(ts.port, "GET / HTTP/1.1\r\n");
  REQUIRE(fd >= 0);
  auto start = Clock::now();
  std::string got;
  for (int i = 0; i < 40 && got.empty(); ++i) {
    ::send(fd, "X", 1, MSG_NOSIGNAL);
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 400) <= 0) continue;
    char buf[512];
    ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n > 0) got.assign(buf, size_t(n));
  }
  ::close(fd);
  auto took = Clock::now() - start;
  CHECK(got.starts_with("HTTP/1.1 408 Request Timeout\r\n"));
  CHECK(got.ends_with("the request did not arrive whole within 5000 ms\n"));
  CHECK(took >= milliseconds(4900));
  CHECK(took < milliseconds(6500));
}

TEST_CASE("serve: 64 slow clients and hundreds of idle connections do not delay a request") {
  TempDir tmp;
  write_site(tmp.path);
  TestServer ts(tmp.path);
  std::vector<int> slow;
  for (int i = 0; i < 64; ++i) {
    int fd = stalled_connection(ts.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    REQUIRE(fd >= 0);
    slow.push_back(fd);
  }
  // More idle connections than one client may hold (256): the oldest make room.
  std::vector<int> idle;
  for (int i = 0; i < 300; ++i) {
    int fd = stalled_connection(ts.port, "");
    REQUIRE(fd >= 0);
    idle.push_back(fd);
  }
  httplib::Client c = ts.client();
  milliseconds slowest{0};
  for (int i = 0; i < 20; ++i) {
    for (int fd : slow) ::send(fd, "X", 1, MSG_NOSIGNAL);  // a byte each, as slow clients do
    auto start = Clock::now();
    auto res = c.Get(i % 2 ? "/" : "/publications/");
    slowest = std::max(slowest, std::chrono::duration_cast<milliseconds>(Clock::now() - start));
    REQUIRE(res);
    CHECK(res->status == 200);
  }
  CAPTURE(slowest.count());
  CHECK(slowest < milliseconds(1000));
  // The server closed the connections it had no room for (64 + 300 + 1 - 256 at least),
  // those that waited longest first.
  size_t closed = 0;
  for (int fd : slow) idle.push_back(fd);
  for (int fd : idle) {
    pollfd p{fd, POLLIN, 0};
    char b;
    if (::poll(&p, 1, 0) > 0 && ::recv(fd, &b, 1, 0) <= 0) ++closed;
    ::close(fd);
  }
  CHECK(closed >= 64 + 300 + 1 - 256);
}

TEST_CASE("serve: saves that never pause still publish a build at least every 500 ms") {
  TempDir tmp;
  write_site(tmp.path);
  ServeOptions o = TestServer::options(tmp.path, false, "/nonexistent-themes");
  o.debounce_ms = 300;  // longer than the pause between two saves below
  o.max_publish_delay_ms = 500;
  std::ostringstream out, err;
  Server server(o, out, err);
  std::string why;
  REQUIRE(server.start(&why));
  SseReader sse(server.port());
  REQUIRE(sse.wait_for("event: hello"));
  std::atomic<bool> saving{true};
  std::thread saver([&] {
    for (int i = 0; i < 300 && saving; ++i) {  // at most 6 s
      save_like_an_editor(tmp.path / "bio.md", "Save " + std::to_string(i) + ".\n");
      std::this_thread::sleep_for(milliseconds(20));
    }
  });
  std::vector<Clock::time_point> reloads;
  auto start = Clock::now();
  // Four reloads, within 5 s: a machine slowed by sanitizers or other work needs more than
  // a second or two for the first three.
  while (reloads.size() < 4 && Clock::now() - start < milliseconds(5000))
    if (sse.wait_for("event: reload", milliseconds(50))) reloads.push_back(Clock::now());
  saving = false;
  saver.join();
  CAPTURE(reloads.size());
  REQUIRE(reloads.size() >= 3);
  // The first build waits for the watcher to see the first save (up to a poll or two when
  // polling); after it, saves that never pause still publish every 500 ms or so.
  CHECK(reloads[0] - start < milliseconds(1500));
  milliseconds gap{0};
  for (size_t i = 1; i < reloads.size(); ++i)
    gap = std::max(gap, std::chrono::duration_cast<milliseconds>(reloads[i] - reloads[i - 1]));
  CAPTURE(gap.count());
  CHECK(gap < milliseconds(1000));
  server.stop();
}
