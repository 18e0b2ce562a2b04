// find_math (math_flags.h).
#include "load/math_flags.h"

#include <algorithm>

#include "base/parallel.h"
#include "markdown/markdown.h"
#include "markdown/math.h"

namespace sitegen {

namespace {

// Only a `$` (a math span) or a `<` (raw HTML) can put a math element into a text's
// HTML, so texts without either need not be rendered.
bool may_hold_math(const std::string& text) {
  return text.find_first_of("$<") != std::string::npos;
}

// Block Markdown: a bio, a page's body, an abstract, a CV entry's details.
bool block_math(const std::string& text, bool trusted = true) {
  MarkdownOptions o;
  o.allow_raw_html = trusted;
  return may_hold_math(text) && has_math(markdown_to_html(text, o));
}

// Inline Markdown: a paper's note, a news item.
bool inline_math(const std::string& text, bool trusted = true) {
  MarkdownOptions o;
  o.allow_raw_html = trusted;
  return may_hold_math(text) && has_math(markdown_inline_to_html(text, o));
}

// A plain-text title in which `$...$` is math.
bool title_math(const std::string& text) {
  return text.find('$') != std::string::npos && has_math(text_with_math_html(text));
}

}  // namespace

void find_math(Site& site) {
  // Papers are independent, and a large list has thousands: they are looked at on all
  // cores.
  parallel_for(site.publications.size(), 256, [&](size_t i) {
    Publication& p = site.publications[i];
    p.has_math = title_math(p.title) || inline_math(p.note, p.note_trusted) ||
                 block_math(p.abstract, p.abstract_trusted);
  });
  auto any = [](const auto& items, auto pred) {
    return std::any_of(items.begin(), items.end(), pred);
  };
  site.has_math =
      any(site.publications, [](const Publication& p) { return p.has_math; }) ||
      any(site.news, [](const NewsItem& n) { return inline_math(n.text); }) ||
      block_math(site.bio) ||
      any(site.members, [](const Member& m) { return block_math(m.bio); }) ||
      any(site.pages, [](const Page& pg) { return block_math(pg.body); }) ||
      any(site.posts, [](const Post& p) { return block_math(p.body); }) ||
      any(site.projects, [](const Project& p) { return block_math(p.body); }) ||
      any(site.talks,
          [](const Talk& t) { return title_math(t.title) || block_math(t.abstract); }) ||
      any(site.cv, [](const CvSection& s) {
        return std::any_of(s.entries.begin(), s.entries.end(),
                           [](const CvEntry& e) { return block_math(e.details); });
      });
}

}  // namespace sitegen
