// cv.pdf: the built /cv/ page printed by headless Chromium or Chrome, with the site's
// own stylesheet (its print rules: running header, page numbers, no menu).
#pragma once

#include <string>
#include <string_view>

#include "load/base_url.h"
#include "render/output.h"

namespace sitegen {

// The browser to print with: `setting` ([cv] browser: a command or a path), then the
// SITEGEN_BROWSER environment variable, then chromium, chromium-browser, google-chrome,
// google-chrome-stable and chrome on PATH. "" when none is there; `looked` then says
// what was looked for ("chromium, chromium-browser, ... on PATH").
std::string find_browser(const std::string& setting, std::string* looked);

// Prints `html` (the built cv/index.html) to PDF with `browser`. The page loads the theme's
// files (assets/, KaTeX) from a temporary copy of them in `output`; its links point to the
// site (`base`, when it has a host). False, with `err` set, when the browser fails or
// takes longer than `timeout_s` seconds.
bool print_cv_pdf(const std::string& browser, std::string_view html, const Output& output,
                  const BaseUrl& base, int timeout_s, std::string* pdf, std::string* err);

// Chromium writes the time of printing into the PDF (/CreationDate, /ModDate); this sets
// both to a fixed date of the same length, so that a build's output does not change from
// one run to the next and the file's offsets stay right.
void fix_pdf_dates(std::string& pdf);

}  // namespace sitegen
