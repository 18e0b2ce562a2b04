// parse_base_url: the one place a base_url is normalised, and base_url_problem, what
// one may hold.
#include "base/base_url.h"

#include <cstdio>

#include "text/ascii.h"
#include "text/strings.h"
#include "text/url_path.h"

namespace sitegen {

namespace {

// What a URL path may hold as it is (RFC 3986: unreserved, sub-delims, ':', '@', '/'),
// besides `%` with two hex digits.
bool is_path_char(char c) {
  if (is_alpha(c) || is_digit(c)) return true;
  return std::string_view("-._~!$&'()*+,;=:@/").find(c) != std::string_view::npos;
}

std::string path_problem(std::string_view path) {
  for (size_t i = 0; i < path.size(); ++i) {
    char c = path[i];
    if (is_path_char(c)) continue;
    if (c == '%' && i + 2 < path.size() && hex_digit(path[i + 1]) >= 0 &&
        hex_digit(path[i + 2]) >= 0)
      continue;
    auto u = static_cast<unsigned char>(c);
    if (c == '?' || c == '#')
      return std::string("it has a ") + (c == '?' ? "query (`?`)" : "fragment (`#`)") +
             ", which a site's address cannot have";
    if (u >= 0x80)
      return "it holds a character other than ASCII (write it percent-encoded, as %C3%A9 for é)";
    if (c == ' ') return "it holds a space (write %20)";
    if (u < 0x20 || u == 0x7F) {
      char code[8];
      std::snprintf(code, sizeof code, "U+%04X", u);
      return std::string("it holds the control character ") + code;
    }
    if (c == '%') return "it holds a `%` that is not followed by two hex digits";
    return "it holds `" + std::string(1, c) + "`";
  }
  return "";
}

std::string host_problem(std::string_view host) {
  if (host.empty()) return "it has no host name after `://`";
  std::string_view name = host;
  if (size_t colon = host.rfind(':'); colon != std::string_view::npos && host.back() != ']') {
    std::string_view port = host.substr(colon + 1);
    bool digits = !port.empty() && port.size() <= 5;
    for (char c : port) digits = digits && is_digit(c);
    if (!digits || std::stoi(std::string(port)) > 65535)
      return "its port `" + std::string(port) + "` is not a number from 0 to 65535";
    name = host.substr(0, colon);
  }
  if (name.starts_with('[') && name.ends_with(']')) {  // an IPv6 address
    for (char c : name.substr(1, name.size() - 2))
      if (!is_digit(c) && !(to_lower(c) >= 'a' && to_lower(c) <= 'f') && c != ':' && c != '.')
        return "its host `" + std::string(name) + "` is not an IPv6 address";
    return "";
  }
  if (name.empty()) return "it has no host name after `://`";
  for (char c : name) {
    if (is_alpha(c) || is_digit(c) || c == '-' || c == '.') continue;
    if (static_cast<unsigned char>(c) >= 0x80)
      return "its host name holds a character other than ASCII (write the name's xn-- form)";
    return "its host name holds `" + std::string(1, c) + "`";
  }
  return "";
}

}  // namespace

std::string base_url_problem(std::string_view text) {
  size_t scheme = text.find("://");
  if (scheme == std::string_view::npos) {
    if (text.starts_with("//"))
      return "it starts with `//` (write the full address, such as \"https:" + std::string(text) +
             "\")";
    if (size_t colon = text.find(':'); colon != std::string_view::npos &&
                                       text.substr(0, colon).find('/') == std::string_view::npos)
      return "it has the scheme `" + std::string(text.substr(0, colon)) +
             ":`, but a site is at an http:// or https:// address";
    return path_problem(text);
  }
  std::string name = ascii_lower(text.substr(0, scheme));
  if (name != "http" && name != "https")
    return "it starts with `" + std::string(text.substr(0, scheme + 3)) +
           "`, but a site is at an http:// or https:// address";
  std::string_view rest = text.substr(scheme + 3);
  size_t slash = rest.find('/');
  std::string_view host = rest.substr(0, slash);
  for (char c : host) {
    if (c == '@')
      return "it names a user before the host (`@`), which a site's address cannot have";
    // Brackets of an IPv6 address and letters other than ASCII: the host check's to judge.
    if (c == '[' || c == ']' || static_cast<unsigned char>(c) >= 0x80) continue;
    if (std::string p = path_problem(std::string_view(&c, 1)); !p.empty()) return p;
  }
  if (std::string p = host_problem(host); !p.empty()) return p;
  return slash == std::string_view::npos ? "" : path_problem(rest.substr(slash));
}

BaseUrl parse_base_url(std::string_view text) {
  BaseUrl b;
  size_t scheme = text.find("://");
  if (scheme == std::string_view::npos) {
    b.root = text.starts_with('/') ? std::string(text) : "/" + std::string(text);
  } else {
    size_t path = text.find('/', scheme + 3);
    b.root = path == std::string_view::npos ? "/" : std::string(text.substr(path));
    b.abs = text;
    if (b.abs.back() != '/') b.abs += '/';
  }
  if (b.root.back() != '/') b.root += '/';
  return b;
}

}  // namespace sitegen
