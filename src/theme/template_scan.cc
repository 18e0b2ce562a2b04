// The rules of kainjow mustache's parser (mustache.hpp, `parser::parse`) for finding tags,
// restated: a tag opens at the first opening delimiter, a triple mustache `{{{` (default
// delimiters only) closes at `}}}`, any other tag at the first closing delimiter; its
// contents are trimmed, and their first character says what it is.
#include "theme/template_scan.h"

namespace sitegen {

namespace {

// std::isspace in the "C" locale, which kainjow's trim uses.
bool is_kainjow_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

std::string_view kainjow_trim(std::string_view s) {
  while (!s.empty() && is_kainjow_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_kainjow_space(s.back())) s.remove_suffix(1);
  return s;
}

bool is_valid_delimiter(std::string_view d) {
  for (char c : d)
    if (c == '=' || is_kainjow_space(c)) return false;
  return !d.empty();
}

// `=<% %>=` (trimmed contents): the new delimiters, or false as kainjow refuses it.
bool parse_set_delimiters(std::string_view contents, Delimiters& d) {
  if (contents.size() < 5 || contents.back() != '=') return false;
  std::string_view inner = kainjow_trim(contents.substr(1, contents.size() - 2));
  size_t space = inner.find(' ');
  if (space == std::string_view::npos) return false;
  size_t second = inner.find_first_not_of(' ', space + 1);
  if (second == std::string_view::npos) return false;
  std::string_view open = inner.substr(0, space), close = inner.substr(second);
  if (!is_valid_delimiter(open) || !is_valid_delimiter(close)) return false;
  d.open = open;
  d.close = close;
  return true;
}

}  // namespace

TemplateScan scan_template(std::string_view text) {
  TemplateScan scan;
  Delimiters& d = scan.end;
  for (size_t pos = 0;;) {
    size_t open = text.find(d.open, pos);
    if (open == std::string_view::npos) break;
    size_t contents = open + d.open.size();
    bool triple = d.is_default() && contents < text.size() && text[contents] == d.open[0];
    std::string_view close = triple ? std::string_view("}}}") : std::string_view(d.close);
    if (triple) ++contents;
    size_t end = text.find(close, contents);
    if (end == std::string_view::npos) {
      scan.complete = false;
      break;
    }
    std::string_view raw = text.substr(contents, end - contents);
    std::string_view tag = kainjow_trim(raw);
    Delimiters at = d;
    if (!tag.empty() && tag[0] == '=') {
      if (!parse_set_delimiters(tag, d)) {
        scan.complete = false;
        break;
      }
    } else if (!triple && !tag.empty() && tag[0] == '>') {
      scan.partials.push_back(
          {std::string(kainjow_trim(tag.substr(1))), open, end + close.size(), std::move(at)});
    } else if (!triple && !tag.empty() && tag[0] == '!') {
      if (size_t inner = raw.find(d.open); inner != std::string_view::npos)
        scan.opens_in_comments.push_back(contents + inner);
    }
    pos = end + close.size();
  }
  return scan;
}

std::string set_delimiters_tag(const Delimiters& from, const Delimiters& to) {
  return from.open + "=" + to.open + " " + to.close + "=" + from.close;
}

}  // namespace sitegen
