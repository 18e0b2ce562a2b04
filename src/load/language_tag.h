// Language tags: `language` and `languages` in site.toml become `<html lang>`, hreflang
// links, folder names (/de/) and the suffix of translated keys and files, so only
// well-formed BCP 47 tags are taken, and a language's name gets the tag to write.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// A BCP 47 tag (RFC 5646) whose language is an ISO 639 code of two or three letters:
// "en", "de", "zh-Hant", "pt-BR", "sr-Latn-RS", "en-x-lab". The 4- and 5-8-letter
// language subtags the grammar reserves name no language, so "german" is not one.
bool is_language_tag(std::string_view tag);

// The tag a user probably meant by a value that is not one, or "": "german" and "Deutsch"
// -> "de", "zh_CN" -> "zh-CN".
std::string language_tag_for(std::string_view value);

// Whether `tag` starts with a language of ISO 639-1, the two-letter codes ("de", "zh-Hant",
// "pt-BR"): what a file name's last suffix must be to be taken for a language
// (pages/teaching.de.md), where a word such as `js` or `old` may also stand.
bool is_two_letter_language_tag(std::string_view tag);

// The section of the site published at /<name>/ ("cv" -> "the CV"), or "" for a name that
// is none: a language named like one would put its pages in that folder.
std::string_view section_named(std::string_view name);

}  // namespace sitegen
