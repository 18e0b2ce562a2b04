// Projects: /projects/ as a grid of cards and a page per project with its text, links,
// publications and, on a group site, its people; the home page's featured projects use
// project_card too.
#include <algorithm>

#include "base/date.h"
#include "markdown/math.h"
#include "view/view.h"
#include "view/view_data.h"
#include "view/view_meta.h"

namespace sitegen {

namespace {

// The CSS box a card's image is drawn in (style.css: 16 / 9 of the card's width) when
// its pixels are unknown, as for SVG.
constexpr int kCardImageWidth = 384, kCardImageHeight = 216;

// The papers of a project: those it names by id and those with one of its tags, in the
// order of the site's list.
std::vector<size_t> project_publications(const Site& site, const Project& pr) {
  std::vector<size_t> out;
  for (size_t i = 0; i < site.publications.size(); ++i) {
    const Publication& p = site.publications[i];
    const std::string& id = p.key.empty() ? p.slug : p.key;
    bool named =
        std::find(pr.publications.begin(), pr.publications.end(), id) != pr.publications.end();
    bool tagged = std::any_of(p.tags.begin(), p.tags.end(), [&](const std::string& t) {
      return std::find(pr.publication_tags.begin(), pr.publication_tags.end(), t) !=
             pr.publication_tags.end();
    });
    if (named || tagged) out.push_back(i);
  }
  return out;
}

}  // namespace

Data View::project_card(size_t index, int level) const {
  const Project& p = site_.projects[index];
  Data d;
  put(d, "level", std::to_string(level));
  put(d, "title", p.title);
  put(d, "url", urls_.page(p.path));
  put(d, "summary", p.summary);
  put(d, "image", image_data(site_, urls_, p.image, kCardImageWidth, kCardImageHeight));
  put(d, "status", p.status);
  put(d, "status_label", p.status.empty() ? "" : ui_.get("project_" + p.status));
  std::string years;
  if (!p.start.empty() && !p.end.empty())
    years = format_range(p.start, p.end, ui_.dates);
  else if (!p.start.empty())
    years = ui_.get("member_since", {{"date", format_date(p.start, ui_.dates)}});
  put(d, "has_meta", data_flag(!p.status.empty() || !years.empty()));
  put(d, "status_and_years", data_flag(!p.status.empty() && !years.empty()));
  put(d, "years", std::move(years));
  put(d, "has_tags", data_flag(!p.tags.empty()));
  put(d, "tags", string_list(p.tags));
  put(d, "featured", data_flag(p.featured));
  return d;
}

Data View::projects() const {
  Data d = page_meta("projects", ui_.get("projects"), std::string(paths::kProjects), "");
  Data cards = data_list(site_.projects.size());
  for (size_t i = 0; i < site_.projects.size(); ++i) data_push(cards, project_card(i, 2));
  put(d, "projects", std::move(cards));
  return d;
}

Data View::project(size_t index) const {
  const Project& p = site_.projects[index];
  std::string body_html = p.body.empty() ? "" : md(p.body);
  std::vector<size_t> pubs = project_publications(site_, p);
  bool math = sitegen::has_math(body_html) || std::any_of(pubs.begin(), pubs.end(), [&](size_t i) {
                return site_.publications[i].has_math;
              });
  Data d = page_meta("project", p.title, p.path, p.summary, math);
  put(d, "body_html", std::move(body_html));
  Data card = project_card(index, 1);
  Data links = data_list(p.links.size());
  for (const Link& l : p.links) append_link(links, l.label, l.url, urls_, ui_, l.trusted);
  put(card, "has_links", data_flag(!links.is_empty_list()));
  put(card, "links", std::move(links));
  put(d, "project", std::move(card));
  // Its papers, each as the publication list shows it.
  Data refs = data_list(pubs.size());
  std::vector<const Publication*> shown;
  for (size_t i : pubs) {
    data_push(refs, pub_ref(i));
    shown.push_back(&site_.publications[i]);
  }
  put(d, "has_pubs", data_flag(!pubs.empty()));
  put(d, "pub_count", std::to_string(pubs.size()));
  put(d, "pubs", std::move(refs));
  put_legend(d, shown, site_.pubs_settings.markers, name_styles(shown));
  // Its people, as /people/ shows them.
  Data people = data_list(p.people.size());
  for (const std::string& id : p.people)
    for (size_t m = 0; m < site_.members.size(); ++m)
      if (site_.members[m].id == id) data_push(people, member_card(m));
  bool email = std::any_of(p.people.begin(), p.people.end(), [&](const std::string& id) {
    return std::any_of(site_.members.begin(), site_.members.end(),
                       [&](const Member& m) { return m.id == id && !m.person.email.empty(); });
  });
  put(d, "has_email", data_flag(email));
  put(d, "has_people", data_flag(!people.is_empty_list()));
  put(d, "people", std::move(people));
  put(d, "projects_url", urls_.page(paths::kProjects));
  if (const Site* def = options_.default_site)
    for (const Project& other : def->projects)
      if (other.slug == p.slug) {
        put(d, "title_lang", fallback_lang(p.title, other.title));
        put(d, "body_lang", fallback_lang(p.body, other.body));
      }
  return d;
}

}  // namespace sitegen
