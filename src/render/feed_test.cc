// The Atom feed of news: required elements, absolute links, plain-text titles.
#include "render/feed.h"

#include <doctest/doctest.h>

#include "support/test_site.h"

using sitegen::testing::build_files;
using sitegen::testing::page_of;

TEST_CASE("feed: titles are plain text escaped once, and links are absolute") {
  auto r =
      build_files({{"site.toml",
                    "title = \"Ada & Co\"\nbase_url = \"https://u.github.io/repo/\"\n"
                    "[person]\nname = \"Ada Example\"\n"},
                   {"news.toml",
                    "[[news]]\ndate = \"2025-06\"\ntext = \"**R&D** at PLDI (1 < 2) 'Fish & Chips' "
                    "— see [us](/join/)\"\n"
                    "link = \"papers/x.pdf\"\n"
                    "[[news]]\ndate = 2024\ntext = \"Started\"\n"}});
  std::string feed = page_of(r, "news/feed.xml");
  CHECK(
      feed ==
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
      "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
      "  <title>Ada &amp; Co — News</title>\n"
      "  <id>https://u.github.io/repo/news/</id>\n"
      "  <link rel=\"self\" href=\"https://u.github.io/repo/news/feed.xml\"/>\n"
      "  <link rel=\"alternate\" type=\"text/html\" href=\"https://u.github.io/repo/news/\"/>\n"
      "  <updated>2025-06-01T00:00:00Z</updated>\n"
      "  <author><name>Ada Example</name></author>\n"
      "  <entry>\n"
      "    <title>R&amp;D at PLDI (1 &lt; 2) &#39;Fish &amp; Chips&#39; — see us</title>\n"
      "    <id>https://u.github.io/repo/news/#2</id>\n"
      "    <updated>2025-06-01T00:00:00Z</updated>\n"
      "    <link href=\"https://u.github.io/repo/papers/x.pdf\"/>\n"
      "    <content type=\"html\">&lt;strong&gt;R&amp;amp;D&lt;/strong&gt; at PLDI (1 &amp;lt; 2) "
      "&#39;Fish &amp;amp; Chips&#39; — see &lt;a "
      "href=&quot;https://u.github.io/repo/join/&quot;&gt;us&lt;/a&gt;</content>\n"
      "  </entry>\n"
      "  <entry>\n"
      "    <title>Started</title>\n"
      "    <id>https://u.github.io/repo/news/#1</id>\n"
      "    <updated>2024-01-01T00:00:00Z</updated>\n"
      "    <link href=\"https://u.github.io/repo/news/\"/>\n"
      "    <content type=\"html\">Started</content>\n"
      "  </entry>\n"
      "</feed>\n");
}

TEST_CASE("feed: without an absolute base_url the id is a URN") {
  auto r = build_files({{"site.toml", "title = \"Ada Example\"\n[person]\nname = \"Ada\"\n"},
                        {"news.toml", "[[news]]\ndate = 2025-01-02\ntext = \"Hi\"\n"}});
  std::string feed = page_of(r, "news/feed.xml");
  CHECK(feed.find("  <id>urn:x-sitegen:ada-example:news</id>\n") != std::string::npos);
  CHECK(feed.find("<link") == std::string::npos);
}

TEST_CASE("feed: characters XML 1.0 does not allow are left out") {
  auto r = build_files(
      {{"site.toml", "title = \"Ada\\u0001 Lab\"\n[person]\nname = \"Ada\\u001bExample\"\n"},
       {"news.toml",
        "[[news]]\ndate = 2025\ntext = \"Bell\\u0007 and\\ttab, \\uFFFE\\uFFFFend\\u0000\"\n"
        "[[news]]\ndate = 2024\ntext = \"Fine\"\nlink = \"https://x.org/\\uFFFF\"\n"}});
  std::string feed = page_of(r, "news/feed.xml");
  CHECK(feed.find("  <title>Ada Lab — News</title>\n") != std::string::npos);
  CHECK(feed.find("  <author><name>AdaExample</name></author>\n") != std::string::npos);
  // Markdown makes a NUL the replacement character, as HTML does.
  CHECK(feed.find("    <title>Bell and\ttab, end\uFFFD</title>\n") != std::string::npos);
  CHECK(feed.find("    <content type=\"html\">Bell and\ttab, end\uFFFD</content>\n") !=
        std::string::npos);
  // Said at each value, once: the first such character.
  CHECK(r.diags.format_all() ==
        "content/news.toml:3:8: warning: `text` holds U+0007, a character XML 1.0 does not "
        "allow: the news feed leaves it out\n"
        "  text = \"Bell\\u0007 and\\ttab, \\uFFFE\\uFFFFend\\u0000\"\n"
        "         ^\n"
        "content/news.toml:7:8: warning: `link` holds U+FFFF, a character XML 1.0 does not "
        "allow: the news feed leaves it out\n"
        "  link = \"https://x.org/\\uFFFF\"\n"
        "         ^\n"
        "content/site.toml:1:9: warning: `title` holds U+0001, a character XML 1.0 does not "
        "allow: the news feed leaves it out\n"
        "  title = \"Ada\\u0001 Lab\"\n"
        "          ^\n"
        "content/site.toml:3:8: warning: `name` holds U+001B, a character XML 1.0 does not "
        "allow: the news feed leaves it out\n"
        "  name = \"Ada\\u001bExample\"\n"
        "         ^\n");
  // Without news there is no feed, and nothing to say about the title.
  CHECK(build_files({{"site.toml", "title = \"Ada\\u0001 Lab\"\n[person]\nname = \"A\"\n"}})
            .diags.format_all() == "");
}

TEST_CASE("feed: a protocol-relative link gets the site's scheme, as <head> gives it") {
  auto r = build_files({{"site.toml",
                         "title = \"Ada\"\nbase_url = \"https://u.github.io/repo\"\n"
                         "[person]\nname = \"Ada Example\"\n"},
                        {"news.toml",
                         "[[news]]\ndate = 2024-05-01\ntext = \"Slides\"\n"
                         "link = \"//cdn.example.org/x.pdf\"\n"
                         "[[news]]\ndate = 2024-04-01\ntext = \"Talk\"\nlink = \"/talks/#t\"\n"}});
  std::string feed = page_of(r, "news/feed.xml");
  CHECK(feed.find("    <link href=\"https://cdn.example.org/x.pdf\"/>\n") != std::string::npos);
  CHECK(feed.find("    <link href=\"https://u.github.io/repo/talks/#t\"/>\n") != std::string::npos);
}
