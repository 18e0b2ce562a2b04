// Sitemap entries are page URLs ("publications/x/"), derived from output paths.
#include "render/sitemap.h"

#include "markdown/markdown.h"

namespace sitegen {

void add_sitemap_and_robots(const Urls& urls, Output& out) {
  std::string robots = "User-agent: *\nAllow: /\n";
  if (!urls.abs.empty()) {
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    for (const auto& [path, _] : out.files) {
      if (path.size() < 10 || path.compare(path.size() - 10, 10, "index.html") != 0) continue;
      xml += "  <url><loc>" + html_escape(urls.abs + path.substr(0, path.size() - 10)) +
             "</loc></url>\n";
    }
    xml += "</urlset>\n";
    out.files["sitemap.xml"].bytes = std::move(xml);
    robots += "Sitemap: " + urls.abs + "sitemap.xml\n";
  }
  if (!out.files.count("robots.txt"))
    out.files["robots.txt"].bytes = std::move(robots);  // static/ wins
}

}  // namespace sitegen
