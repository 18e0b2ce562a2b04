// [redirects] in site.toml (see redirects.h).
#include "load/redirects.h"

#include "text/url_scheme.h"

namespace sitegen {

namespace {

// What makes `from` unusable as an old address, or "".
std::string from_problem(const std::string& from) {
  if (from.empty() || from[0] != '/')
    return "must be a path from the site's root, starting with `/` (write \"/" + from + "\")";
  for (char c : from) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7F || c == '\\' || c == '?' || c == '#' || c == ' ')
      return std::string("holds ") +
             (c == ' '                ? "a space (write it as %20)"
              : u < 0x20 || u == 0x7F ? "a control character"
                                      : "`" + std::string(1, c) + "`") +
             ": an old address is a path only, without a query or fragment";
  }
  size_t start = 1;
  while (start < from.size()) {
    size_t end = from.find('/', start);
    if (end == std::string::npos) end = from.size();
    std::string_view part = std::string_view(from).substr(start, end - start);
    if (part.empty()) return "has an empty part (`//`)";
    if (part == "." || part == "..") return "has a `" + std::string(part) + "` part";
    if (part.size() > 255) return "has a part longer than 255 bytes";
    start = end + 1;
  }
  std::string_view last = std::string_view(from).substr(from.rfind('/') + 1);
  size_t dot = last.rfind('.');
  if (dot != std::string_view::npos && last.substr(dot) != ".html" && last.substr(dot) != ".htm")
    return "ends in `" + std::string(last.substr(dot)) +
           "`: a redirect is an HTML page, so the old path must end in `/`, `.html` or a name "
           "without an extension";
  return "";
}

}  // namespace

std::string redirect_output_path(const std::string& from) {
  std::string rel = from.substr(from.empty() ? 0 : 1);
  if (rel.empty() || rel.back() == '/') return rel + "index.html";
  if (rel.ends_with(".html") || rel.ends_with(".htm")) return rel;
  return rel + ".html";
}

void load_redirects(const TomlNode& table, Site& site, Diagnostics& diags) {
  for (const auto& [from, value] : table.fields) {
    std::string to;
    if (!read_string(value, from, diags, &to)) continue;
    if (std::string problem = from_problem(from); !problem.empty()) {
      diags.error(value.key_loc, "the redirect `" + from + "` " + problem);
      continue;
    }
    if (to.empty()) {
      diags.error(value.loc, "the redirect from `" + from +
                                 "` leads nowhere: write the new path (\"publications/x/\") or "
                                 "a full address");
      continue;
    }
    if (!url_scheme(to).empty() && !is_safe_link(to)) {
      diags.error(value.loc, "the redirect from `" + from + "` leads to `" + to +
                                 "`: a redirect leads to a path of the site or an http or "
                                 "https address");
      continue;
    }
    site.redirects.push_back({from, to, value.key_loc, value.loc});
  }
}

}  // namespace sitegen
