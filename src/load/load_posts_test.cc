// posts/*.md as loaded: the front matter's fields, the order of posts, and each mistake
// as one exact, located message.
#include <doctest/doctest.h>

#include "load/load.h"
#include "support/test_site.h"

using sitegen::testing::build_files;
using sitegen::testing::diagnostics_of;

namespace sitegen {

TEST_CASE("load posts: front matter fields, newest first, one day's posts by file name") {
  MemorySource src({{"site.toml", testing::kMinimalSite},
                    {"posts/b.md", "+++\ntitle = \"B\"\ndate = 2025-03-01\n+++\nText.\n"},
                    {"posts/a.md", "+++\ntitle = \"A\"\ndate = 2025-03-01\n+++\n"},
                    {"posts/new.md",
                     "+++\ntitle = \"New\"\ndate = 2026-01-15\nupdated = 2026-02-01\n"
                     "summary = \"S\"\ntags = [\"Optics\", \"Notes\"]\nauthors = [\"Ada\"]\n"
                     "draft = true\n+++\n\nBody.\n"}});
  Diagnostics diags;
  Site site = load_site(src, diags);
  CHECK(diags.format_all() == "");
  REQUIRE(site.posts.size() == 3);
  CHECK(site.posts[0].slug == "new");
  CHECK(site.posts[1].slug == "a");
  CHECK(site.posts[2].slug == "b");
  const Post& p = site.posts[0];
  CHECK(p.path == "posts/new/");
  CHECK(iso_date(p.date) == "2026-01-15");
  CHECK(iso_date(p.updated) == "2026-02-01");
  CHECK(p.summary == "S");
  CHECK(p.tags == std::vector<std::string>{"Optics", "Notes"});
  CHECK(p.authors == std::vector<std::string>{"Ada"});
  CHECK(p.draft);
  CHECK(p.body == "\nBody.\n");
  REQUIRE(site.post_tags.size() == 2);
  CHECK(site.post_tags[0].key == "notes");
  CHECK(site.post_tags[1].path == "posts/tags/optics/");
}

TEST_CASE("load error: post front matter") {
  CHECK(diagnostics_of({{"posts/a.md", "+++\ntitle = \"T\"\n+++\nbody\n"}}) ==
        "content/posts/a.md:1:1: error: post is missing `date` in its `+++` front matter (write "
        "date = 2026-01-31): the list of posts is ordered by it\n"
        "  +++\n"
        "  ^\n");
  CHECK(diagnostics_of({{"posts/b.md", "No front matter\n"}}) ==
        "content/posts/b.md:1:1: error: post is missing `title` in its `+++` front matter\n"
        "  No front matter\n"
        "  ^\n"
        "content/posts/b.md:1:1: error: post is missing `date` in its `+++` front matter (write "
        "date = 2026-01-31): the list of posts is ordered by it\n"
        "  No front matter\n"
        "  ^\n");
  CHECK(diagnostics_of({{"posts/c.md",
                         "+++\ntitle = \"T\"\ndate = 2025-01-02\ntags = \"x\"\n"
                         "draft = \"no\"\n+++\n"}}) ==
        "content/posts/c.md:4:8: error: `tags` must be an array of strings, not a string (write "
        "tags = [\"x\"])\n"
        "  tags = \"x\"\n"
        "         ^\n"
        "content/posts/c.md:5:9: error: `draft` must be a boolean, not a string\n"
        "  draft = \"no\"\n"
        "          ^\n");
  // A front matter TOML cannot read is reported once, not as missing fields besides.
  CHECK(diagnostics_of({{"posts/d.md", "+++\ntitle = \"T\"\ndate = 2025-13-02\n+++\n"}}) ==
        "content/posts/d.md:3:13: error: bad date in `date`: month must be 01 to 12\n"
        "  date = 2025-13-02\n"
        "              ^\n");
  CHECK(diagnostics_of({{"posts/e.md",
                         "+++\ntitle = \"T\"\ndate = 2025-03-02\nupdated = 2025-03-01\n+++\n"}}) ==
        "content/posts/e.md:4:11: error: `updated` is before the post's `date` 2025-03-02: it is "
        "when the post last changed, on or after the day it was published\n"
        "  updated = 2025-03-01\n"
        "            ^\n");
  CHECK(
      diagnostics_of(
          {{"posts/f.md", "+++\ntitle = \"T\"\ndate = 2025-03-02\ntag = [\"x\"]\n+++\n"}}) ==
      "content/posts/f.md:4:1: warning: unknown key `tag` in front matter (did you mean `tags`?)\n"
      "  tag = [\"x\"]\n"
      "  ^\n");
}

TEST_CASE("load error: a post's file name that cannot be its URL") {
  CHECK(diagnostics_of({{"posts/tags.md", "+++\ntitle = \"T\"\ndate = 2025-01-02\n+++\n"}}) ==
        "content/posts/tags.md: error: this file's name cannot be a post's URL: /posts/tags/ "
        "holds the pages of the posts' tags; rename the file\n");
  CHECK(diagnostics_of({{"posts/2025/a.md", "+++\ntitle = \"T\"\ndate = 2025-01-02\n+++\n"}}) ==
        "content/posts/2025/a.md: error: this file's name cannot be a post's URL: a post is a "
        "file directly in posts/, not in a folder of it; rename the file\n");
  CHECK(diagnostics_of({{"posts/a b.md", "+++\ntitle = \"T\"\ndate = 2025-01-02\n+++\n"}}) ==
        "content/posts/a b.md: error: this file's name cannot be a post's URL: it holds a space; "
        "rename the file\n");
}

// Before posts/ was read, pages/posts.md was an ordinary page: it stays one on a site
// without posts, and is an error only beside a post, which /posts/ now belongs to.
TEST_CASE("load posts: pages/posts.md is a page until posts/ has a post") {
  BuildResult r = build_files({{"pages/posts.md", "+++\ntitle = \"My posts\"\n+++\nElsewhere.\n"}});
  CHECK(r.diags.format_all() == "");
  CHECK(testing::page_of(r, "posts/index.html").find("<h1>My posts</h1>") != std::string::npos);
  CHECK(diagnostics_of({{"pages/posts.md", "+++\ntitle = \"My posts\"\n+++\n"},
                        {"posts/a.md", "+++\ntitle = \"A\"\ndate = 2025-01-02\n+++\n"}}) ==
        "content/pages/posts.md:1:1: error: page `posts` would replace the generated /posts/ "
        "section; rename the file\n"
        "  +++\n"
        "  ^\n");
}

}  // namespace sitegen
