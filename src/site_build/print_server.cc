// The print copy served with cpp-httplib's own file serving, on a thread of its own
// while the browser prints.
#include "site_build/print_server.h"

#include <httplib.h>

#include <chrono>
#include <thread>

namespace sitegen {

const char kPrintContentSecurityPolicy[] =
    "default-src 'self' 'unsafe-inline' data:; object-src 'none'";

struct PrintServer::Impl {
  httplib::Server http;
  std::thread thread;
  int port = -1;
};

PrintServer::PrintServer() : impl_(std::make_unique<Impl>()) {}

PrintServer::~PrintServer() {
  if (impl_->thread.joinable()) {
    impl_->http.stop();
    impl_->thread.join();
  }
}

bool PrintServer::start(const std::string& folder, std::string* err) {
  Impl& m = *impl_;
  // A few threads are plenty for one browser; httplib's default SO_REUSEPORT would let
  // another program bind the same port and take some of the requests, so none is set.
  m.http.new_task_queue = [] { return new httplib::ThreadPool(4); };
  m.http.set_socket_options([](socket_t) {});
  m.http.set_keep_alive_timeout(1);
  m.http.set_payload_max_length(64 * 1024);
  m.http.set_default_headers({{"Content-Security-Policy", kPrintContentSecurityPolicy},
                              {"Cache-Control", "no-store"},
                              {"X-Content-Type-Options", "nosniff"}});
  m.http.set_pre_routing_handler([&m](const httplib::Request& req, httplib::Response& res) {
    // The browser sends everything it may not load directly here (its proxy): a request
    // for another host, or a CONNECT, is turned away.
    if (req.get_header_value("Host") == "127.0.0.1:" + std::to_string(m.port) &&
        !req.path.empty() && req.path[0] == '/' && (req.method == "GET" || req.method == "HEAD"))
      return httplib::Server::HandlerResponse::Unhandled;
    res.status = 403;
    res.set_content("sitegen prints the CV from its own files only\n", "text/plain");
    return httplib::Server::HandlerResponse::Handled;
  });
  if (!m.http.set_mount_point("/", folder)) {
    *err = "cannot serve " + folder;
    return false;
  }
  m.port = m.http.bind_to_any_port("127.0.0.1");
  if (m.port < 0) {
    *err = "cannot listen on a port of 127.0.0.1";
    return false;
  }
  m.thread = std::thread([&m] { m.http.listen_after_bind(); });
  // stop() before the accept loop runs would be lost: wait for it (bounded).
  for (int i = 0; i < 5000 && !m.http.is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return true;
}

std::string PrintServer::host() const {
  return "127.0.0.1:" + std::to_string(impl_->port);
}

}  // namespace sitegen
