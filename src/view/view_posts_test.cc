// What a visitor sees of posts/: a post's page, the list by year, a tag's page, the
// feeds, the home page's latest posts and the menu, with drafts only where asked for.
#include <doctest/doctest.h>

#include "support/test_site.h"
#include "view/view.h"

using namespace sitegen;
using testing::build_files;
using testing::build_files_with;
using testing::main_of;
using testing::page_of;

namespace {

const std::map<std::string, std::string> kPostsSite = {
    {"site.toml",
     "title = \"Ada's site\"\nbase_url = \"https://ada.example.org/\"\n[person]\nname = \"Ada "
     "Example\"\n"},
    {"posts/first-light.md",
     "+++\ntitle = \"First light\"\ndate = 2025-03-01\ntags = [\"Optics\", \"Notes\"]\n"
     "summary = \"Our telescope sees.\"\n+++\n\nThe first image came back *blurred*.\n"},
    {"posts/second-look.md",
     "+++\ntitle = \"Second look\"\ndate = 2026-01-15\nupdated = 2026-02-01\n"
     "tags = [\"Optics\"]\nauthors = [\"Ada Example\", \"Grace Hopper\"]\n+++\n\n"
     "A sharper image: the error fell as $1/n$.[^n] The lens is ours [@lens].\n\n"
     "![A polished lens](/lens.png \"The lens after polishing\")\n\n"
     "[^n]: For $n$ exposures.\n"},
    {"publications.toml",
     "[[publication]]\nid = \"lens\"\ntitle = \"A Lens for $n$ Stars\"\nauthors = [\"Ada "
     "Example\"]\nvenue = \"OSA '24\"\nyear = 2024\n"},
    {"static/lens.png", "png"},
    {"posts/unfinished.md",
     "+++\ntitle = \"Unfinished\"\ndate = 2026-05-01\ndraft = true\n+++\n\nNot yet.\n"},
};

}  // namespace

TEST_CASE("posts: a post's page") {
  BuildResult r = build_files(kPostsSite);
  REQUIRE(r.diags.format_all() == "");
  CHECK(main_of(page_of(r, "posts/second-look/index.html")) ==
        "<main id=\"main\" tabindex=\"-1\">\n"
        "<div class=\"wrap narrow\">\n"
        "<article class=\"prose post\">\n"
        "<header class=\"post-header\">\n"
        "<h1>Second look</h1>\n"
        "<p class=\"post-meta\"><time datetime=\"2026-01-15\">Jan 15, 2026</time> · <time "
        "class=\"updated\" datetime=\"2026-02-01\">Updated Feb 1, 2026</time> · <span "
        "class=\"reading-time\">1 min read</span></p>\n"
        "<p class=\"post-authors\">By Ada Example, Grace Hopper</p>\n"
        "</header>\n"
        "<div class=\"post-body\">\n"
        "<p>A sharper image: the error fell as <span class=\"math\">1/n</span>.<sup "
        "class=\"footnote-ref\"><a href=\"#fn-1\" id=\"fnref-1\" "
        "aria-describedby=\"footnotes-label\">1</a></sup> The lens is ours <span "
        "class=\"citation\">[<a href=\"/publications/lens/\" "
        "aria-describedby=\"references-label\">1</a>]</span>.</p>\n"
        "<figure><img src=\"/lens.png\" alt=\"A polished lens\"><figcaption>The lens after "
        "polishing</figcaption></figure>\n"
        "<section class=\"footnotes\">\n"
        "<h2 id=\"footnotes-label\" class=\"visually-hidden\">Footnotes</h2>\n"
        "<ol>\n"
        "<li id=\"fn-1\">\n"
        "<p>For <span class=\"math\">n</span> exposures. <a href=\"#fnref-1\" "
        "class=\"footnote-back\" aria-label=\"Back to reference 1\">↩︎</a></p>\n"
        "</li>\n"
        "</ol>\n"
        "</section>\n"
        "<section class=\"references\">\n"
        "<h2 id=\"references-label\">References</h2>\n"
        "<ol>\n"
        "<li><a href=\"/publications/lens/\">A Lens for <span class=\"math\">n</span> Stars</a>. "
        "Ada Example. OSA &#39;24.</li>\n"
        "</ol>\n"
        "</section>\n"
        "\n"
        "</div>\n"
        "<footer class=\"post-footer\">\n"
        "<h2 class=\"visually-hidden\">Tags</h2>\n"
        "<ul class=\"chips post-tags\">\n"
        "<li><a href=\"/posts/tags/optics/\">Optics</a></li>\n"
        "</ul>\n"
        "</footer>\n"
        "</article>\n"
        "<nav class=\"post-nav\" aria-label=\"More posts\">\n"
        "<a class=\"post-nav-prev\" href=\"/posts/first-light/\" rel=\"prev\"><span "
        "class=\"post-nav-dir\">← Previous post</span><span class=\"post-nav-title\">First "
        "light</span></a>\n"
        "\n"
        "</nav>\n"
        "\n"
        "</div>\n"
        "</main>");
}

TEST_CASE("posts: /posts/ lists every post by year, with the tags") {
  BuildResult r = build_files(kPostsSite);
  CHECK(main_of(page_of(r, "posts/index.html")) ==
        "<main id=\"main\" tabindex=\"-1\">\n"
        "<div class=\"wrap narrow\">\n"
        "<header class=\"page-header\">\n"
        "<h1>Posts</h1>\n"
        "\n"
        "<p class=\"lede\"><a href=\"/posts/feed.xml\"><svg class=\"icon\" aria-hidden=\"true\" "
        "focusable=\"false\"><use href=\"/assets/icons.svg#rss\"/></svg>Subscribe to the "
        "feed</a></p>\n"
        "</header>\n"
        "<nav class=\"post-tag-index\" aria-label=\"Tags\">\n"
        "<ul class=\"chips\">\n"
        "<li><a href=\"/posts/tags/notes/\">Notes <span class=\"tag-count\">1</span></a></li>\n"
        "<li><a href=\"/posts/tags/optics/\">Optics <span class=\"tag-count\">2</span></a></li>\n"
        "</ul>\n"
        "</nav>\n"
        "<section class=\"post-year\" aria-labelledby=\"year-2026\">\n"
        "<h2 id=\"year-2026\">2026</h2>\n"
        "<ol class=\"posts\">\n"
        "<li class=\"post-item\"><h3 class=\"post-title\"><a href=\"/posts/second-look/\">Second "
        "look</a></h3>\n"
        "<p class=\"post-meta\"><time datetime=\"2026-01-15\">Jan 15, 2026</time> · <span "
        "class=\"reading-time\">1 min read</span></p></li>\n"
        "</ol>\n"
        "</section>\n"
        "<section class=\"post-year\" aria-labelledby=\"year-2025\">\n"
        "<h2 id=\"year-2025\">2025</h2>\n"
        "<ol class=\"posts\">\n"
        "<li class=\"post-item\"><h3 class=\"post-title\"><a href=\"/posts/first-light/\">First "
        "light</a></h3>\n"
        "<p class=\"post-meta\"><time datetime=\"2025-03-01\">Mar 1, 2025</time> · <span "
        "class=\"reading-time\">1 min read</span></p>\n"
        "<p class=\"post-summary\">Our telescope sees.</p></li>\n"
        "</ol>\n"
        "</section>\n"
        "</div>\n"
        "</main>");
}

TEST_CASE("posts: a tag's page lists its posts") {
  BuildResult r = build_files(kPostsSite);
  CHECK(main_of(page_of(r, "posts/tags/optics/index.html")) ==
        "<main id=\"main\" tabindex=\"-1\">\n"
        "<div class=\"wrap narrow\">\n"
        "<header class=\"page-header\">\n"
        "<h1>Posts tagged “Optics”</h1>\n"
        "<p class=\"lede\"><a href=\"/posts/\">← All posts</a></p>\n"
        "<p class=\"lede\"><a href=\"/posts/tags/optics/feed.xml\"><svg class=\"icon\" "
        "aria-hidden=\"true\" focusable=\"false\"><use "
        "href=\"/assets/icons.svg#rss\"/></svg>Subscribe to the feed</a></p>\n"
        "</header>\n"
        "\n"
        "<section class=\"post-year\" aria-labelledby=\"year-2026\">\n"
        "<h2 id=\"year-2026\">2026</h2>\n"
        "<ol class=\"posts\">\n"
        "<li class=\"post-item\"><h3 class=\"post-title\"><a href=\"/posts/second-look/\">Second "
        "look</a></h3>\n"
        "<p class=\"post-meta\"><time datetime=\"2026-01-15\">Jan 15, 2026</time> · <span "
        "class=\"reading-time\">1 min read</span></p></li>\n"
        "</ol>\n"
        "</section>\n"
        "<section class=\"post-year\" aria-labelledby=\"year-2025\">\n"
        "<h2 id=\"year-2025\">2025</h2>\n"
        "<ol class=\"posts\">\n"
        "<li class=\"post-item\"><h3 class=\"post-title\"><a href=\"/posts/first-light/\">First "
        "light</a></h3>\n"
        "<p class=\"post-meta\"><time datetime=\"2025-03-01\">Mar 1, 2025</time> · <span "
        "class=\"reading-time\">1 min read</span></p>\n"
        "<p class=\"post-summary\">Our telescope sees.</p></li>\n"
        "</ol>\n"
        "</section>\n"
        "</div>\n"
        "</main>");
  CHECK(page_of(r, "posts/tags/notes/index.html").find("First light") != std::string::npos);
}

TEST_CASE("posts: the Atom feed of all posts and of a tag, the same bytes on every build") {
  BuildResult r = build_files(kPostsSite);
  CHECK(
      page_of(r, "posts/feed.xml") ==
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
      "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
      "  <title>Ada&#39;s site — Posts</title>\n"
      "  <id>https://ada.example.org/posts/</id>\n"
      "  <link rel=\"self\" href=\"https://ada.example.org/posts/feed.xml\"/>\n"
      "  <link rel=\"alternate\" type=\"text/html\" href=\"https://ada.example.org/posts/\"/>\n"
      "  <updated>2026-02-01T00:00:00Z</updated>\n"
      "  <author><name>Ada Example</name></author>\n"
      "  <entry>\n"
      "    <title>Second look</title>\n"
      "    <id>https://ada.example.org/posts/second-look/</id>\n"
      "    <published>2026-01-15T00:00:00Z</published>\n"
      "    <updated>2026-02-01T00:00:00Z</updated>\n"
      "    <author><name>Ada Example</name></author>\n"
      "    <author><name>Grace Hopper</name></author>\n"
      "    <link href=\"https://ada.example.org/posts/second-look/\"/>\n"
      "    <category term=\"Optics\"/>\n"
      "    <content type=\"html\">&lt;p&gt;A sharper image: the error fell as &lt;span "
      "class=&quot;math&quot;&gt;1/n&lt;/span&gt;.&lt;sup class=&quot;footnote-ref&quot;&gt;&lt;a "
      "href=&quot;#fn-1&quot; id=&quot;fnref-1&quot; "
      "aria-describedby=&quot;footnotes-label&quot;&gt;1&lt;/a&gt;&lt;/sup&gt; The lens is ours "
      "&lt;span class=&quot;citation&quot;&gt;[&lt;a "
      "href=&quot;https://ada.example.org/publications/lens/&quot; "
      "aria-describedby=&quot;references-label&quot;&gt;1&lt;/a&gt;]&lt;/span&gt;.&lt;/p&gt;\n"
      "&lt;figure&gt;&lt;img src=&quot;/lens.png&quot; alt=&quot;A polished "
      "lens&quot;&gt;&lt;figcaption&gt;The lens after polishing&lt;/figcaption&gt;&lt;/figure&gt;\n"
      "&lt;section class=&quot;footnotes&quot;&gt;\n"
      "&lt;h2 id=&quot;footnotes-label&quot; "
      "class=&quot;visually-hidden&quot;&gt;Footnotes&lt;/h2&gt;\n"
      "&lt;ol&gt;\n"
      "&lt;li id=&quot;fn-1&quot;&gt;\n"
      "&lt;p&gt;For &lt;span class=&quot;math&quot;&gt;n&lt;/span&gt; exposures. &lt;a "
      "href=&quot;#fnref-1&quot; class=&quot;footnote-back&quot; aria-label=&quot;Back to "
      "reference 1&quot;&gt;↩︎&lt;/a&gt;&lt;/p&gt;\n"
      "&lt;/li&gt;\n"
      "&lt;/ol&gt;\n"
      "&lt;/section&gt;\n"
      "&lt;section class=&quot;references&quot;&gt;\n"
      "&lt;h2 id=&quot;references-label&quot;&gt;References&lt;/h2&gt;\n"
      "&lt;ol&gt;\n"
      "&lt;li&gt;&lt;a href=&quot;https://ada.example.org/publications/lens/&quot;&gt;A Lens for "
      "&lt;span class=&quot;math&quot;&gt;n&lt;/span&gt; Stars&lt;/a&gt;. Ada Example. OSA "
      "&amp;#39;24.&lt;/li&gt;\n"
      "&lt;/ol&gt;\n"
      "&lt;/section&gt;\n"
      "</content>\n"
      "  </entry>\n"
      "  <entry>\n"
      "    <title>First light</title>\n"
      "    <id>https://ada.example.org/posts/first-light/</id>\n"
      "    <published>2025-03-01T00:00:00Z</published>\n"
      "    <updated>2025-03-01T00:00:00Z</updated>\n"
      "    <link href=\"https://ada.example.org/posts/first-light/\"/>\n"
      "    <category term=\"Optics\"/>\n"
      "    <category term=\"Notes\"/>\n"
      "    <summary>Our telescope sees.</summary>\n"
      "    <content type=\"html\">&lt;p&gt;The first image came back "
      "&lt;em&gt;blurred&lt;/em&gt;.&lt;/p&gt;\n"
      "</content>\n"
      "  </entry>\n"
      "</feed>\n");
  CHECK(page_of(r, "posts/tags/notes/feed.xml") ==
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        "  <title>Ada&#39;s site — Posts tagged “Notes”</title>\n"
        "  <id>https://ada.example.org/posts/tags/notes/</id>\n"
        "  <link rel=\"self\" href=\"https://ada.example.org/posts/tags/notes/feed.xml\"/>\n"
        "  <link rel=\"alternate\" type=\"text/html\" "
        "href=\"https://ada.example.org/posts/tags/notes/\"/>\n"
        "  <updated>2025-03-01T00:00:00Z</updated>\n"
        "  <author><name>Ada Example</name></author>\n"
        "  <entry>\n"
        "    <title>First light</title>\n"
        "    <id>https://ada.example.org/posts/first-light/</id>\n"
        "    <published>2025-03-01T00:00:00Z</published>\n"
        "    <updated>2025-03-01T00:00:00Z</updated>\n"
        "    <link href=\"https://ada.example.org/posts/first-light/\"/>\n"
        "    <category term=\"Optics\"/>\n"
        "    <category term=\"Notes\"/>\n"
        "    <summary>Our telescope sees.</summary>\n"
        "    <content type=\"html\">&lt;p&gt;The first image came back "
        "&lt;em&gt;blurred&lt;/em&gt;.&lt;/p&gt;\n"
        "</content>\n"
        "  </entry>\n"
        "</feed>\n");
  CHECK(page_of(build_files(kPostsSite), "posts/feed.xml") == page_of(r, "posts/feed.xml"));
}

TEST_CASE("posts: the home page shows the latest, and the menu has Posts") {
  BuildResult r = build_files(kPostsSite);
  std::string home = page_of(r, "index.html");
  size_t from = home.find("<section class=\"home-posts\"");
  CHECK(home.substr(from, home.find("</section>", from) + 10 - from) ==
        "<section class=\"home-posts\" aria-labelledby=\"posts-h\">\n"
        "<h2 id=\"posts-h\">Latest posts</h2>\n"
        "<ol class=\"posts\">\n"
        "<li class=\"post-item\"><h3 class=\"post-title\"><a href=\"/posts/second-look/\">Second "
        "look</a></h3>\n"
        "<p class=\"post-meta\"><time datetime=\"2026-01-15\">Jan 15, 2026</time> · <span "
        "class=\"reading-time\">1 min read</span></p></li>\n"
        "<li class=\"post-item\"><h3 class=\"post-title\"><a href=\"/posts/first-light/\">First "
        "light</a></h3>\n"
        "<p class=\"post-meta\"><time datetime=\"2025-03-01\">Mar 1, 2025</time> · <span "
        "class=\"reading-time\">1 min read</span></p>\n"
        "<p class=\"post-summary\">Our telescope sees.</p></li>\n"
        "</ol>\n"
        "<p class=\"see-all\"><a href=\"/posts/\">All posts →</a></p>\n"
        "</section>");
  CHECK(home.find("<li><a href=\"/posts/\">Posts</a></li>") != std::string::npos);
  // A site without posts has neither.
  BuildResult none = build_files({});
  CHECK(page_of(none, "index.html").find("posts") == std::string::npos);
  CHECK(page_of(none, "posts/index.html") == "<missing posts/index.html>");
}

TEST_CASE("posts: drafts only with --drafts (and in serve), marked as drafts") {
  BuildResult r = build_files(kPostsSite);
  CHECK(page_of(r, "posts/unfinished/index.html") == "<missing posts/unfinished/index.html>");
  CHECK(page_of(r, "posts/feed.xml").find("Unfinished") == std::string::npos);
  BuildOptions o;
  o.drafts = true;
  BuildResult d = build_files_with(kPostsSite, o);
  CHECK(main_of(page_of(d, "posts/unfinished/index.html"))
            .find("<p class=\"post-meta\"><time datetime=\"2026-05-01\">May 1, 2026</time> · "
                  "<span class=\"reading-time\">1 min read</span> · <span "
                  "class=\"draft-badge\">Draft</span></p>") != std::string::npos);
  CHECK(page_of(d, "posts/index.html").find(">Unfinished</a>") != std::string::npos);
  CHECK(page_of(d, "posts/feed.xml").find("<title>Unfinished</title>") != std::string::npos);
}

TEST_CASE("posts: the reading time and the words are the page's language") {
  std::map<std::string, std::string> files = kPostsSite;
  files["site.toml"] = "language = \"de\"\n[person]\nname = \"Ada Example\"\n";
  BuildResult r = build_files(files);
  std::string post = main_of(page_of(r, "posts/second-look/index.html"));
  CHECK(post.find("<p class=\"post-meta\"><time datetime=\"2026-01-15\">15. Januar 2026</time> · "
                  "<time class=\"updated\" datetime=\"2026-02-01\">Aktualisiert am 1. Februar "
                  "2026</time> · <span class=\"reading-time\">1 Min. Lesezeit</span></p>\n"
                  "<p class=\"post-authors\">Von Ada Example, Grace Hopper</p>") !=
        std::string::npos);
  CHECK(post.find("<h2 id=\"footnotes-label\" class=\"visually-hidden\">Fußnoten</h2>") !=
        std::string::npos);
  CHECK(post.find("aria-label=\"Zurück zum Verweis 1\"") != std::string::npos);
  CHECK(post.find("<h2 id=\"references-label\">Literatur</h2>") != std::string::npos);
}

TEST_CASE("posts: x.zh.md is the Chinese version, an untranslated post keeps its language") {
  BuildResult r = build_files(
      {{"site.toml", "languages = [\"en\", \"zh\"]\n[person]\nname = \"Ada Example\"\n"},
       {"posts/a.md", "+++\ntitle = \"Optics\"\ndate = 2025-03-01\n+++\nLight.\n"},
       {"posts/a.zh.md", "+++\ntitle = \"光学\"\ndate = 2025-03-01\n+++\n光。\n"},
       {"posts/b.md", "+++\ntitle = \"Lenses\"\ndate = 2025-04-01\n+++\nGlass.\n"}});
  REQUIRE(r.diags.format_all() == "");
  std::string a = main_of(page_of(r, "zh/posts/a/index.html"));
  CHECK(a.find("<h1>光学</h1>") != std::string::npos);
  CHECK(a.find("<p>光。</p>") != std::string::npos);
  CHECK(a.find("约 1 分钟读完") != std::string::npos);
  std::string b = main_of(page_of(r, "zh/posts/b/index.html"));
  CHECK(b.find("<h1 lang=\"en\">Lenses</h1>") != std::string::npos);
  CHECK(b.find("<div class=\"post-body\" lang=\"en\">") != std::string::npos);
  CHECK(page_of(r, "zh/posts/feed.xml").find("<title>光学</title>") != std::string::npos);
  CHECK(page_of(r, "posts/feed.xml").find("<title>Optics</title>") != std::string::npos);
}

TEST_CASE("posts: [comments] giscus under each post, in the built site only") {
  std::map<std::string, std::string> files = kPostsSite;
  files["site.toml"] =
      "[person]\nname = \"Ada Example\"\n[comments]\nprovider = \"giscus\"\nrepo = "
      "\"ada/site\"\nrepo_id = \"R_kgDOAbc\"\ncategory = \"Posts & notes\"\ncategory_id = "
      "\"DIC_kwDOAbc\"\nreactions = false\n";
  BuildResult r = build_files(files);
  REQUIRE(r.diags.format_all() == "");
  std::string post = main_of(page_of(r, "posts/first-light/index.html"));
  size_t from = post.find("<section class=\"comments\"");
  REQUIRE(from != std::string::npos);
  CHECK(post.substr(from, post.find("</section>", from) + 10 - from) ==
        "<section class=\"comments\" aria-labelledby=\"comments-h\">\n"
        "<h2 id=\"comments-h\">Comments</h2>\n"
        "<script src=\"https://giscus.app/client.js\" data-repo=\"ada/site\" "
        "data-repo-id=\"R_kgDOAbc\" data-category=\"Posts &amp; notes\" "
        "data-category-id=\"DIC_kwDOAbc\" data-mapping=\"pathname\" data-strict=\"0\" "
        "data-reactions-enabled=\"0\" data-emit-metadata=\"0\" data-input-position=\"top\" "
        "data-theme=\"preferred_color_scheme\" data-lang=\"en\" data-loading=\"lazy\" "
        "crossorigin=\"anonymous\" async></script>\n"
        "<noscript><p><a href=\"https://github.com/ada/site/discussions\">Read the comments on "
        "GitHub</a></p></noscript>\n"
        "</section>");
  // Only posts have them; `serve` (a preview) loads no other site's script.
  CHECK(page_of(r, "index.html").find("giscus") == std::string::npos);
  BuildOptions o;
  o.preview = true;
  CHECK(page_of(build_files_with(files, o), "posts/first-light/index.html").find("giscus") ==
        std::string::npos);
}

TEST_CASE("load error: [comments]") {
  CHECK(testing::diagnostics_of(
            {{"site.toml",
              "[person]\nname = \"A\"\n[comments]\nprovider = \"gisqus\"\nrepo = \"ada\"\n"
              "repo_id = \"R kg\"\ncategory = \"Posts\"\nmapping = \"path\"\n"}}) ==
        "content/site.toml:4:12: error: unknown comments provider `gisqus`: expected \"giscus\"\n"
        "  provider = \"gisqus\"\n"
        "             ^\n"
        "content/site.toml:5:8: error: `repo` must be a GitHub repository as \"owner/name\", not "
        "`ada`\n"
        "  repo = \"ada\"\n"
        "         ^\n"
        "content/site.toml:6:11: error: `repo_id` must be giscus's id, letters, digits and `_`, "
        "not `R kg` (giscus.app shows it once you pick the repository and category)\n"
        "  repo_id = \"R kg\"\n"
        "            ^\n"
        "content/site.toml:3:2: error: [comments] is missing required key `category_id`\n"
        "  [comments]\n"
        "   ^\n"
        "content/site.toml:8:11: error: unknown `mapping` `path`: expected \"pathname\", \"url\", "
        "\"title\" or \"og:title\"\n"
        "  mapping = \"path\"\n"
        "            ^\n");
}
