// Fuzzes LaTeX-to-UTF-8 decoding of BibTeX values, in both modes, and verbatim fields.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "bibtex/latex.h"
#include "markdown/markdown.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view s(reinterpret_cast<const char*>(data), size);
  sitegen::latex_to_utf8(s, sitegen::LatexMode::kText);
  std::string md = sitegen::latex_to_utf8(s, sitegen::LatexMode::kMarkdown);
  sitegen::latex_verbatim(s);
  // Abstracts from BibTeX go on to the Markdown renderer.
  sitegen::MarkdownOptions opts;
  opts.allow_raw_html = false;
  sitegen::markdown_to_html(md, opts);
  return 0;
}
