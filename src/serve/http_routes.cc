// HTTP: what a request path means in a built site (route_request), the content types,
// and the answer to each request, from the current build or the live-reload endpoints.
#include <algorithm>

#include "base/source.h"
#include "output/writer.h"
#include "serve/server_impl.h"
#include "text/ascii.h"
#include "text/strings.h"
#include "text/url_path.h"

namespace sitegen {

namespace {

// A decoded path as it may appear in a Location header: printable ASCII only.
std::string encode_path(std::string_view path) {
  return percent_encode(path, [](unsigned char c) {
    return !is_alpha(static_cast<char>(c)) && !is_digit(static_cast<char>(c)) &&
           std::string_view("-._~/!$&'()*+,;=:@").find(static_cast<char>(c)) ==
               std::string_view::npos;
  });
}

}  // namespace

Route route_request(const Output& output, std::string_view base, std::string_view path) {
  Route r;
  auto fail = [&](int status, std::string message) {
    r.status = status;
    r.message = std::move(message) + "\n";
    return r;
  };
  if (path.size() > kMaxPathLength) return fail(414, "request path too long");
  if (path.empty() || path[0] != '/') return fail(400, "bad request path: it must start with /");
  for (unsigned char c : path) {
    if (c == 0) return fail(400, "bad request path: it contains a NUL byte");
    if (c < 0x20 || c == 0x7f)
      return fail(400, "bad request path: it contains a control character");
    if (c == '\\') return fail(400, "bad request path: it contains a backslash");
  }
  for (size_t start = 1; start <= path.size();) {
    size_t end = std::min(path.find('/', start), path.size());
    std::string_view seg = path.substr(start, end - start);
    if (seg == ".." || seg == ".")
      return fail(400, "bad request path: it contains a `" + std::string(seg) + "` segment");
    if (seg.empty() && end < path.size())
      return fail(400, "bad request path: it contains an empty segment");
    start = end + 1;
  }
  auto not_found = [&] {
    r.status = 404;
    if (output.files.count("404.html"))
      r.file = "404.html";
    else
      r.message = "not found\n";
    return r;
  };
  if (path.substr(0, base.size()) != base) {
    // The server's root, or the base path without its slash, lead to the site.
    if (path == "/" || path == base.substr(0, base.size() - 1)) {
      r.status = 302;
      r.location = std::string(base);
      return r;
    }
    return not_found();
  }
  std::string rel(path.substr(base.size()));
  std::string key = rel.empty() || rel.back() == '/' ? rel + "index.html" : rel;
  if (output.files.count(key)) {
    r.file = key;
    return r;
  }
  if (!rel.empty() && rel.back() != '/' && output.files.count(rel + "/index.html")) {
    r.status = 302;  // not 301: browsers would remember it after the content changes
    r.location = std::string(path) + "/";
    return r;
  }
  return not_found();
}

std::string_view mime_type(std::string_view path) {
  static const std::map<std::string, std::string_view, std::less<>> kTypes = {
      {"html", "text/html; charset=utf-8"},
      {"htm", "text/html; charset=utf-8"},
      {"css", "text/css; charset=utf-8"},
      {"js", "text/javascript; charset=utf-8"},
      {"mjs", "text/javascript; charset=utf-8"},
      {"json", "application/json"},
      {"map", "application/json"},
      {"xml", "application/xml; charset=utf-8"},
      {"txt", kTextPlain},
      {"bib", kTextPlain},
      {"md", kTextPlain},
      {"csv", "text/csv; charset=utf-8"},
      {"ics", "text/calendar; charset=utf-8"},
      {"svg", "image/svg+xml"},
      {"png", "image/png"},
      {"jpg", "image/jpeg"},
      {"jpeg", "image/jpeg"},
      {"gif", "image/gif"},
      {"webp", "image/webp"},
      {"avif", "image/avif"},
      {"ico", "image/x-icon"},
      {"pdf", "application/pdf"},
      {"woff2", "font/woff2"},
      {"woff", "font/woff"},
      {"ttf", "font/ttf"},
      {"otf", "font/otf"},
      {"mp4", "video/mp4"},
      {"webm", "video/webm"},
      {"mp3", "audio/mpeg"},
      {"ogg", "audio/ogg"},
      {"wasm", "application/wasm"},
      {"zip", "application/zip"},
      {"gz", "application/gzip"},
      {"tar", "application/x-tar"},
  };
  size_t slash = path.rfind('/');
  size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
    return "application/octet-stream";
  auto it = kTypes.find(ascii_lower(path.substr(dot + 1)));
  return it == kTypes.end() ? "application/octet-stream" : it->second;
}

httplib::Server::HandlerResponse Server::Impl::handle(const httplib::Request& req,
                                                      httplib::Response& res) {
  using R = httplib::Server::HandlerResponse;
  // httplib applies the ranges it parsed to whatever body the handler gives, unchecked
  // against the body's size (bytes=0-4000 of 7 bytes sent 4,001): they are dropped here,
  // and a file's one range is checked and served below. The Request is httplib's own
  // non-const object, handed over as const.
  const_cast<httplib::Request&>(req).ranges.clear();
  auto refuse = [&](int status, const std::string& why) {
    res.status = status;
    res.set_content(why + "\n", kTextPlain);
    return R::Handled;
  };
  // With two, the library would take the first, and a proxy or cache in between may have
  // taken the other (RFC 9112 asks for a 400).
  if (req.get_header_value_count("Host") > 1)
    return refuse(400, "refusing a request with more than one Host header");
  if (!allowed_host(req.get_header_value("Host"), options.bind, port))
    return refuse(403, "refusing a request for host \"" + req.get_header_value("Host") +
                           "\": this server answers only for 127.0.0.1, localhost, [::1] or its "
                           "--bind address, with its port");
  if (req.method != "GET" && req.method != "HEAD") return R::Unhandled;  // httplib answers 4xx
  res.set_header("Cache-Control", "no-cache");
  res.set_header("X-Content-Type-Options", "nosniff");
  const std::string& path = req.path;
  if (path.compare(0, 10, "/_sitegen/") == 0) {
    // Pages of other sites may not follow the builds or read the diagnostics.
    if (req.get_header_value_count("Origin") > 1)
      return refuse(403, "refusing a live-reload request with more than one Origin header");
    if (req.has_header("Origin") &&
        !allowed_origin(req.get_header_value("Origin"), options.bind, port))
      return refuse(403, "refusing a live-reload request from origin \"" +
                             req.get_header_value("Origin") +
                             "\": only this server's pages may ask");
    if (path == "/_sitegen/events") {
      serve_events(req.remote_addr, res);
    } else if (path == "/_sitegen/status") {
      res.set_content(status_body(), "application/json");
    } else if (path == "/_sitegen/patch") {
      res.set_content(patch_body(req.get_param_value("from"), req.get_param_value("path")),
                      "application/json");
    } else {
      res.status = 404;
      res.set_content("not found\n", kTextPlain);
    }
    return R::Handled;
  }
  std::shared_ptr<const ServedSite> s = current();
  if (!s->good) {
    res.status = 500;
    std::string page = no_site_page();
    page.replace(page.find(kBuildMarker), kBuildMarker.size(), s->build_id);
    res.set_content(page, "text/html; charset=utf-8");
    return R::Handled;
  }
  Route route = route_request(s->output, s->base_path, path);
  if (!route.location.empty()) {
    std::string location = encode_path(route.location);
    size_t query = req.target.find('?');
    if (query != std::string::npos) location += req.target.substr(query);
    res.set_redirect(location, route.status);
    return R::Handled;
  }
  if (route.file.empty()) {
    res.status = route.status;
    res.set_content(route.message, kTextPlain);
    return R::Handled;
  }
  const OutputFile& f = s->output.files.at(route.file);
  // The body goes out through a content provider with a known length: httplib then
  // sends it as it is. With set_content it would compress text for browsers, and its
  // brotli (at the highest quality) takes 80-130 ms per page, slower than the build.
  std::shared_ptr<const std::string> body;
  if (!f.copy_from.empty()) {
    // Read now, so the file on disk is what is served, but only from where the build
    // takes such files: inside static/, or for a member's photo inside the content folder.
    bool from_static = f.copy_from.starts_with(s->static_prefix);
    const std::string& dir = from_static ? s->static_dir : s->content_dir;
    if (dir.empty() || !is_inside_dir(f.copy_from, dir)) {
      res.status = 403;
      res.set_content("refusing to serve /" + route.file + ": it leads outside " +
                          (from_static ? "static/" : "the content folder") + "\n",
                      kTextPlain);
      return R::Handled;
    }
    std::string bytes, why;
    if (!read_output_file(f, &bytes, &why)) {
      res.status = 404;
      res.set_content("not found: " + why + "\n", kTextPlain);
      return R::Handled;
    }
    body = std::make_shared<const std::string>(std::move(bytes));
  } else if (f.on_request) {
    try {
      body = served_bytes(*s, route.file);
    } catch (const RenderError& e) {
      render_failed(*s, e.diag);
      res.status = 500;
      std::string page = render_failed_page(e.diag);
      page.replace(page.find(kBuildMarker), kBuildMarker.size(), s->build_id);
      res.set_content(page, "text/html; charset=utf-8");
      return R::Handled;
    }
  } else {
    body = std::shared_ptr<const std::string>(s, &f.bytes);  // shares the site's lifetime
  }
  if (size_t at = f.copy_from.empty() ? body->rfind(kBuildMarker) : std::string::npos;
      at != std::string::npos && route.file.ends_with(".html")) {
    std::string bytes = *body;
    bytes.replace(at, kBuildMarker.size(), s->build_id);
    body = std::make_shared<const std::string>(std::move(bytes));
  }
  // The stylesheet asked for with the version the build gave it cannot change under
  // that URL: a reloading page takes it from the cache instead of waiting for it.
  if (route.file == "assets/style.css" && !s->css_version.empty() &&
      req.get_param_value("v") == s->css_version) {
    res.headers.erase("Cache-Control");
    res.set_header("Cache-Control", "max-age=31536000, immutable");
  }
  res.status = route.status;
  ByteRange range{200, 0, body->size(), ""};
  if (route.status == 200) {
    res.set_header("Accept-Ranges", "bytes");
    // If-Range names a version this server cannot compare (it sends no validators).
    if (!req.has_header("If-Range"))
      range = choose_range(req.get_header_value("Range"), body->size());
    if (range.status == 416) {
      res.set_header("Content-Range", range.content_range);
      return refuse(416, "range not satisfiable: /" + route.file + " has " +
                             std::to_string(body->size()) + " bytes");
    }
    if (range.status == 206) {
      res.status = 206;
      res.set_header("Content-Range", range.content_range);
    }
  }
  // httplib 0.11.4 takes a provider of length 0 for one of unknown length, and would
  // call it until it says done: an empty body is plain content.
  if (range.length == 0) {
    res.set_content("", std::string(mime_type(route.file)));
    return R::Handled;
  }
  // httplib asks for bytes [offset, offset + length) of the length given here.
  res.set_content_provider(
      range.length, std::string(mime_type(route.file)),
      [body, start = range.offset](size_t offset, size_t length, httplib::DataSink& sink) {
        return sink.write(body->data() + start + offset, length);
      });
  return R::Handled;
}

}  // namespace sitegen
