// The socket calls sitegen makes itself, as the platform makes them (sockets_posix.cc;
// sockets_win32.cc: Winsock): the preview server's gate and the importers' watchdog.
// cpp-httplib opens, binds, accepts and connects; these are the calls on its sockets.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sitegen {

// A socket as cpp-httplib's socket_t holds it: a file descriptor, or Winsock's SOCKET.
#ifdef _WIN32
using Socket = std::uintptr_t;
#else
using Socket = int;
#endif
inline constexpr Socket kNoSocket = static_cast<Socket>(-1);

// The address ("127.0.0.1", "::1") and port of the other end (`peer`) or of this one;
// "" and port 0 when it is unknown.
std::string socket_address(Socket s, bool peer, int* port);
// A connection the server waits on: non-blocking, no Nagle delay, never SIGPIPE.
void prepare_connection(Socket s);
void close_socket(Socket s);
// Ends both directions, so a read blocked in another thread returns at once.
void shutdown_socket(Socket s);
// A second handle on the same connection, valid after the first is closed (so it never
// names a socket opened later); kNoSocket when none can be made.
Socket duplicate_socket(Socket s);
// A listening socket that can be bound again at once after a restart, without letting a
// second server share the port.
void set_reuse_address(Socket s);
// Listens again with a longer queue of connections not yet accepted.
void set_listen_backlog(Socket s, int backlog);

// Sends what the socket takes now: the bytes sent, 0 when it would have to wait, -1
// when the connection failed.
long send_now(Socket s, const char* data, size_t size);
// Receives what has arrived: the bytes, 0 at the end of the stream, -1 when nothing has
// arrived yet, -2 when the connection failed.
long receive_now(Socket s, char* buf, size_t size);
// Waits up to `timeout_ms` for the socket to take bytes: 1 when it does, 0 at the
// timeout, -1 when the connection failed or was hung up.
int wait_writable(Socket s, int timeout_ms);

// Waits for any of a set of sockets to have something to read, up to a timeout; another
// thread can end the wait early (wake).
class SocketWaiter {
 public:
  SocketWaiter();
  ~SocketWaiter();
  SocketWaiter(const SocketWaiter&) = delete;
  SocketWaiter& operator=(const SocketWaiter&) = delete;

  // (*ready)[i]: whether sockets[i] has something to read, or was hung up.
  void wait(const std::vector<Socket>& sockets, std::vector<char>* ready, int timeout_ms);
  void wake();

 private:
  // A pipe's ends (POSIX), or two loopback UDP sockets (Windows: WSAPoll waits on
  // sockets alone).
  Socket wake_read_ = kNoSocket;
  Socket wake_write_ = kNoSocket;
};

// An IPv4 (4 bytes) or IPv6 (16 bytes) address read from its text; false when the
// text is none.
bool parse_ipv4(const std::string& text, unsigned char out[4]);
bool parse_ipv6(const std::string& text, unsigned char out[16]);

}  // namespace sitegen
