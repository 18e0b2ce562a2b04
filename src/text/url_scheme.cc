// The scheme state of the WHATWG URL parser, on the few bytes before the first colon.
#include "text/url_scheme.h"

#include "text/ascii.h"

namespace sitegen {

namespace {

bool is_c0_or_space(char c) {
  return static_cast<unsigned char>(c) <= ' ';
}

bool is_tab_or_newline(char c) {
  return c == '\t' || c == '\n' || c == '\r';
}

// `url` as the parser reads it: trimmed, without tabs and newlines, up to `limit` bytes
// (the scheme and what follows it are all that is looked at).
std::string cleaned(std::string_view url, size_t limit) {
  while (!url.empty() && is_c0_or_space(url.front())) url.remove_prefix(1);
  while (!url.empty() && is_c0_or_space(url.back())) url.remove_suffix(1);
  std::string out;
  for (char c : url) {
    if (is_tab_or_newline(c)) continue;
    out += c;
    if (out.size() == limit) break;
  }
  return out;
}

// A scheme: an ASCII letter, then letters, digits, `+`, `-` or `.`, then `:`.
std::string scheme_of(std::string_view s) {
  if (s.empty() || !is_alpha(s[0])) return "";
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == ':') return i ? std::string(s.substr(0, i)) : "";
    if (!is_alpha(c) && !is_digit(c) && c != '+' && c != '-' && c != '.') return "";
  }
  return "";
}

// Long enough for any scheme a page may meet and `data:image/`.
constexpr size_t kLookahead = 64;

}  // namespace

std::string url_scheme(std::string_view url) {
  std::string scheme = scheme_of(cleaned(url, kLookahead));
  for (char& c : scheme) c = to_lower(c);
  return scheme;
}

bool is_external_url(std::string_view url) {
  std::string s = cleaned(url, kLookahead);
  if (!scheme_of(s).empty()) return true;
  auto slash = [](char c) { return c == '/' || c == '\\'; };
  return s.size() >= 2 && slash(s[0]) && slash(s[1]);
}

bool is_site_path(std::string_view url) {
  return !url.empty() && url[0] != '#' && !is_external_url(url);
}

bool is_web_url(std::string_view url) {
  std::string s = url_scheme(url);
  return s == "http" || s == "https";
}

bool is_safe_link(std::string_view url) {
  std::string s = url_scheme(url);
  return s.empty() || s == "http" || s == "https" || s == "mailto" || s == "tel";
}

bool is_script_url(std::string_view url) {
  std::string s = url_scheme(url);
  if (s == "javascript" || s == "vbscript") return true;
  if (s != "data") return false;
  std::string rest = cleaned(url, kLookahead).substr(5);
  size_t i = 0;
  while (i < rest.size() && is_c0_or_space(rest[i])) ++i;
  std::string_view media = std::string_view(rest).substr(i);
  constexpr std::string_view kImage = "image/";
  if (media.size() < kImage.size()) return true;
  for (size_t k = 0; k < kImage.size(); ++k)
    if (to_lower(media[k]) != kImage[k]) return true;
  return false;
}

}  // namespace sitegen
