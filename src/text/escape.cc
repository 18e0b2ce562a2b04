// HTML text and JSON strings, escaped by runs (escape.h).
#include "text/escape.h"

#include <cstdio>

namespace sitegen {

void append_html_entity(std::string& out, char c) {
  switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      break;
  }
}

void append_html_escaped(std::string& out, std::string_view text) {
  static constexpr ByteSet kEscaped("&<>\"'");
  append_escaped(out, text, kEscaped, append_html_entity);
}

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 16);
  append_html_escaped(out, text);
  return out;
}

size_t xml_disallowed_at(std::string_view s, size_t i) {
  auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x20) return c == '\t' || c == '\n' || c == '\r' ? 0 : 1;
  if (c == 0xEF && i + 2 < s.size() && s[i + 1] == '\xBF' &&
      (static_cast<unsigned char>(s[i + 2]) & 0xFE) == 0xBE)
    return 3;
  return 0;
}

std::string json_string(std::string_view s) {
  std::string out;
  append_json_string(out, s);
  return out;
}

void append_json_string(std::string& out, std::string_view s) {
  // What JSON (control characters, quotes, backslashes) or a <script> element (`<`, `>`,
  // `&`) cannot hold as it is.
  static constexpr ByteSet kSpecial("\"\\<>&", true);
  out.reserve(out.size() + s.size() + 2);
  out += '"';
  append_escaped(out, s, kSpecial, [](std::string& o, char c) {
    switch (c) {
      case '"':
        o += "\\\"";
        break;
      case '\\':
        o += "\\\\";
        break;
      case '\n':
        o += "\\n";
        break;
      case '\r':
        o += "\\r";
        break;
      case '\t':
        o += "\\t";
        break;
      case '<':
        o += "\\u003c";
        break;
      case '>':
        o += "\\u003e";
        break;
      case '&':
        o += "\\u0026";
        break;
      default: {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        o += buf;
      }
    }
  });
  out += '"';
}

}  // namespace sitegen
