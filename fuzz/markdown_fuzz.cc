// Fuzzes the Markdown renderer (markdown_to_html, markdown_inline_to_html) with the options
// of a page, for the owner's and others' text, and holds it to md_html() and to its rules.
#include <md4c-html.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "markdown/markdown.h"
#include "text/html_scan.h"
#include "text/url_scheme.h"

namespace {

using sitegen::MarkdownOptions;

void fail(const char* what, std::string_view html) {
  std::fprintf(stderr, "markdown_fuzz: %s in:\n%.*s\n", what, static_cast<int>(html.size()),
               html.data());
  std::abort();
}

size_t count(std::string_view s, std::string_view what) {
  size_t n = 0;
  for (size_t at = s.find(what); at != std::string_view::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

// The URLs of the page as a browser reads them (html_scan.h, entities decoded): no
// script URL, and every root-relative one under `prefix`.
void check_urls(std::string_view html, std::string_view prefix) {
  for (const std::string& url : sitegen::html_urls(html)) {
    if (sitegen::is_script_url(url)) fail("a script URL", html);
    if (url.starts_with('/') && !url.starts_with("//") && !url.starts_with(prefix))
      fail("a root-relative URL not under the base path", html);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view md(reinterpret_cast<const char*>(data), size);

  // Text from others (BibTeX): no raw HTML, so every tag is the renderer's own, and the
  // rules hold for the page as a browser reads it: URLs, and one region per table.
  MarkdownOptions page;
  page.allow_raw_html = false;
  page.link_prefix = "/p/";
  page.base_path = "/p/";
  page.table_label = "Table";
  std::string html = sitegen::markdown_to_html(md, page);
  check_urls(html, "/p/");
  if (count(html, "<div class=\"table-scroll\"") != count(html, "</table></div>"))
    fail("a table region not closed", html);
  sitegen::markdown_inline_to_html(md, page);

  // The owner's text, raw HTML included: its URL attributes are read with the tokenizer.
  page.allow_raw_html = true;
  sitegen::markdown_to_html(md, page);

  // Where nothing is to change, the HTML is md_html()'s, byte for byte (math aside).
  if (md.find('$') == std::string_view::npos) {
    MarkdownOptions keep;
    keep.allow_javascript_urls = true;
    std::string ours = sitegen::markdown_to_html(md, keep);
    std::string theirs;
    std::string input(md);  // md4c reads a byte past the text in some inputs: end it in a NUL
    md_html(
        input.data(), static_cast<MD_SIZE>(input.size()),
        [](const MD_CHAR* s, MD_SIZE n, void* ud) { static_cast<std::string*>(ud)->append(s, n); },
        &theirs, MD_DIALECT_GITHUB | MD_FLAG_LATEXMATHSPANS, MD_HTML_FLAG_SKIP_UTF8_BOM);
    if (ours != theirs)
      fail(("not md_html()'s HTML, which is:\n" + theirs + "\nbut").c_str(), ours);
  }
  return 0;
}
