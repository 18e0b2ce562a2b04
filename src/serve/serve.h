// `sitegen serve`: the live preview. The only httplib user: it owns the current build
// (swapped whole, so no request sees half a site; its pages rendered when first asked
// for), rebuilds when the content changes, and tells open pages to update, or to show
// the errors, over SSE. Made of server.cc, http_routes.cc, served_site.cc,
// live_reload.cc (with live_reload.js) and rebuild.cc; their shared state is in
// server_impl.h.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "render/output.h"
#include "render/render.h"

namespace sitegen {

struct ServeOptions {
  std::string content_dir = "content";
  std::string bind = "127.0.0.1";
  int port = 1313;                 // 0: any free port
  int port_tries = 20;             // taken? then port+1, port+2, ... this many ports in all
  bool poll = false;               // watch by polling instead of inotify
  int debounce_ms = 30;            // quiet time that ends an editor's burst of writes
  int heartbeat_ms = 1000;         // SSE comment lines: a closed tab's stream ends within ~2 s
  int max_streams = 48;            // SSE clients at once; the pool of 64 keeps room for pages
  int max_client_streams = 32;     // of those, from one address: another still gets some
  int loopback_streams = 16;       // of those, kept for this machine's pages (with --bind)
  int max_publish_delay_ms = 500;  // saves keep coming: a build is still published this often
  std::string theme_search_dir;    // as BuildOptions::theme_search_dir
  bool cv_pdf = false;             // print cv.pdf on every build (--pdf), as `build` does
  std::string image_cache_dir;     // as BuildOptions::image_cache_dir
  std::string code_cache_dir;      // as BuildOptions::code_cache_dir
};

// A built site as it is served. Its pages are rendered when first requested.
struct ServedSite {
  Output output;
  std::shared_ptr<const SitePages> site_pages;  // renders the files named on_request
  std::string inputs;  // what the build read (RecordingSource::fingerprint)
  struct Rendered;     // the pages rendered so far
  std::shared_ptr<Rendered> rendered;
  std::string base_path = "/";  // URL path the site lives under: "/" or "/repo/"
  std::string build_id;         // changes whenever what is served changes
  std::string css_version;      // the stylesheet's `?v=` (BuildSettings::css_version)
  // Where files copied from disk must still be when served (a link swapped in after the
  // build must not publish what the build would refuse): a file of static/ inside
  // static_dir, any other (a member's photo in people/) inside content_dir, as DiskSource
  // holds the build to. Both with symlinks resolved; static_prefix is static/ as copy_from
  // spells it.
  std::string static_dir, content_dir, static_prefix;
  std::map<std::string, std::string> stamps;  // copy_from files: "mtime:size" when built
  size_t pages = 0;
  bool good = false;  // false until a build succeeded: then every page explains the errors
};

// What a request path means for a site. `path` is percent-decoded once (as httplib
// hands it over) and is never decoded again.
struct Route {
  int status = 200;
  std::string file;      // the Output file to send: the page itself, or 404.html with 404
  std::string location;  // redirects: the decoded target path
  std::string message;   // the plain-text body of an error without a page
};
inline constexpr size_t kMaxPathLength = 2048;
Route route_request(const Output& output, std::string_view base_path, std::string_view path);

// Content-Type by file extension.
std::string_view mime_type(std::string_view path);

// How a file of `size` bytes answers a Range header: 200 whole (no header, one that is
// not understood, or a list of ranges), 206 with one range clamped to the file, or 416.
// (A header httplib cannot parse, such as "bytes=a-b", is taken out of the request before
// httplib sees it, in connections.cc: the file is sent whole.)
struct ByteRange {
  int status = 200;
  size_t offset = 0, length = 0;  // the bytes sent, always inside the file
  std::string content_range;      // "bytes 0-6/7" with 206, "bytes */7" with 416
};
ByteRange choose_range(std::string_view range_header, size_t size);

// Whether a Host header names this server (127.0.0.1, localhost, [::1] or the bound
// address, with its port or none), so a page from another site that rebinds its name
// to 127.0.0.1 is refused; an Origin ("http://host:port") is held to the same rule.
// An Origin names its port, or means 80.
bool allowed_host(std::string_view host, std::string_view bind, int port);
bool allowed_origin(std::string_view origin, std::string_view bind, int port);

// Whether a client address (as the server prints it) is this machine's loopback:
// 127.0.0.0/8, ::1, or 127.x.y.z mapped into IPv6.
bool is_loopback_address(std::string_view ip);

// Whether `client` may open one more live-reload stream, given the streams open by client
// address: at most max_streams in all and max_client_streams from one address, and the
// last loopback_streams of them only from loopback, so other machines (with --bind
// 0.0.0.0) cannot take the owner's reload.
bool may_open_stream(const std::map<std::string, int>& open, const std::string& client,
                     const ServeOptions& options);

// The bytes of an output file of a good site; a page on request is rendered at the first
// call and kept.
std::shared_ptr<const std::string> served_bytes(const ServedSite& site, const std::string& rel);

// What browsers showing `before` must do to show `after`. Pages on request are compared
// by what made them: the same inputs read and the same templates give the same pages.
enum class ReloadKind { kNone, kCss, kReload };
ReloadKind reload_kind(const ServedSite& before, const ServedSite& after);

// The script injected before </body> while serving; kBuildMarker stands for the build id.
inline constexpr std::string_view kBuildMarker = "@@SITEGEN_BUILD@@";
std::string live_reload_script();

class Server {
 public:
  // Terminal lines go to `out`, build problems to `err`; both from the watcher thread.
  Server(ServeOptions options, std::ostream& out, std::ostream& err);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Builds once, binds, then serves and watches on background threads. A failed build
  // still serves (pages show its errors); false with *err only when no port can be bound.
  bool start(std::string* err);
  // Ends streams, the watcher and the listener; returns within about a second.
  void stop();
  bool running() const;

  int port() const;
  std::string url() const;         // "http://127.0.0.1:1313/repo/"
  std::string watch_note() const;  // why polling is used, when inotify could not be

  // What the server writes back to a connection that sends `request` (its first
  // request; "" while incomplete), without a socket: for tests and fuzzing.
  std::string answer(std::string_view request);

  // Rebuilds now, as the watcher does after a change; `changed` names the changed
  // files for the terminal line. Thread-safe.
  void rebuild(const std::vector<std::string>& changed);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sitegen
