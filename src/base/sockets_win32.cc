// Sockets on Windows (Winsock 2): WSAPoll, ioctlsocket for non-blocking sockets, and a
// pair of loopback UDP sockets that wake the waiting thread, as WSAPoll waits on sockets
// alone. Windows has no SIGPIPE, so send() needs no flag.
#include <winsock2.h>
#include <ws2tcpip.h>

#include <algorithm>
#include <climits>

#include "base/sockets.h"

namespace sitegen {

namespace {

// cpp-httplib starts Winsock for the sockets it opens; the ones made here may come
// first. WSAStartup counts its calls, so one more is harmless.
bool winsock_started() {
  static const bool started = [] {
    WSADATA data;
    return ::WSAStartup(MAKEWORD(2, 2), &data) == 0;
  }();
  return started;
}

int clamp_size(size_t size) {
  return static_cast<int>(std::min<size_t>(size, INT_MAX));
}

// A socket no child process inherits (the browser --open starts, Pygments, Chromium).
SOCKET new_socket(int family, int type, int protocol, WSAPROTOCOL_INFOW* info = nullptr) {
  return ::WSASocketW(family, type, protocol, info, 0,
                      WSA_FLAG_OVERLAPPED | WSA_FLAG_NO_HANDLE_INHERIT);
}

}  // namespace

std::string socket_address(Socket s, bool peer, int* port) {
  sockaddr_storage sa{};
  int len = sizeof sa;
  *port = 0;
  if ((peer ? ::getpeername(s, reinterpret_cast<sockaddr*>(&sa), &len)
            : ::getsockname(s, reinterpret_cast<sockaddr*>(&sa), &len)) != 0)
    return "";
  char buf[INET6_ADDRSTRLEN] = "";
  if (sa.ss_family == AF_INET) {
    auto& in = reinterpret_cast<sockaddr_in&>(sa);
    ::inet_ntop(AF_INET, &in.sin_addr, buf, sizeof buf);
    *port = ntohs(in.sin_port);
  } else if (sa.ss_family == AF_INET6) {
    auto& in6 = reinterpret_cast<sockaddr_in6&>(sa);
    ::inet_ntop(AF_INET6, &in6.sin6_addr, buf, sizeof buf);
    *port = ntohs(in6.sin6_port);
  }
  return buf;
}

void prepare_connection(Socket s) {
  u_long yes = 1;
  ::ioctlsocket(s, FIONBIO, &yes);
  BOOL nodelay = TRUE;
  ::setsockopt(s, IPPROTO_TCP, TCP_NODELAY, reinterpret_cast<const char*>(&nodelay),
               sizeof nodelay);
}

void close_socket(Socket s) {
  if (s != kNoSocket) ::closesocket(s);
}

void shutdown_socket(Socket s) {
  if (s != kNoSocket) ::shutdown(s, SD_BOTH);
}

// As Python's socket.dup() on Windows: the socket shared with this same process.
Socket duplicate_socket(Socket s) {
  WSAPROTOCOL_INFOW info{};
  if (!winsock_started() || ::WSADuplicateSocketW(s, ::GetCurrentProcessId(), &info) != 0)
    return kNoSocket;
  SOCKET copy = new_socket(FROM_PROTOCOL_INFO, FROM_PROTOCOL_INFO, FROM_PROTOCOL_INFO, &info);
  return copy == INVALID_SOCKET ? kNoSocket : copy;
}

void set_reuse_address(Socket) {
  // Windows' SO_REUSEADDR would let a second server bind a port in use (and take its
  // requests); without it a port whose server stopped can be bound again at once, and
  // a port in use fails to bind, so the next one is tried.
}

void set_listen_backlog(Socket s, int backlog) {
  if (s != kNoSocket) ::listen(s, backlog);
}

long send_now(Socket s, const char* data, size_t size) {
  int n = ::send(s, data, clamp_size(size), 0);
  if (n != SOCKET_ERROR) return n;
  return ::WSAGetLastError() == WSAEWOULDBLOCK ? 0 : -1;
}

long receive_now(Socket s, char* buf, size_t size) {
  int n = ::recv(s, buf, clamp_size(size), 0);
  if (n != SOCKET_ERROR) return n;
  return ::WSAGetLastError() == WSAEWOULDBLOCK ? -1 : -2;
}

int wait_writable(Socket s, int timeout_ms) {
  WSAPOLLFD p{s, POLLWRNORM, 0};
  int ready = ::WSAPoll(&p, 1, timeout_ms);
  if (ready == 0) return 0;
  return ready > 0 && !(p.revents & (POLLERR | POLLHUP | POLLNVAL)) ? 1 : -1;
}

SocketWaiter::SocketWaiter() {
  if (!winsock_started()) return;
  SOCKET r = new_socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP);
  SOCKET w = new_socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP);
  sockaddr_in at{};
  at.sin_family = AF_INET;
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  int len = sizeof at;
  u_long yes = 1;
  if (r == INVALID_SOCKET || w == INVALID_SOCKET ||
      ::bind(r, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0 ||
      ::getsockname(r, reinterpret_cast<sockaddr*>(&at), &len) != 0 ||
      ::connect(w, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0 ||
      ::ioctlsocket(r, FIONBIO, &yes) != 0 || ::ioctlsocket(w, FIONBIO, &yes) != 0) {
    if (r != INVALID_SOCKET) ::closesocket(r);
    if (w != INVALID_SOCKET) ::closesocket(w);
    return;  // wait() then sleeps its timeout out, as the caller's timeouts are short
  }
  wake_read_ = r;
  wake_write_ = w;
}

SocketWaiter::~SocketWaiter() {
  close_socket(wake_read_);
  close_socket(wake_write_);
}

void SocketWaiter::wait(const std::vector<Socket>& sockets, std::vector<char>* ready,
                        int timeout_ms) {
  std::vector<WSAPOLLFD> fds;
  fds.reserve(sockets.size() + 1);
  if (wake_read_ != kNoSocket) fds.push_back(WSAPOLLFD{wake_read_, POLLRDNORM, 0});
  size_t first = fds.size();
  for (Socket s : sockets) fds.push_back(WSAPOLLFD{s, POLLRDNORM, 0});
  if (fds.empty())  // WSAPoll refuses an empty set
    ::Sleep(static_cast<DWORD>(std::max(timeout_ms, 0)));
  else
    ::WSAPoll(fds.data(), static_cast<ULONG>(fds.size()), timeout_ms);
  char drain[256];
  while (wake_read_ != kNoSocket && ::recv(wake_read_, drain, sizeof drain, 0) > 0) {
  }
  ready->assign(sockets.size(), 0);
  for (size_t i = 0; i < sockets.size(); ++i) (*ready)[i] = fds[first + i].revents != 0;
}

void SocketWaiter::wake() {
  char b = 1;
  if (wake_write_ != kNoSocket) ::send(wake_write_, &b, 1, 0);
}

bool parse_ipv4(const std::string& text, unsigned char out[4]) {
  return winsock_started() && ::inet_pton(AF_INET, text.c_str(), out) == 1;
}

bool parse_ipv6(const std::string& text, unsigned char out[16]) {
  return winsock_started() && ::inet_pton(AF_INET6, text.c_str(), out) == 1;
}

}  // namespace sitegen
