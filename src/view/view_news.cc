// The news: each item rendered once, for the home page's latest items and /news/.
#include <algorithm>

#include "base/date.h"
#include "markdown/markdown.h"
#include "markdown/math.h"
#include "view/view.h"
#include "view/view_data.h"
#include "view/view_meta.h"

namespace sitegen {

void View::render_news() {
  news_html_.reserve(site_.news.size());
  for (const NewsItem& n : site_.news)
    news_html_.push_back(markdown_inline_to_html(n.text, page_markdown_options(urls_, true, ui_)));
}

Data View::news_item(size_t index) const {
  const NewsItem& n = site_.news[index];
  Data item;
  put(item, "date", format_date(n.date, ui_.dates));
  put(item, "date_iso", iso_date(n.date));
  put(item, "text_html", news_text_html(index));
  if (const Site* def = options_.default_site; def && index < def->news.size())
    put(item, "text_lang", fallback_lang(n.text, def->news[index].text));
  put(item, "link", n.link.empty() ? "" : urls_.content(n.link));
  put_people(item, n.people);
  return item;
}

std::string View::news_text_html(size_t index) const {
  return news_html_[index];
}

Data View::news() const {
  Data d = page_meta("news", ui_.get("news"), std::string(paths::kNews), "",
                     std::any_of(news_html_.begin(), news_html_.end(),
                                 [](const std::string& h) { return sitegen::has_math(h); }));
  Data items = data_list(site_.news.size());
  for (size_t i = 0; i < site_.news.size(); ++i) {
    data_push(items, news_item(i));
  }
  put(d, "news", std::move(items));
  put(d, "feed_url", urls_.page(paths::kNewsFeed));
  return d;
}

}  // namespace sitegen
