// Content safety: every plain-text field is escaped wherever it appears (pages,
// feed, JSON-LD, meta tags); `javascript:` links in Markdown are dropped unless
// site.toml allows them; a BibTeX file from someone else cannot inject markup.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "support/test_site.h"

using sitegen::BuildResult;
using sitegen::testing::build_files;
using sitegen::testing::page_of;

namespace {

// What an injected tag or attribute looks like if it got through unescaped.
const std::vector<std::string> kLeaks = {"<script>alert", "<img src=x", "<b onclick", "\"><b>",
                                         "</title><b>"};

// Every generated text file that a browser or feed reader parses (not the .bib
// files, which are plain text and keep BibTeX as written).
std::vector<std::string> parsed_files(const BuildResult& r) {
  std::vector<std::string> out;
  for (const auto& [path, f] : r.output.files) {
    if (!f.copy_from.empty()) continue;
    for (const char* ext : {".html", ".xml", ".json", ".txt"})
      if (path.size() > std::string(ext).size() &&
          path.compare(path.size() - std::string(ext).size(), std::string::npos, ext) == 0)
        out.push_back(path);
  }
  return out;
}

// The leaks found in the output: "file: leak" lines, or "" when there are none.
std::string leaks_in(const BuildResult& r) {
  std::string found;
  for (const std::string& path : parsed_files(r)) {
    const std::string& bytes = page_of(r, path);
    for (const std::string& leak : kLeaks)
      if (bytes.find(leak) != std::string::npos) found += path + ": " + leak + "\n";
  }
  return found;
}

// The JSON-LD blocks of a page, each `<script type="application/ld+json">...</script>`.
std::vector<std::string> json_ld(const std::string& html) {
  std::vector<std::string> blocks;
  const std::string open = "<script type=\"application/ld+json\">";
  for (size_t at = html.find(open); at != std::string::npos; at = html.find(open, at)) {
    at += open.size();
    size_t end = html.find("</script>", at);
    if (end == std::string::npos) break;
    blocks.push_back(html.substr(at, end - at));
  }
  return blocks;
}

// Every plain-text field of the format, each carrying markup.
std::map<std::string, std::string> hostile_owner_site() {
  return {
      {"site.toml",
       "title = \"Site </title><b>\"\n"
       "description = \"Desc <img src=x onerror=alert(1)>\"\n"
       "base_url = \"https://ada.example.org/\"\n"
       "[person]\n"
       "name = \"Ada <script>alert(1)</script> Example\"\n"
       "native_name = \"艾达 <img src=x onerror=alert(1)>\"\n"
       "position = \"Prof \\\"><b>x</b>\"\n"
       "affiliation = \"Uni <script>alert(1)</script>\"\n"
       "address = [\"Street <img src=x onerror=alert(1)>\"]\n"
       "interests = [\"Systems <script>alert(1)</script>\"]\n"
       "[person.links]\n"
       "\"GitHub <script>alert(1)</script>\" = \"https://github.com/ada\"\n"},
      {"publications.toml",
       "[[publication]]\n"
       "title = \"Title <script>alert(1)</script> \\\"><b>x</b>\"\n"
       "authors = [\"Mallory <img src=x onerror=alert(1)>\", \"Ada Example\"]\n"
       "venue = \"Venue </title><b>\"\n"
       "venue_full = \"Full <script>alert(1)</script>\"\n"
       "year = 2024\n"
       "award = [\"Best <img src=x onerror=alert(1)>\"]\n"
       "tags = [\"tag <script>alert(1)</script>\"]\n"
       "publisher = \"Pub <script>alert(1)</script>\"\n"
       "pages = \"1--<b onclick=alert(1)>\"\n"
       "doi = \"10.1/\\\"><script>alert(1)</script>\"\n"},
      {"news.toml", "[[news]]\ndate = 2024-05-01\ntext = \"Plain news &lt;script&gt;alert(1)\"\n"},
      {"talks.toml",
       "[[talk]]\ntitle = \"Talk <script>alert(1)</script>\"\n"
       "[[talk.given]]\nevent = \"Event <img src=x onerror=alert(1)>\"\n"
       "location = \"Place </title><b>\"\ndate = 2024-03-01\n"},
      {"cv.toml",
       "[[section]]\ntitle = \"Section <script>alert(1)</script>\"\n"
       "[[section.entry]]\nwhat = \"What <img src=x onerror=alert(1)>\"\n"
       "where = \"Where \\\"><b>x</b>\"\nlocation = \"Loc <b onclick=alert(1)>\"\n"
       "start = 2020\n"},
      {"pages/about.md",
       "+++\ntitle = \"About <script>alert(1)</script>\"\n"
       "description = \"D <img src=x onerror=alert(1)>\"\n+++\nText.\n"},
  };
}

const std::string kHostileBib =
    "@inproceedings{evil,\n"
    "  title = {Title <script>alert('t')</script> \"><b>x</b>},\n"
    "  author = {Mallory <img src=x onerror=alert(1)> and Ada Example},\n"
    "  booktitle = {Venue </title><b>},\n"
    "  year = 2024,\n"
    "  abstract = {Abstract <script>alert('a')</script> <img src=x onerror=alert(3)>\n"
    "    <a href=\"javascript:alert(2)\">raw</a> [md](javascript:alert('md'))},\n"
    "  note = {<b onclick=alert(4)>note</b>},\n"
    "  doi = {10.1/\"><script>alert('doi')</script>},\n"
    "}\n";

}  // namespace

TEST_CASE("content safety: every plain-text field is escaped in pages, feed and JSON-LD") {
  BuildResult r = build_files(hostile_owner_site());
  CHECK(r.diags.format_all() == "");
  REQUIRE(r.output.files.count("index.html") == 1);
  REQUIRE(r.output.files.count("news/feed.xml") == 1);
  REQUIRE(r.output.files.count("about/index.html") == 1);
  CHECK(parsed_files(r).size() >= 8);
  CHECK(leaks_in(r) == "");
  // The text is still there, escaped, not dropped.
  CHECK(page_of(r, "index.html").find("Ada &lt;script&gt;alert(1)&lt;/script&gt; Example") !=
        std::string::npos);
  CHECK(page_of(r, "cv/index.html").find("What &lt;img src=x onerror=alert(1)&gt;") !=
        std::string::npos);
  // JSON-LD holds no `<` at all, so no `</script>` can end the block early.
  int blocks = 0;
  for (const std::string& path : parsed_files(r)) {
    for (const std::string& block : json_ld(page_of(r, path))) {
      CAPTURE(path);
      CHECK(block.find('<') == std::string::npos);
      ++blocks;
    }
  }
  CHECK(blocks >= 2);
  CHECK(page_of(r, "index.html").find("\"name\":\"Ada \\u003cscript\\u003ealert(1)") !=
        std::string::npos);
}

TEST_CASE("content safety: the owner's Markdown keeps raw HTML (documented), minus script links") {
  BuildResult r = build_files(
      {{"bio.md",
        "<kbd>raw</kbd> [bad](javascript:alert(1)) [bad2](JavaScript:alert(1)) "
        "[bad3](%20javascript:alert(1)) [bad4](&#x6A;avascript:alert(1)) "
        "<javascript:alert(1)> ![img](javascript:alert(1)) [ok](https://example.org/)\n"}});
  std::string home = page_of(r, "index.html");
  CHECK(home.find("<kbd>raw</kbd>") != std::string::npos);
  // The URLs go; the autolink's text stays as text.
  CHECK(home.find("href=\"javascript:") == std::string::npos);
  CHECK(home.find("href=\"JavaScript:") == std::string::npos);
  CHECK(home.find("src=\"javascript:") == std::string::npos);
  CHECK(home.find("<a href=\"\">javascript:alert(1)</a>") != std::string::npos);
  CHECK(home.find("<a href=\"https://example.org/\">ok</a>") != std::string::npos);
  CHECK(home.find("<a href=\"\">bad</a>") != std::string::npos);
}

TEST_CASE(
    "content safety: allow_javascript_urls = true keeps script links in the owner's Markdown") {
  BuildResult r = build_files(
      {{"site.toml", "allow_javascript_urls = true\n[person]\nname = \"Ada Example\"\n"},
       {"bio.md", "[run](javascript:void(0))\n"},
       {"news.toml", "[[news]]\ndate = 2024-05-01\ntext = \"[run](javascript:void(0))\"\n"}});
  CHECK(page_of(r, "index.html").find("<a href=\"javascript:void(0)\">run</a>") !=
        std::string::npos);
  CHECK(page_of(r, "news/index.html").find("<a href=\"javascript:void(0)\">run</a>") !=
        std::string::npos);
}

TEST_CASE("content safety: news text drops script links by default") {
  BuildResult r = build_files(
      {{"news.toml", "[[news]]\ndate = 2024-05-01\ntext = \"[run](javascript:alert(1)) now\"\n"}});
  CHECK(page_of(r, "news/index.html").find("javascript:") == std::string::npos);
  CHECK(page_of(r, "news/feed.xml").find("javascript:") == std::string::npos);
}

TEST_CASE("content safety: a BibTeX file from someone else cannot inject markup") {
  BuildResult r = build_files(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n[publications]\nbibtex = [\"x.bib\"]\n"},
       {"x.bib", kHostileBib}});
  CHECK(r.diags.format_all() == "");
  REQUIRE(r.output.files.count("publications/evil/index.html") == 1);
  CHECK(leaks_in(r) == "");
  std::string page = page_of(r, "publications/evil/index.html");
  // Raw HTML in the abstract and note shows as text; the Markdown link loses its URL.
  CHECK(page.find("Abstract &lt;script&gt;alert('a')&lt;/script&gt;") != std::string::npos);
  CHECK(page.find("&lt;b onclick=alert(4)&gt;note&lt;/b&gt;") != std::string::npos);
  CHECK(page.find("<a href=\"\">md</a>") != std::string::npos);
  CHECK(page.find("href=\"javascript:") == std::string::npos);
  for (const std::string& block : json_ld(page)) CHECK(block.find('<') == std::string::npos);
}

TEST_CASE("content safety: a script URL in a BibTeX link field is dropped") {
  // `pdf = {javascript:...}` in someone else's .bib would run script in the site's
  // origin when a visitor clicks [PDF].
  BuildResult r = build_files(
      {{"site.toml", "[person]\nname = \"Ada Example\"\n[publications]\nbibtex = [\"x.bib\"]\n"},
       {"x.bib",
        "@misc{evil, title = {T}, author = {Ada Example}, year = 2024,\n"
        "  pdf = {javascript:alert('pdf')}, code = {JavaScript:alert('code')}}\n"}});
  std::string page = page_of(r, "publications/evil/index.html");
  CHECK(page.find("href=\"javascript:") == std::string::npos);
  CHECK(page.find("href=\"JavaScript:") == std::string::npos);
}

TEST_CASE("content safety: allow_javascript_urls does not extend to BibTeX text") {
  BuildResult r = build_files({{"site.toml",
                                "allow_javascript_urls = true\n[person]\nname = \"Ada Example\"\n"
                                "[publications]\nbibtex = [\"x.bib\"]\n"},
                               {"x.bib",
                                "@misc{evil, title = {T}, author = {Ada Example}, year = 2024,\n"
                                "  abstract = {[md](javascript:alert('md'))}}\n"}});
  CHECK(page_of(r, "publications/evil/index.html").find("javascript:") == std::string::npos);
}

TEST_CASE("content safety: script URLs in links are dropped unless site.toml allows them") {
  std::string site =
      "[person]\nname = \"Ada Example\"\n[person.links]\nHome = \" JavaScript:alert(1)\"\n"
      "GitHub = \"https://github.com/ada\"\n";
  std::map<std::string, std::string> files = {
      {"publications.toml",
       "[[publication]]\ntitle = \"T\"\nauthors = [\"Ada Example\"]\nyear = 2024\n"
       "[publication.links]\npdf = \"vbscript:x\"\ncode = \"https://example.org/c\"\n"},
      {"news.toml", "[[news]]\ndate = \"2024-01-02\"\ntext = \"N\"\nlink = \"javascript:n()\"\n"},
      {"talks.toml",
       "[[talk]]\ntitle = \"Talk\"\nslides = \"data:text/html,<script>x</script>\"\n"
       "[[talk.given]]\nevent = \"E\"\ndate = \"2024-02\"\n"}};
  files["site.toml"] = site;
  BuildResult r = build_files(files);
  for (const auto& entry : r.output.files) {
    const std::string& path = entry.first;
    CAPTURE(path);
    const std::string& page = entry.second.bytes;
    for (const char* bad :
         {"href=\"javascript", "href=\" JavaScript", "href=\"vbscript", "href=\"data:text/html"})
      CHECK(page.find(bad) == std::string::npos);
  }
  std::string home = page_of(r, "index.html");
  CHECK(home.find("https://github.com/ada") != std::string::npos);  // the good link stays
  CHECK(page_of(r, "publications/index.html").find("https://example.org/c") != std::string::npos);

  // The site owner may opt in, for their own links.
  files["site.toml"] = "allow_javascript_urls = true\n" + site;
  BuildResult allowed = build_files(files);
  CHECK(page_of(allowed, "index.html").find("href=\" JavaScript:alert(1)\"") != std::string::npos);
}
