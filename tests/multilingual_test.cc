// End to end: the bilingual example (English at /, Simplified Chinese at /zh/) under a
// sub-path base URL, checked on every page of both languages.
#include <doctest/doctest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>

#include "model/ui_strings.h"
#include "output/link_check.h"
#include "site_build/build.h"

namespace fs = std::filesystem;
using namespace sitegen;

namespace {

const std::string kBase = "https://example.org/sub/";

BuildResult build_han_zhao() {
  BuildOptions opts;
  opts.strict = true;
  opts.base_url = kBase;
  return build_site(DiskSource((fs::path(SITEGEN_SOURCE_DIR) / "examples/han-zhao").string()),
                    opts);
}

bool is_zh(const std::string& path) {
  return path.starts_with("zh/");
}

// The output file a site URL names: "/sub/zh/news/" -> "zh/news/index.html".
std::string file_of(std::string url) {
  if (url.starts_with(kBase)) url = "/sub/" + url.substr(kBase.size());
  REQUIRE(url.starts_with("/sub/"));
  url = url.substr(5);
  if (url.empty() || url.ends_with("/")) url += "index.html";
  return url;
}

std::vector<std::smatch> all_matches(const std::string& text, const std::regex& re) {
  std::vector<std::smatch> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it)
    out.push_back(*it);
  return out;
}

// A string table value as a pattern for a whole element text or attribute value: the
// {placeholders} match anything.
std::regex ui_pattern(const std::string& value) {
  std::string re;
  for (size_t i = 0; i < value.size(); ++i) {
    char c = value[i];
    if (c == '{') {
      i = value.find('}', i);
      re += "[^<>\"]*";
    } else if (std::string_view("\\^$.|?*+()[]").find(c) != std::string_view::npos) {
      re += std::string("\\") + c;
    } else {
      re += c;
    }
  }
  return std::regex("[>\"]" + re + "[<\"]");
}

}  // namespace

TEST_CASE("multilingual: every page of the bilingual example, in both languages") {
  BuildResult r = build_han_zhao();
  REQUIRE(r.diags.format_all() == "");
  UiStrings en = builtin_ui_strings("en"), zh = builtin_ui_strings("zh");
  // The English words the Chinese table says differently ("PDF" and "BibTeX" stay).
  std::vector<std::pair<std::string, std::regex>> english;
  for (const auto& [key, value] : en.text)
    if (zh.get(key) != value && key != "language_name" && key != "locale")
      english.emplace_back(key, ui_pattern(value));
  REQUIRE(english.size() > 60);
  const std::regex html_lang("<html lang=\"([^\"]+)\">");
  const std::regex switch_link("<li><a href=\"([^\"]+)\" hreflang=\"([^\"]+)\" lang=\"[^\"]+\"");
  const std::regex alternate("<link rel=\"alternate\" hreflang=\"([^\"]+)\" href=\"([^\"]+)\">");
  const std::regex time_text("<time datetime=\"[^\"]*\">([^<]*)</time>");
  const std::regex zh_date(R"(\d{4}年(\d{1,2}月(\d{1,2}日)?)?|至今)");
  std::map<std::string, std::map<std::string, std::string>> alternates;  // page -> lang -> file
  size_t pages[2] = {0, 0};
  for (const auto& entry : r.output.files) {
    const std::string& path = entry.first;  // named, not bound: CAPTURE takes it in a lambda
    if (!path.ends_with(".html")) continue;
    CAPTURE(path);
    const std::string& html = entry.second.bytes;
    ++pages[is_zh(path)];
    std::smatch m;
    REQUIRE(std::regex_search(html, m, html_lang));
    CHECK(m[1] == (is_zh(path) ? "zh" : "en"));
    // The switcher leads to this page in each language, and that page exists.
    std::vector<std::smatch> links = all_matches(html, switch_link);
    CHECK(links.size() == 2);
    for (const std::smatch& l : links) {
      std::string target = file_of(l[1]);
      CHECK(r.output.files.count(target) == 1);
      if (path != "404.html" && path != "zh/404.html")
        CHECK(target == (l[2] == "zh" ? (is_zh(path) ? path : "zh/" + path)
                                      : (is_zh(path) ? path.substr(3) : path)));
    }
    for (const std::smatch& a : all_matches(html, alternate)) {
      CHECK(a[2].str().starts_with(kBase));
      alternates[path][a[1]] = file_of(a[2]);
    }
    if (!is_zh(path)) continue;
    for (const auto& word : english) {
      const std::string& key = word.first;
      CAPTURE(key);
      CHECK_FALSE(std::regex_search(html, word.second));
    }
    for (const std::smatch& t : all_matches(html, time_text)) {
      CAPTURE(t[1].str());
      CHECK(std::regex_match(t[1].str(), zh_date));
    }
  }
  CHECK(pages[0] == pages[1]);
  CHECK(pages[1] > 30);
  // hreflang pairs are symmetric: each alternate names this page back, in its language.
  for (const auto& page : alternates) {
    const std::string& path = page.first;
    const auto& alts = page.second;
    CAPTURE(path);
    CHECK(alts.size() == 3);
    CHECK(alts.at("x-default") == alts.at("en"));
    std::string lang = is_zh(path) ? "zh" : "en";
    CHECK(alts.at(lang) == path);
    for (const auto& alt : alts) {
      const std::string& target = alt.second;
      CAPTURE(target);
      REQUIRE(alternates.count(target) == 1);
      CHECK(alternates.at(target).at(lang) == path);
    }
  }
  CHECK(alternates.count("404.html") == 0);
  // Every internal link resolves, in both languages, below the sub-path.
  std::vector<BrokenLink> broken = check_links(r.output, "/sub/", kBase);
  std::string shown;
  for (const BrokenLink& b : broken) shown += format_broken_link(b) + "\n";
  CHECK(shown == "");
}

TEST_CASE("multilingual: each language's feed, sitemap and Chinese texts") {
  BuildResult r = build_han_zhao();
  const std::string& zh_feed = r.output.files.at("zh/news/feed.xml").bytes;
  CHECK(zh_feed.find("<title>赵涵 — 新闻</title>") != std::string::npos);
  CHECK(zh_feed.find("<link rel=\"self\" href=\"https://example.org/sub/zh/news/feed.xml\"/>") !=
        std::string::npos);
  CHECK(r.output.files.at("news/feed.xml").bytes.find("<title>Han Zhao — News</title>") !=
        std::string::npos);
  const std::string& sitemap = r.output.files.at("sitemap.xml").bytes;
  CHECK(sitemap.find("  <url><loc>https://example.org/sub/zh/cv/</loc>\n"
                     "    <xhtml:link rel=\"alternate\" hreflang=\"en\" "
                     "href=\"https://example.org/sub/cv/\"/>\n"
                     "    <xhtml:link rel=\"alternate\" hreflang=\"zh\" "
                     "href=\"https://example.org/sub/zh/cv/\"/>\n"
                     "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" "
                     "href=\"https://example.org/sub/cv/\"/>\n"
                     "  </url>\n") != std::string::npos);
  const std::string& home = r.output.files.at("zh/index.html").bytes;
  CHECK(home.find("<h1 class=\"name\">赵涵 <span class=\"native-name\" lang=\"en\">Han "
                  "Zhao</span></h1>") != std::string::npos);
  CHECK(home.find("<meta property=\"og:locale\" content=\"zh_CN\">\n"
                  "<meta property=\"og:locale:alternate\" content=\"en_US\">\n") !=
        std::string::npos);
  // Papers are shared: the Chinese list links each paper's Chinese page, and the one .bib.
  const std::string& list = r.output.files.at("zh/publications/index.html").bytes;
  CHECK(list.find("<p class=\"lede\">共 18 篇 · <a href=\"/sub/publications.bib\">") !=
        std::string::npos);
  CHECK(r.output.files.count("zh/publications.bib") == 0);
  // Both of the person's names are highlighted.
  CHECK(list.find("<strong class=\"me\">Han Zhao</strong>") != std::string::npos);
}
