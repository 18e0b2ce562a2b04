// Markdown to HTML, the site's one way to it: md4c parses (markdown.cc names its flags;
// nothing outside markdown/ includes md4c) and html_writer.* writes the HTML.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "text/escape.h"

namespace sitegen {

struct MarkdownOptions {
  // false: a link keeps only relative, http, https, mailto and tel URLs (is_safe_link)
  // and an image or raw HTML loses a URL that runs script; true keeps every URL
  // (`allow_javascript_urls = true` in site.toml).
  bool allow_javascript_urls = false;
  bool allow_raw_html = true;  // false for text from files the site owner did not write
  // Root-relative links and images ("/join/", "/photo.png") start with `link_prefix`
  // instead of "/" ("/repo/", or "https://u.github.io/repo/" in a feed), so content
  // written for a root site also works at /repo/. Links already under `base_path` (the
  // site's path, "/repo/"), protocol-relative and relative links are left as written;
  // an empty or "/" prefix, or an empty base_path, leaves every link as written. Both
  // must outlive the call.
  std::string_view link_prefix;
  std::string_view base_path;
  // When set, each table is in a focusable region that scrolls sideways on narrow screens
  // (keyboard users can scroll it too: WCAG 2.1.1), named this for screen readers: the
  // word for "Table" in the page's language; and each code block's <pre>, which scrolls
  // sideways too, is focusable. Must outlive the call.
  std::string_view table_label;
  // When set, the checkbox of a task list item ("- [x] done") is named this for screen
  // readers, as it has no label of its own: "Done" or "To do" in the page's language.
  // Must outlive the call.
  std::string_view task_done_label;
  std::string_view task_open_label;
  // An image with a title alone in its paragraph (`![alt](src "caption")`) becomes a
  // <figure> with the title as its <figcaption> (posts).
  bool figures = false;
  // Code blocks already highlighted (site_build/code_highlight.h), by code_block_key: a
  // fenced block whose language and code are here gets this HTML inside its
  // <pre><code class="language-x"> instead of its escaped text. Must outlive the call.
  const std::map<std::string, std::string>* code_html = nullptr;
};

// Block Markdown (bio, page bodies, abstracts, CV details).
std::string markdown_to_html(std::string_view md, const MarkdownOptions& opts = {});
// A short field (news text, notes): the same, without the wrapping <p>.
std::string markdown_inline_to_html(std::string_view md, const MarkdownOptions& opts = {});

struct MarkdownLink {
  std::string url;     // the destination as md4c reads it (escapes and references resolved)
  size_t offset = 0;   // where it is written in the text: the destination, or the link
  bool image = false;  // ![...](...) rather than [...](...)
};

// The links and images of a text with where each is written, for the build's check of
// links to the site's own files.
std::vector<MarkdownLink> markdown_links(std::string_view md);

// A fenced code block with a language (```python): the first word of its info string and
// its text as md4c reads it (each line with its newline).
struct MarkdownCodeBlock {
  std::string language;
  std::string code;
};

// The fenced code blocks of a text that name a language, in order, for the build to
// highlight them all at once before the pages are rendered.
std::vector<MarkdownCodeBlock> markdown_code_blocks(std::string_view md);

// The key of a block in MarkdownOptions::code_html: its language, a newline (which no
// language holds), its code.
std::string code_block_key(std::string_view language, std::string_view code);

}  // namespace sitegen
