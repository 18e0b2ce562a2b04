// cv.pdf's bytes do not change from one build to the next.
#include "build/cv_pdf.h"

#include <doctest/doctest.h>

using namespace sitegen;

TEST_CASE("cv pdf: the dates of printing become one fixed date of the same length") {
  std::string pdf =
      "%PDF-1.4\n1 0 obj\n<</Producer (Skia/PDF m156)\n/CreationDate (D:20261126095557+00'00')\n"
      "/ModDate (D:20261126095558+00'00')>>\nendobj\n";
  std::string fixed = pdf;
  fix_pdf_dates(fixed);
  CHECK(fixed ==
        "%PDF-1.4\n1 0 obj\n<</Producer (Skia/PDF m156)\n/CreationDate (D:19700101000000+00'00')\n"
        "/ModDate (D:19700101000000+00'00')>>\nendobj\n");
  CHECK(fixed.size() == pdf.size());
  std::string shorter = "/CreationDate (D:2026)";
  fix_pdf_dates(shorter);
  CHECK(shorter == "/CreationDate (D:1970)");
}

TEST_CASE("cv pdf: a browser named in [cv] that is not there is said so") {
  std::string looked;
  std::string found = find_browser("/nonexistent/chromium", &looked);
  if (!found.empty()) return;  // SITEGEN_BROWSER or PATH has one: nothing more to check
  CHECK(looked.starts_with("[cv] browser = \"/nonexistent/chromium\", "));
  CHECK(
      looked.ends_with("chromium, chromium-browser, google-chrome, google-chrome-stable, "
                       "chrome on PATH"));
}
