// Profile links, the owner's names in author lists, and links to the old site's files,
// shared by the readers of migrate_readers.h.
#include <algorithm>

#include "import/migrate_readers.h"
#include "import/node_values.h"
#include "text/strings.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace {

struct Social {
  std::string_view key;
  std::string_view label;    // sitegen's label (with its icon) where it has one
  std::string_view pattern;  // "{}" is the value
};

// al-folio's _data/socials.yml (and the same keys in an older _config.yml).
constexpr Social kAlFolio[] = {
    {"scholar_userid", "scholar", "https://scholar.google.com/citations?user={}"},
    {"orcid_id", "orcid", "https://orcid.org/{}"},
    {"dblp_url", "dblp", "{}"},
    {"github_username", "github", "https://github.com/{}"},
    {"linkedin_username", "linkedin", "https://www.linkedin.com/in/{}"},
    {"research_gate_profile", "researchgate", "https://www.researchgate.net/profile/{}/"},
    {"semanticscholar_id", "Semantic Scholar", "https://www.semanticscholar.org/author/{}"},
    {"inspirehep_id", "INSPIRE", "https://inspirehep.net/authors/{}"},
    {"acm_id", "ACM Digital Library", "https://dl.acm.org/profile/{}"},
    {"ieee_id", "IEEE Xplore", "https://ieeexplore.ieee.org/author/{}"},
    {"scopus_id", "Scopus", "https://www.scopus.com/authid/detail.uri?authorId={}"},
    {"publons_id", "Publons", "https://publons.com/a/{}/"},
    {"osf_id", "OSF", "https://osf.io/{}/"},
    {"lattes_id", "Lattes", "http://lattes.cnpq.br/{}"},
    {"wikidata_id", "Wikidata", "https://www.wikidata.org/wiki/{}"},
    {"x_username", "x", "https://x.com/{}"},
    {"twitter_username", "twitter", "https://twitter.com/{}"},
    {"bluesky_url", "bluesky", "{}"},
    {"mastodon_username", "mastodon", "https://{}"},
    {"blogger_url", "blog", "{}"},
    {"work_url", "website", "{}"},
    {"gitlab_username", "GitLab", "https://gitlab.com/{}"},
    {"kaggle_id", "Kaggle", "https://www.kaggle.com/{}"},
    {"leetcode_id", "LeetCode", "https://leetcode.com/u/{}/"},
    {"stackoverflow_id", "Stack Overflow", "https://stackoverflow.com/users/{}"},
    {"medium_username", "Medium", "https://medium.com/@{}"},
    {"quora_username", "Quora", "https://www.quora.com/profile/{}"},
    {"youtube_id", "YouTube", "https://youtube.com/@{}"},
    {"facebook_id", "Facebook", "https://facebook.com/{}"},
    {"instagram_id", "Instagram", "https://instagram.com/{}"},
    {"flickr_id", "Flickr", "https://www.flickr.com/{}"},
    {"pinterest_id", "Pinterest", "https://www.pinterest.com/{}"},
    {"unsplash_id", "Unsplash", "https://unsplash.com/@{}"},
    {"spotify_id", "Spotify", "https://open.spotify.com/user/{}"},
    {"lastfm_id", "Last.fm", "https://www.last.fm/user/{}"},
    {"discord_id", "Discord", "https://discord.com/users/{}"},
    {"telegram_username", "Telegram", "https://telegram.me/{}"},
    {"whatsapp_number", "WhatsApp", "https://wa.me/{}"},
    {"keybase_username", "Keybase", "https://keybase.io/{}"},
    {"wikipedia_id", "Wikipedia", "https://wikipedia.org/wiki/User:{}"},
    {"zotero_username", "Zotero", "https://www.zotero.org/{}"},
};

// academicpages' `author:` block in _config.yml: a user name, or an address.
constexpr Social kAcademicPages[] = {
    {"googlescholar", "scholar", "{}"},
    {"orcid", "orcid", "{}"},
    {"semantic", "Semantic Scholar", "{}"},
    {"researchgate", "researchgate", "{}"},
    {"arxiv", "arXiv", "{}"},
    {"inspire-hep", "INSPIRE", "{}"},
    {"pubmed", "PubMed", "{}"},
    {"scopus", "Scopus", "{}"},
    {"academia", "Academia.edu", "{}"},
    {"impactstory", "Impactstory", "{}"},
    {"uri", "website", "{}"},
    {"github", "github", "https://github.com/{}"},
    {"bitbucket", "Bitbucket", "https://bitbucket.org/{}"},
    {"codepen", "CodePen", "https://codepen.io/{}"},
    {"dribbble", "Dribbble", "https://dribbble.com/{}"},
    {"kaggle", "Kaggle", "https://www.kaggle.com/{}"},
    {"stackoverflow", "Stack Overflow", "https://stackoverflow.com/users/{}"},
    {"linkedin", "linkedin", "https://www.linkedin.com/in/{}"},
    {"twitter", "twitter", "https://twitter.com/{}"},
    {"bluesky", "bluesky", "https://bsky.app/profile/{}"},
    {"mastodon", "mastodon", "{}"},
    {"medium", "Medium", "{}"},
    {"telegram", "Telegram", "{}"},
    {"artstation", "ArtStation", "https://www.artstation.com/{}"},
    {"facebook", "Facebook", "https://www.facebook.com/{}"},
    {"flickr", "Flickr", "https://www.flickr.com/photos/{}"},
    {"foursquare", "Foursquare", "https://foursquare.com/{}"},
    {"goodreads", "Goodreads", "https://www.goodreads.com/{}"},
    {"keybase", "Keybase", "https://keybase.io/{}"},
    {"instagram", "Instagram", "https://www.instagram.com/{}"},
    {"lastfm", "Last.fm", "https://www.last.fm/user/{}"},
    {"pinterest", "Pinterest", "https://www.pinterest.com/{}"},
    {"soundcloud", "SoundCloud", "https://soundcloud.com/{}"},
    {"steam", "Steam", "https://steamcommunity.com/id/{}"},
    {"tumblr", "Tumblr", "https://{}.tumblr.com"},
    {"weibo", "Weibo", "https://weibo.com/{}"},
    {"wikipedia", "Wikipedia", "https://en.wikipedia.org/wiki/User:{}"},
    {"xing", "XING", "https://www.xing.com/profile/{}"},
    {"youtube", "YouTube", "https://www.youtube.com/@{}"},
    {"zhihu", "Zhihu", "https://www.zhihu.com/people/{}"},
};

// Keys the readers take elsewhere, or that name nothing to link to.
constexpr std::string_view kNotLinks[] = {"email",       "rss_icon", "avatar",   "name",
                                          "bio",         "location", "employer", "pronouns",
                                          "google_plus", "vine",     "wechat_qr"};

// Lowercase letters and digits only: how names are compared here.
std::string squeeze(std::string_view s) {
  std::string out;
  for (char c : s)
    if (is_alpha(c) || is_digit(c) || static_cast<unsigned char>(c) >= 0x80) out += to_lower(c);
  return out;
}

// "Last, First" -> {"First Last", "Last"}; "First Last" -> {"First Last", "Last"}.
std::pair<std::string, std::string> name_forms(std::string_view n) {
  n = trim(n);
  if (size_t comma = n.find(','); comma != std::string_view::npos)
    return {std::string(trim(n.substr(comma + 1))) + " " + std::string(trim(n.substr(0, comma))),
            std::string(trim(n.substr(0, comma)))};
  size_t sp = n.rfind(' ');
  return {std::string(n), std::string(sp == std::string_view::npos ? n : n.substr(sp + 1))};
}

bool same_person(std::string_view author, std::string_view profile) {
  auto [a_full, a_last] = name_forms(author);
  auto [p_full, p_last] = name_forms(profile);
  if (squeeze(a_full) == squeeze(p_full) || squeeze(author) == squeeze(profile)) return true;
  // "Your Name, You." for "Your Name": the part before the comma is the profile's name.
  if (author.find(',') != std::string_view::npos && squeeze(a_last) == squeeze(profile))
    return true;
  // "A. Lovelace" for "Ada Lovelace": the last name and the first initial.
  std::string_view a_first =
      trim(std::string_view(a_full).substr(0, a_full.size() - a_last.size()));
  std::string_view p_first =
      trim(std::string_view(p_full).substr(0, p_full.size() - p_last.size()));
  return !a_first.empty() && !p_first.empty() && squeeze(a_last) == squeeze(p_last) &&
         to_lower(a_first[0]) == to_lower(p_first[0]) &&
         (a_first.size() <= 2 || p_first.size() <= 2 || a_first[1] == '.' || p_first[1] == '.');
}

}  // namespace

void add_social_links(const TomlNode& table, const std::string& kind, Person& person, Migrator& m) {
  const Social* begin = kind == "al-folio" ? std::begin(kAlFolio) : std::begin(kAcademicPages);
  const Social* end = kind == "al-folio" ? std::end(kAlFolio) : std::end(kAcademicPages);
  auto has = [&](std::string_view label) {
    return std::any_of(person.links.begin(), person.links.end(),
                       [&](const Link& l) { return l.label == label; });
  };
  for (const Social* s = begin; s != end; ++s) {
    const TomlNode* n = field(table, s->key);
    std::string value(trim(text(n)));
    if (value.empty() || has(s->label)) continue;
    std::string url(s->pattern);
    if (url_scheme(value) == "http" || url_scheme(value) == "https")
      url = value;
    else
      url.replace(url.find("{}"), 2, value);
    if (!is_safe_link(url)) {
      m.note(n->loc, "`" + std::string(s->key) + "` is not imported: `" + url +
                         "` is not an http or https address");
      continue;
    }
    person.links.push_back({std::string(s->label), url});
  }
  // Any other table with a title and an address (al-folio's `custom_social`).
  for (const auto& [key, value] : table.fields) {
    bool known = std::any_of(begin, end, [&key = key](const Social& s) { return s.key == key; }) ||
                 std::find(std::begin(kNotLinks), std::end(kNotLinks), key) != std::end(kNotLinks);
    if (known) continue;
    std::string url(trim(text(field(value, "url"))));
    std::string title(trim(text(field(value, "title"))));
    if (value.kind == TomlNode::Kind::kTable && !url.empty() && is_safe_link(url)) {
      if (!has(title.empty() ? key : title))
        person.links.push_back({title.empty() ? key : title, url});
      continue;
    }
    if (!trim(text(&value)).empty() || value.kind == TomlNode::Kind::kTable)
      m.note(value.key_loc, "`" + key + "` is not imported: sitegen does not know this profile");
  }
}

void add_owner_aliases(const std::vector<std::string>& authors,
                       const std::vector<std::string>& bold, Person& person) {
  std::vector<std::string> profile = {person.name};
  for (const std::string& a : person.aliases) profile.push_back(a);
  for (const std::string& a : authors) {
    bool owner = std::any_of(bold.begin(), bold.end(),
                             [&](const std::string& b) { return squeeze(b) == squeeze(a); }) ||
                 std::any_of(profile.begin(), profile.end(),
                             [&](const std::string& p) { return same_person(a, p); });
    if (!owner) continue;
    bool known = a == person.name ||
                 std::find(person.aliases.begin(), person.aliases.end(), a) != person.aliases.end();
    if (!known) person.aliases.push_back(a);
  }
}

std::string old_site_link(Migrator& m, const std::string& url, const std::string& old_host,
                          const SourceLoc& at) {
  std::string u(trim(url));
  if (u.empty() || u == "#") return "";
  std::string path;
  bool absolute = false;
  if (!old_host.empty()) {
    std::string bare = old_host.substr(old_host.find("://") + 3);
    for (std::string prefix : {"https://" + bare, "http://" + bare})
      if (u.starts_with(prefix + "/")) {
        path = u.substr(prefix.size());
        absolute = true;
      }
  }
  if (!absolute) {
    if (!url_scheme(u).empty() || u.starts_with("//")) return is_safe_link(u) ? u : "";
    path = u[0] == '/' ? u : "/" + u;
  }
  if (!m.old_base_path.empty() && path.starts_with(m.old_base_path + "/"))
    path = path.substr(m.old_base_path.size());
  std::string rel = path.substr(1, path.find_first_of("?#") - 1);
  std::string file = rel.empty() || !m.old_file ? "" : m.old_file(rel);
  if (!file.empty()) {
    m.site.copies["static/" + rel] = file;
    return path.substr(1);
  }
  std::string_view last = std::string_view(rel).substr(rel.rfind('/') + 1);
  bool is_file = last.find('.') != std::string_view::npos && !last.ends_with(".html");
  if (absolute) {
    if (is_file)
      m.note(at, "links to `" + u +
                     "`, a file of the old site that is not in it here: copy it into static/" +
                     rel + " or the link breaks when the new site replaces the old one");
    return u;
  }
  if (is_file) {
    m.note(at, "left out the link to `" + u + "`: the old site has no such file");
    return "";
  }
  return path.substr(1);
}

std::string link_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '[' || c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace sitegen
