// The path of a URL inside a site: percent-encoding and -decoding and "." / ".."
// segments, shared by the build's link warnings, `check --links`, the output manifest,
// Markdown links, the server's redirects and the importers' requests.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// 0-15 for a hex digit in either case, -1 otherwise.
int hex_digit(char c);

// Appends byte `c` as "%XX", in the uppercase hex RFC 3986 asks for.
void append_percent_escape(std::string& out, unsigned char c);

// `s` with each byte for which `escape(byte)` is true written as "%XX". Each caller
// keeps its own set: a Location header, a request line and a manifest line differ.
template <class Escape>
std::string percent_encode(std::string_view s, Escape escape) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (escape(u))
      append_percent_escape(out, u);
    else
      out += c;
  }
  return out;
}

// "%20" and the like decoded; a `%` not followed by two hex digits stays as written.
std::string percent_decode(std::string_view s);

// `path` with "." and ".." segments resolved and empty ones dropped, keeping a trailing
// "/" (also after a final "." or ".."). A ".." at the root stays there, as browsers keep
// it; the result is false when one did.
bool remove_dot_segments(std::string_view path, std::string* out);

}  // namespace sitegen
