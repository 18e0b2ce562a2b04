// Sitemap entries are page URLs ("publications/x/"), derived from output paths.
#include "render/sitemap.h"

#include "markdown/markdown.h"

namespace sitegen {

void add_sitemap_and_robots(const Urls& urls, Output& out,
                            const std::vector<SiteLanguage>& languages,
                            const std::set<std::string>& leave_out) {
  std::string robots = "User-agent: *\nAllow: /\n";
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
        xml += "  <url><loc>" + html_escape(urls.abs + rel) + "</loc></url>\n";
        continue;
      }
      // The page's address below its language's folder.
      for (const SiteLanguage& l : languages)
        if (!l.prefix.empty() && rel.starts_with(l.prefix)) rel = rel.substr(l.prefix.size());
      xml += "  <url><loc>" + html_escape(urls.abs + path.substr(0, path.size() - 10)) + "</loc>\n";
      for (const SiteLanguage& l : languages)
        xml += "    <xhtml:link rel=\"alternate\" hreflang=\"" + html_escape(l.tag) + "\" href=\"" +
               html_escape(urls.abs + l.prefix + rel) + "\"/>\n";
      xml += "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"" +
             html_escape(urls.abs + languages.front().prefix + rel) + "\"/>\n";
      xml += "  </url>\n";
    }
    xml += "</urlset>\n";
    out.files["sitemap.xml"].bytes = std::move(xml);
    robots += "Sitemap: " + urls.abs + "sitemap.xml\n";
  }
  if (!out.files.count("robots.txt"))
    out.files["robots.txt"].bytes = std::move(robots);  // static/ wins
}

}  // namespace sitegen
