// posts/*.md: a post's `+++` front matter (title, date, updated, tags, summary, draft,
// authors) and its Markdown, read as pages/*.md are, in each of the site's languages.
#include <algorithm>

#include "load/load.h"
#include "load/markdown_file.h"

namespace sitegen {

namespace {

// A post's file name is the last part of its URL, below /posts/, beside the folder of
// tags and the feed.
std::string post_name_problem(std::string_view name) {
  if (name.find('/') != std::string_view::npos)
    return "a post is a file directly in posts/, not in a folder of it";
  if (name == "tags") return "/posts/tags/ holds the pages of the posts' tags";
  if (name == "feed.xml") return "/posts/feed.xml is the posts' feed";
  return page_name_problem(name);
}

}  // namespace

void load_posts(const Source& source, Site& site, Diagnostics& diags) {
  for (const std::string& base_rel : source.list("posts")) {
    if (!base_rel.ends_with(".md")) continue;
    if (is_language_version(source, site, base_rel, "post", diags)) continue;
    std::string name = base_rel.substr(std::string("posts/").size(), base_rel.size() - 9);
    if (std::string why = post_name_problem(name); !why.empty()) {
      diags.error(SourceLoc{source.display(base_rel), 0, 0},
                  "this file's name cannot be a post's URL: " + why + "; rename the file");
      continue;
    }
    std::optional<MarkdownFile> file = read_markdown_file(source, site, base_rel, "post", diags);
    if (!file) continue;
    Post post;
    post.loc = file->loc;
    post.slug = std::move(name);
    post.body = std::move(file->body);
    post.body_offset = file->body_offset;
    bool read = file->read;  // the front matter could be read: what it lacks can be said
    if (const std::optional<TomlNode>& front = file->front) {
      TableReader r(*front, "front matter", diags);
      r.string("title", &post.title);
      r.date("date", &post.date);
      r.date("updated", &post.updated);
      r.string_array("tags", &post.tags);
      r.string("summary", &post.summary);
      r.boolean("draft", &post.draft);
      r.string_array("authors", &post.authors);
      r.finish();
      if (!post.updated.empty() && post.updated < post.date)
        diags.error(r.find("updated")->loc,
                    "`updated` is before the post's `date` " + iso_date(post.date) +
                        ": it is when the post last changed, on or after the day it was "
                        "published");
    }
    if (post.title.empty() && read)
      diags.error(post.loc, "post is missing `title` in its `+++` front matter");
    if (post.title.empty()) post.title = post.slug;
    if (post.date.empty() && read)
      diags.error(post.loc,
                  "post is missing `date` in its `+++` front matter (write date = 2026-01-31): "
                  "the list of posts is ordered by it");
    site.posts.push_back(std::move(post));
  }
  // Newest first; posts of one day by their file names, so the order never depends on
  // the file system's.
  std::sort(site.posts.begin(), site.posts.end(), [](const Post& a, const Post& b) {
    if (int c = a.date.compare(b.date); c != 0) return c > 0;
    return a.slug < b.slug;
  });
}

}  // namespace sitegen
