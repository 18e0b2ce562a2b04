// Sitemap entries are page URLs ("publications/x/"), derived from output paths.
#include "render/sitemap.h"

#include "markdown/markdown.h"

namespace sitegen {

void add_sitemap_and_robots(const Urls& urls, Output& out,
                            const std::vector<SiteLanguage>& languages,
                            const std::set<std::string>& leave_out) {
  std::string robots = "User-agent: *\nAllow: /\n";
  // A file's full address: every language's pages are below the default one's root.
  auto full = [&](std::string_view path) { return urls.full(urls.shared(path)); };
  if (!urls.abs.empty()) {
    std::string xml =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"" +
        std::string(languages.empty() ? "" : " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"") +
        ">\n";
    for (const auto& [path, _] : out.files) {
      if (path.size() < 10 || path.compare(path.size() - 10, 10, "index.html") != 0) continue;
      if (leave_out.count(path)) continue;
      std::string rel = path.substr(0, path.size() - 10);
      if (languages.empty()) {
        xml += "  <url><loc>" + html_escape(full(rel)) + "</loc></url>\n";
        continue;
      }
      // The page's address below its language's folder.
      for (const SiteLanguage& l : languages)
        if (!l.prefix.empty() && rel.starts_with(l.prefix)) rel = rel.substr(l.prefix.size());
      xml += "  <url><loc>" + html_escape(full(path.substr(0, path.size() - 10))) + "</loc>\n";
      for (const SiteLanguage& l : languages)
        xml += "    <xhtml:link rel=\"alternate\" hreflang=\"" + html_escape(l.tag) + "\" href=\"" +
               html_escape(full(l.prefix + rel)) + "\"/>\n";
      xml += "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"" +
             html_escape(full(languages.front().prefix + rel)) + "\"/>\n";
      xml += "  </url>\n";
    }
    xml += "</urlset>\n";
    out.files[std::string(paths::kSitemap)].bytes = std::move(xml);
    robots += "Sitemap: " + full(paths::kSitemap) + "\n";
  }
  if (!out.files.count(std::string(paths::kRobots)))
    out.files[std::string(paths::kRobots)].bytes = std::move(robots);  // static/ wins
}

}  // namespace sitegen
