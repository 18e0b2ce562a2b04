// Printing the CV: the page as the browser loads it, and the loopback server that hands
// it out and nothing else. (tests/cv_pdf_test.sh prints with Chromium.)
#include "site_build/cv_pdf.h"

#include <doctest/doctest.h>
#include <httplib.h>

#include "site_build/print_server.h"
#include "support/scoped_env.h"
#include "support/test_dir.h"

namespace fs = std::filesystem;
using namespace sitegen;

TEST_CASE("cv pdf: a browser named in [cv] that is not there is said so") {
  // PATH holds an empty folder, and then one with a "chromium": what this machine has
  // installed does not decide what is checked.
  testing::TempDir dir;
  testing::ScopedEnv no_env("SITEGEN_BROWSER", "");
  testing::ScopedEnv path("PATH", (dir.path / "empty").string());
  std::string looked;
  CHECK(find_browser("/nonexistent/chromium", &looked) == "");
  CHECK(looked ==
        "[cv] browser = \"/nonexistent/chromium\", chromium, chromium-browser, google-chrome, "
        "google-chrome-stable, chrome on PATH");
  testing::write_file(dir.path / "bin/chromium", "#!/bin/sh\n");
  fs::permissions(dir.path / "bin/chromium", fs::perms::owner_all);
  testing::ScopedEnv with_browser(
      "PATH", (dir.path / "empty").string() + ":" + (dir.path / "bin").string());
  CHECK(find_browser("/nonexistent/chromium", &looked) == (dir.path / "bin/chromium").string());
}

TEST_CASE(
    "cv pdf: the page loads the theme's files from the print server, links lead to the site") {
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"de\">\n<head>\n<link rel=\"stylesheet\" "
      "href=\"/repo/assets/style.css?v=1\">\n</head>\n<body><a href=\"/repo/de/publications/\">"
      "</a><a href=\"../talks/\"></a></body></html>";
  std::set<std::string> files;
  CHECK(page_for_print(html, parse_base_url("https://example.org/repo/"), "de/cv/index.html",
                       "http://127.0.0.1:4000", Output{}, &files) ==
        "<!DOCTYPE html>\n<html lang=\"de\">\n<head>\n<base "
        "href=\"https://example.org/repo/de/cv/\">\n<link rel=\"stylesheet\" "
        "href=\"http://127.0.0.1:4000/assets/style.css?v=1\">\n</head>\n<body><a "
        "href=\"/repo/de/publications/\"></a><a href=\"../talks/\"></a></body></html>");
  CHECK(files.empty());
}

TEST_CASE("cv pdf: images of the site in the CV come from the print server too") {
  Output output;
  for (const char* rel : {"img/sig.png", "photo x.jpg", "de/cv/index.html"}) output.files[rel];
  std::string html =
      "<p><img src=\"/repo/img/sig.png?v=2\" alt=\"\"> <img srcset=\"../../img/sig.png 1x, "
      "https://example.org/repo/photo%20x.jpg 2x\" alt=\"\"> <img src=\"/repo/missing.png\" "
      "alt=\"\"> <img src=\"https://other.example/a.png\" alt=\"\"> <iframe "
      "src=\"/etc/passwd\"></iframe> <object data=\"../index.html\"></object></p>";
  std::set<std::string> files;
  CHECK(page_for_print(html, parse_base_url("https://example.org/repo/"), "de/cv/index.html",
                       "http://127.0.0.1:4000", output, &files) ==
        "\n<base href=\"https://example.org/repo/de/cv/\"><p><img "
        "src=\"http://127.0.0.1:4000/img/sig.png?v=2\" alt=\"\"> <img "
        "srcset=\"http://127.0.0.1:4000/de/cv/../../img/sig.png 1x, "
        "http://127.0.0.1:4000/photo%20x.jpg 2x\" alt=\"\"> <img src=\"/repo/missing.png\" "
        "alt=\"\"> <img src=\"https://other.example/a.png\" alt=\"\"> <iframe "
        "src=\"/etc/passwd\"></iframe> <object data=\"../index.html\"></object></p>");
  CHECK(files == std::set<std::string>{"img/sig.png", "photo x.jpg"});
}

TEST_CASE("cv pdf: without the site's address, links to the site are left out of the print") {
  // They would lead to the print server, gone once the PDF is made.
  std::string html =
      "<head><link rel=\"stylesheet\" href=\"/assets/style.css\"></head><body>"
      "<a href=\"/publications/x/\">X</a> <a class=\"y\" href='../talks/'>T</a> "
      "<a href=\"#education\">E</a> <a href=\"https://doi.org/10.1/x\">DOI</a> "
      "<A HREF=mailto:a@example.org>mail</A><script>var s = '<a href=\"/x/\">';</script>"
      "</body>";
  std::set<std::string> files;
  CHECK(page_for_print(html, parse_base_url("/"), "cv/index.html", "http://127.0.0.1:4000",
                       Output{}, &files) ==
        "<head><link rel=\"stylesheet\" href=\"http://127.0.0.1:4000/assets/style.css\"></head>"
        "<body><a >X</a> <a class=\"y\" >T</a> <a href=\"#education\">E</a> <a "
        "href=\"https://doi.org/10.1/x\">DOI</a> <A HREF=mailto:a@example.org>mail</A><script>var "
        "s = '<a href=\"/x/\">';</script></body>");
}

TEST_CASE("cv pdf: the print server hands out its folder's files and nothing else") {
  testing::TempDir dir;
  testing::write_file(dir.path / "www/cv/index.html", "<p>CV</p>");
  testing::write_file(dir.path / "secret.txt", "not served");
  PrintServer server;
  std::string err;
  REQUIRE(server.start((dir.path / "www").string(), &err));
  REQUIRE(server.host().starts_with("127.0.0.1:"));
  int port = std::stoi(server.host().substr(10));
  httplib::Client c("127.0.0.1", port);
  auto page = c.Get("/cv/index.html");
  REQUIRE(page);
  CHECK(page->status == 200);
  CHECK(page->body == "<p>CV</p>");
  CHECK(page->get_header_value("Content-Type") == "text/html");
  CHECK(page->get_header_value("Content-Security-Policy") ==
        "default-src 'self' 'unsafe-inline' data:; object-src 'none'");
  CHECK(c.Get("/secret.txt")->status == 404);
  CHECK(c.Get("/../secret.txt")->status != 200);
  CHECK(c.Get("/cv/missing.css")->status == 404);
  // As the browser's proxy: a request for any other address is turned away.
  httplib::Client proxied("127.0.0.1", 1);
  proxied.set_proxy("127.0.0.1", port);
  auto other = proxied.Get("/etc/passwd");
  REQUIRE(other);
  CHECK(other->status == 403);
  CHECK(other->body == "sitegen prints the CV from its own files only\n");
  httplib::Client by_name("localhost", port);
  CHECK(by_name.Get("/cv/index.html")->status == 403);
}
