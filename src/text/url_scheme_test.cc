#include "text/url_scheme.h"

#include <doctest/doctest.h>

namespace sitegen {

TEST_CASE("url scheme: as the WHATWG parser reads it") {
  CHECK(url_scheme("https://example.org/") == "https");
  CHECK(url_scheme("java\tscript:alert(1)") == "javascript");
  CHECK(url_scheme("JAVA\r\nSCRIPT:alert(1)") == "javascript");
  CHECK(url_scheme(" \x01\x1fjavascript:alert(1)") == "javascript");
  CHECK(url_scheme("javascript\t:alert(1)") == "javascript");
  CHECK(url_scheme("vbscript:msgbox") == "vbscript");
  CHECK(url_scheme("web+cal:x") == "web+cal");
  // No scheme: relative.
  CHECK(url_scheme("java script:alert(1)") == "");
  CHECK(url_scheme("java%09script:alert(1)") == "");
  CHECK(url_scheme("1http://x") == "");
  CHECK(url_scheme(":x") == "");
  CHECK(url_scheme("papers/x.pdf") == "");
  CHECK(url_scheme("/cv/") == "");
  CHECK(url_scheme("#top") == "");
  CHECK(url_scheme("//example.org/x") == "");
  CHECK(url_scheme("") == "");
}

TEST_CASE("url scheme: the links a page may carry") {
  for (const char* ok : {"https://example.org/", "HTTP://example.org/", "mailto:ada@example.org",
                         "tel:+1-555-0100", "papers/x.pdf", "../x", "?q=1", "#top", ""})
    CHECK(is_safe_link(ok));
  for (const char* bad : {"java\tscript:alert(1)", "javascript:alert(1)", "vbscript:x",
                          "data:text/html,hi", "ftp://ftp.example.org/", "file:///etc/passwd"})
    CHECK_FALSE(is_safe_link(bad));
}

TEST_CASE("url scheme: external URLs are those with a scheme or a host") {
  for (const char* off :
       {"https://example.org/", "mailto:ada@example.org", "//cdn.example.org/a.pdf",
        "\\\\cdn.example.org/a.pdf", "/\\cdn.example.org/a.pdf", " //cdn.example.org/",
        "/\t/cdn.example.org/", "data:image/png;base64,AAAA"})
    CHECK_MESSAGE(is_external_url(off), off);
  for (const char* own :
       {"papers/x.pdf", "/cv/", "/", "#top", "?q=1", "", "papers/a:b.pdf", "./x", "../x"})
    CHECK_FALSE_MESSAGE(is_external_url(own), own);
}

TEST_CASE("url scheme: script URLs, including data other than images") {
  for (const char* bad : {"javascript:x", " \tJavaScript:x", "vbscript:x", "data:text/html,<p>",
                          "data:,hi", "DATA:application/xhtml+xml,x", "data:"})
    CHECK(is_script_url(bad));
  for (const char* ok : {"data:image/png;base64,AAAA", "Data:Image/svg+xml,<svg/>",
                         "https://example.org/", "ftp://x", "i.png"})
    CHECK_FALSE(is_script_url(ok));
}

TEST_CASE("url scheme: the site's own paths") {
  CHECK(is_site_path("papers/x.pdf"));
  CHECK(is_site_path("/cv/"));
  CHECK(is_site_path("../cv.pdf"));
  CHECK(is_site_path("cv/#talks"));
  CHECK_FALSE(is_site_path("https://example.org/"));
  CHECK_FALSE(is_site_path("HTTPS://example.org/"));
  CHECK_FALSE(is_site_path("mailto:ada@example.org"));
  CHECK_FALSE(is_site_path("//cdn.example.org/x.js"));
  CHECK_FALSE(is_site_path("\\\\cdn.example.org/x.js"));
  CHECK_FALSE(is_site_path("/\\cdn.example.org/x.js"));
  CHECK_FALSE(is_site_path(" java\tscript:alert(1)"));
  CHECK_FALSE(is_site_path("#top"));
  CHECK_FALSE(is_site_path(""));
}

TEST_CASE("url scheme: web addresses") {
  CHECK(is_web_url("https://orcid.org/0000-0002-1825-0097"));
  CHECK(is_web_url("HTTP://example.org/"));
  CHECK_FALSE(is_web_url("httpx://example.org/"));
  CHECK_FALSE(is_web_url("http-notes/x.html"));
  CHECK_FALSE(is_web_url("//cdn.example.org/x.pdf"));
  CHECK_FALSE(is_web_url("mailto:ada@example.org"));
  CHECK_FALSE(is_web_url("papers/x.pdf"));
}

}  // namespace sitegen
