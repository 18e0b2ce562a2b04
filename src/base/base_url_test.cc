// base_url as written, and the root path and full address a site gets from it.
#include "base/base_url.h"

#include <doctest/doctest.h>

using namespace sitegen;

namespace {

std::string parsed(std::string_view text) {
  BaseUrl b = parse_base_url(text);
  return b.root + " " + b.abs;
}

}  // namespace

TEST_CASE("base_url: a path gives the root, with no full address") {
  CHECK(parsed("") == "/ ");
  CHECK(parsed("/") == "/ ");
  CHECK(parsed("/repo") == "/repo/ ");
  CHECK(parsed("/repo/") == "/repo/ ");
  CHECK(parsed("repo") == "/repo/ ");
}

TEST_CASE("base_url: a full address gives both, each ending with a slash") {
  CHECK(parsed("https://host") == "/ https://host/");
  CHECK(parsed("https://host/") == "/ https://host/");
  CHECK(parsed("https://host/repo") == "/repo/ https://host/repo/");
  CHECK(parsed("https://host/repo/") == "/repo/ https://host/repo/");
}

TEST_CASE("base_url: what one may hold") {
  for (const char* ok : {"", "/", "repo", "/~ada/home-page/", "https://ada.example.org",
                         "https://ada.github.io/homepage/", "http://localhost:8080/x/",
                         "https://[::1]:8443/", "https://host/a%20b/", "HTTPS://Host.Example/"})
    CHECK_MESSAGE(base_url_problem(ok) == "", ok);
  CHECK(base_url_problem("https://u.github.io/\"><svg onload=alert(1)>") == "it holds `\"`");
  CHECK(base_url_problem("https://u.github.io/a b/") == "it holds a space (write %20)");
  CHECK(base_url_problem("/repo/\n") == "it holds the control character U+000A");
  CHECK(base_url_problem("https://host/?x=1") ==
        "it has a query (`?`), which a site's address cannot have");
  CHECK(base_url_problem("https://host/#top") ==
        "it has a fragment (`#`), which a site's address cannot have");
  CHECK(base_url_problem("ftp://host/") ==
        "it starts with `ftp://`, but a site is at an http:// or https:// address");
  CHECK(base_url_problem("javascript:alert(1)") ==
        "it has the scheme `javascript:`, but a site is at an http:// or https:// address");
  CHECK(base_url_problem("//host/repo/") ==
        "it starts with `//` (write the full address, such as \"https://host/repo/\")");
  CHECK(base_url_problem("https:///repo/") == "it has no host name after `://`");
  CHECK(base_url_problem("https://ada@host/") ==
        "it names a user before the host (`@`), which a site's address cannot have");
  CHECK(base_url_problem("https://host:99999/") ==
        "its port `99999` is not a number from 0 to 65535");
  CHECK(base_url_problem("https://héllo.org/") ==
        "its host name holds a character other than ASCII (write the name's xn-- form)");
  CHECK(base_url_problem("/caf\xC3\xA9/") ==
        "it holds a character other than ASCII (write it percent-encoded, as %C3%A9 for é)");
  CHECK(base_url_problem("/a%2/") == "it holds a `%` that is not followed by two hex digits");
}
