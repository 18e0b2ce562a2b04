// Percent-encoding and -decoding and dot segments, as browsers resolve a path.
#include "text/url_path.h"

#include <vector>

#include "text/ascii.h"

namespace sitegen {

int hex_digit(char c) {
  if (is_digit(c)) return c - '0';
  c = to_lower(c);
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

void append_percent_escape(std::string& out, unsigned char c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  out += '%';
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

std::string percent_decode(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    int hi = 0, lo = 0;
    if (s[i] == '%' && i + 2 < s.size() && (hi = hex_digit(s[i + 1])) >= 0 &&
        (lo = hex_digit(s[i + 2])) >= 0) {
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

bool remove_dot_segments(std::string_view path, std::string* out) {
  std::vector<std::string_view> parts;
  bool inside = true;
  bool folder = path.empty() || path.back() == '/';
  while (!path.empty()) {
    size_t slash = path.find('/');
    std::string_view seg = path.substr(0, slash);
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
    if (seg == "..") {
      if (parts.empty())
        inside = false;
      else
        parts.pop_back();
    } else if (!seg.empty() && seg != ".") {
      parts.push_back(seg);
    }
    if (path.empty()) folder = slash != std::string_view::npos || seg == "." || seg == "..";
  }
  out->clear();
  for (std::string_view seg : parts) *out += std::string(seg) + "/";
  if (!folder && !out->empty()) out->pop_back();
  return inside;
}

}  // namespace sitegen
