// A publication's venue line and badge (see venue_line.h).
#include "view/venue_line.h"

#include "text/utf8.h"

namespace sitegen {

namespace {

std::string joined(std::string a, const std::string& b) {
  if (a.empty()) return b;
  if (!b.empty()) a += ", " + b;
  return a;
}

// East Asian wide and fullwidth characters (Hangul Jamo, CJK and its punctuation, kana,
// Hangul syllables, compatibility ideographs, fullwidth forms, the supplementary
// ideographic planes): a badge's width is what matters, not their exact set.
bool is_wide(char32_t c) {
  return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) ||
         (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
         (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

}  // namespace

std::string list_venue_line(const Publication& p) {
  return joined(p.venue_full.empty() ? p.venue : p.venue_full,
                p.year ? std::to_string(p.year) : "");
}

std::string page_venue_line(const Publication& p, const std::string& date) {
  std::string named = p.venue_full;
  if (!p.venue.empty() && p.venue != p.venue_full)
    named = named.empty() ? p.venue : named + " (" + p.venue + ")";
  return joined(std::move(named), !date.empty() ? date : p.year ? std::to_string(p.year) : "");
}

bool fits_badge(std::string_view label) {
  size_t columns = 0;
  for (size_t i = 0; i < label.size() && columns <= kBadgeColumns;)
    columns += is_wide(decode_utf8(label, i)) ? 2 : 1;
  return columns <= kBadgeColumns;
}

}  // namespace sitegen
