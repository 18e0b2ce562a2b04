// What the preview server accepts of a request's headers: the Host and Origin a page
// on this machine sends (DNS rebinding gets a 403), and the one byte range it serves.
#include <limits>

#include "base/sockets.h"
#include "serve/serve.h"
#include "text/ascii.h"
#include "text/strings.h"

namespace sitegen {

namespace {

// Decimal digits as a size; a value past size_t saturates (it is past any body anyway).
bool parse_size(std::string_view s, size_t* out) {
  if (s.empty()) return false;
  size_t v = 0;
  for (char c : s) {
    if (!is_digit(c)) return false;
    size_t d = size_t(c - '0');
    v = v > (std::numeric_limits<size_t>::max() - d) / 10 ? std::numeric_limits<size_t>::max()
                                                          : v * 10 + d;
  }
  *out = v;
  return true;
}

bool is_ip_literal(std::string_view name) {
  unsigned char buf[16];
  if (name.size() > 2 && name.front() == '[' && name.back() == ']')
    return parse_ipv6(std::string(name.substr(1, name.size() - 2)), buf);
  return parse_ipv4(std::string(name), buf);
}

}  // namespace

ByteRange choose_range(std::string_view header, size_t size) {
  ByteRange whole{200, 0, size, ""};
  std::string_view spec = trim(header);
  // RFC 9110: a Range the server does not understand is ignored, so is a list of
  // ranges (answered whole: a multipart body is not worth its complexity here).
  if (spec.size() < 6 || !iequals(spec.substr(0, 6), "bytes=")) return whole;
  spec = trim(spec.substr(6));
  if (spec.find(',') != std::string_view::npos) return whole;
  size_t dash = spec.find('-');
  if (dash == std::string_view::npos) return whole;
  std::string_view first_text = trim(spec.substr(0, dash)), last_text = trim(spec.substr(dash + 1));
  size_t first = 0, last = 0;
  bool has_first = parse_size(first_text, &first), has_last = parse_size(last_text, &last);
  if ((!has_first && !first_text.empty()) || (!has_last && !last_text.empty())) return whole;
  if (!has_first && !has_last) return whole;
  if (has_first && has_last && last < first) return whole;
  ByteRange r{416, 0, 0, "bytes */" + std::to_string(size)};
  if (!has_first) {  // the last `last` bytes
    if (last == 0 || size == 0) return r;
    r.offset = size - std::min(last, size);
  } else {
    if (first >= size) return r;
    r.offset = first;
  }
  size_t end = has_first && has_last ? std::min(last, size - 1) : size - 1;
  r.status = 206;
  r.length = end - r.offset + 1;
  r.content_range =
      "bytes " + std::to_string(r.offset) + "-" + std::to_string(end) + "/" + std::to_string(size);
  return r;
}

bool allowed_host(std::string_view host, std::string_view bind, int port) {
  std::string_view name = host, port_text;
  if (host.starts_with('[')) {
    size_t close = host.find(']');
    if (close == std::string_view::npos) return false;
    name = host.substr(0, close + 1);
    std::string_view rest = host.substr(close + 1);
    if (!rest.empty()) {
      if (rest[0] != ':') return false;
      port_text = rest.substr(1);
      if (port_text.empty()) return false;
    }
  } else if (size_t colon = host.find(':'); colon != std::string_view::npos) {
    name = host.substr(0, colon);
    port_text = host.substr(colon + 1);
    if (port_text.empty()) return false;
  }
  if (!port_text.empty() && port_text != std::to_string(port)) return false;
  if (name.empty()) return false;
  std::string bound(bind);
  if (bound.find(':') != std::string::npos) bound = "[" + bound + "]";
  for (std::string_view ok : {std::string_view("127.0.0.1"), std::string_view("localhost"),
                              std::string_view("[::1]"), std::string_view(bound)})
    if (iequals(name, ok)) return true;
  // Bound to every address, the server is reached by any of the machine's addresses;
  // rebinding needs a name, so an address literal is always this machine's.
  return (bind == "0.0.0.0" || bind == "::") && is_ip_literal(name);
}

bool allowed_origin(std::string_view origin, std::string_view bind, int port) {
  constexpr std::string_view kScheme = "http://";
  if (origin.size() <= kScheme.size() || !iequals(origin.substr(0, kScheme.size()), kScheme))
    return false;
  std::string_view host = origin.substr(kScheme.size());
  if (host.find_first_of("/?#@") != std::string_view::npos) return false;
  // A Host may leave its port out; an origin without one is port 80's, another server's
  // pages unless this one listens there.
  size_t name_end = host.starts_with('[') ? host.find(']') : 0;
  if (name_end == std::string_view::npos) return false;
  if (host.find(':', name_end) == std::string_view::npos && port != 80) return false;
  return allowed_host(host, bind, port);
}

bool is_loopback_address(std::string_view ip) {
  if (ip.starts_with("::ffff:")) ip.remove_prefix(7);
  unsigned char v4[4];
  if (parse_ipv4(std::string(ip), v4)) return v4[0] == 127;
  unsigned char v6[16];
  if (!parse_ipv6(std::string(ip), v6)) return false;
  for (int i = 0; i < 15; ++i)
    if (v6[i] != 0) return false;
  return v6[15] == 1;
}

bool may_open_stream(const std::map<std::string, int>& open, const std::string& client,
                     const ServeOptions& options) {
  int all = 0, remote = 0, mine = 0;
  for (const auto& [address, n] : open) {
    all += n;
    if (!is_loopback_address(address)) remote += n;
    if (address == client) mine = n;
  }
  if (all >= options.max_streams || mine >= options.max_client_streams) return false;
  return is_loopback_address(client) || remote < options.max_streams - options.loopback_streams;
}

}  // namespace sitegen
