// Escaping for HTML and JSON, by runs: the bytes of a ByteSet are replaced, and the runs
// between them, most of every text, are copied whole.
#pragma once

#include <string>
#include <string_view>

#include "text/ascii.h"

namespace sitegen {

// Appends `text` to `out`, handing each byte that `special` marks to escape(out, byte).
template <class Escape>
void append_escaped(std::string& out, std::string_view text, const ByteSet& special,
                    Escape escape) {
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end) {
    const char* run = p;
    while (p < end && !special(*p)) ++p;
    out.append(run, static_cast<size_t>(p - run));
    if (p == end) break;
    escape(out, *p++);
  }
}

// Appends the character reference for one of & < > " ' (other bytes append nothing).
void append_html_entity(std::string& out, char c);

// Escapes text for HTML content and attribute values.
std::string html_escape(std::string_view text);
// The same, appended to `out`.
void append_html_escaped(std::string& out, std::string_view text);

// The length of the character at s[i] if XML 1.0 does not allow it (C0 controls but
// tab, newline and carriage return; U+FFFE and U+FFFF), else 0. TOML allows them all.
size_t xml_disallowed_at(std::string_view s, size_t i);

// A JSON string literal, safe inside <script> (no "</" can close the element).
std::string json_string(std::string_view s);
void append_json_string(std::string& out, std::string_view s);

}  // namespace sitegen
