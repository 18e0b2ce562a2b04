// Mustache tags found as kainjow's parser finds them, without compiling: the delimiters
// in force, set-delimiter tags, comments and partials. The theme expands partials before
// kainjow compiles a page, so it must see a `{{> name}}` exactly where kainjow would: not
// inside a comment, and after `{{=<% %>=}}` as `<%> name %>`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

struct Delimiters {
  std::string open = "{{";
  std::string close = "}}";
  bool is_default() const { return open == "{{" && close == "}}"; }
  bool operator==(const Delimiters&) const = default;
};

struct PartialTag {
  std::string name;
  size_t begin = 0;       // the tag's first byte in the text
  size_t end = 0;         // one past its last
  Delimiters delimiters;  // in force where it stands
};

struct TemplateScan {
  std::vector<PartialTag> partials;
  // Offsets of an opening delimiter inside a comment. A comment ends at the first closing
  // delimiter, so `{{! was {{> icon}} }}` ends after `icon` and ` }}` is page text.
  std::vector<size_t> opens_in_comments;
  Delimiters end;        // in force at the end of the text
  bool complete = true;  // false: stopped at an unclosed tag or a bad set-delimiter tag
};

TemplateScan scan_template(std::string_view text);

// The tag that switches from delimiters `from` to `to`, written in `from`:
// `{{=<% %>=}}`.
std::string set_delimiters_tag(const Delimiters& from, const Delimiters& to);

}  // namespace sitegen
