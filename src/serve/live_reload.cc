// Live reload: the script pages run (live_reload.js, embedded at build time), the
// events a build sends them over SSE (/_sitegen/events), the build status for the error
// overlay (/_sitegen/status) and the patches that update a page in place (/_sitegen/patch).
#include <algorithm>

#include "base/diag.h"
#include "serve/server_impl.h"
#include "text/escape.h"

namespace sitegen {

// Generated from live_reload.js by cmake/embed_files.cmake.
const std::map<std::string, std::string_view>& embedded_live_reload_files();

namespace {

constexpr size_t kMaxEvents = 32;  // SSE events kept for streams that fell behind

}  // namespace

std::string live_reload_script() {
  static const std::string script = "<script id=\"sitegen-live-reload\">\n" +
                                    std::string(embedded_live_reload_files().at("live_reload.js")) +
                                    "</script>\n";
  return script;
}

std::string diagnostics_json(const Diagnostics& diags) {
  std::string out = "[";
  for (const Diagnostic& d : diags.all()) {
    if (out.size() > 1) out += ",";
    out += "{\"severity\":";
    out += d.severity == Severity::kError ? "\"error\"" : "\"warning\"";
    out += ",\"file\":" + json_string(d.loc.path) + ",\"line\":" + std::to_string(d.loc.line) +
           ",\"col\":" + std::to_string(d.loc.col) + ",\"message\":" + json_string(d.message) +
           ",\"text\":" + json_string(diags.format(d)) + "}";
  }
  return out + "]";
}

std::string no_site_page() {
  return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<title>sitegen: the site has errors</title></head>\n<body>\n"
         "<p>sitegen could not build the site. Fix the errors shown in the terminal and "
         "this page reloads by itself.</p>\n" +
         live_reload_script() + "</body></html>\n";
}

std::string render_failed_page(const Diagnostic& d) {
  return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<title>sitegen: this page has errors</title></head>\n<body>\n"
         "<p>sitegen could not render this page:</p>\n<pre>" +
         html_escape(d.loc.path + ": error: " + d.message) +
         "</pre>\n<p>Fix the template and this page reloads by itself.</p>\n" +
         live_reload_script() + "</body></html>\n";
}

// Pages are rendered when first asked for, after their build was published: a page
// that cannot be rendered makes that build's status an error, for the overlay and
// the terminal, until the next build.
void Server::Impl::render_failed(const ServedSite& s, const Diagnostic& d) {
  Diagnostics diags;
  diags.error(d.loc, d.message);
  std::string json = diagnostics_json(diags);
  {
    std::lock_guard<std::mutex> lock(mu);
    if (site.get() != &s || (!status_ok && status_json == json)) return;  // old, or said
    status_ok = false;
    status_json = json;
    push_event("error", "{\"build\":" + json_string(s.build_id) +
                            ",\"ok\":false,\"diagnostics\":" + json + "}");
  }
  std::lock_guard<std::mutex> log(log_mu);
  err << diags.format_all() << std::flush;
}

void Server::Impl::push_event(std::string kind, std::string data) {
  events.push_back({++event_seq, std::move(kind), std::move(data)});
  while (events.size() > kMaxEvents) events.pop_front();
  cv.notify_all();
}

// The events a stream has not seen, merged: a reload stands for every change before it.
std::string Server::Impl::pending_events(uint64_t seen) const {
  bool reload = events.empty() || events.front().seq > seen + 1;  // fell too far behind
  bool css = false;
  for (const Event& e : events) {
    if (e.seq <= seen) continue;
    reload = reload || e.kind == "reload";
    css = css || e.kind == "css";
  }
  const Event& last = events.back();
  std::string id = "{\"build\":" + json_string(site->build_id) + "}";
  std::string msg;
  if (reload)
    msg += "event: reload\ndata: " + id + "\n\n";
  else if (css)
    msg += "event: css\ndata: " + id + "\n\n";
  if (last.kind == "error" || last.kind == "ok")
    msg += "event: " + last.kind + "\ndata: " + last.data + "\n\n";
  return msg;
}

std::string Server::Impl::status_body() const {
  std::lock_guard<std::mutex> lock(mu);
  return "{\"build\":" + json_string(site->build_id) + ",\"ok\":" + (status_ok ? "true" : "false") +
         ",\"pages\":" + std::to_string(site->pages) +
         ",\"diagnostics\":" + (status_json.empty() ? "[]" : status_json) + "}\n";
}

// How the page at `path` (decoded), as build `from` made it, becomes the current one:
// {"build":..., "patches":[...]}, or "full" when the page must be swapped whole.
std::string Server::Impl::patch_body(const std::string& from, const std::string& path) const {
  std::shared_ptr<const ServedSite> now, then;
  {
    std::lock_guard<std::mutex> lock(mu);
    now = site;
    if (site->build_id == from) then = site;
    for (const auto& e : earlier)
      if (e->build_id == from) then = e;
  }
  std::string head = "{\"build\":" + json_string(now->build_id) + ",";
  Route route = route_request(now->output, now->base_path, path);
  if (!now->good || !then || route.status != 200 || !route.location.empty())
    return head + "\"full\":true}\n";
  return head + patch_json(*then, *now, route.file) + "}\n";
}

void Server::Impl::serve_events(const std::string& client, httplib::Response& res) {
  {
    std::lock_guard<std::mutex> lock(mu);
    if (!may_open_stream(client_streams, client, options)) {
      res.status = 503;
      res.set_content("too many live-reload connections\n", kTextPlain);
      return;
    }
    ++client_streams[client];
  }
  auto stream = std::make_shared<Stream>(streams, [this, client] {
    std::lock_guard<std::mutex> lock(mu);
    if (--client_streams[client] == 0) client_streams.erase(client);
  });
  res.set_header("X-Accel-Buffering", "no");
  res.set_header("Connection", "close");  // after a stream ends, no idle keep-alive delays stop()
  res.set_chunked_content_provider(
      "text/event-stream",
      [this, stream](size_t, httplib::DataSink& sink) { return stream_step(*stream, sink); });
}

// One call of httplib's content provider: waits up to 100 ms for news, so the stream
// notices stop() quickly; returning false ends it.
bool Server::Impl::stream_step(Stream& s, httplib::DataSink& sink) {
  std::string msg;
  {
    std::unique_lock<std::mutex> lock(mu);
    if (!s.started) {
      s.started = true;
      s.seen = event_seq;
      msg =
          "retry: 1000\n\nevent: hello\ndata: {\"build\":" + json_string(site->build_id) + "}\n\n";
      if (!status_ok)
        msg += "event: error\ndata: {\"build\":" + json_string(site->build_id) +
               ",\"ok\":false,\"diagnostics\":" + status_json + "}\n\n";
    } else {
      cv.wait_for(lock, std::chrono::milliseconds(100),
                  [&] { return stopping || event_seq != s.seen; });
      if (stopping) {
        lock.unlock();
        sink.done();
        return true;
      }
      if (event_seq != s.seen) {
        msg = pending_events(s.seen);
        s.seen = event_seq;
      }
    }
  }
  auto now = Clock::now();
  if (msg.empty() && now - s.last_write >= std::chrono::milliseconds(options.heartbeat_ms))
    msg = ": heartbeat\n\n";
  if (msg.empty()) return true;
  s.last_write = now;
  return sink.write(msg.data(), msg.size());
}

}  // namespace sitegen
