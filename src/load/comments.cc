// load_comments (comments.h).
#include "load/comments.h"

#include <algorithm>

#include "text/ascii.h"

namespace sitegen {

namespace {

// Letters, digits and `-_.`: what GitHub allows in an owner's and a repository's name,
// and what giscus's ids ("R_kgDOH...", "DIC_kwDOH...") are made of.
bool plain_name(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) {
    return is_alpha(c) || is_digit(c) || c == '-' || c == '_' || c == '.';
  });
}

}  // namespace

void load_comments(const TomlNode& table, CommentSettings& c, Diagnostics& diags) {
  TableReader r(table, "[comments]", diags);
  const std::string hint = " (giscus.app shows it once you pick the repository and category)";
  if (r.string("provider", &c.provider, true) && c.provider != "giscus") {
    diags.error(r.find("provider")->loc,
                "unknown comments provider `" + c.provider + "`: expected \"giscus\"");
    c.provider.clear();
  }
  if (r.string("repo", &c.repo, true)) {
    size_t slash = c.repo.find('/');
    if (slash == std::string::npos || !plain_name(c.repo.substr(0, slash)) ||
        !plain_name(c.repo.substr(slash + 1))) {
      diags.error(r.find("repo")->loc,
                  "`repo` must be a GitHub repository as \"owner/name\", not `" + c.repo + "`");
      c.provider.clear();
    }
  }
  for (auto [key, out] : {std::pair<std::string_view, std::string*>{"repo_id", &c.repo_id},
                          {"category", &c.category},
                          {"category_id", &c.category_id}}) {
    if (!r.string(key, out, true)) {
      c.provider.clear();
      continue;
    }
    if (key != "category" && !plain_name(*out)) {
      diags.error(r.find(key)->loc, "`" + std::string(key) +
                                        "` must be giscus's id, letters, "
                                        "digits and `_`, not `" +
                                        *out + "`" + hint);
      c.provider.clear();
    }
  }
  if (r.string("mapping", &c.mapping)) {
    static const std::vector<std::string_view> kMappings = {"pathname", "url", "title", "og:title"};
    if (std::find(kMappings.begin(), kMappings.end(), c.mapping) == kMappings.end()) {
      diags.error(r.find("mapping")->loc,
                  "unknown `mapping` `" + c.mapping +
                      "`: expected \"pathname\", \"url\", \"title\" or \"og:title\"" +
                      did_you_mean(c.mapping, kMappings));
      c.mapping = "pathname";
    }
  }
  r.boolean("reactions", &c.reactions);
  r.finish();
}

}  // namespace sitegen
