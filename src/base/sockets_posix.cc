// Sockets on POSIX systems: poll, MSG_NOSIGNAL, and a pipe that wakes the waiting thread.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>

#include "base/sockets.h"

namespace sitegen {

namespace {

void set_non_blocking(int fd) {
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
}

}  // namespace

std::string socket_address(Socket s, bool peer, int* port) {
  sockaddr_storage sa{};
  socklen_t len = sizeof sa;
  *port = 0;
  if ((peer ? ::getpeername(s, reinterpret_cast<sockaddr*>(&sa), &len)
            : ::getsockname(s, reinterpret_cast<sockaddr*>(&sa), &len)) != 0)
    return "";
  char buf[INET6_ADDRSTRLEN] = "";
  if (sa.ss_family == AF_INET) {
    const auto& in = reinterpret_cast<const sockaddr_in&>(sa);
    ::inet_ntop(AF_INET, &in.sin_addr, buf, sizeof buf);
    *port = ntohs(in.sin_port);
  } else if (sa.ss_family == AF_INET6) {
    const auto& in6 = reinterpret_cast<const sockaddr_in6&>(sa);
    ::inet_ntop(AF_INET6, &in6.sin6_addr, buf, sizeof buf);
    *port = ntohs(in6.sin6_port);
  }
  return buf;
}

void prepare_connection(Socket s) {
  set_non_blocking(s);
  int yes = 1;
  ::setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
}

void close_socket(Socket s) {
  if (s >= 0) ::close(s);
}

void shutdown_socket(Socket s) {
  if (s >= 0) ::shutdown(s, SHUT_RDWR);
}

Socket duplicate_socket(Socket s) {
  return ::dup(s);
}

void set_reuse_address(Socket s) {
  int yes = 1;
  ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
}

void set_listen_backlog(Socket s, int backlog) {
  if (s >= 0) ::listen(s, backlog);
}

long send_now(Socket s, const char* data, size_t size) {
  ssize_t n = ::send(s, data, size, MSG_NOSIGNAL | MSG_DONTWAIT);
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return 0;
  return n < 0 ? -1 : long(n);
}

long receive_now(Socket s, char* buf, size_t size) {
  ssize_t n = ::recv(s, buf, size, 0);
  if (n >= 0) return long(n);
  return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? -1 : -2;
}

int wait_writable(Socket s, int timeout_ms) {
  pollfd p{s, POLLOUT, 0};
  int ready = ::poll(&p, 1, timeout_ms);
  if (ready == 0) return 0;
  return ready > 0 && !(p.revents & (POLLERR | POLLHUP)) ? 1 : -1;
}

SocketWaiter::SocketWaiter() {
  int fds[2];
  if (::pipe(fds) != 0) return;
  for (int fd : fds) {  // in two steps: macOS has no call setting both flags at once
    set_non_blocking(fd);
    ::fcntl(fd, F_SETFD, FD_CLOEXEC);
  }
  wake_read_ = fds[0];
  wake_write_ = fds[1];
}

SocketWaiter::~SocketWaiter() {
  close_socket(wake_read_);
  close_socket(wake_write_);
}

void SocketWaiter::wait(const std::vector<Socket>& sockets, std::vector<char>* ready,
                        int timeout_ms) {
  std::vector<pollfd> fds;
  fds.reserve(sockets.size() + 1);
  fds.push_back(pollfd{wake_read_, POLLIN, 0});  // ignored by poll when there is no pipe
  for (Socket s : sockets) fds.push_back(pollfd{s, POLLIN, 0});
  ::poll(fds.data(), fds.size(), timeout_ms);
  char drain[256];
  while (wake_read_ >= 0 && ::read(wake_read_, drain, sizeof drain) > 0) {
  }
  ready->assign(sockets.size(), 0);
  for (size_t i = 0; i < sockets.size(); ++i) (*ready)[i] = fds[i + 1].revents != 0;
}

void SocketWaiter::wake() {
  if (wake_write_ < 0) return;
  char b = 1;
  [[maybe_unused]] ssize_t n = ::write(wake_write_, &b, 1);
}

bool parse_ipv4(const std::string& text, unsigned char out[4]) {
  return ::inet_pton(AF_INET, text.c_str(), out) == 1;
}

bool parse_ipv6(const std::string& text, unsigned char out[16]) {
  return ::inet_pton(AF_INET6, text.c_str(), out) == 1;
}

}  // namespace sitegen
