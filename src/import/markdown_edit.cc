// Link edits in Markdown text (see markdown_edit.h).
#include "import/markdown_edit.h"

#include <algorithm>
#include <vector>

namespace sitegen {

namespace {

struct Span {
  size_t open = 0;       // the `[` (or the `!` of an image)
  size_t text_from = 0;  // the link text: [text_from, text_to)
  size_t text_to = 0;
  size_t dest_from = 0;  // the destination as written (inside `<...>` when so written)
  size_t dest_to = 0;
  size_t close = 0;  // one past the `)`
};

// The parts of the inline link whose destination md4c found at `at`, or false.
bool inline_link(std::string_view md, const MarkdownLink& l, Span* s) {
  size_t at = l.offset;
  if (at >= md.size() || md.compare(at, l.url.size(), l.url) != 0) return false;
  s->dest_from = at;
  s->dest_to = at + l.url.size();
  size_t paren = at;
  if (paren > 0 && md[paren - 1] == '<') {
    if (s->dest_to >= md.size() || md[s->dest_to] != '>') return false;
    --paren;
  }
  if (paren < 2 || md[paren - 1] != '(' || md[paren - 2] != ']') return false;
  size_t close_bracket = paren - 2;
  int depth = 0;
  size_t open = std::string_view::npos;
  for (size_t i = close_bracket; i-- > 0;) {
    if (i > 0 && md[i - 1] == '\\') continue;
    if (md[i] == ']') ++depth;
    if (md[i] == '[') {
      if (depth == 0) {
        open = i;
        break;
      }
      --depth;
    }
  }
  if (open == std::string_view::npos) return false;
  s->text_from = open + 1;
  s->text_to = close_bracket;
  s->open = l.image ? open - 1 : open;
  if (l.image && (open == 0 || md[open - 1] != '!')) return false;
  size_t i = s->dest_to + (md[paren] == '<' ? 1 : 0);
  while (i < md.size() && (md[i] == ' ' || md[i] == '\t' || md[i] == '\n')) ++i;
  if (i < md.size() && (md[i] == '"' || md[i] == '\'' || md[i] == '(')) {
    char end = md[i] == '(' ? ')' : md[i];
    size_t q = md.find(end, i + 1);
    if (q == std::string_view::npos) return false;
    i = q + 1;
    while (i < md.size() && (md[i] == ' ' || md[i] == '\t' || md[i] == '\n')) ++i;
  }
  if (i >= md.size() || md[i] != ')') return false;
  s->close = i + 1;
  return true;
}

}  // namespace

std::string edit_markdown_links(std::string_view md,
                                const std::function<LinkChange(const MarkdownLink&)>& decide,
                                const std::function<void(const MarkdownLink&)>& unchanged) {
  struct Edit {
    size_t from, to;
    std::string text;
  };
  std::vector<Edit> edits;
  for (const MarkdownLink& l : markdown_links(md)) {
    LinkChange c = decide(l);
    if (c.kind == LinkChange::kKeep) continue;
    Span s;
    if (!inline_link(md, l, &s)) {
      if (unchanged) unchanged(l);
      continue;
    }
    if (c.kind == LinkChange::kAddress)
      edits.push_back({s.dest_from, s.dest_to, c.url});
    else
      edits.push_back(
          {s.open, s.close,
           l.image ? "" : std::string(md.substr(s.text_from, s.text_to - s.text_from))});
  }
  // Later edits first, so the offsets of earlier ones hold; nested ones (an image inside a
  // link that goes) are dropped with their outer one.
  std::sort(edits.begin(), edits.end(),
            [](const Edit& a, const Edit& b) { return a.from > b.from; });
  std::string out(md);
  size_t limit = out.size();
  for (const Edit& e : edits) {
    if (e.to > limit) continue;
    out.replace(e.from, e.to - e.from, e.text);
    limit = e.from;
  }
  return out;
}

}  // namespace sitegen
