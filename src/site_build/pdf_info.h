// The document information of the printed CV (what `pdfinfo` shows as Title, Author,
// Creator): Chromium takes Title from <title>, names only itself as Creator and writes
// the time of printing, which would change the file on every build.
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

struct PdfInfo {
  std::string author;   // "" keeps what the PDF has
  std::string creator;  // "" keeps what the PDF has
};

// Rewrites the Info dictionary of `pdf` in place of the old one: Author and Creator set,
// the dates of printing (CreationDate, ModDate) left out, every other entry (Title,
// Producer) kept. The objects after it move, so the cross-reference table's offsets and
// `startxref` are rewritten to match; no incremental update is appended. Handles one
// revision with a classic cross-reference table, as Chromium (Skia) writes it; for
// another shape it returns false with `err` set and leaves `pdf` as it was.
bool set_pdf_info(std::string& pdf, const PdfInfo& info, std::string* err);

// Chromium writes the time of printing into the PDF (/CreationDate, /ModDate); this sets
// both to a fixed date of the same length, in place, so the file's offsets stay right.
// For a PDF set_pdf_info cannot rewrite.
void fix_pdf_dates(std::string& pdf);

// `text` (UTF-8) as a PDF text string: a literal `(...)` when it is printable ASCII,
// otherwise UTF-16BE with a byte-order mark, in hex (`<FEFF...>`).
std::string pdf_text_string(std::string_view text);

}  // namespace sitegen
