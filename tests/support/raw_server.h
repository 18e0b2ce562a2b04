// A server on 127.0.0.1 that answers each connection with bytes a test writes out in full,
// for what a well-behaved HTTP server never does: a head sent a byte at a time, a
// connection closed without an answer, a Location with a port past 65535, a gzip bomb.
#pragma once

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace sitegen::testing {

struct RawAnswer {
  std::string bytes;  // sent as they are, then the connection is closed
  int drip_ms = 0;    // when not 0: one byte, then this pause, and so on
};

class RawServer {
 public:
  // `answer` gets the request's head (request line and headers) of each connection.
  explicit RawServer(std::function<RawAnswer(const std::string& head)> answer)
      : answer_(std::move(answer)) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    ::listen(listen_fd_, 8);
    socklen_t len = sizeof addr;
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  // The same answer for every connection.
  explicit RawServer(RawAnswer answer)
      : RawServer([answer](const std::string&) { return answer; }) {}
  ~RawServer() {
    stop_ = true;
    thread_.join();
    ::close(listen_fd_);
  }
  RawServer(const RawServer&) = delete;
  RawServer& operator=(const RawServer&) = delete;

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int port() const { return port_; }
  std::vector<std::string> heads() {
    std::lock_guard<std::mutex> lock(mutex_);
    return heads_;
  }

 private:
  // Waits up to `ms` for fd to be readable, in steps that notice stop_.
  bool readable(int fd, int ms) {
    for (int waited = 0; waited < ms && !stop_; waited += 20) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 20) > 0) return true;
    }
    return false;
  }

  void serve() {
    while (!stop_) {
      if (!readable(listen_fd_, 20)) continue;
      int fd = ::accept(listen_fd_, nullptr, nullptr);
      if (fd < 0) continue;
      std::string head;
      char buf[4096];
      // The request's head: at most 64 KB, within 5 s.
      while (head.find("\r\n\r\n") == std::string::npos && head.size() < 65536 &&
             readable(fd, 5000)) {
        ssize_t n = ::recv(fd, buf, sizeof buf, 0);
        if (n <= 0) break;
        head.append(buf, static_cast<size_t>(n));
      }
      head = head.substr(0, head.find("\r\n\r\n"));
      {
        std::lock_guard<std::mutex> lock(mutex_);
        heads_.push_back(head);
      }
      RawAnswer a = answer_(head);
      if (a.drip_ms == 0) {
        for (size_t sent = 0; sent < a.bytes.size() && !stop_;) {
          ssize_t n = ::send(fd, a.bytes.data() + sent, a.bytes.size() - sent, MSG_NOSIGNAL);
          if (n <= 0) break;
          sent += static_cast<size_t>(n);
        }
      } else {
        // Stops when the client has gone (the send fails) or the test ends.
        for (size_t i = 0; i < a.bytes.size() && !stop_; ++i) {
          if (::send(fd, a.bytes.data() + i, 1, MSG_NOSIGNAL) != 1) break;
          std::this_thread::sleep_for(std::chrono::milliseconds(a.drip_ms));
        }
      }
      // Closed only once the client is done reading (or 2 s), so no byte is lost to a reset.
      ::shutdown(fd, SHUT_WR);
      while (readable(fd, 2000) && ::recv(fd, buf, sizeof buf, 0) > 0) {
      }
      ::close(fd);
    }
  }

  std::function<RawAnswer(const std::string&)> answer_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::vector<std::string> heads_;
  std::thread thread_;
};

}  // namespace sitegen::testing
