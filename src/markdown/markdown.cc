// Markdown through md4c with GitHub's dialect and TeX math; the HTML is written from
// md4c's callbacks (html_writer.cc).
#include "markdown/markdown.h"

#include <md4c.h>

#include "markdown/html_writer.h"
#include "markdown/md4c_escape.h"
#include "text/ascii.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

constexpr unsigned kParserFlags = MD_DIALECT_GITHUB | MD_FLAG_LATEXMATHSPANS;

// md4c's spans carry their destination as a view into the text when it is written
// plainly, which gives its offset; one written with escapes or entities is placed at
// the next opening bracket.
struct Collector {
  std::string_view text;  // the copy md4c reads
  std::vector<MarkdownLink> links;
  size_t searched = 0;  // links after this offset are not yet placed

  void add(const MD_ATTRIBUTE& a, bool image) {
    MarkdownLink link;
    link.image = image;
    for (unsigned i = 0; a.substr_offsets[i] < a.size; ++i) {
      const char* p = a.text + a.substr_offsets[i];
      size_t n = a.substr_offsets[i + 1] - a.substr_offsets[i];
      if (a.substr_types[i] == MD_TEXT_NULLCHAR) continue;
      link.url.append(p, n);
    }
    const char* begin = text.data();
    if (a.size > 0 && a.text >= begin && a.text + a.size <= begin + text.size()) {
      link.offset = static_cast<size_t>(a.text - begin);
    } else {
      size_t at = text.find(image ? "![" : "[", searched);
      link.offset = at == std::string_view::npos ? searched : at;
    }
    searched = link.offset + 1;
    links.push_back(std::move(link));
  }

  static int enter_span(MD_SPANTYPE type, void* detail, void* self) {
    auto* c = static_cast<Collector*>(self);
    if (type == MD_SPAN_A) c->add(static_cast<MD_SPAN_A_DETAIL*>(detail)->href, false);
    if (type == MD_SPAN_IMG) c->add(static_cast<MD_SPAN_IMG_DETAIL*>(detail)->src, true);
    return 0;
  }
  static int ignore_block(MD_BLOCKTYPE, void*, void*) { return 0; }
  static int ignore_span(MD_SPANTYPE, void*, void*) { return 0; }
  static int ignore_text(MD_TEXTTYPE, const MD_CHAR*, MD_SIZE, void*) { return 0; }
};

// The fenced blocks with a language, their text gathered as the HTML writer gathers it.
struct CodeCollector {
  std::vector<MarkdownCodeBlock> blocks;
  bool in_code = false;

  static int enter_block(MD_BLOCKTYPE type, void* detail, void* self) {
    auto* c = static_cast<CodeCollector*>(self);
    if (type != MD_BLOCK_CODE) return 0;
    const auto* d = static_cast<const MD_BLOCK_CODE_DETAIL*>(detail);
    if (d->lang.text == nullptr || d->lang.size == 0) return 0;
    c->in_code = true;
    c->blocks.push_back({std::string(d->lang.text, d->lang.size), ""});
    return 0;
  }
  static int leave_block(MD_BLOCKTYPE type, void*, void* self) {
    if (type == MD_BLOCK_CODE) static_cast<CodeCollector*>(self)->in_code = false;
    return 0;
  }
  static int text(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* self) {
    auto* c = static_cast<CodeCollector*>(self);
    if (c->in_code)
      md4c_html::append_code_text(c->blocks.back().code, type, std::string_view(text, size));
    return 0;
  }
};

}  // namespace

std::string markdown_to_html(std::string_view md, const MarkdownOptions& opts) {
  std::string out;
  out.reserve(md.size() + md.size() / 4);
  md.remove_prefix(byte_order_mark_size(md));  // MD_HTML_FLAG_SKIP_UTF8_BOM
  // md4c 0.4.8 reads the byte after a link destination that ends the input ("[x](/a"):
  // a ")" there is taken as the link's end, and md4c then reads and reports text past the
  // input, or crashes. A copy ends in a NUL, which ends nothing.
  std::string input(md);
  write_html(input, kParserFlags | (opts.allow_raw_html ? 0u : unsigned{MD_FLAG_NOHTML}), opts,
             out);
  return out;
}

std::string markdown_inline_to_html(std::string_view md, const MarkdownOptions& opts) {
  std::string html = markdown_to_html(md, opts);
  while (!html.empty() && html.back() == '\n') html.pop_back();
  // Only a single paragraph is unwrapped; anything else (a list, two paragraphs) stays whole.
  if (html.size() >= 7 && html.compare(0, 3, "<p>") == 0 &&
      html.compare(html.size() - 4, 4, "</p>") == 0 && html.find("<p>", 3) == std::string::npos)
    return html.substr(3, html.size() - 7);
  return html;
}

std::vector<MarkdownLink> markdown_links(std::string_view md) {
  size_t skipped = byte_order_mark_size(md);  // as markdown_to_html does
  std::string input(md.substr(skipped));      // ends in a NUL, as in markdown_to_html
  Collector c{input, {}, 0};
  MD_PARSER parser = {0,
                      kParserFlags,
                      &Collector::ignore_block,
                      &Collector::ignore_block,
                      &Collector::enter_span,
                      &Collector::ignore_span,
                      &Collector::ignore_text,
                      nullptr,
                      nullptr};
  md_parse(input.data(), static_cast<MD_SIZE>(input.size()), &parser, &c);
  for (MarkdownLink& l : c.links) l.offset += skipped;
  return std::move(c.links);
}

std::vector<MarkdownCodeBlock> markdown_code_blocks(std::string_view md) {
  std::string input(md.substr(byte_order_mark_size(md)));  // as markdown_to_html reads it
  CodeCollector c;
  MD_PARSER parser = {0,
                      kParserFlags,
                      &CodeCollector::enter_block,
                      &CodeCollector::leave_block,
                      &Collector::ignore_span,
                      &Collector::ignore_span,
                      &CodeCollector::text,
                      nullptr,
                      nullptr};
  md_parse(input.data(), static_cast<MD_SIZE>(input.size()), &parser, &c);
  return std::move(c.blocks);
}

std::string code_block_key(std::string_view language, std::string_view code) {
  std::string key;
  key.reserve(language.size() + 1 + code.size());
  key.append(language).append(1, '\n').append(code);
  return key;
}

}  // namespace sitegen
