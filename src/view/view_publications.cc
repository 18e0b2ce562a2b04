// The publication list, its filter pages and each paper's page, with the list entry
// every page that lists a paper shares (built once per paper, on all cores).
#include <algorithm>
#include <set>

#include "base/date.h"
#include "base/parallel.h"
#include "bibtex/bibtex_write.h"
#include "markdown/math.h"
#include "text/slug.h"
#include "view/venue_line.h"
#include "view/view.h"
#include "view/view_data.h"
#include "view/view_meta.h"

namespace sitegen {

namespace {

// The configured markers among an author's marks, in the order written: the marks are
// "*†", the result the markers "*" and "†" of [publications.markers].
std::vector<const Marker*> markers_in(std::string_view marks, const std::vector<Marker>& markers) {
  std::vector<const Marker*> found;
  while (!marks.empty()) {
    const Marker* best = nullptr;
    for (const Marker& m : markers)
      if (!m.symbol.empty() && marks.starts_with(m.symbol) &&
          (!best || m.symbol.size() > best->symbol.size()))
        best = &m;
    if (best) {
      if (std::find(found.begin(), found.end(), best) == found.end()) found.push_back(best);
      marks.remove_prefix(best->symbol.size());
    } else {
      // An unconfigured mark: skip one UTF-8 character.
      size_t n = 1;
      while (n < marks.size() && (static_cast<unsigned char>(marks[n]) & 0xC0) == 0x80) ++n;
      marks.remove_prefix(n);
    }
  }
  return found;
}

Data author(const Author& a, bool last, const std::vector<Marker>& markers,
            const std::string& member_class) {
  Data v;
  put(v, "name", a.name);
  put(v, "member_class", member_class);
  put(v, "markers", a.markers);
  // What the marks mean, for a `title` where they are shown without the legend beside.
  std::string meaning;
  for (const Marker* m : markers_in(a.markers, markers))
    meaning += (meaning.empty() ? "" : "; ") + m->text;
  put(v, "markers_title", std::move(meaning));
  put(v, "self", data_flag(a.is_self));
  put(v, "last", data_flag(last));
  return v;
}

// `authors`, and its first `short_n` (`authors_short`) and the others (`authors_rest`).
// The two parts refer to the full list's entries instead of copying them, except the
// short list's last entry when it ends early: it alone has a different `last`.
// `classes`: each author's member_class on a group site (the PI, students), or empty.
void put_authors(Data& d, const std::vector<Author>& authors, size_t short_n,
                 const std::vector<Marker>& markers, const std::vector<std::string>& classes) {
  size_t n = authors.size();
  static const std::string kNone;
  auto class_of = [&](size_t i) -> const std::string& {
    return classes.empty() ? kNone : classes[i];
  };
  Data all = data_list(n);
  for (size_t i = 0; i < n; ++i)
    data_push(all, author(authors[i], i + 1 == n, markers, class_of(i)));
  Data short_list = data_list(short_n), rest = data_list(n - short_n);
  for (size_t i = 0; i < short_n; ++i)
    data_push(short_list, i + 1 == short_n && short_n < n
                              ? author(authors[i], true, markers, class_of(i))
                              : data_ref(&all.list_value()[i]));
  for (size_t i = short_n; i < n; ++i) data_push(rest, data_ref(&all.list_value()[i]));
  // Moving a list keeps its items where they are, so the references stay good.
  put(d, "authors", std::move(all));
  put(d, "authors_short", std::move(short_list));
  put(d, "authors_rest", std::move(rest));
}

// Long author lists show their first authors, and always the site's person, up front.
constexpr size_t kLongAuthorList = 10;
constexpr size_t kShortAuthorList = 8;
// Filters of one kind (years, topics) that every publication list shows; past this, only
// the main list shows them all (see publication_list).
constexpr size_t kFiltersOnEveryPage = 30;

// A legend's rows: how members' names are styled, then the markers (only those in `used`,
// when given).
Data legend_rows(const std::vector<NameStyle>& styles, const std::vector<Marker>& markers,
                 const std::set<const Marker*>* used) {
  Data rows = data_list(styles.size() + markers.size());
  auto row = [&rows](const std::string& symbol, const std::string& text,
                     const std::string& member_class) {
    Data item;
    put(item, "symbol", symbol);
    put(item, "text", text);
    put(item, "member_class", member_class);
    data_push(rows, std::move(item));
  };
  for (const NameStyle& s : styles) row(s.sample, s.text, s.member_class);
  for (const Marker& m : markers)
    if (!used || used->count(&m)) row(m.symbol, m.text, "");  // "": hides any outer style
  return rows;
}

}  // namespace

void put_legend(Data& d, const std::vector<const Publication*>& pubs,
                const std::vector<Marker>& markers, const std::vector<NameStyle>& styles) {
  std::set<const Marker*> used;
  for (const Publication* p : pubs)
    for (const Author& a : p->authors)
      for (const Marker* m : markers_in(a.markers, markers)) used.insert(m);
  Data legend = legend_rows(styles, markers, &used);
  put(d, "has_legend", data_flag(!legend.is_empty_list()));
  put(d, "legend", std::move(legend));
}

void View::put_markers() {
  // The publication list's legend: on a group site, first how members' names are styled.
  std::vector<const Publication*> all_pubs;
  for (const Publication& p : site_.publications) all_pubs.push_back(&p);
  std::vector<NameStyle> styles = name_styles(all_pubs);
  Data markers = legend_rows(styles, site_.pubs_settings.markers, nullptr);
  put(common_, "has_markers", data_flag(!markers.is_empty_list()));
  put(common_, "markers", std::move(markers));
}

void View::build_entries() {
  // Entries are independent (their Markdown included), so they are built on all cores.
  pubs_.resize(site_.publications.size());
  bibtex_.resize(site_.publications.size());
  parallel_for(pubs_.size(), 256, [&](size_t i) {
    bibtex_[i] = to_bibtex(site_.publications[i]);
    pubs_[i] = pub_entry(i);
  });
}

Data View::pub_entry(size_t index) const {
  const Publication& p = site_.publications[index];
  Data d;
  put(d, "slug", p.slug);
  put(d, "url", urls_.page(p.path));
  put(d, "title", p.title);
  std::string title_html = text_with_math_html(p.title);
  std::string note_html = p.note.empty() ? "" : md_inline(p.note, p.note_trusted);
  std::string abstract_html = p.abstract.empty() ? "" : md(p.abstract, p.abstract_trusted);
  put(d, "title_html", std::move(title_html));
  size_t short_n = p.authors.size();
  if (p.authors.size() > kLongAuthorList) {
    short_n = kShortAuthorList;
    for (size_t i = short_n; i < p.authors.size(); ++i)
      if (p.authors[i].is_self) short_n = i + 1;
    if (p.authors.size() - short_n < 2) short_n = p.authors.size();
  }
  put_authors(d, p.authors, short_n, site_.pubs_settings.markers, member_classes(p));
  put(d, "has_authors_rest", data_flag(short_n < p.authors.size()));
  put(d, "authors_rest_count", std::to_string(p.authors.size() - short_n));
  put(d, "authors_rest_label",
      ui_.get("and_more", {{"n", std::to_string(p.authors.size() - short_n)}}));
  put(d, "et_al", data_flag(p.et_al));
  put(d, "venue", p.venue);
  put(d, "venue_full", p.venue_full);
  put(d, "year", p.year ? std::to_string(p.year) : "");
  // The keys of the filter pages this entry is on, for the list's script: the last part
  // of /publications/year/<key>/ and /publications/tag/<key>/.
  put(d, "year_key", paths::year_key(p.year));
  std::string topic_keys;
  for (const std::string& t : p.tags) {
    std::string key = paths::tag_key(t);
    if (!key.empty()) topic_keys += (topic_keys.empty() ? "" : " ") + key;
  }
  put(d, "topic_keys", std::move(topic_keys));
  put(d, "preview_url", p.preview.empty() ? "" : urls_.content(p.preview));
  put(d, "preview", image_data(site_, urls_, p.preview, 160, 100));
  std::string date = format_date(p.date, ui_.dates);
  put(d, "venue_line", list_venue_line(p));
  put(d, "venue_line_full", page_venue_line(p, date));
  put(d, "date", std::move(date));
  put(d, "type", std::string(info(p.type).name));
  std::string type_label = ui_.get("type." + std::string(info(p.type).name));
  // The entry's badge: the label it names (al-folio's abbr), else its short venue when
  // that fits one line of the label column, else its type, in the same badge.
  bool badge_is_type = p.abbr.empty() && (p.venue.empty() || !fits_badge(p.venue));
  put(d, "badge", badge_is_type ? type_label : p.abbr.empty() ? p.venue : p.abbr);
  put(d, "badge_is_type", data_flag(badge_is_type));
  put(d, "type_label", std::move(type_label));
  put(d, "status", std::string(info(p.status).name));
  std::string status = p.status == PublicationStatus::kPublished
                           ? ""
                           : ui_.get("status." + std::string(info(p.status).name));
  put(d, "status_label", status);
  put(d, "has_status", data_flag(!status.empty()));
  put(d, "awards", string_list(p.awards));
  put(d, "has_awards", data_flag(!p.awards.empty()));
  put(d, "note_html", std::move(note_html));
  Data tags = data_list(p.tags.size());
  for (const std::string& t : p.tags) {
    Data tag;
    put(tag, "name", t);
    put(tag, "url", urls_.page(paths::tag_filter(paths::tag_key(t))));
    data_push(tags, std::move(tag));
  }
  put(d, "tags", std::move(tags));
  put(d, "has_tags", data_flag(!p.tags.empty()));
  Data links = data_list(p.links.size() + 2);
  for (const Link& l : p.links) append_link(links, l.label, l.url, urls_, ui_, l.trusted);
  if (!p.arxiv.empty() && std::none_of(p.links.begin(), p.links.end(),
                                       [](const Link& l) { return l.label == "arxiv"; }))
    append_link(links, "arxiv", "https://arxiv.org/abs/" + p.arxiv, urls_, ui_);
  if (!p.doi.empty() &&
      std::none_of(p.links.begin(), p.links.end(), [](const Link& l) { return l.label == "doi"; }))
    append_link(links, "doi", "https://doi.org/" + p.doi, urls_, ui_);
  put(d, "has_links", data_flag(!links.is_empty_list()));
  put(d, "links", std::move(links));
  std::string cited;
  if (site_.pubs_settings.show_citations)
    if (auto c = site_.citations.find(p.slug); c != site_.citations.end() && c->second.count > 0)
      cited = ui_.get("cited_by", {{"n", std::to_string(c->second.count)}});
  put(d, "citations", std::move(cited));
  put(d, "number", p.number_label);
  put(d, "abbr", p.abbr.empty() ? p.venue : p.abbr);
  put(d, "has_abstract", data_flag(!p.abstract.empty()));
  put(d, "abstract_html", std::move(abstract_html));
  put(d, "bibtex", bibtex_[index]);
  put(d, "bib_url", urls_.shared(paths::bibtex(p.slug)));
  // Lists insert the entry rendered once, not once per page that lists it.
  put(d, "pub_html", data_partial_html("partials/pub"));
  return d;
}

Data View::pub_ref(size_t index) const {
  return data_ref(&pubs_[index]);
}

std::string View::filter_label(const PublicationFilter& f) const {
  if (f.kind == "type") return ui_.get("types." + f.value);
  if (f.kind == "year" && f.value.empty()) return ui_.get("undated");
  return f.value;
}

Data View::publications() const {
  const auto& pubs = site_.publications;
  // Groups: by type in the format's order, by year newest first, or one group.
  std::vector<std::pair<std::string, std::vector<size_t>>> groups;
  const std::string& by = site_.pubs_settings.group_by;
  if (by == "type" || by == "year") {
    for (const PublicationFilter& f : site_.filters)
      if (f.kind == by) groups.emplace_back(filter_label(f), f.pubs);
  } else if (!pubs.empty()) {
    std::vector<size_t> all(pubs.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    groups.emplace_back("", std::move(all));
  }
  return publication_list(ui_.get("publications"), std::string(paths::kPublications), groups,
                          nullptr, by == "type");
}

Data View::publications_filtered(size_t index) const {
  const PublicationFilter& f = site_.filters[index];
  std::string label = filter_label(f);
  std::string title = f.kind == "tag"    ? ui_.get("publications_on", {{"tag", label}})
                      : f.kind == "year" ? ui_.get("publications_from", {{"year", label}})
                                         : label;
  return publication_list(title, f.path, {{"", f.pubs}}, &f, f.kind == "type");
}

Data View::publication_list(const std::string& title, const std::string& rel,
                            const std::vector<std::pair<std::string, std::vector<size_t>>>& groups,
                            const PublicationFilter* current, bool type_groups) const {
  bool math = false;
  for (const auto& group : groups)
    for (size_t i : group.second) math = math || site_.publications[i].has_math;
  Data d = page_meta("publications", title, rel, "", math);
  Data glist = data_list(groups.size());
  size_t count = 0;
  for (const auto& [group_title, idx] : groups) {
    Data g;
    put(g, "title", group_title);
    put(g, "has_title", data_flag(!group_title.empty()));
    put(g, "anchor", group_title.empty() ? "all" : slugify(group_title));
    put(g, "count", std::to_string(idx.size()));
    // Each entry of a group of one type need not say its type.
    put(g, "of_one_type", data_flag(type_groups));
    Data items = data_list(idx.size());
    for (size_t i : idx) data_push(items, pub_ref(i));
    put(g, "pubs", std::move(items));
    data_push(glist, std::move(g));
    count += idx.size();
  }
  put(d, "groups", std::move(glist));
  Data filter_groups = data_list(3);
  for (const char* kind : {"type", "year", "tag"}) {
    size_t n = std::count_if(site_.filters.begin(), site_.filters.end(),
                             [&](const PublicationFilter& f) { return f.kind == kind; });
    // Every filter page listing every filter would make the site grow with the square
    // of the topics (400 papers with 20 topics each: gigabytes). A long list is shown
    // whole on the main list only; elsewhere the current filter and a link to it.
    bool cut = current && n > kFiltersOnEveryPage;
    Data fl = data_list(cut ? 1 : n);
    for (const PublicationFilter& f : site_.filters) {
      if (f.kind != kind || (cut && &f != current)) continue;
      Data item;
      put(item, "label", filter_label(f));
      put(item, "count", std::to_string(f.pubs.size()));
      put(item, "url", urls_.page(f.path));
      put(item, "current", data_flag(&f == current));
      // What the list's script filters by: ?type=, ?year= or ?topic= and the key that
      // ends the filter page's path.
      put(item, "param", std::string(f.kind == "tag" ? "topic" : f.kind));
      put(item, "key", f.key);
      data_push(fl, std::move(item));
    }
    if (n == 0) continue;
    Data fg;
    std::string_view k(kind);
    put(fg, "title",
        ui_.get(k == "type"   ? "filter_type"
                : k == "year" ? "filter_year"
                              : "filter_topic"));
    put(fg, "filters", std::move(fl));
    put(fg, "has_more", data_flag(cut));
    if (cut) {
      put(fg, "more_url", urls_.page(paths::kPublications));
      put(fg, "more_label",
          ui_.get(k == "type"   ? "all_types"
                  : k == "year" ? "all_years"
                                : "all_topics",
                  {{"n", std::to_string(n)}}));
    }
    data_push(filter_groups, std::move(fg));
  }
  put(d, "has_filters", data_flag(!filter_groups.is_empty_list()));
  put(d, "filter_groups", std::move(filter_groups));
  put(d, "is_filtered", data_flag(current != nullptr));
  // The main list filters in place; the filter pages are plain lists.
  put(d, "has_search", data_flag(current == nullptr && count > 1));
  put(d, "search_js_url", urls_.shared("assets/publications.js") + options_.js_url_query);
  put(d, "all_url", urls_.page(paths::kPublications));
  put(d, "count", std::to_string(count));
  put(d, "count_label", ui_.get("in_total", {{"n", std::to_string(count)}}));
  put(d, "bib_all_url", urls_.shared(paths::kAllBibtex));
  return d;
}

Data View::publication(size_t index) const {
  const Publication& p = site_.publications[index];
  std::string desc = p.venue_full.empty() ? p.venue : p.venue_full;
  Data d = page_meta("publication", p.title, p.path, desc, p.has_math,
                     publication_head_html(site_, urls_, p, p.path));
  put(d, "pub", pub_ref(index));
  put_legend(d, {&p}, site_.pubs_settings.markers, name_styles({&p}));
  return d;
}

}  // namespace sitegen
