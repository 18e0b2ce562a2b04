// /talks/: each talk with its links, abstract and the events it was given at.
#include "base/date.h"
#include "markdown/math.h"
#include "view/view.h"
#include "view/view_data.h"
#include "view/view_meta.h"

namespace sitegen {

Data View::talk_events(const Talk& t) const {
  Data given = data_list(t.given.size());
  for (const TalkEvent& e : t.given) {
    Data g;
    put(g, "event", e.event);
    put(g, "location", e.location);
    put(g, "date", format_date(e.date, ui_.dates));
    put(g, "date_iso", iso_date(e.date));
    put(g, "link", e.link.empty() ? "" : urls_.content(e.link));
    data_push(given, std::move(g));
  }
  return given;
}

Data View::talks() const {
  bool math = false;
  Data talks = data_list(site_.talks.size());
  for (const Talk& t : site_.talks) {
    Data item;
    put(item, "title", t.title);
    std::string title_html = text_with_math_html(t.title);
    std::string abstract_html = t.abstract.empty() ? "" : md(t.abstract);
    math = math || sitegen::has_math(title_html) || sitegen::has_math(abstract_html);
    put(item, "title_html", std::move(title_html));
    std::string slides_url = t.slides.empty() ? "" : urls_.content(t.slides);
    std::string video_url = t.video.empty() ? "" : urls_.content(t.video);
    Data links = data_list(t.links.size());
    for (const Link& l : t.links) append_link(links, l.label, l.url, urls_, ui_);
    bool has_links = !links.is_empty_list();
    // The row of buttons below the talk: its links and the abstract's toggle.
    put(item, "has_actions",
        data_flag(!slides_url.empty() || !video_url.empty() || has_links ||
                  !abstract_html.empty()));
    put(item, "slides_url", std::move(slides_url));
    put(item, "video_url", std::move(video_url));
    put(item, "has_links", data_flag(has_links));
    put(item, "links", std::move(links));
    put(item, "has_abstract", data_flag(!abstract_html.empty()));
    put(item, "abstract_html", std::move(abstract_html));
    put(item, "given", talk_events(t));
    put_people(item, t.people);
    data_push(talks, std::move(item));
  }
  Data d = page_meta("talks", ui_.get("talks"), std::string(paths::kTalks), "", math);
  put(d, "talks", std::move(talks));
  return d;
}

}  // namespace sitegen
