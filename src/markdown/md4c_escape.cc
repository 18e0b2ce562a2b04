// md4c-html's escaping rules (md4c-html.c: render_html_escaped, render_url_escaped,
// render_entity, render_attribute), including its quirks, which md_html() output has.
#include "markdown/md4c_escape.h"

#include <md4c-html.h>

#include "text/ascii.h"
#include "text/escape.h"
#include "text/url_path.h"
#include "text/utf8.h"

namespace sitegen::md4c_html {

namespace {

// md4c-html builds its table with strchr(), which also finds a NUL (the terminator):
// so a NUL is special in text (and dropped there) but not in URLs (kept as it is).
constexpr ByteSet kTextSpecial(std::string_view("\"&<>\0", 5));

constexpr ByteSet url_special() {
  ByteSet s("");
  constexpr std::string_view kKept = "-_.+!*(),%#@?=;:/,+$";
  for (int c = 1; c < 256; ++c) {
    char ch = static_cast<char>(c);
    s.has[c] = !is_alpha(ch) && !is_digit(ch) && kKept.find(ch) == std::string_view::npos;
  }
  return s;
}
constexpr ByteSet kUrlSpecial = url_special();

// A code point as UTF-8; 0 and values past U+10FFFF as U+FFFD (render_utf8_codepoint).
void append_code_point(std::string& out, unsigned cp, bool url) {
  std::string utf8;
  if (cp == 0 || cp > 0x10FFFF)
    utf8 = kReplacementChar;
  else
    append_utf8(utf8, static_cast<char32_t>(cp));
  url ? append_url(out, utf8) : append_text(out, utf8);
}

unsigned hex_value(char c) {
  if (c >= '0' && c <= '9') return static_cast<unsigned>(c - '0');
  if (c >= 'A' && c <= 'Z') return static_cast<unsigned>(c - 'A' + 10);
  return static_cast<unsigned>(c - 'a' + 10);
}

// md4c-html holds the HTML5 entity table but exports no lookup for it, so a named
// entity is handed to md_html() alone: "<p>" + its characters as text + "</p>\n".
void append_named_entity(std::string& out, std::string_view entity, bool url) {
  std::string html;
  md_html(
      entity.data(), static_cast<MD_SIZE>(entity.size()),
      [](const MD_CHAR* s, MD_SIZE n, void* ud) { static_cast<std::string*>(ud)->append(s, n); },
      &html, 0, 0);
  std::string_view text = html;
  if (!text.starts_with("<p>") || !text.ends_with("</p>\n")) {
    url ? append_url(out, entity) : append_text(out, entity);
    return;
  }
  text = text.substr(3, text.size() - 3 - 5);
  if (!url) {
    out += text;
    return;
  }
  // The characters themselves, without their text escaping, escaped as a URL.
  std::string chars;
  for (size_t i = 0; i < text.size(); ++i) {
    std::string_view rest = text.substr(i);
    char c = text[i];
    for (auto [name, ch] :
         {std::pair{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}}) {
      if (rest.starts_with(name)) {
        c = ch;
        i += std::string_view(name).size() - 1;
        break;
      }
    }
    chars += c;
  }
  append_url(out, chars);
}

}  // namespace

void append_text(std::string& out, std::string_view text) {
  // md4c's text may hold NULs, which the entity table drops.
  append_escaped(out, text, kTextSpecial, append_html_entity);
}

void append_url(std::string& out, std::string_view url) {
  append_escaped(out, url, kUrlSpecial, [](std::string& o, char c) {
    if (c == '&')
      o += "&amp;";
    else
      append_percent_escape(o, static_cast<unsigned char>(c));
  });
}

void append_entity(std::string& out, std::string_view entity, bool url) {
  // md4c reports only well-formed ones: "&#" 1-7 digits ";" or "&#x" 1-6 hex digits ";".
  if (entity.size() > 3 && entity[1] == '#') {
    unsigned cp = 0;
    if (entity[2] == 'x' || entity[2] == 'X') {
      for (size_t i = 3; i + 1 < entity.size(); ++i) cp = 16 * cp + hex_value(entity[i]);
    } else {
      for (size_t i = 2; i + 1 < entity.size(); ++i)
        cp = 10 * cp + static_cast<unsigned>(entity[i] - '0');
    }
    append_code_point(out, cp, url);
    return;
  }
  append_named_entity(out, entity, url);
}

void append_attribute(std::string& out, const MD_ATTRIBUTE& attr, bool url) {
  for (int i = 0; attr.substr_offsets[i] < attr.size; ++i) {
    MD_OFFSET off = attr.substr_offsets[i];
    std::string_view part(attr.text + off, attr.substr_offsets[i + 1] - off);
    switch (attr.substr_types[i]) {
      case MD_TEXT_NULLCHAR:
        out += kReplacementChar;
        break;
      case MD_TEXT_ENTITY:
        append_entity(out, part, url);
        break;
      default:
        url ? append_url(out, part) : append_text(out, part);
        break;
    }
  }
}

}  // namespace sitegen::md4c_html
