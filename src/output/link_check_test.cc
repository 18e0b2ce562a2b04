// The internal link check on small in-memory sites, for a root and a sub-path base URL.
#include "output/link_check.h"
#include "text/html_scan.h"

#include <doctest/doctest.h>

using namespace sitegen;

namespace {

Output site(std::initializer_list<std::pair<const char*, const char*>> files) {
  Output out;
  for (const auto& [path, bytes] : files) out.files[path].bytes = bytes;
  return out;
}

std::string report(const Output& out, const std::string& root, const std::string& abs = "") {
  std::string text;
  for (const BrokenLink& b : check_links(out, root, abs)) text += format_broken_link(b) + "\n";
  return text;
}

}  // namespace

TEST_CASE(
    "links: attribute values, quoting, entities, srcset: script, style and comments skipped") {
  std::vector<std::string> urls = html_urls(
      "<!doctype html><a href=\"/a/?x=1&amp;y=2\">a</a><img src='b.png' "
      "srcset=\"c.png 1x, d.png 2x\"><!-- <a href=\"/commented/\"> -->"
      "<script>var s = '<a href=\"/in-script/\">';</script><style>a{}</style>"
      "<A HREF=e.html>e</A><svg><use href=\"/icons.svg#x\"/></svg><p data-href=\"/no/\">");
  CHECK(urls == std::vector<std::string>{"/a/?x=1&y=2", "b.png", "c.png", "d.png", "e.html",
                                         "/icons.svg#x"});
  CHECK(html_ids("<h2 id=\"a\">x</h2><a name=b></a><span data-id=\"c\">") ==
        std::vector<std::string>{"a", "b"});
}

TEST_CASE("links: character references") {
  CHECK(decode_html_entities("Fish &amp; Chips &#39;25 &#x41;&lt;&gt; &unknown; & x") ==
        "Fish & Chips '25 A<> &unknown; & x");
  CHECK(decode_html_entities("a&nbsp;b&mdash;c") == "a\u00a0b\u2014c");
}

TEST_CASE("links: a sound site at the root has no broken links") {
  Output out = site({
      {"index.html",
       "<link rel=\"canonical\" href=\"https://ada.example.org/\">"
       "<a href=\"/publications/\">p</a><a href=\"publications/x/\">x</a>"
       "<a href=\"#main\">skip</a><main id=\"main\"></main><a href=\"https://other.org/\">o</a>"
       "<a href=\"mailto:a@b.c\">m</a><link rel=\"icon\" href=\"data:,\">"
       "<a href=\"/assets/style.css?v=1\">c</a><a href=\"/publications\">no slash</a>"
       "<svg><use href=\"/assets/icons.svg#github\"/></svg><a href=\"\">self</a>"},
      {"publications/index.html", "<a href=\"../\">home</a><a href=\"x/#abstract\">abs</a>"},
      {"publications/x/index.html",
       "<h2 id=\"abstract\">Abstract</h2><a href=\"x.bib\">bib</a><a href=\"#top\">top</a>"},
      {"publications/x/x.bib", "@article{}"},
      {"assets/style.css", ""},
      {"assets/icons.svg", "<svg><symbol id=\"github\"></symbol></svg>"},
      {"404.html", "<a href=\"/\">home</a>"},
  });
  CHECK(report(out, "/", "https://ada.example.org/") == "");
}

TEST_CASE("links: missing pages, files, fragments and icons are reported once per page") {
  Output out = site({
      {"index.html",
       "<a href=\"/talks/\">t</a><a href=\"/talks/\">again</a><img src=\"photo.png\">"
       "<a href=\"/#nowhere\">n</a><svg><use href=\"/assets/icons.svg#gitlab\"/></svg>"
       "<a href=\"../../up\">up</a>"},
      {"assets/icons.svg", "<svg><symbol id=\"github\"></symbol></svg>"},
  });
  CHECK(report(out, "/") ==
        "index.html: broken link to /talks/\n"
        "index.html: broken link to photo.png\n"
        "index.html: broken link to /#nowhere (no element with id `nowhere` in index.html)\n"
        "index.html: broken link to /assets/icons.svg#gitlab (no element with id `gitlab` in "
        "assets/icons.svg)\n"
        "index.html: broken link to ../../up (above the site root)\n");
}

TEST_CASE("links: under a sub-path, root-relative links must carry the base path") {
  Output out = site({
      {"index.html",
       "<a href=\"/repo/news/\">ok</a><a href=\"/news/\">forgot the base</a>"
       "<a href=\"https://u.github.io/repo/news/\">absolute</a>"
       "<a href=\"https://u.github.io/repo/talks/\">absolute, missing</a>"
       "<a href=\"https://u.github.io/other/\">another project</a><a href=\"/repo\">home</a>"},
      {"news/index.html", "<a href=\"../\">home</a>"},
      {"404.html", "<a href=\"/repo/news/\">n</a><a href=\"news/\">relative</a>"},
  });
  CHECK(report(out, "/repo/", "https://u.github.io/repo/") ==
        "404.html: broken link to news/ (a relative link in 404.html breaks when the page is "
        "shown for a deeper address)\n"
        "index.html: broken link to /news/ (outside the base path /repo/)\n"
        "index.html: broken link to https://u.github.io/repo/talks/\n");
}

TEST_CASE("links: static HTML files are checked too, read from disk") {
  Output out;
  out.files["index.html"].bytes = "<a href=\"/old/\">old</a>";
  out.files["old/index.html"].copy_from = "/nonexistent/sitegen-links-test/old.html";
  // An unreadable static file is not a broken link: it is reported by the build instead.
  CHECK(report(out, "/") == "");
}
