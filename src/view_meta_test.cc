// Head metadata, base-path rebasing of Markdown links, and the email markup.
#include "view_meta.h"

#include <doctest/doctest.h>

#include "links.h"
#include "test_site.h"

using namespace sitegen;
using sitegen::testing::build_files;
using sitegen::testing::page_of;

TEST_CASE("view_meta: root-relative Markdown links move under the base path") {
  Urls sub("https://u.github.io/repo/");
  CHECK(
      rebase_root_links("<a href=\"/join/\">j</a> <img src=\"/photo.png\" alt=\"\">", sub, false) ==
      "<a href=\"/repo/join/\">j</a> <img src=\"/repo/photo.png\" alt=\"\">");
  CHECK(rebase_root_links("<a href=\"/join/\">j</a>", sub, true) ==
        "<a href=\"https://u.github.io/repo/join/\">j</a>");
  // Already under the base path, protocol-relative, relative, external, or only text.
  std::string kept =
      "<a href=\"/repo/cv/\">a</a><a href=\"//cdn.example/x\">b</a><a href=\"cv/\">c</a>"
      "<a href=\"https://x.org/\">d</a> x href=/y <code>href=&quot;/z&quot;</code>";
  CHECK(rebase_root_links(kept, sub, false) == kept);
  // At the root nothing changes.
  CHECK(rebase_root_links("<a href=\"/join/\">j</a>", Urls("/"), false) ==
        "<a href=\"/join/\">j</a>");
}

TEST_CASE("view_meta: the email is readable but holds no harvestable address") {
  std::string html = obfuscated_email_html("ada.l@example.org");
  CHECK(html ==
        "<span class=\"email-address\" data-eu=\"l.ada\" data-ed=\"gro.elpmaxe\">"
        "&#97;&#100;&#97;&#46;&#108;<span class=\"email-decoy\" hidden> [remove this] </span>"
        "<span class=\"at\">&#64;</span>&#101;&#120;&#97;&#109;&#112;&#108;&#101;&#46;&#111;"
        "&#114;&#103;</span>");
  CHECK(html.find('@') == std::string::npos);
  // Decoding entities and dropping tags (what a text extractor does) still gives no address.
  std::string text;
  bool in_tag = false;
  for (char c : decode_html_entities(html)) {
    if (c == '<') in_tag = true;
    if (!in_tag) text += c;
    if (c == '>') in_tag = false;
  }
  CHECK(text == "ada.l [remove this] @example.org");
}

TEST_CASE("view_meta: every page has canonical, OpenGraph and Twitter tags; 404 is noindex") {
  auto r = build_files({{"site.toml",
                         "base_url = \"https://ada.example.org/\"\ndescription = \"Compilers.\"\n"
                         "[person]\nname = \"Ada Example\"\nnative_name = \"Ада\"\n"
                         "interests = [\"Compilers\"]\n[person.links]\n"
                         "github = \"https://github.com/ada\"\n"},
                        {"news.toml", "[[news]]\ndate = 2025-01-02\ntext = \"Hello\"\n"}});
  std::string home = page_of(r, "index.html");
  CHECK(home.find("<link rel=\"canonical\" href=\"https://ada.example.org/\">") !=
        std::string::npos);
  CHECK(home.find("<meta property=\"og:type\" content=\"profile\">") != std::string::npos);
  CHECK(home.find("<meta name=\"twitter:card\" content=\"summary\">") != std::string::npos);
  CHECK(home.find("<meta name=\"description\" content=\"Compilers.\">") != std::string::npos);
  CHECK(home.find("\"@type\":\"Person\",\"name\":\"Ada Example\",\"alternateName\":\"Ада\"") !=
        std::string::npos);
  CHECK(home.find("\"sameAs\":[\"https://github.com/ada\"],\"knowsAbout\":[\"Compilers\"]") !=
        std::string::npos);
  std::string news = page_of(r, "news/index.html");
  CHECK(news.find("<link rel=\"canonical\" href=\"https://ada.example.org/news/\">") !=
        std::string::npos);
  CHECK(news.find("<meta property=\"og:url\" content=\"https://ada.example.org/news/\">") !=
        std::string::npos);
  std::string nf = page_of(r, "404.html");
  CHECK(nf.find("<meta name=\"robots\" content=\"noindex\">") != std::string::npos);
  CHECK(nf.find("rel=\"canonical\"") == std::string::npos);
}
