// The bytes md4c-html 0.4.8 writes for text, URLs, entities and attributes, so the HTML
// written from md4c's callbacks (markdown.cc) is md_html()'s, byte for byte.
#pragma once

#include <md4c.h>

#include <string>
#include <string_view>

namespace sitegen::md4c_html {

// What md4c-html writes for a NUL (U+FFFD).
inline constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";

// A code block's text as it reads (for highlighting it): md4c's pieces, a NUL as U+FFFD.
inline void append_code_text(std::string& code, MD_TEXTTYPE type, std::string_view text) {
  code += type == MD_TEXT_NULLCHAR ? kReplacementChar : text;
}

// Text and attribute values: & < > " escaped, a NUL byte dropped.
void append_text(std::string& out, std::string_view text);
// A link or image URL: & as &amp;, bytes outside md4c-html's URL set as %XX.
void append_url(std::string& out, std::string_view url);
// An entity md4c found ("&eacute;", "&#233;", "&#xE9;"): the characters it names,
// escaped as a URL or as text; a name HTML does not define as written.
void append_entity(std::string& out, std::string_view entity, bool url);
// An attribute md4c hands over in parts (text, entities, NULs).
void append_attribute(std::string& out, const MD_ATTRIBUTE& attr, bool url);

}  // namespace sitegen::md4c_html
