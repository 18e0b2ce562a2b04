// Small ASCII string helpers shared by every stage. Bytes of UTF-8 sequences are never
// spaces or letters, so these are safe on any UTF-8 text.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "text/ascii.h"

namespace sitegen {

// `s` without leading and trailing ASCII white space.
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// A list written as one string, as BibTeX `keywords` are: the items between `,` and `;`,
// trimmed, empty ones left out ("systems, scheduling" -> "systems", "scheduling").
inline std::vector<std::string_view> split_keyword_list(std::string_view s) {
  std::vector<std::string_view> items;
  for (size_t start = 0; start <= s.size();) {
    size_t end = std::min(s.find_first_of(",;", start), s.size());
    if (std::string_view item = trim(s.substr(start, end - start)); !item.empty())
      items.push_back(item);
    start = end + 1;
  }
  return items;
}

// `s` with A-Z lowered.
inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = to_lower(c);
  return out;
}

// Equal but for the case of A-Z.
inline bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (to_lower(a[i]) != to_lower(b[i])) return false;
  return true;
}

// 64-bit FNV-1a of `bytes`, continuing from `h` (the basis by default): cache and file
// names by content, not a defence against anyone choosing collisions.
inline uint64_t fnv1a(std::string_view bytes, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
  return h;
}

// Eight hex digits of a 64-bit FNV-1a hash: a content version for URLs ("?v=1a2b3c4d"),
// so browsers fetch a file again only when it changed.
inline std::string short_hash(std::string_view bytes) {
  uint64_t h = fnv1a(bytes);
  char buf[17];
  std::snprintf(buf, sizeof buf, "%08llx", static_cast<unsigned long long>(h & 0xffffffffull));
  return buf;
}

}  // namespace sitegen
