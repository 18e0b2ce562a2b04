// Fuzzes the names of page files: the input, as a path below pages/ (without `.md`), is a
// page the menu links to, in a site built in memory. Either loading refuses the name with
// an error at that file, or the link in the home page's menu, read as a browser reads it
// (character references decoded; tabs and newlines dropped, `\` as `/`, cut at `?` and
// `#`, percent-decoded, dot segments resolved), is the page's own path in the output.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "base/source.h"
#include "site_build/build.h"
#include "text/html_scan.h"
#include "text/url_path.h"

namespace {

// The path a browser asks a server for when it follows `href` from the site's root.
std::string followed_path(const std::string& href) {
  std::string url;
  for (char c : sitegen::decode_html_entities(href)) {
    if (c == '\t' || c == '\n' || c == '\r') continue;
    url += c == '\\' ? '/' : c;
  }
  url = url.substr(0, url.find_first_of("?#"));
  std::string path;  // without the leading "/"
  sitegen::remove_dot_segments(sitegen::percent_decode(url), &path);
  return "/" + path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 1024) return 0;  // a name; past 255 bytes a part is refused anyway
  std::string name(reinterpret_cast<const char*>(data), size);
  std::string rel = "pages/" + name + ".md";
  sitegen::MemorySource src({{"site.toml", "[person]\nname = \"Ada Example\"\n"},
                             {rel, "+++\ntitle = \"Fuzz page\"\nnav = true\n+++\nBody.\n"}});
  sitegen::BuildResult r = sitegen::build_site(src, sitegen::BuildOptions{});
  if (r.diags.has_errors()) {
    // Refused: every error is about this file, at this file.
    for (const sitegen::Diagnostic& d : r.diags.all())
      if (d.severity == sitegen::Severity::kError && d.loc.path != "content/" + rel) std::abort();
    return 0;
  }
  auto home = r.output.files.find("index.html");
  if (home == r.output.files.end()) std::abort();
  const std::string& html = home->second.bytes;
  size_t label = html.find("\">Fuzz page</a></li>");
  if (label == std::string::npos) std::abort();
  size_t open = html.rfind("<li><a href=\"", label);
  if (open == std::string::npos) std::abort();
  open += 13;
  std::string href = html.substr(open, label - open);
  // The menu's link is the page's URL, and the page is where that URL leads.
  if (followed_path(href) != "/" + name + "/") std::abort();
  if (!r.output.files.count(name + "/index.html")) std::abort();
  return 0;
}
