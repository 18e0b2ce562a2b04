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

}  // namespace

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
