// The CV page: cv.toml's sections, and those it fills from the publications and talks,
// which reuse the entries the publication list shows (numbers, marks, awards).
#include <algorithm>
#include <iterator>

#include "base/date.h"
#include "markdown/math.h"
#include "text/slug.h"
#include "view/view.h"
#include "view/view_data.h"

namespace sitegen {

namespace {

// What the printed CV carries on every page: the paper size, and in the running header
// the person's name and the site's address as a reader types it ("example.org/repo"),
// when the site has one (style.css numbers the pages).
std::string print_style_html(const Site& site) {
  std::string_view address = site.base_url.abs;
  if (size_t scheme = address.find("://"); scheme != std::string_view::npos)
    address.remove_prefix(scheme + 3);
  while (address.ends_with('/')) address.remove_suffix(1);
  std::string header = site.person.name;
  if (!address.empty()) header += (header.empty() ? "" : " \xC2\xB7 ") + std::string(address);
  return "<style media=\"print\">@page cv { size: " +
         std::string(site.cv_settings.paper == "letter" ? "letter" : "A4") +
         "; @top-left { content: " + css_string(header) + "; } }</style>\n";
}

}  // namespace

Data View::cv_publications(const CvSection& s, bool& math) const {
  const auto& pubs = site_.publications;
  auto wanted = [&](size_t i) {
    return (!s.selected_only || pubs[i].selected) &&
           (s.types.empty() ||
            std::find(s.types.begin(), s.types.end(), pubs[i].type) != s.types.end());
  };
  std::vector<std::pair<std::string, std::vector<size_t>>> groups;
  if (s.group_by == "none") {
    groups.emplace_back("", std::vector<size_t>{});
    for (size_t i = 0; i < pubs.size(); ++i)
      if (wanted(i)) groups.back().second.push_back(i);
  } else {
    for (const PublicationFilter& f : site_.filters) {
      if (f.kind != s.group_by) continue;
      std::vector<size_t> idx;
      std::copy_if(f.pubs.begin(), f.pubs.end(), std::back_inserter(idx), wanted);
      if (!idx.empty()) groups.emplace_back(filter_label(f), std::move(idx));
    }
  }
  std::string anchor = s.title.empty() ? s.include : slugify(s.title);
  Data sec;
  Data glist = data_list(groups.size());
  std::vector<const Publication*> shown;
  for (const auto& [title, idx] : groups) {
    Data g;
    put(g, "title", title);
    data_put(g, "has_title", data_flag(!title.empty()));
    put(g, "anchor", anchor + "-" + (title.empty() ? "all" : slugify(title)));
    Data items = data_list(idx.size());
    for (size_t i : idx) {
      data_push(items, pub_ref(i));
      shown.push_back(&pubs[i]);
      math = math || site_.publications[i].has_math;
    }
    data_put(g, "pubs", std::move(items));
    data_push(glist, std::move(g));
  }
  data_put(sec, "groups", std::move(glist));
  put_legend(sec, shown, site_.pubs_settings.markers, name_styles(shown));
  return sec;
}

Data View::cv_talks(bool& math) const {
  Data talks = data_list(site_.talks.size());
  for (const Talk& t : site_.talks) {
    Data item;
    std::string title_html = text_with_math_html(t.title);
    math = math || sitegen::has_math(title_html);
    put(item, "title_html", std::move(title_html));
    Date newest;
    Data given = data_list(t.given.size());
    for (const TalkEvent& e : t.given) {
      if (newest < e.date) newest = e.date;
      Data g;
      put(g, "event", e.event);
      put(g, "location", e.location);
      put(g, "date", format_date(e.date, ui_.dates));
      put(g, "date_iso", iso_date(e.date));
      data_push(given, std::move(g));
    }
    put(item, "when", newest.year ? std::to_string(newest.year) : "");
    data_put(item, "given", std::move(given));
    data_push(talks, std::move(item));
  }
  Data sec;
  data_put(sec, "talks", std::move(talks));
  return sec;
}

Data View::cv() const {
  bool math = false;
  Data sections = data_list(site_.cv.size());
  for (const CvSection& s : site_.cv) {
    Data sec = s.include == "publications" ? cv_publications(s, math)
               : s.include == "talks"      ? cv_talks(math)
                                           : Data();
    // An included section without a title is named in the page's language; its anchor
    // stays the same in every language.
    std::string title = !s.title.empty() ? s.title
                        : s.include.empty()
                            ? ""
                            : ui_.get(s.include == "talks" ? "talks" : "publications");
    put(sec, "title", title);
    put(sec, "anchor", s.title.empty() && !s.include.empty() ? s.include : slugify(s.title));
    data_put(sec, "compact", data_flag(s.style == "compact"));
    data_put(sec, "is_entries", data_flag(s.include.empty()));
    data_put(sec, "is_publications", data_flag(s.include == "publications"));
    data_put(sec, "is_talks", data_flag(s.include == "talks"));
    Data entries = data_list(s.entries.size());
    for (const CvEntry& e : s.entries) {
      Data en;
      put(en, "what", e.what);
      put(en, "where", e.where);
      put(en, "location", e.location);
      put(en, "when",
          e.date.empty() ? format_range(e.start, e.end, ui_.dates)
                         : format_date(e.date, ui_.dates));
      std::string details_html = e.details.empty() ? "" : md(e.details);
      math = math || sitegen::has_math(details_html);
      put(en, "details_html", std::move(details_html));
      data_push(entries, std::move(en));
    }
    data_put(sec, "entries", std::move(entries));
    data_push(sections, std::move(sec));
  }
  Data d = page_meta("cv", ui_.get("cv"), std::string(paths::kCv),
                     ui_.get("cv_description", {{"name", site_.person.name}}), math,
                     print_style_html(site_));
  data_put(d, "sections", std::move(sections));
  put(d, "pdf_url", options_.cv_pdf ? urls_.page(paths::kCvPdf) : "");
  return d;
}

}  // namespace sitegen
