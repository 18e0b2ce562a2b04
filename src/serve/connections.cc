// The connections of the preview server: the checks on a request's bytes before httplib
// parses them, the thread that waits for requests (the gate), and the stream a worker
// hands httplib, which reads a request already received and writes with a deadline.
#include "serve/connections.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <thread>

#include "base/sockets.h"
#include "text/strings.h"

namespace sitegen {

namespace {

using Clock = std::chrono::steady_clock;

// httplib hands every accepted socket to its task queue; this one runs the job at once,
// on the accept thread, and the job only gives the socket to the gate.
class InlineQueue : public httplib::TaskQueue {
 public:
  void enqueue(std::function<void()> fn) override { fn(); }
  void shutdown() override {}
};

// What the workers' waits for clients to read share: the limits, and how many workers
// wait now (each connection's own allowance is in its Conn).
struct WriteWaits {
  explicit WriteWaits(const ConnectionLimits& l) : limits(l) {}
  const ConnectionLimits& limits;
  std::atomic<size_t> waiting{0};
};

// A request that has arrived whole, for httplib to parse, and the connection to answer
// on: a socket, or (for answer()) a string.
class RequestStream : public httplib::Stream {
 public:
  // `stall_left`: what the connection may still keep its answers waiting, all its
  // requests together (each answer with an allowance of its own, a client pipelining
  // 100 requests could hold a worker a hundred times as long).
  RequestStream(Socket fd, std::string_view request, WriteWaits* waits, Clock::duration* stall_left,
                std::string* out)
      : fd_(fd), request_(request), waits_(waits), stall_left_(stall_left), out_(out) {}

  bool is_readable() const override { return pos_ < request_.size(); }
  // A client that takes each part in time but the whole answer slowly would hold the
  // worker as long as it likes: the waits of a connection add up to limits.stall at most.
  // A client that takes nothing right now waits for it only while few workers do; past
  // limits.write_waiters it has limits.busy_write, so other requests always find a
  // worker. A live-reload stream, whose client reads at once, hardly waits at all.
  bool is_writable() const override {
    if (out_) return true;
    int ready = wait_writable(fd_, 0);
    if (ready != 0) return ready > 0;
    if (*stall_left_ <= Clock::duration::zero()) return false;
    const ConnectionLimits& limits = waits_->limits;
    bool busy = waits_->waiting.fetch_add(1) >= limits.write_waiters;
    auto wait = std::min<Clock::duration>(busy ? limits.busy_write : limits.write, *stall_left_);
    auto start = Clock::now();
    ready = wait_writable(fd_, int(std::chrono::ceil<std::chrono::milliseconds>(wait).count()));
    *stall_left_ -= Clock::now() - start;
    waits_->waiting.fetch_sub(1);
    return ready > 0;
  }
  // Never waits: the whole request is here, and nothing past it is httplib's to read.
  ssize_t read(char* ptr, size_t size) override {
    size_t n = std::min(size, request_.size() - pos_);
    std::copy_n(request_.data() + pos_, n, ptr);
    pos_ += n;
    return ssize_t(n);
  }
  using httplib::Stream::write;
  ssize_t write(const char* ptr, size_t size) override {
    if (out_) {
      out_->append(ptr, size);
      return ssize_t(size);
    }
    if (!is_writable()) return -1;  // the client took nothing for the write timeout
    return ssize_t(send_now(fd_, ptr, size));
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    address(true, ip, port);
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    address(false, ip, port);
  }
  socket_t socket() const override { return fd_; }

 private:
  void address(bool peer, std::string& ip, int& port) const {
    ip = out_ ? "" : socket_address(fd_, peer, &port);
    if (ip.empty()) {
      ip = "127.0.0.1";
      port = 0;
    }
  }

  Socket fd_;
  std::string_view request_;
  size_t pos_ = 0;
  WriteWaits* waits_;
  Clock::duration* stall_left_;
  std::string* out_;
};

// httplib answers a Range header it cannot parse ("byAes=0-0") with an empty 416 before
// any handler sees the request. A server may ignore a Range it does not understand (RFC
// 9110), so such a header line is taken out here, and the file is answered whole.
std::string_view without_unparsable_range(std::string_view request, std::string& storage) {
  size_t end = request.find("\r\n\r\n");
  if (end == std::string_view::npos) return request;
  std::string_view head = request.substr(0, end + 2);
  bool dropped = false;
  // Lines as httplib reads them: split at LF, only those ending in CRLF, the value
  // percent-decoded.
  for (size_t at = head.find('\n') + 1; at < head.size();) {
    size_t next = head.find('\n', at) + 1;
    std::string_view line = head.substr(at, next - at);
    size_t colon = line.find(':');
    bool bad = false;
    if (line.ends_with("\r\n") && colon != std::string_view::npos &&
        iequals(line.substr(0, colon), "Range")) {
      // httplib trims spaces and tabs only (a CR inside the value stays).
      std::string_view value = line.substr(colon + 1, line.size() - 2 - (colon + 1));
      while (!value.empty() && (value.back() == ' ' || value.back() == '\t'))
        value.remove_suffix(1);
      while (!value.empty() && (value[0] == ' ' || value[0] == '\t')) value.remove_prefix(1);
      httplib::Ranges ranges;
      bad = !httplib::detail::parse_range_header(
          httplib::detail::decode_url(std::string(value), false), ranges);
    }
    if (bad && !dropped) storage.assign(head.substr(0, at));
    if (!bad && dropped) storage.append(line);
    dropped = dropped || bad;
    at = next;
  }
  if (!dropped) return request;
  storage.append(request.substr(end + 2));  // the blank line and the body
  return storage;
}

const char* reason(int status) {
  switch (status) {
    case 400:
      return "Bad Request";
    case 408:
      return "Request Timeout";
    case 413:
      return "Payload Too Large";
    case 431:
      return "Request Header Fields Too Large";
    default:
      return "Error";
  }
}

}  // namespace

RequestBytes check_request_bytes(std::string_view bytes, const ConnectionLimits& limits) {
  RequestBytes r;
  auto refuse = [&](int status, std::string message) {
    r.kind = RequestBytes::kRefused;
    r.status = status;
    r.message = std::move(message);
    return r;
  };
  size_t end = bytes.find("\r\n\r\n");
  std::string_view head = bytes.substr(0, end == std::string_view::npos ? bytes.size() : end + 2);
  // Lines are counted as they arrive, so a million tiny headers are refused early.
  size_t lines = size_t(std::count(head.begin(), head.end(), '\n'));
  if (lines > limits.max_headers + 1)
    return refuse(431, "more than " + std::to_string(limits.max_headers) + " header lines");
  if (head.size() > limits.max_head)
    return refuse(
        431, "request line and headers longer than " + std::to_string(limits.max_head) + " bytes");
  if (end == std::string_view::npos) return r;
  size_t body = 0;
  bool has_length = false;
  for (size_t at = head.find("\r\n") + 2; at < head.size();) {
    size_t eol = head.find("\r\n", at);
    std::string_view line = head.substr(at, eol - at);
    at = eol + 2;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;  // httplib skips it too
    std::string_view name = line.substr(0, colon), value = trim(line.substr(colon + 1));
    if (iequals(name, "Transfer-Encoding"))
      return refuse(400, "request bodies must come with a Content-Length");
    if (!iequals(name, "Content-Length")) continue;
    if (has_length) return refuse(400, "more than one Content-Length header");
    has_length = true;
    if (value.empty() || value.size() > 9 ||
        value.find_first_not_of("0123456789") != std::string_view::npos)
      return refuse(400, "bad Content-Length");
    body = std::stoul(std::string(value));
    if (body > limits.max_body)
      return refuse(413, "request body larger than " + std::to_string(limits.max_body) + " bytes");
  }
  if (bytes.size() - (end + 4) < body) return r;
  r.kind = RequestBytes::kComplete;
  r.length = end + 4 + body;
  return r;
}

std::string plain_response(int status, const std::string& message) {
  std::string body = message + "\n";
  return "HTTP/1.1 " + std::to_string(status) + " " + reason(status) +
         "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
}

struct HttpServer::Gate {
  struct Conn {
    Socket fd = kNoSocket;
    std::string client;  // address, for the per-client limit
    std::string bytes;   // received and not yet answered
    Clock::time_point deadline;
    bool started = false;  // part of a request has arrived
    size_t served = 0;
    Clock::duration stall_left;  // see RequestStream
  };

  Gate(HttpServer& s, ConnectionLimits l) : server(s), limits(l), waits(limits) {}

  HttpServer& server;
  const ConnectionLimits limits;
  WriteWaits waits;
  std::mutex mu;                                      // guards everything below
  std::map<uint64_t, std::unique_ptr<Conn>> waiting;  // by arrival: the first waited longest
  uint64_t next_id = 1;
  std::map<std::string, size_t> per_client;  // open connections, waiting or in a worker
  size_t open = 0;
  bool running = false, stopping = false;
  std::unique_ptr<SocketWaiter> waiter;  // made with the thread
  std::thread thread;
  std::unique_ptr<httplib::ThreadPool> pool;

  void close_conn(Conn& c) {  // mu held
    close_socket(c.fd);
    if (--per_client[c.client] == 0) per_client.erase(c.client);
    --open;
  }
  void refuse(Conn& c, int status, const std::string& message) {  // mu held
    std::string text = plain_response(status, message);
    send_now(c.fd, text.data(), text.size());  // best effort
    close_conn(c);
  }
  void wake_up() { waiter->wake(); }

  // At a limit, the connection that has waited longest for its request makes room (of
  // this client, when it is the client's limit); false when none is waiting.
  bool make_room(const std::string& client) {  // mu held
    auto it = per_client.find(client);
    bool client_full = it != per_client.end() && it->second >= limits.per_client;
    if (!client_full && open < limits.total) return true;
    for (auto w = waiting.begin(); w != waiting.end(); ++w) {
      if (client_full && w->second->client != client) continue;
      close_conn(*w->second);
      waiting.erase(w);
      return true;
    }
    return false;
  }

  void add(Socket fd) {
    auto c = std::make_unique<Conn>();
    c->fd = fd;
    int port = 0;
    c->client = socket_address(fd, true, &port);
    c->stall_left = limits.stall;
    prepare_connection(fd);
    std::lock_guard<std::mutex> lock(mu);
    if (stopping || !make_room(c->client)) {
      close_socket(fd);
      return;
    }
    if (!running) {
      running = true;
      waiter = std::make_unique<SocketWaiter>();
      pool = std::make_unique<httplib::ThreadPool>(limits.workers);
      thread = std::thread([this] { run(); });
    }
    ++per_client[c->client];
    ++open;
    c->deadline = Clock::now() + limits.idle;
    waiting.emplace(next_id++, std::move(c));
    wake_up();
  }

  // Reads what arrived; then the connection waits on, goes to a worker, or is closed.
  void on_readable(std::map<uint64_t, std::unique_ptr<Conn>>::iterator it) {  // mu held
    Conn& c = *it->second;
    char buf[16 * 1024];
    bool eof = false;
    while (c.bytes.size() <= limits.max_head + limits.max_body) {
      long n = receive_now(c.fd, buf, sizeof buf);
      if (n > 0) {
        c.bytes.append(buf, size_t(n));
        continue;
      }
      eof = n == 0 || n == -2;  // -1: nothing more yet
      break;
    }
    if (!c.bytes.empty() && !c.started) {
      c.started = true;
      c.deadline = Clock::now() + limits.request;
    }
    RequestBytes r = check_request_bytes(c.bytes, limits);
    if (r.kind == RequestBytes::kRefused) {
      refuse(c, r.status, r.message);
      waiting.erase(it);
    } else if (r.kind == RequestBytes::kComplete) {
      // A request whose client has already shut its side down is still answered.
      Conn* conn = it->second.release();
      waiting.erase(it);
      pool->enqueue([this, conn] { serve(std::unique_ptr<Conn>(conn)); });
    } else if (eof) {
      close_conn(c);
      waiting.erase(it);
    }
  }

  void run() {
    std::vector<Socket> sockets;
    std::vector<uint64_t> ids;
    std::vector<char> ready;
    while (true) {
      int timeout_ms = 1000;
      {
        std::lock_guard<std::mutex> lock(mu);
        if (stopping) return;
        auto now = Clock::now();
        sockets.clear();
        ids.clear();
        for (auto it = waiting.begin(); it != waiting.end();) {
          Conn& c = *it->second;
          if (now >= c.deadline) {
            if (c.started)
              refuse(c, 408,
                     "the request did not arrive whole within " +
                         std::to_string(limits.request.count()) + " ms");
            else
              close_conn(c);
            it = waiting.erase(it);
            continue;
          }
          auto left = std::chrono::duration_cast<std::chrono::milliseconds>(c.deadline - now);
          timeout_ms = std::min<int>(timeout_ms, int(left.count()) + 1);
          sockets.push_back(c.fd);
          ids.push_back(it->first);
          ++it;
        }
      }
      waiter->wait(sockets, &ready, timeout_ms);
      std::lock_guard<std::mutex> lock(mu);
      for (size_t i = 0; i < sockets.size(); ++i) {
        if (!ready[i]) continue;
        auto it = waiting.find(ids[i]);  // gone if evicted meanwhile
        if (it != waiting.end()) on_readable(it);
      }
    }
  }

  // A worker answers the requests that have arrived, then gives the connection back.
  void serve(std::unique_ptr<Conn> c) {
    while (true) {
      RequestBytes r = check_request_bytes(c->bytes, limits);
      if (r.kind != RequestBytes::kComplete) {
        std::lock_guard<std::mutex> lock(mu);
        if (r.kind == RequestBytes::kRefused || stopping) {
          if (stopping)
            close_conn(*c);
          else
            refuse(*c, r.status, r.message);
          return;
        }
        c->started = !c->bytes.empty();
        c->deadline = Clock::now() + (c->started ? limits.request : limits.idle);
        waiting.emplace(next_id++, std::move(c));
        wake_up();
        return;
      }
      std::string storage;
      RequestStream stream(
          c->fd, without_unparsable_range(std::string_view(c->bytes).substr(0, r.length), storage),
          &waits, &c->stall_left, nullptr);
      bool last = ++c->served >= limits.requests_per_connection, closed = false;
      bool ok = server.process_request(stream, last, closed, [](httplib::Request&) {});
      c->bytes.erase(0, r.length);
      if (!ok || closed || last) {
        std::lock_guard<std::mutex> lock(mu);
        close_conn(*c);
        return;
      }
    }
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (stopping || !running) {
        stopping = true;
        return;
      }
      stopping = true;
      wake_up();
    }
    thread.join();
    pool->shutdown();  // workers finish their answers; streams end on the server's stop
    std::lock_guard<std::mutex> lock(mu);
    for (auto& [id, c] : waiting) close_conn(*c);
    waiting.clear();
    waiter.reset();
  }
};

HttpServer::HttpServer(ConnectionLimits limits) : gate_(std::make_unique<Gate>(*this, limits)) {
  new_task_queue = [] { return new InlineQueue; };
}

HttpServer::~HttpServer() {
  stop_connections();
}

bool HttpServer::process_and_close_socket(socket_t sock) {
  gate_->add(sock);
  return true;
}

void HttpServer::stop_connections() {
  gate_->stop();
}

std::string HttpServer::answer(std::string_view bytes) {
  RequestBytes r = check_request_bytes(bytes, gate_->limits);
  if (r.kind == RequestBytes::kIncomplete) return "";
  if (r.kind == RequestBytes::kRefused) return plain_response(r.status, r.message);
  std::string out;
  std::string storage;
  RequestStream stream(kNoSocket, without_unparsable_range(bytes.substr(0, r.length), storage),
                       nullptr, nullptr, &out);
  bool closed = false;
  process_request(stream, true, closed, [](httplib::Request&) {});
  return out;
}

}  // namespace sitegen
