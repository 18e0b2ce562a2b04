// Fuzzes how `serve` maps a request path onto the built site: route_request must
// answer every path, and may only name files of the site or redirect within it.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "serve/serve.h"

namespace {

const sitegen::Output& site() {
  static const sitegen::Output out = [] {
    sitegen::Output o;
    for (const char* f :
         {"index.html", "404.html", "publications/index.html", "publications/fast-paper/index.html",
          "assets/style.css", "cv/index.html", "papers/a b.pdf", "feed.xml", ".nojekyll"})
      o.files[f].bytes = f;
    return o;
  }();
  return out;
}

void fail(const char* why, std::string_view path) {
  std::fprintf(stderr, "route_request: %s for path \"%.*s\"\n", why, static_cast<int>(path.size()),
               path.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const char* kBases[] = {"/", "/repo/", "/a/b/", "/%2e%2e/"};
  std::string_view base = kBases[data[0] % 4];
  std::string_view path(reinterpret_cast<const char*>(data) + 1, size - 1);
  sitegen::Route r = sitegen::route_request(site(), base, path);
  switch (r.status) {
    case 200:
      if (!site().files.count(r.file)) fail("200 names a file the site does not have", path);
      break;
    case 302:
      // Redirects stay on this server: never to another host (`//host`, `/\host`).
      if (r.location.empty() || r.location[0] != '/' || r.location.substr(0, 2) == "//" ||
          r.location.find('\\') != std::string::npos)
        fail("redirect leaves the site", path);
      break;
    case 404:
      if (!r.file.empty() && r.file != "404.html") fail("404 with another page", path);
      break;
    case 400:
    case 414:
      if (r.message.empty()) fail("error without a message", path);
      break;
    default:
      fail("unexpected status", path);
  }
  // Anything answered with a file came from a path without traversal.
  if (!r.file.empty() && r.status == 200 && path.find("/../") != std::string_view::npos)
    fail("dot-dot path served", path);
  sitegen::mime_type(path);
  return 0;
}
