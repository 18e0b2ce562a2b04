// The path of a URL inside a site: percent-decoding and "." / ".." segments, shared by
// the build's link warnings, `check --links` and the output manifest.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// 0-15 for a hex digit in either case, -1 otherwise.
int hex_digit(char c);

// "%20" and the like decoded; a `%` not followed by two hex digits stays as written.
std::string percent_decode(std::string_view s);

// `path` with "." and ".." segments resolved and empty ones dropped, keeping a trailing
// "/" (also after a final "." or ".."). A ".." at the root stays there, as browsers keep
// it; the result is false when one did.
bool remove_dot_segments(std::string_view path, std::string* out);

}  // namespace sitegen
