// A group site's pages: /people/ (members by role, alumni last) and each member's page
// (profile, bio, their papers from the group's list, the news and talks naming them).
#include <algorithm>
#include <cctype>
#include <cstdint>

#include "base/date.h"
#include "load/group.h"
#include "markdown/math.h"
#include "text/slug.h"
#include "text/utf8.h"
#include "view/view.h"
#include "view/view_data.h"
#include "view/view_meta.h"

namespace sitegen {

namespace {

// A role in the page's language (the `role` table of i18n/*.toml).
std::string role_label(const Member& m, const UiStrings& ui) {
  return group_role(m.role) ? ui.get("role." + m.role) : "";
}

// The first letter of a word, with the combining accents that follow it.
std::string first_letter(std::string_view word) {
  size_t i = 0;
  char32_t c = decode_utf8(word, i);
  std::string out(word.substr(0, i));
  if (c < 0x80) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (size_t next = i; next < word.size(); i = next) {
    char32_t mark = decode_utf8(word, next);
    if (mark < 0x300 || mark > 0x36F) break;
    out += word.substr(i, next - i);
  }
  return out;
}

// An avatar's letters: the first letters of the name's first and last words ("Maria
// Lindqvist" -> "ML"); of a name written without spaces, its first letter ("王伟" -> "王").
std::string initials(std::string_view name) {
  std::vector<std::string_view> words;
  for (size_t at = 0; at < name.size();) {
    size_t end = std::min(name.find(' ', at), name.size());
    if (end > at) words.push_back(name.substr(at, end - at));
    at = end + 1;
  }
  if (words.empty()) return "";
  std::string out = first_letter(words.front());
  if (words.size() > 1) out += first_letter(words.back());
  return out;
}

// One of the theme's avatar colours (1-8), the same for a member in every build.
std::string avatar_colour(std::string_view id) {
  uint32_t h = 2166136261u;  // FNV-1a
  for (unsigned char c : id) h = (h ^ c) * 16777619u;
  return std::to_string(h % 8 + 1);
}

}  // namespace

std::vector<NameStyle> View::name_styles(const std::vector<const Publication*>& pubs) const {
  bool member = false, pi = false, student = false;
  for (const Publication* p : pubs)
    for (const std::string& c : member_classes(*p)) {
      member = member || !c.empty();
      pi = pi || c.ends_with(" pi");
      student = student || c.ends_with(" student");
    }
  std::vector<NameStyle> styles;
  const std::string& sample = ui_.get("member_name_sample");
  if (member) styles.push_back({"member", sample, ui_.get("legend_member")});
  if (pi) styles.push_back({"member pi", sample, ui_.get("legend_pi")});
  if (student) styles.push_back({"member student", sample, ui_.get("legend_student")});
  return styles;
}

std::vector<std::string> View::member_classes(const Publication& p) const {
  std::vector<std::string> classes;
  if (site_.group.name.empty()) return classes;
  classes.reserve(p.authors.size());
  for (const Author& a : p.authors) {
    std::string c;
    if (a.member >= 0) {
      const GroupRole* r = group_role(site_.members[a.member].role);
      c = "member";
      if (r && r->name == "pi") c += " pi";
      if (r && r->student && site_.group.highlight_students) c += " student";
    }
    classes.push_back(std::move(c));
  }
  return classes;
}

void View::put_people(Data& d, const std::vector<std::string>& ids) const {
  Data people = data_list(ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    auto it = member_ids_.find(ids[i]);
    if (it == member_ids_.end()) continue;  // reported when loading
    const Member& m = site_.members[it->second];
    Data p;
    put(p, "name", m.person.name);
    put(p, "url", urls_.page(m.path));
    put(p, "last", data_flag(i + 1 == ids.size()));
    data_push(people, std::move(p));
  }
  put(d, "has_people", data_flag(!people.is_empty_list()));
  put(d, "people", std::move(people));
}

Data View::member_card(size_t index) const {
  const Member& m = site_.members[index];
  const Person& p = m.person;
  Data c;
  put(c, "id", m.id);
  put(c, "name", p.name);
  put(c, "native_name", p.native_name);
  put(c, "url", urls_.page(m.path));
  put(c, "role", m.role);
  put(c, "role_label", role_label(m, ui_));
  put(c, "position", p.position.empty() ? role_label(m, ui_) : p.position);
  put(c, "affiliation", p.affiliation);
  put(c, "has_photo", data_flag(!p.photo.empty()));
  put(c, "photo_url", p.photo.empty() ? "" : urls_.content(p.photo));
  put(c, "photo", image_data(site_, urls_, p.photo, 128, 128));
  put(c, "initials", initials(p.name));
  put(c, "avatar", avatar_colour(m.id));
  // "since Sep 2019" while they are in the group, "Sep 2015 – Aug 2020" once they left.
  std::string years;
  if (!m.alumni() && !m.start.empty())
    years = ui_.get("member_since", {{"date", format_date(m.start, ui_.dates)}});
  else if (m.alumni() && m.start.empty())
    years = ui_.get("member_until", {{"date", format_date(m.end, ui_.dates)}});
  else if (m.alumni())
    years = format_range(m.start, m.end, ui_.dates);
  put(c, "years", std::move(years));
  put(c, "alumni", data_flag(m.alumni()));
  put(c, "now", m.now);
  put(c, "interests", string_list(p.interests));
  put(c, "has_interests", data_flag(!p.interests.empty()));
  put(c, "papers", std::to_string(member_pubs_[index].size()));
  put(c, "has_email", data_flag(!p.email.empty()));
  put(c, "email_html", p.email.empty() ? "" : obfuscated_email_html(p.email));
  Data links = data_list(p.links.size());
  for (const Link& l : p.links) append_link(links, l.label, l.url, urls_, ui_, l.trusted);
  put(c, "has_links", data_flag(!links.is_empty_list()));
  put(c, "links", std::move(links));
  return c;
}

Data View::people() const {
  Data d = page_meta("people", ui_.get("people"), std::string(paths::kPeople), "");
  const auto& roles = group_roles();
  Data groups = data_list(roles.size() + 1);
  auto add_group = [&](const std::string& title, bool alumni, auto&& in_group) {
    Data members = data_list(0);
    size_t n = 0;
    for (size_t i = 0; i < site_.members.size(); ++i)
      if (site_.members[i].alumni() == alumni && in_group(site_.members[i])) {
        data_push(members, member_card(i));
        ++n;
      }
    if (n == 0) return;
    Data g;
    put(g, "title", title);
    // How wide the group is, so small groups can share a row: "1", "2", "3" or "many".
    put(g, "size", n > 3 ? "many" : std::to_string(n));
    put(g, "anchor", slugify(title));
    put(g, "alumni", data_flag(alumni));
    put(g, "members", std::move(members));
    data_push(groups, std::move(g));
  };
  for (const GroupRole& r : roles)
    add_group(ui_.get("roles." + std::string(r.name)), false,
              [&](const Member& m) { return m.role == r.name; });
  add_group(ui_.get("alumni"), true, [](const Member&) { return true; });
  put(d, "groups", std::move(groups));
  put(d, "has_email",
      data_flag(std::any_of(site_.members.begin(), site_.members.end(),
                            [](const Member& m) { return !m.person.email.empty(); })));
  return d;
}

Data View::member(size_t index) const {
  const Member& m = site_.members[index];
  const Person& p = m.person;
  std::string rel = m.path;
  std::string role = role_label(m, ui_);
  std::string bio_html = m.bio.empty() ? "" : md(m.bio);
  const std::vector<size_t>& mine = member_pubs_[index];
  bool math = sitegen::has_math(bio_html) || std::any_of(mine.begin(), mine.end(), [&](size_t i) {
                return site_.publications[i].has_math;
              });
  std::string desc = (p.position.empty() ? role : p.position) + ", " + site_.group.name;
  Data d =
      page_meta("member", p.name, rel, desc, math, member_head_html(site_, urls_, m, rel, role));
  Data card = member_card(index);
  put(card, "phone", p.phone);
  put(d, "member", std::move(card));
  put(d, "bio_html", std::move(bio_html));

  // Their papers by year, in the group list's order (newest first unless order = "source").
  Data years = data_list(0);
  std::vector<const Publication*> shown;
  for (size_t k = 0; k < mine.size();) {
    int year = site_.publications[mine[k]].year;
    Data pubs = data_list(0);
    for (; k < mine.size() && site_.publications[mine[k]].year == year; ++k) {
      data_push(pubs, pub_ref(mine[k]));
      shown.push_back(&site_.publications[mine[k]]);
    }
    Data y;
    put(y, "year", year ? std::to_string(year) : ui_.get("undated"));
    put(y, "pubs", std::move(pubs));
    data_push(years, std::move(y));
  }
  put(d, "has_pubs", data_flag(!mine.empty()));
  put(d, "pub_count", std::to_string(mine.size()));
  put(d, "pub_years", std::move(years));
  put_legend(d, shown, site_.pubs_settings.markers, name_styles(shown));

  auto names_member = [&](const std::vector<std::string>& people) {
    return std::find(people.begin(), people.end(), m.id) != people.end();
  };
  Data news = data_list(0);
  for (size_t i = 0; i < site_.news.size(); ++i)
    if (names_member(site_.news[i].people)) data_push(news, news_item(i));
  put(d, "has_news", data_flag(!news.is_empty_list()));
  put(d, "news", std::move(news));
  Data talks = data_list(0);
  for (const Talk& t : site_.talks) {
    if (!names_member(t.people)) continue;
    Data item;
    put(item, "title_html", text_with_math_html(t.title));
    put(item, "given", talk_events(t));
    data_push(talks, std::move(item));
  }
  put(d, "has_talks", data_flag(!talks.is_empty_list()));
  put(d, "talks", std::move(talks));
  put(d, "people_url", urls_.page(paths::kPeople));
  put(d, "talks_url", urls_.page(paths::kTalks));
  return d;
}

void View::index_members() {
  for (size_t i = 0; i < site_.members.size(); ++i) member_ids_.emplace(site_.members[i].id, i);
  member_pubs_ = member_publications(site_);
}

}  // namespace sitegen
