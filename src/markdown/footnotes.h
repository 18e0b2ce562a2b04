// Footnotes and citations, which md4c does not know: `[^label]` in the text refers to a definition
// `[^label]: text` on a line of its own (continued on lines indented by four spaces).
// The definitions are taken out of the text before md4c reads it; the writer numbers the
// references as it meets them (html_writer.h), and the notes follow the text as a list,
// each with links back to where it is referred to.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "markdown/markdown.h"

namespace sitegen {

struct FootnoteDefinition {
  std::string label;
  std::string text;  // Markdown
};

// `md` without its footnote definitions (each line of one left empty, so lines keep their
// numbers), which go to `defs` in the order written; the first of two with one label
// counts. Lines inside fenced code blocks are never definitions.
std::string take_footnote_definitions(std::string_view md, std::vector<FootnoteDefinition>& defs);

// The words of the notes' list, in the page's language; `back` holds {n}.
struct FootnoteWords {
  std::string_view heading = "Footnotes";
  std::string_view back = "Back to reference {n}";
};

// What a text may cite with `[@key]`: each key with the URL its citation links to.
struct Citable {
  std::vector<std::string> keys;
  std::vector<std::string> urls;
};

struct NotedHtml {
  std::string html;
  std::vector<size_t> cited;  // indexes into Citable::keys, in the order of first citation
};

// Block Markdown with footnotes: the text's HTML, then the notes referred to, numbered
// in the order of their first reference. A reference to no definition stays as written.
// With `citable`, `[@key]` and `[@key1; @key2]` of keys it holds are numbered links
// ("[1]", "[1, 2]"), numbered in the order of first citation; the caller lists them.
NotedHtml markdown_with_notes_to_html(std::string_view md, const MarkdownOptions& opts,
                                      const FootnoteWords& words = {},
                                      const Citable* citable = nullptr);
inline std::string markdown_with_footnotes_to_html(std::string_view md, const MarkdownOptions& opts,
                                                   const FootnoteWords& words = {}) {
  return markdown_with_notes_to_html(md, opts, words).html;
}

}  // namespace sitegen
