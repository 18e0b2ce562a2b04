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
// Only for text base_url_problem accepts.
BaseUrl parse_base_url(std::string_view text);

// Why `text` is not a base_url, or "" when it is one: an http or https address with a
// host name and a path of URL characters ("https://ada.example.org/homepage/"), or such a
// path alone ("/homepage/"). Every link of every page starts with it, so a quote or a
// space in it would break them all, and would write markup into each page's <head>.
std::string base_url_problem(std::string_view text);

}  // namespace sitegen
