// The preview server's life: the first build, binding a port, the threads that serve
// requests and follow the watcher, and stopping them. Requests copy a shared_ptr to the
// current site under a mutex and then never lock again, so a rebuild swaps the whole
// site in between two requests, never during one.
//
// The threads, and why a slow client cannot starve the others (connections.cc):
// - httplib's accept loop (listen_thread) only hands each new socket to the gate. At
//   256 connections from one address, or 768 in all, the connection that has waited
//   longest for its request is closed to make room.
// - The gate, one thread, polls every connection that is waiting for a request. A
//   request must arrive whole (head and body) within 5 s of its first byte, else 408;
//   a connection without one is closed after 5 s idle. More than 100 header lines or
//   16 KiB of head is refused with 431 as soon as it is seen, a body over 64 KiB with 413.
// - Only then does a worker (a pool of 64) run httplib on the request, from memory, and
//   write the answer, which the client must take within 5 s per write and 15 s in all the
//   connection's answers together; a keep-alive connection goes back to the gate. At most
//   16 workers wait for clients that do not read; past that such a client has 100 ms, so
//   connections that pipeline requests and never read cannot hold every worker. A worker
//   is held for longer only by a live-reload stream, and there are at most
//   ServeOptions::max_streams (48) of those, 16 of them kept for loopback clients.
#include <algorithm>
#include <random>

#include "base/sockets.h"
#include "serve/server_impl.h"

namespace sitegen {

namespace {

// The watcher hands over a batch after this much quiet, and the build starts at once;
// it is published only once the writes have been quiet for ServeOptions::debounce_ms
// (a write meanwhile means another build first). A save is one burst of a millisecond
// or two, so a build slower than the debounce is no longer waited for after it.
constexpr std::chrono::milliseconds kSettle{5};

}  // namespace

Server::Impl::Impl(ServeOptions o, std::ostream& out_, std::ostream& err_)
    : options(std::move(o)),
      out(out_),
      err(err_),
      // A batch that never goes quiet (polling sees saves every few ms as one long burst)
      // still ends in time for a build to be published as often as promised.
      watcher(WatchOptions{options.poll,
                           std::min(kSettle, std::chrono::milliseconds(options.debounce_ms)),
                           std::min(std::chrono::milliseconds(1000),
                                    std::chrono::milliseconds(options.max_publish_delay_ms))}) {
  while (options.content_dir.size() > 1 && options.content_dir.back() == '/')
    options.content_dir.pop_back();
  // A random number where a process id was: the same on every system, and as unlikely
  // to repeat between two runs.
  instance = std::to_string(std::random_device{}()) + "." +
             std::to_string(Clock::now().time_since_epoch().count() % 1000000007);
  auto first = std::make_shared<ServedSite>();
  first->build_id = instance + "-0";
  site = first;
}

Server::Server(ServeOptions options, std::ostream& out, std::ostream& err)
    : impl_(std::make_unique<Impl>(std::move(options), out, err)) {}

Server::~Server() {
  stop();
}

bool Server::start(std::string* err) {
  Impl& m = *impl_;
  m.rebuild({});
  m.watcher.set_roots(m.roots);

  m.http.set_tcp_nodelay(true);  // headers and body are separate writes: no Nagle delay
  // httplib's default sets SO_REUSEPORT, which lets a second server bind a port that is
  // in use (and share its requests); SO_REUSEADDR alone still allows a quick restart.
  Socket listen_fd = kNoSocket;
  m.http.set_socket_options([&listen_fd](socket_t sock) {
    set_reuse_address(sock);
    listen_fd = sock;
  });
  m.http.set_payload_max_length(64 * 1024);
  m.http.set_pre_routing_handler(
      [&m](const httplib::Request& req, httplib::Response& res) { return m.handle(req, res); });

  if (m.options.port == 0) {
    m.port = m.http.bind_to_any_port(m.options.bind);
  } else {
    for (int i = 0; i < std::max(1, m.options.port_tries) && m.port < 0; ++i)
      if (m.options.port + i <= 65535 && m.http.bind_to_port(m.options.bind, m.options.port + i))
        m.port = m.options.port + i;
  }
  if (m.port < 0) {
    std::string where = m.options.bind + ":" + std::to_string(m.options.port);
    if (m.options.port != 0 && m.options.port_tries > 1)
      where += "-" + std::to_string(m.options.port + m.options.port_tries - 1);
    *err = "cannot listen on " + where +
           ": in use, or not an address of this machine (--port 0 picks a free port)";
    return false;
  }
  // The library listens with a backlog of 5: under 50 connections SYNs were dropped and
  // retried a second later. Listening again on the same socket raises the backlog.
  set_listen_backlog(listen_fd, 256);
  m.listen_thread = std::thread([&m] { m.http.listen_after_bind(); });
  // stop() before the accept loop runs would be lost: wait for it (bounded).
  for (int i = 0; i < 5000 && !m.http.is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  m.watch_thread = std::thread([&m] { m.watch_loop(); });
  return true;
}

void Server::stop() {
  Impl& m = *impl_;
  std::lock_guard<std::mutex> once(m.stop_mu);
  m.stop_printing = true;  // a rebuild printing cv.pdf would otherwise hold up the join below
  {
    std::lock_guard<std::mutex> lock(m.mu);
    m.stopping = true;
    m.cv.notify_all();
  }
  m.watcher.stop();
  if (m.listen_thread.joinable()) {
    m.http.stop();
    m.listen_thread.join();
  }
  m.http.stop_connections();
  if (m.watch_thread.joinable()) m.watch_thread.join();
}

bool Server::running() const {
  return impl_->http.is_running();
}

int Server::port() const {
  return impl_->port;
}

std::string Server::url() const {
  std::string host = impl_->options.bind;
  if (host == "0.0.0.0") host = "127.0.0.1";
  if (host == "::") host = "::1";
  if (host.find(':') != std::string::npos) host = "[" + host + "]";
  return "http://" + host + ":" + std::to_string(impl_->port) + impl_->current()->base_path;
}

std::string Server::watch_note() const {
  return impl_->watcher.note();
}

std::string Server::answer(std::string_view request) {
  return impl_->http.answer(request);
}

void Server::rebuild(const std::vector<std::string>& changed) {
  impl_->rebuild(changed);
}

}  // namespace sitegen
