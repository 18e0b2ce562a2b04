// The server's state, shared by the files that make it up: http_routes.cc (requests),
// served_site.cc (pages rendered on request), live_reload.cc (events and patches) and
// rebuild.cc (builds driven by the watcher). Not included outside src/serve.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "serve/connections.h"
#include "serve/serve.h"
#include "serve/watch.h"
#include "site_build/build.h"

namespace sitegen {

using Clock = std::chrono::steady_clock;

inline constexpr const char* kTextPlain = "text/plain; charset=utf-8";

struct ServedSite::Rendered {
  std::mutex mu;  // guards pages and patches
  // Each page is rendered once: whoever asks while it is being rendered waits for it.
  std::map<std::string, std::shared_future<std::shared_ptr<const std::string>>> pages;
  // The patch bodies for pages as an earlier build showed them, by "<build id>\n<file>".
  std::map<std::string, std::shared_future<std::string>> patches;
  RenderCache cache;  // shared by the pages of this build, as in a whole build
  // The sizes of the pages the build before rendered: a page's buffer is made its final
  // size at once rather than grown, which on a big page is most of its first render.
  std::map<std::string, size_t, std::less<>> sizes_before;
};

// The size of each page a build has finished rendering (a render that failed has none).
std::map<std::string, size_t, std::less<>> rendered_sizes(ServedSite::Rendered& r);

// The patch that turns page `rel` as `then` showed it into the page `now` serves, as
// the members of a JSON object: "patches":[...], or "full":true.
std::string patch_json(const ServedSite& then, const ServedSite& now, const std::string& rel);

// A build's diagnostics as a JSON array, for the error overlay.
std::string diagnostics_json(const Diagnostics& diags);

// The page served for every path while no build has succeeded yet.
std::string no_site_page();
// The page served for a page its template could not render.
std::string render_failed_page(const Diagnostic& d);

struct Server::Impl {
  struct Event {
    uint64_t seq = 0;
    std::string kind;  // reload | css | error | ok
    std::string data;  // JSON on one line
  };
  struct Stream {
    Stream(std::atomic<int>& n, std::function<void()> end) : count(n), on_end(std::move(end)) {
      ++count;
    }
    ~Stream() {
      --count;
      on_end();
    }
    std::atomic<int>& count;
    std::function<void()> on_end;
    uint64_t seen = 0;
    bool started = false;
    Clock::time_point last_write = Clock::now();
  };
  struct Built {
    BuildResult result;
    std::string inputs;
    long long ms = 0;
  };

  Impl(ServeOptions o, std::ostream& out_, std::ostream& err_);

  ServeOptions options;
  std::ostream& out;
  std::ostream& err;
  HttpServer http;
  Watcher watcher;
  std::thread listen_thread, watch_thread;
  std::string instance;  // differs per server run, so pages from an earlier run reload
  int port = -1;

  mutable std::mutex mu;  // guards everything below
  std::condition_variable cv;
  std::shared_ptr<const ServedSite> site;
  // The builds before, so an open page can be patched from the build it shows.
  std::deque<std::shared_ptr<const ServedSite>> earlier;
  bool status_ok = true;
  std::string status_json;  // diagnostics of the last build, for the overlay
  std::deque<Event> events;
  uint64_t event_seq = 0;
  uint64_t generation = 0;
  std::vector<std::string> roots;  // what the watcher should watch
  bool stopping = false;
  std::atomic<bool> stop_printing{false};  // set first by stop(): a build printing cv.pdf ends

  std::mutex rebuild_mu;  // one build at a time
  std::mutex stop_mu;
  std::mutex log_mu;  // one terminal report at a time
  std::atomic<int> streams{0};
  std::map<std::string, int> client_streams;  // open streams by client address; under mu

  std::shared_ptr<const ServedSite> current() const {
    std::lock_guard<std::mutex> lock(mu);
    return site;
  }

  // http_routes.cc
  httplib::Server::HandlerResponse handle(const httplib::Request& req, httplib::Response& res);

  // live_reload.cc
  void push_event(std::string kind, std::string data);  // mu held
  std::string pending_events(uint64_t seen) const;      // mu held
  std::string status_body() const;
  std::string patch_body(const std::string& from, const std::string& path) const;
  void serve_events(const std::string& client, httplib::Response& res);
  void render_failed(const ServedSite& s, const Diagnostic& d);
  bool stream_step(Stream& s, httplib::DataSink& sink);

  // rebuild.cc
  Built build() const;
  void rebuild(const std::vector<std::string>& changed);
  void publish(Built built, const std::vector<std::string>& changed);
  std::string describe(const std::vector<std::string>& changed) const;
  void watch_loop();
};

}  // namespace sitegen
