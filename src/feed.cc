// Atom needs full timestamps; a partial date is placed at the start of its month or year.
#include "feed.h"

#include "date.h"
#include "markdown.h"

namespace sitegen {

namespace {

std::string timestamp(const Date& d) {
  Date full = d;
  if (full.year == 0) full.year = 1970;
  if (full.month == 0) full.month = 1;
  if (full.day == 0) full.day = 1;
  return iso_date(full) + "T00:00:00Z";
}

// Visible text of rendered inline HTML, for entry titles.
std::string strip_tags(const std::string& html) {
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
  return out;
}

}  // namespace

std::string atom_feed(const Site& site, const Urls& urls) {
  std::string base = urls.abs.empty() ? "" : urls.abs;
  std::string feed_id = base.empty() ? "urn:x-sitegen:" + site.title : base + "news/";
  std::string out =
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n";
  out += "  <title>" + html_escape(site.title + " — News") + "</title>\n";
  out += "  <id>" + html_escape(feed_id) + "</id>\n";
  if (!base.empty()) {
    out += "  <link rel=\"self\" href=\"" + html_escape(base + "news/feed.xml") + "\"/>\n";
    out += "  <link rel=\"alternate\" href=\"" + html_escape(base + "news/") + "\"/>\n";
  }
  out += "  <updated>" + timestamp(site.news.empty() ? Date{} : site.news.front().date) +
         "</updated>\n";
  out += "  <author><name>" + html_escape(site.person.name) + "</name></author>\n";
  size_t n = site.news.size();
  for (size_t i = 0; i < n; ++i) {
    const NewsItem& item = site.news[i];
    std::string html = markdown_inline_to_html(item.text, {site.allow_javascript_urls, true});
    // Ids count from the oldest item so they stay stable as news is added on top.
    std::string id = feed_id + "#" + std::to_string(n - i);
    out += "  <entry>\n";
    out += "    <title>" + html_escape(strip_tags(html)) + "</title>\n";
    out += "    <id>" + html_escape(id) + "</id>\n";
    out += "    <updated>" + timestamp(item.date) + "</updated>\n";
    if (!item.link.empty())
      out += "    <link href=\"" + html_escape(urls.content(item.link)) + "\"/>\n";
    out += "    <content type=\"html\">" + html_escape(html) + "</content>\n";
    out += "  </entry>\n";
  }
  out += "</feed>\n";
  return out;
}

}  // namespace sitegen
