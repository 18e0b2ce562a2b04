// Front matter and body of another generator's page (see page_split.h).
#include "import/page_split.h"

#include "text/utf8.h"

namespace sitegen {

std::optional<PageParts> split_page(std::string_view text, std::string* why) {
  text.remove_prefix(byte_order_mark_size(text));
  auto line_at = [&](size_t at) {
    size_t end = text.find('\n', at);
    std::string_view l = text.substr(at, end == std::string_view::npos ? end : end - at);
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ' || l.back() == '\t'))
      l.remove_suffix(1);
    return std::pair{l, end == std::string_view::npos ? text.size() : end + 1};
  };
  PageParts s;
  auto [first, next] = line_at(0);
  if (first != "---" && first != "+++") {
    s.body = text;
    return s;
  }
  s.has_front = true;
  s.yaml = first == "---";
  int line = 2;
  for (size_t at = next; at < text.size(); ++line) {
    auto [l, after] = line_at(at);
    if (l == first || (s.yaml && l == "...")) {
      s.front = text.substr(next, at - next);
      s.body = text.substr(after);
      s.body_line = line + 1;
      return s;
    }
    at = after;
  }
  *why = std::string("the front matter has no closing `") + std::string(first) + "` line";
  return std::nullopt;
}

}  // namespace sitegen
