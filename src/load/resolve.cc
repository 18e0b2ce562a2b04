// Cross-entry rules applied once everything is loaded.
#include "load/resolve.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "base/parallel.h"
#include "bibtex/citation_key.h"
#include "bibtex/names.h"
#include "text/slug.h"
#include "text/strings.h"
#include "text/unique_names.h"

namespace sitegen {

namespace {

// Symbols always recognised as author markers, besides those in [publications.markers].
const std::vector<std::string_view> kDefaultMarkers = {"*", "†", "‡", "§", "¶", "#", "✉"};

// Every highlighted name, normalized once: the person's names on a personal site (as
// member -1), each member's on a group site. Then each author is one lookup, so a list of
// 10,000 papers with 200 members links as fast as one person's.
std::unordered_map<std::string, int> highlighted_names(const Site& site, Diagnostics& diags) {
  std::unordered_map<std::string, int> names;
  if (site.group.name.empty()) {
    if (!site.person.name.empty()) names.emplace(author_name_key(site.person.name), -1);
    // The name in the other script counts too: 赵涵 is Han Zhao's name on a Chinese paper.
    if (!site.person.native_name.empty())
      names.emplace(author_name_key(site.person.native_name), -1);
    for (const std::string& alias : site.person.aliases) names.emplace(author_name_key(alias), -1);
    return names;
  }
  for (size_t i = 0; i < site.members.size(); ++i) {
    const Person& p = site.members[i].person;
    std::vector<std::string_view> all = {p.name, p.native_name};
    all.insert(all.end(), p.aliases.begin(), p.aliases.end());
    for (std::string_view name : all) {
      if (name.empty()) continue;
      auto [it, fresh] = names.emplace(author_name_key(name), static_cast<int>(i));
      if (!fresh && it->second != static_cast<int>(i))
        diags.warning(site.members[i].loc,
                      "the name `" + std::string(name) + "` of `" + site.members[i].id +
                          "` is also a name of `" + site.members[it->second].id +
                          "`; papers by it are listed as `" + site.members[it->second].id + "`'s");
    }
  }
  return names;
}

void link_authors(Site& site, Diagnostics& diags) {
  std::unordered_map<std::string, int> names = highlighted_names(site, diags);
  // Entries are independent, so linked on all cores.
  parallel_for(site.publications.size(), 256, [&](size_t i) {
    Publication& p = site.publications[i];
    std::vector<Author> authors;
    authors.reserve(p.authors.size());
    for (const Author& a : p.authors) {
      Author split = split_author(a.name, site.pubs_settings.markers);
      split.markers = a.markers + split.markers;
      split.corporate = a.corporate;
      mark_corporate(split);
      if (split.name == "et al." || split.name == "others" || split.name == "et al") {
        p.et_al = true;
        continue;
      }
      if (split.name.empty()) continue;
      if (auto it = names.find(author_name_key(split.name)); it != names.end()) {
        split.is_self = true;
        split.member = it->second;
      }
      authors.push_back(std::move(split));
    }
    p.authors = std::move(authors);
  });
}

}  // namespace

void assign_slugs(Site& site, Diagnostics& diags, UniqueNames& taken) {
  std::map<std::string, const Publication*> given;
  auto at = [](const SourceLoc& l) {
    return l.path + ":" + std::to_string(l.line) + ":" + std::to_string(l.col);
  };
  // Given ids claim their slugs first, so a generated one never takes a user's URL.
  // Different ids with one slug (BibTeX keys `Faltings-finiteness` and `faltings_finiteness`
  // are both valid) wait for the second loop; the same id twice is a mistake.
  std::vector<std::pair<Publication*, const Publication*>> clashes;
  for (Publication& p : site.publications) {
    if (!p.id_given) continue;
    p.slug = slugify(p.key);
    if (p.slug.empty()) p.slug = "paper";
    auto [it, fresh] = given.emplace(p.slug, &p);
    if (!fresh && it->second->key == p.key) {
      diags.error(p.loc, "duplicate publication id `" + p.key + "`: its URL /publications/" +
                             p.slug + "/ is already used by the entry at " + at(it->second->loc));
    } else if (!fresh) {
      clashes.emplace_back(&p, it->second);
    }
    taken.claim(p.slug);
  }
  for (auto [p, first] : clashes) {
    std::string base = p->slug;
    p->slug = taken.claim_numbered(base);
    diags.warning(p->loc, "publication id `" + p->key + "` gives the URL /publications/" + base +
                              "/ of `" + first->key + "` (" + at(first->loc) +
                              "); its page is /publications/" + p->slug + "/");
  }
  for (Publication& p : site.publications) {
    if (p.id_given) continue;
    p.slug = taken.claim_numbered(citation_key(p));
    if (p.key.empty()) p.key = p.slug;
  }
}

namespace {

void number_publications(Site& site) {
  std::map<PublicationType, int> counters;
  for (Publication& p : site.publications) {
    auto it = site.pubs_settings.numbering.find(p.type);
    if (it == site.pubs_settings.numbering.end()) continue;
    p.number_label = it->second + std::to_string(++counters[p.type]);
  }
}

// The date a publication sorts by. A part not given sorts before every given one: a
// year-only 2024 comes after all of 2024's dated entries when the newest are first,
// and an entry with no date at all comes last.
Date sort_date(const Publication& p) {
  if (!p.date.empty()) return p.date;
  Date d;
  d.year = p.year;
  return d;
}

// The one place publications are ordered: every list, group and the home page show
// them in this order. Ties (and all of them with order = "source") keep the order they
// were read in: the .bib files as site.toml lists them, each in file order, then
// publications.toml in file order.
void order_publications(Site& site) {
  if (site.pubs_settings.order != "date") return;
  std::stable_sort(
      site.publications.begin(), site.publications.end(),
      [](const Publication& a, const Publication& b) { return sort_date(b) < sort_date(a); });
}

void check_pages_and_nav(Site& site, Diagnostics& diags) {
  static const std::vector<std::string_view> kSections = {"publications", "talks", "news", "cv"};
  std::vector<std::string_view> sections(kSections.begin(), kSections.end());
  if (!site.group.name.empty()) sections.push_back("people");
  // /posts/ is a section only on a site with posts: before posts/ was read, a page could
  // be pages/posts.md, and such a site keeps it.
  if (!site.posts.empty()) sections.push_back("posts");
  if (!site.projects.empty()) sections.push_back("projects");  // likewise pages/projects.md
  std::vector<std::string_view> known = sections;
  for (const Page& page : site.pages) {
    std::string first = page.slug.substr(0, page.slug.find('/'));
    if (std::find(sections.begin(), sections.end(), first) != sections.end() || first == "assets")
      diags.error(page.loc, "page `" + page.slug + "` would replace the generated /" + first +
                                "/ section; rename the file");
    known.push_back(page.slug);
  }
  for (const std::string& item : site.nav) {
    if (std::find(known.begin(), known.end(), item) == known.end())
      diags.error(site.nav_loc, "unknown [nav] item `" + item + "`" + did_you_mean(item, known) +
                                    ": expected publications, talks, news, cv" +
                                    (site.posts.empty() ? "" : ", posts") +
                                    (site.projects.empty() ? "" : ", projects") +
                                    " or a page name");
  }
}

}  // namespace

Author split_author(std::string_view raw, const std::vector<Marker>& markers) {
  std::string_view name = trim(raw);
  std::string found;
  for (bool again = true; again && !name.empty();) {
    again = false;
    auto try_symbol = [&](std::string_view sym) {
      if (!again && !sym.empty() && name.ends_with(sym) && name.size() > sym.size()) {
        found.insert(0, sym);
        name.remove_suffix(sym.size());
        again = true;
      }
    };
    for (const Marker& m : markers) try_symbol(m.symbol);
    for (std::string_view sym : kDefaultMarkers) try_symbol(sym);
    name = trim(name);
  }
  return Author{std::string(name), found, false};
}

std::string author_name_key(std::string_view s) {
  std::string out;
  for (char c : display_order(s)) {
    if (c == ' ' || c == '.' || c == '-' || c == ',' || c == '\t') continue;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

void link_site(Site& site, Diagnostics& diags) {
  link_authors(site, diags);
  UniqueNames slugs;
  assign_slugs(site, diags, slugs);
  number_publications(site);  // in the order read, as the numbers of a CV are
  order_publications(site);
  check_pages_and_nav(site, diags);
  std::stable_sort(site.pages.begin(), site.pages.end(),
                   [](const Page& a, const Page& b) { return a.order < b.order; });
}

}  // namespace sitegen
