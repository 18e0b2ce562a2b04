// cv.pdf: the built CV pages (one per language) printed by headless Chromium or Chrome,
// with the site's own stylesheet (its print rules: running header, page numbers, no menu).
#pragma once

#include <atomic>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/base_url.h"
#include "render/output.h"
#include "site_build/pdf_info.h"

namespace sitegen {

// The browser to print with: `setting` ([cv] browser: a command or a path), then the
// SITEGEN_BROWSER environment variable, then chromium, chromium-browser, google-chrome,
// google-chrome-stable and chrome on PATH. "" when none is there; `looked` then says
// what was looked for ("chromium, chromium-browser, ... on PATH").
std::string find_browser(const std::string& setting, std::string* looked);

// One CV page to print.
struct CvPrint {
  std::string page;  // its output path: "cv/index.html", "de/cv/index.html"
  std::string html;  // the built page
  PdfInfo info;      // Author and Creator of the PDF (Title comes from the page's <title>)
  std::string pdf;   // the PDF, once printed
};

// Prints each page to PDF with `browser`. The pages and the theme's files (assets/ of
// `output`, KaTeX included) are copied to a temporary folder, which a server on 127.0.0.1
// hands to the browser (print_server.h); the browser may load nothing else, no local file
// and no other address. Links in the pages lead to the site (`base`, when it has a host).
// Chromium's sandbox is kept unless it cannot run (as root, or without the kernel's
// support): `notes` then says so. False, with `err` set, when the browser fails or takes
// longer than `timeout_s` seconds for a page; on SIGINT or SIGTERM the browser and the
// temporary folder are removed and the signal is raised again (browser_process.h), and
// so they are, with an error, once `stop_printing` (when given) is true.
bool print_cv_pdfs(const std::string& browser, std::vector<CvPrint>& prints, const Output& output,
                   const BaseUrl& base, int timeout_s, const std::atomic<bool>* stop_printing,
                   std::vector<std::string>* notes, std::string* err);

// The page as the browser loads it from `origin` ("http://127.0.0.1:40123"): the theme's
// files, and the other files of `output` it shows (images: src, srcset, poster, an object's
// data), from there, those added to `files` (to be copied). When the site has an address,
// its links resolve against the page's own place on the site (a <base>); without one,
// links to the site are left out, as nothing is there to lead to.
std::string page_for_print(std::string html, const BaseUrl& base, std::string_view page,
                           std::string_view origin, const Output& output,
                           std::set<std::string>* files);

}  // namespace sitegen
