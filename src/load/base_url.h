// A site's base_url, from site.toml or --base-url, split once into the two forms the
// site needs: the path links start with, and the full address when there is one.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

struct BaseUrl {
  std::string root = "/";  // the URL path the site lives under: "/" or "/repo/"
  std::string abs;         // "https://host/repo/", or "" when base_url is only a path
};

// "", "/" -> {"/", ""}; "repo", "/repo" -> {"/repo/", ""};
// "https://host/repo" -> {"/repo/", "https://host/repo/"}. Both always end with '/'.
BaseUrl parse_base_url(std::string_view text);

}  // namespace sitegen
