// How the preview server takes its connections: one thread waits for the requests of
// all of them (poll), and only a request that has arrived whole reaches a worker, so a
// slow or idle client never holds one. See the model in server.cc.
#pragma once

#include <httplib.h>

#include <chrono>
#include <memory>
#include <string>
#include <string_view>

namespace sitegen {

struct ConnectionLimits {
  std::chrono::milliseconds idle{5000};     // a connection without a request is closed then
  std::chrono::milliseconds request{5000};  // a request must arrive whole this soon after it starts
  std::chrono::milliseconds write{5000};    // a client must take each part of an answer this soon
  std::chrono::milliseconds stall{15000};   // and may keep its answers waiting this long in all
  // Workers that may wait at once for clients to read (of `workers`); past that, a client
  // that does not read gets `busy_write`, so readers that never read cannot hold them all.
  size_t write_waiters = 16;
  std::chrono::milliseconds busy_write{100};
  size_t max_head = 16 * 1024;  // request line and headers
  size_t max_headers = 100;     // header lines
  size_t max_body = 64 * 1024;
  size_t per_client = 256;  // open connections from one address
  size_t total = 768;       // open connections in all (the default limit is 1,024 files)
  size_t workers = 64;
  size_t requests_per_connection = 100;
};

// What the bytes a connection has sent so far hold.
struct RequestBytes {
  enum Kind { kIncomplete, kComplete, kRefused } kind = kIncomplete;
  size_t length = 0;    // kComplete: the request's bytes, head and body
  int status = 0;       // kRefused: 400, 413 or 431
  std::string message;  // kRefused: why, one line
};
RequestBytes check_request_bytes(std::string_view bytes, const ConnectionLimits& limits);

// A short plain-text answer that closes the connection (for requests refused before
// httplib sees them).
std::string plain_response(int status, const std::string& message);

class HttpServer : public httplib::Server {
 public:
  explicit HttpServer(ConnectionLimits limits = {});
  ~HttpServer() override;

  // Answers the first request in `bytes` as a connection that sent them would be
  // answered, without a socket: what the server writes back, or "" while incomplete.
  std::string answer(std::string_view bytes);
  // Closes every connection and joins the threads; after httplib's stop().
  void stop_connections();

 private:
  bool process_and_close_socket(socket_t sock) override;  // called by the accept loop

  struct Gate;
  std::unique_ptr<Gate> gate_;
};

}  // namespace sitegen
