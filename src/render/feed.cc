// Atom needs full timestamps; a partial date is placed at the start of its month or year.
#include "render/feed.h"

#include "base/date.h"
#include "markdown/markdown.h"
#include "text/escape.h"
#include "text/html_scan.h"
#include "text/slug.h"
#include "view/view_meta.h"

namespace sitegen {

namespace {

std::string timestamp(const Date& d) {
  Date full = d;
  if (full.year == 0) full.year = 1970;
  if (full.month == 0) full.month = 1;
  if (full.day == 0) full.day = 1;
  return iso_date(full) + "T00:00:00Z";
}

// Visible text of rendered inline HTML, for entry titles: tags dropped, character
// references decoded (the caller escapes it once for XML).
std::string plain_text(const std::string& html) {
  std::string out;
  bool in_tag = false;
  for (char c : html) {
    if (c == '<')
      in_tag = true;
    else if (c == '>')
      in_tag = false;
    else if (!in_tag)
      out += c;
  }
  return decode_html_entities(out);
}

// Text for the feed, escaped: characters XML 1.0 does not allow (C0 controls but tab,
// newline and carriage return; U+FFFE and U+FFFF) are dropped, since one of them makes
// the whole feed unreadable to a feed reader. TOML lets a string hold any of them; the
// loader warns at each value that does.
std::string xml_text(std::string_view s) {
  std::string kept;
  size_t done = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    size_t drop = xml_disallowed_at(s, i);
    if (drop == 0) continue;
    kept.append(s.substr(done, i - done));
    i += drop - 1;
    done = i + 1;
  }
  if (done == 0) return html_escape(s);
  kept.append(s.substr(done));
  return html_escape(kept);
}

// The feed's id: its page's full address, or without an absolute base_url a URN made
// from the site's title and `what`.
std::string feed_id_for(const Site& site, const std::string& page_url, const std::string& what) {
  if (!page_url.empty()) return page_url;
  std::string slug = slugify(site.title);
  return "urn:x-sitegen:" + (slug.empty() ? std::string("site") : slug) + ":" + what;
}

}  // namespace

std::string posts_feed(const Site& site, const Urls& urls, const PostTag* tag) {
  std::string list_path = tag ? tag->path : std::string(paths::kPosts);
  std::string self_path = tag ? paths::post_tag_feed(tag->key) : std::string(paths::kPostsFeed);
  std::string list_url = urls.absolute(list_path);
  std::string feed_id = feed_id_for(site, list_url, tag ? "posts:tags:" + tag->key : "posts");
  std::vector<size_t> shown;
  if (tag) {
    shown = tag->posts;
  } else {
    for (size_t i = 0; i < site.posts.size(); ++i) shown.push_back(i);
  }
  std::string title =
      tag ? site.ui.get("posts_tagged", {{"tag", tag->name}}) : site.ui.get("posts");
  std::string out =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n";
  out += "  <title>" + xml_text(site.title + " — " + title) + "</title>\n";
  out += "  <id>" + xml_text(feed_id) + "</id>\n";
  if (!list_url.empty()) {
    out += "  <link rel=\"self\" href=\"" + xml_text(urls.absolute(self_path)) + "\"/>\n";
    out += "  <link rel=\"alternate\" type=\"text/html\" href=\"" + xml_text(list_url) + "\"/>\n";
  }
  // The feed changed when its latest post did: its date, or a later `updated`.
  Date latest;
  for (size_t i : shown) {
    const Post& p = site.posts[i];
    const Date& d = p.updated.empty() ? p.date : p.updated;
    if (latest < d) latest = d;
  }
  out += "  <updated>" + timestamp(latest) + "</updated>\n";
  out += "  <author><name>" + xml_text(site.person.name) + "</name></author>\n";
  for (size_t i : shown) {
    const Post& p = site.posts[i];
    std::string url = urls.absolute(p.path);
    out += "  <entry>\n";
    out += "    <title>" + xml_text(p.title) + "</title>\n";
    // A post's id is its address, or a URN from its file name: both stay as posts are added.
    out += "    <id>" + xml_text(url.empty() ? feed_id_for(site, "", "posts:" + p.slug) : url) +
           "</id>\n";
    out += "    <published>" + timestamp(p.date) + "</published>\n";
    out += "    <updated>" + timestamp(p.updated.empty() ? p.date : p.updated) + "</updated>\n";
    for (const std::string& a : p.authors) {
      std::string name = a;  // a member's id is their name, as the post's page shows it
      for (const Member& m : site.members)
        if (m.id == a) name = m.person.name;
      out += "    <author><name>" + xml_text(name) + "</name></author>\n";
    }
    out += "    <link href=\"" + xml_text(urls.full(urls.page(p.path))) + "\"/>\n";
    for (const std::string& t : p.tags) out += "    <category term=\"" + xml_text(t) + "\"/>\n";
    if (!p.summary.empty()) out += "    <summary>" + xml_text(p.summary) + "</summary>\n";
    out += "    <content type=\"html\">" +
           xml_text(post_html(site, p, urls, site.ui, feed_markdown_options(urls), true)) +
           "</content>\n";
    out += "  </entry>\n";
  }
  out += "</feed>\n";
  return out;
}

std::string atom_feed(const Site& site, const Urls& urls) {
  std::string news_url = urls.absolute(paths::kNews);
  // Atom ids are IRIs: without an absolute base_url, a URN made from the title.
  std::string slug = slugify(site.title);
  std::string feed_id =
      news_url.empty() ? "urn:x-sitegen:" + (slug.empty() ? std::string("site") : slug) + ":news"
                       : news_url;
  std::string out =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n";
  out += "  <title>" + xml_text(site.title + " — " + site.ui.get("news")) + "</title>\n";
  out += "  <id>" + xml_text(feed_id) + "</id>\n";
  if (!news_url.empty()) {
    out += "  <link rel=\"self\" href=\"" + xml_text(urls.absolute(paths::kNewsFeed)) + "\"/>\n";
    out += "  <link rel=\"alternate\" type=\"text/html\" href=\"" + xml_text(news_url) + "\"/>\n";
  }
  out += "  <updated>" + timestamp(site.news.empty() ? Date{} : site.news.front().date) +
         "</updated>\n";
  out += "  <author><name>" + xml_text(site.person.name) + "</name></author>\n";
  size_t n = site.news.size();
  for (size_t i = 0; i < n; ++i) {
    const NewsItem& item = site.news[i];
    std::string html = markdown_inline_to_html(item.text, feed_markdown_options(urls));
    // Ids count from the oldest item so they stay stable as news is added on top.
    std::string id = feed_id + "#" + std::to_string(n - i);
    out += "  <entry>\n";
    out += "    <title>" + xml_text(plain_text(html)) + "</title>\n";
    out += "    <id>" + xml_text(id) + "</id>\n";
    out += "    <updated>" + timestamp(item.date) + "</updated>\n";
    // Each entry points somewhere a reader can open: its own link, or the news page.
    std::string link = item.link.empty() ? news_url : urls.full(urls.content(item.link));
    if (!link.empty()) out += "    <link href=\"" + xml_text(link) + "\"/>\n";
    out += "    <content type=\"html\">" + xml_text(html) + "</content>\n";
    out += "  </entry>\n";
  }
  out += "</feed>\n";
  return out;
}

}  // namespace sitegen
