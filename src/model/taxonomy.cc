// publication_filters, post_tags and drop_draft_posts (taxonomy.h).
#include "model/taxonomy.h"

#include <algorithm>
#include <functional>
#include <map>

#include "model/urls.h"

namespace sitegen {

std::vector<PublicationFilter> publication_filters(const std::vector<Publication>& pubs) {
  std::vector<PublicationFilter> filters;
  for (PublicationType t : publication_types_in_group_order()) {
    std::string name(info(t).name);
    PublicationFilter f{"type", name, name, paths::type_filter(name), {}};
    for (size_t i = 0; i < pubs.size(); ++i)
      if (pubs[i].type == t) f.pubs.push_back(i);
    if (!f.pubs.empty()) filters.push_back(std::move(f));
  }
  std::map<int, std::vector<size_t>, std::greater<int>> years;
  std::map<std::string, std::pair<std::string, std::vector<size_t>>> tags;  // key -> name, pubs
  for (size_t i = 0; i < pubs.size(); ++i) {
    years[pubs[i].year].push_back(i);
    for (const std::string& t : pubs[i].tags) {
      auto& entry = tags[paths::tag_key(t)];
      if (entry.first.empty()) entry.first = t;
      if (entry.second.empty() || entry.second.back() != i) entry.second.push_back(i);
    }
  }
  for (auto& [y, idx] : years) {
    std::string key = paths::year_key(y);
    filters.push_back({"year", y ? key : "", key, paths::year_filter(key), std::move(idx)});
  }
  for (auto& [key, entry] : tags)
    if (!key.empty())
      filters.push_back({"tag", entry.first, key, paths::tag_filter(key), std::move(entry.second)});
  return filters;
}

std::vector<PostTag> post_tags(const std::vector<Post>& posts) {
  std::map<std::string, PostTag> tags;
  for (size_t i = 0; i < posts.size(); ++i)
    for (const std::string& t : posts[i].tags) {
      std::string key = paths::tag_key(t);
      if (key.empty()) continue;
      PostTag& tag = tags[key];
      if (tag.name.empty()) tag = {t, key, paths::post_tag(key), {}};
      if (tag.posts.empty() || tag.posts.back() != i) tag.posts.push_back(i);
    }
  std::vector<PostTag> out;
  for (auto& [key, tag] : tags) out.push_back(std::move(tag));
  return out;
}

void drop_draft_posts(Site& site) {
  std::erase_if(site.posts, [](const Post& p) { return p.draft; });
  assign_post_paths(site);
}

}  // namespace sitegen
