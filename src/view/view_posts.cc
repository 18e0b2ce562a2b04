// Posts: /posts/ grouped by year, a page per post with its neighbours, and a page per
// tag; the home page's latest posts use post_item too.
#include <algorithm>

#include "base/date.h"
#include "markdown/footnotes.h"
#include "markdown/markdown.h"
#include "markdown/math.h"
#include "text/reading_time.h"
#include "view/view.h"
#include "view/view_data.h"
#include "view/view_meta.h"

namespace sitegen {

namespace {

Data tag_links(const Post& p, const Urls& urls) {
  Data tags = data_list(p.tags.size());
  for (const std::string& t : p.tags) {
    Data d;
    put(d, "name", t);
    std::string key = paths::tag_key(t);
    put(d, "url", key.empty() ? "" : urls.page(paths::post_tag(key)));
    data_push(tags, std::move(d));
  }
  return tags;
}

// giscus's words are its own: the nearest of the languages it has.
std::string giscus_lang(const std::string& tag) {
  if (tag == "zh" || tag.starts_with("zh-Hans") || tag == "zh-CN") return "zh-CN";
  if (tag.starts_with("zh")) return "zh-TW";
  return tag.substr(0, tag.find('-'));
}

// The giscus script for a post, and for readers without JavaScript a link to the
// discussions on GitHub.
std::string comments_html(const CommentSettings& c, const std::string& lang, const UiStrings& ui) {
  std::string out = "<script src=\"https://giscus.app/client.js\"";
  auto attr = [&](std::string_view name, std::string_view value) {
    out += " data-";
    out += name;
    out += "=\"";
    append_html_escaped(out, value);
    out += '"';
  };
  attr("repo", c.repo);
  attr("repo-id", c.repo_id);
  attr("category", c.category);
  attr("category-id", c.category_id);
  attr("mapping", c.mapping);
  attr("strict", "0");
  attr("reactions-enabled", c.reactions ? "1" : "0");
  attr("emit-metadata", "0");
  attr("input-position", "top");
  attr("theme", "preferred_color_scheme");
  attr("lang", giscus_lang(lang));
  attr("loading", "lazy");
  out += " crossorigin=\"anonymous\" async></script>\n<noscript><p><a href=\"https://github.com/";
  append_html_escaped(out, c.repo);
  out += "/discussions\">";
  append_html_escaped(out, ui.get("comments_on_github"));
  out += "</a></p></noscript>";
  return out;
}

// A venue written with its year ("ICML 2024", "OSA '24") needs no year after it.
bool names_year(std::string_view venue, int year) {
  std::string yy = std::to_string(year % 100 + 100).substr(1);
  return venue.find(std::to_string(year)) != std::string_view::npos ||
         venue.find("'" + yy) != std::string_view::npos ||
         venue.find("\u2019" + yy) != std::string_view::npos;
}

}  // namespace

std::string post_html(const Site& site, const Post& post, const Urls& urls, const UiStrings& ui,
                      MarkdownOptions opts, bool full_urls) {
  opts.figures = true;
  // A paper is cited by its id (or BibTeX key), or by the name in its URL when it has none.
  Citable citable;
  if (post.body.find("[@") != std::string::npos)
    for (const Publication& p : site.publications) {
      citable.keys.push_back(p.key.empty() ? p.slug : p.key);
      std::string url = urls.page(p.path);
      citable.urls.push_back(full_urls ? urls.full(url) : url);
    }
  NotedHtml noted = markdown_with_notes_to_html(
      post.body, opts, {ui.get("footnotes"), ui.get("footnote_back")}, &citable);
  if (noted.cited.empty()) return std::move(noted.html);
  std::string& out = noted.html;
  out += "<section class=\"references\">\n<h2 id=\"references-label\">";
  append_html_escaped(out, ui.get("references"));
  out += "</h2>\n<ol>\n";
  for (size_t c : noted.cited) {
    const Publication& p = site.publications[c];
    out += "<li><a href=\"";
    append_html_escaped(out, citable.urls[c]);
    out += "\">" + text_with_math_html(p.title) + "</a>.";
    std::string authors;
    for (size_t i = 0; i < p.authors.size() && i < 3; ++i)
      authors += (i ? ", " : " ") + p.authors[i].name;
    if (p.authors.size() > 3 || p.et_al) authors += " " + ui.get("et_al");
    if (!authors.empty()) {
      append_html_escaped(out, authors);
      if (!authors.ends_with('.')) out += '.';  // "et al." ends the sentence already
    }
    std::string venue = p.venue.empty() ? p.venue_full : p.venue;
    std::string when = p.year && !names_year(venue, p.year) ? std::to_string(p.year) : "";
    if (!venue.empty() || !when.empty()) {
      out += ' ';
      append_html_escaped(out, venue + (venue.empty() || when.empty() ? "" : ", ") + when);
      out += '.';
    }
    out += "</li>\n";
  }
  out += "</ol>\n</section>\n";
  return std::move(noted.html);
}

Data View::post_item(size_t index) const {
  const Post& p = site_.posts[index];
  Data d;
  put(d, "title", p.title);
  put(d, "url", urls_.page(p.path));
  put(d, "date", format_date(p.date, ui_.dates));
  put(d, "date_iso", iso_date(p.date));
  put(d, "summary", p.summary);
  put(d, "reading_time", ui_.get("reading_time", {{"n", std::to_string(reading_minutes(p.body))}}));
  put(d, "draft", data_flag(p.draft));
  return d;
}

Data View::post_years(const std::vector<size_t>& posts) const {
  Data years = data_list(0);
  for (size_t k = 0; k < posts.size();) {
    int year = site_.posts[posts[k]].date.year;
    Data items = data_list(0);
    for (; k < posts.size() && site_.posts[posts[k]].date.year == year; ++k)
      data_push(items, post_item(posts[k]));
    Data y;
    put(y, "year", std::to_string(year));
    put(y, "posts", std::move(items));
    data_push(years, std::move(y));
  }
  return years;
}

Data View::posts() const {
  std::vector<size_t> all(site_.posts.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  Data d = page_meta("posts", ui_.get("posts"), std::string(paths::kPosts), "");
  put(d, "years", post_years(all));
  put(d, "feed_url", urls_.page(paths::kPostsFeed));
  Data tags = data_list(site_.post_tags.size());
  for (const PostTag& t : site_.post_tags) {
    Data item;
    put(item, "name", t.name);
    put(item, "url", urls_.page(t.path));
    put(item, "count", std::to_string(t.posts.size()));
    data_push(tags, std::move(item));
  }
  put(d, "has_tags", data_flag(!site_.post_tags.empty()));
  put(d, "tags", std::move(tags));
  return d;
}

Data View::post_tag(size_t tag) const {
  const PostTag& t = site_.post_tags[tag];
  Data d = page_meta("posts", ui_.get("posts_tagged", {{"tag", t.name}}), t.path, "");
  put(d, "years", post_years(t.posts));
  put(d, "feed_url", urls_.page(paths::post_tag_feed(t.key)));
  put(d, "back_url", urls_.page(paths::kPosts));
  put(d, "has_tags", data_flag(false));
  return d;
}

Data View::post(size_t index) const {
  const Post& p = site_.posts[index];
  MarkdownOptions opts = page_markdown_options(urls_, true, ui_);
  opts.code_html = &site_.code_html;
  std::string body_html = post_html(site_, p, urls_, ui_, opts);
  Data d = page_meta("post", p.title, p.path, p.summary, sitegen::has_math(body_html));
  put(d, "body_html", std::move(body_html));
  Data post = post_item(index);
  if (!p.updated.empty() && !(p.updated == p.date)) {
    put(post, "updated", ui_.get("updated_on", {{"date", format_date(p.updated, ui_.dates)}}));
    put(post, "updated_iso", iso_date(p.updated));
  }
  // An author who is a member of the group (by id or name) links to their page.
  Data authors = data_list(p.authors.size());
  for (size_t i = 0; i < p.authors.size(); ++i) {
    Data a;
    std::string name = p.authors[i], url;
    for (const Member& m : site_.members)
      if (m.id == name || m.person.name == name) {
        name = m.person.name;
        url = urls_.page(m.path);
      }
    put(a, "name", name);
    put(a, "url", url);
    put(a, "last", data_flag(i + 1 == p.authors.size()));
    data_push(authors, std::move(a));
  }
  put(post, "has_authors", data_flag(!p.authors.empty()));
  put(post, "authors", std::move(authors));
  put(post, "has_tags", data_flag(!p.tags.empty()));
  put(post, "tags", tag_links(p, urls_));
  put(d, "post", std::move(post));
  // Posts are newest first: the previous post is the older one, below this one.
  auto neighbour = [&](size_t i) {
    Data n;
    put(n, "title", site_.posts[i].title);
    put(n, "url", urls_.page(site_.posts[i].path));
    return n;
  };
  bool has_previous = index + 1 < site_.posts.size(), has_next = index > 0;
  put(d, "previous", has_previous ? neighbour(index + 1) : data_flag(false));
  put(d, "next", has_next ? neighbour(index - 1) : data_flag(false));
  put(d, "has_post_nav", data_flag(has_previous || has_next));
  put(d, "posts_url", urls_.page(paths::kPosts));
  put(d, "comments_html",
      site_.comments.provider == "giscus" && options_.comments
          ? comments_html(site_.comments, site_.language, ui_)
          : "");
  if (const Site* def = options_.default_site)
    for (const Post& other : def->posts)
      if (other.slug == p.slug) {
        put(d, "title_lang", fallback_lang(p.title, other.title));
        put(d, "body_lang", fallback_lang(p.body, other.body));
      }
  return d;
}

}  // namespace sitegen
