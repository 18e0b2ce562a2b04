// Front matter: `+++` on the first line, TOML, `+++` on a line of its own.
#include "load/frontmatter.h"

#include "text/utf8.h"

namespace sitegen {

namespace {

// The line starting at `pos`, without "\n" or "\r\n"; *next is where the next line starts.
std::string_view line_at(std::string_view text, size_t pos, size_t* next) {
  size_t nl = text.find('\n', pos);
  size_t end = nl == std::string_view::npos ? text.size() : nl;
  *next = nl == std::string_view::npos ? text.size() : nl + 1;
  std::string_view line = text.substr(pos, end - pos);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  return line;
}

}  // namespace

std::optional<FrontMatter> split_front_matter(std::string_view text, std::string* why) {
  FrontMatter fm;
  text.remove_prefix(byte_order_mark_size(text));
  size_t pos = 0;
  if (line_at(text, 0, &pos) != "+++") {
    fm.body = text;
    return fm;
  }
  fm.toml = "\n";
  int line = 2;
  while (pos < text.size()) {
    size_t next;
    std::string_view l = line_at(text, pos, &next);
    if (l == "+++") {
      fm.body = text.substr(next);
      fm.body_line = line + 1;
      return fm;
    }
    fm.toml.append(text.substr(pos, next - pos));
    pos = next;
    ++line;
  }
  *why = "front matter opened with `+++` on line 1 is never closed (expected a line `+++`)";
  return std::nullopt;
}

}  // namespace sitegen
