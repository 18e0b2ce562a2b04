// Group sites: [group], people/, the `people` of news and talks, and --person.
#include "load/group.h"

#include <algorithm>
#include <map>

#include "load/load.h"
#include "text/slug.h"

namespace sitegen {

namespace {

constexpr std::string_view kPhotoNames[] = {"photo.jpg",  "photo.jpeg", "photo.png",
                                            "photo.webp", "photo.avif", "photo.gif"};

std::vector<std::string_view> role_names() {
  std::vector<std::string_view> names;
  for (const GroupRole& r : group_roles()) names.push_back(r.name);
  return names;
}

size_t role_rank(std::string_view name) {
  const auto& roles = group_roles();
  for (size_t i = 0; i < roles.size(); ++i)
    if (roles[i].name == name) return i;
  return roles.size();
}

std::optional<Member> load_member(const Source& source, const std::string& id,
                                  const std::string& toml_rel, Site& site, Diagnostics& diags) {
  std::optional<TomlNode> root = read_toml_file(source, toml_rel, diags);
  if (!root) return std::nullopt;
  Member m;
  m.id = id;
  m.loc = SourceLoc{source.display(toml_rel), 1, 1};
  Person& p = m.person;
  TableReader r(*root, source.display(toml_rel), diags);
  r.string("name", &p.name, true);
  r.string("native_name", &p.native_name);
  r.strings("aliases", &p.aliases);
  if (r.string("role", &m.role, true) && !group_role(m.role)) {
    std::vector<std::string_view> names = role_names();
    std::string list;
    for (size_t i = 0; i < names.size(); ++i)
      list += std::string(i ? ", " : "") + "`" + std::string(names[i]) + "`";
    diags.error(r.find("role")->loc, "unknown role `" + m.role + "`" + did_you_mean(m.role, names) +
                                         ": expected one of " + list);
    m.role.clear();
  }
  r.string("position", &p.position);
  r.string("affiliation", &p.affiliation);
  r.date("start", &m.start);
  r.date("end", &m.end, true);
  r.string("now", &m.now);
  r.string("email", &p.email);
  r.string("phone", &p.phone);
  r.string("photo", &p.photo);
  check_static_file(source, r, "photo", p.photo);
  r.strings("interests", &p.interests);
  if (const TomlNode* links = r.table("links")) p.links = read_links(*links, diags);
  note_links_table(site, *root);
  r.finish();

  std::string dir = "people/" + id + "/";
  if (source.exists(dir + "bio.md")) {
    std::string err;
    if (std::optional<std::string> bio = source.read(dir + "bio.md", &err)) {
      m.bio_path = source.display(dir + "bio.md");
      if (prepare_markdown_text(m.bio_path, *bio, diags))
        m.bio = std::string(diags.add_source(m.bio_path, std::move(*bio)));
    } else {
      diags.error(SourceLoc{source.display(dir + "bio.md"), 0, 0}, "cannot read file: " + err);
    }
  }
  for (std::string_view name : kPhotoNames) {
    std::string rel = dir + std::string(name);
    if (!source.exists(rel)) continue;
    if (!publishable(source, rel, "people/" + id, diags)) break;
    if (p.photo.empty()) p.photo = rel;  // published at the same path, beside the page
    site.static_files.push_back({rel, rel});
    break;
  }
  return m;
}

// /people/'s order: current members by role, then who came first, then name; alumni
// after them, those who left last first.
bool people_order(const Member& a, const Member& b) {
  if (a.alumni() != b.alumni()) return !a.alumni();
  if (a.alumni() && !(a.end == b.end)) return b.end < a.end;
  size_t ra = role_rank(a.role), rb = role_rank(b.role);
  if (ra != rb) return ra < rb;
  if (!(a.start == b.start)) return a.start < b.start;
  return a.person.name < b.person.name;
}

}  // namespace

const std::vector<GroupRole>& group_roles() {
  static const std::vector<GroupRole> kRoles = {
      {"pi", "Principal Investigator", false},
      {"faculty", "Faculty", false},
      {"postdoc", "Postdoctoral Researcher", false},
      {"phd", "PhD Student", true},
      {"masters", "Master's Student", true},
      {"undergrad", "Undergraduate Student", true},
      {"staff", "Staff", false},
      {"visitor", "Visitor", false},
  };
  return kRoles;
}

const GroupRole* group_role(std::string_view name) {
  for (const GroupRole& r : group_roles())
    if (r.name == name) return &r;
  return nullptr;
}

void load_group_table(const Source& source, const TomlNode& node, Site& site, Diagnostics& diags) {
  TableReader r(node, "[group]", diags);
  Person& p = site.person;
  r.string("name", &site.group.name, true);
  p.name = site.group.name;
  r.string("affiliation", &p.affiliation);
  r.strings("address", &p.address);
  r.string("email", &p.email);
  r.string("phone", &p.phone);
  r.string("logo", &p.photo);
  check_static_file(source, r, "logo", p.photo);
  r.strings("interests", &p.interests);
  if (const TomlNode* links = r.table("links")) p.links = read_links(*links, diags);
  r.boolean("highlight_students", &site.group.highlight_students);
  r.finish();
  // A group without a name would look like a personal site everywhere after this.
  if (site.group.name.empty()) site.group.name = "Group";
}

void load_people(const Source& source, Site& site, Diagnostics& diags) {
  // id -> its TOML file; both spellings of one member is a mistake.
  std::map<std::string, std::string> files;
  for (const std::string& rel : source.list("people")) {
    std::string_view rest = std::string_view(rel).substr(7);
    std::string id;
    if (rest.find('/') == std::string_view::npos && rest.ends_with(".toml"))
      id = rest.substr(0, rest.size() - 5);
    else if (rest.ends_with("/person.toml") && rest.find('/') == rest.size() - 12)
      id = rest.substr(0, rest.size() - 12);
    else
      continue;
    if (slugify(id) != id) {
      diags.error(SourceLoc{source.display(rel), 0, 0},
                  "member id `" + id + "` is not fit for a URL (/people/" + id +
                      "/): name the file `" + slugify(id) + "` instead, in lowercase letters, " +
                      "digits and hyphens");
      continue;
    }
    auto [it, fresh] = files.emplace(id, rel);
    if (!fresh)
      diags.error(SourceLoc{source.display(rel), 0, 0},
                  "member `" + id + "` is also described in " + source.display(it->second) +
                      "; keep one of the two files");
  }
  for (const auto& [id, rel] : files)
    if (std::optional<Member> m = load_member(source, id, rel, site, diags))
      site.members.push_back(std::move(*m));
  std::stable_sort(site.members.begin(), site.members.end(), people_order);
}

void check_people_refs(const Site& site, Diagnostics& diags) {
  std::vector<std::string_view> ids;
  for (const Member& m : site.members) ids.push_back(m.id);
  auto check = [&](const std::vector<std::string>& people, const SourceLoc& loc) {
    if (people.empty()) return;
    if (site.group.name.empty()) {
      diags.error(loc,
                  "`people` names members of a group, and this is a personal site: "
                  "remove it, or make the site a group's with [group] in site.toml");
      return;
    }
    for (const std::string& id : people)
      if (std::find(ids.begin(), ids.end(), id) == ids.end())
        diags.error(loc, "unknown member `" + id + "`" + did_you_mean(id, ids) +
                             ": expected the name of a file in people/ without `.toml`");
  };
  for (const NewsItem& n : site.news) check(n.people, n.people_loc);
  for (const Talk& t : site.talks) check(t.people, t.people_loc);
  for (const Project& p : site.projects) check(p.people, p.people_loc);
}

std::vector<std::vector<size_t>> member_publications(const Site& site) {
  std::vector<std::vector<size_t>> out(site.members.size());
  for (size_t i = 0; i < site.publications.size(); ++i) {
    int last = -1;  // a member named twice in one list gets the paper once
    for (const Author& a : site.publications[i].authors) {
      if (a.member < 0 || a.member == last) continue;
      std::vector<size_t>& list = out[a.member];
      if (list.empty() || list.back() != i) list.push_back(i);
      last = a.member;
    }
  }
  return out;
}

void pick_member(Site& site, std::string_view id, Diagnostics& diags) {
  SourceLoc where{"--person", 0, 0};
  if (site.group.name.empty()) {
    diags.error(where, "`--person " + std::string(id) +
                           "` picks a member of a group site, and this site has no [group] "
                           "in site.toml");
    return;
  }
  std::vector<std::string_view> ids;
  int index = -1;
  for (size_t i = 0; i < site.members.size(); ++i) {
    ids.push_back(site.members[i].id);
    if (site.members[i].id == id) index = static_cast<int>(i);
  }
  if (index < 0) {
    diags.error(where, "unknown member `" + std::string(id) + "`" + did_you_mean(id, ids) +
                           ": expected the name of a file in people/ without `.toml`");
    return;
  }
  Member& m = site.members[index];
  const GroupRole* role = group_role(m.role);
  std::string group = site.group.name;
  site.person = std::move(m.person);
  if (site.person.position.empty() && role) site.person.position = std::string(role->label);
  if (site.person.affiliation.empty()) site.person.affiliation = group;
  site.title = site.person.name;
  site.bio = std::move(m.bio);
  site.bio_path = std::move(m.bio_path);
  std::erase_if(site.publications, [&](const Publication& p) {
    return std::none_of(p.authors.begin(), p.authors.end(),
                        [&](const Author& a) { return a.member == index; });
  });
  for (Publication& p : site.publications)
    for (Author& a : p.authors) {
      a.is_self = a.member == index;
      a.member = -1;
    }
  auto names_them = [&](const std::vector<std::string>& people) {
    return std::find(people.begin(), people.end(), id) != people.end();
  };
  std::erase_if(site.news, [&](const NewsItem& n) { return !names_them(n.people); });
  std::erase_if(site.talks, [&](const Talk& t) { return !names_them(t.people); });
  for (NewsItem& n : site.news) n.people.clear();
  for (Talk& t : site.talks) t.people.clear();
  // The group's CV and pages are not this member's; the other members' photos go too.
  site.cv.clear();
  site.pages.clear();
  site.nav.clear();
  std::string own = "people/" + std::string(id) + "/";
  std::erase_if(site.static_files, [&](const StaticFile& f) {
    return !f.from.empty() && f.from.starts_with("people/") && !f.from.starts_with(own);
  });
  site.members.clear();
  site.group = Group{};
  assign_paths(site);  // the filter pages of the papers that stay
}

}  // namespace sitegen
