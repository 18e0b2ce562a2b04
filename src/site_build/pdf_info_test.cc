// The printed CV's document information: Author and Creator set, no date of printing,
// and a file whose cross-reference table still finds every object.
#include "site_build/pdf_info.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <vector>

using namespace sitegen;

namespace {

// A PDF as Chromium's Skia lays one out: objects 1..n with the given dictionaries, a
// classic cross-reference table with their offsets, and a trailer naming the Info object.
std::string make_pdf(const std::vector<std::string>& objects, size_t info) {
  std::string pdf = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  std::vector<size_t> offsets;
  for (size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  size_t xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (size_t offset : offsets) {
    char entry[21];
    std::snprintf(entry, sizeof entry, "%010zu 00000 n \n", offset);
    pdf += entry;
  }
  pdf += "trailer\n<</Size " + std::to_string(objects.size() + 1) + "\n/Root 2 0 R\n/Info " +
         std::to_string(info) + " 0 R>>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
  return pdf;
}

const std::string kCatalog = "<</Type /Catalog\n/Pages 3 0 R>>";
const std::string kPages = "<</Type /Pages\n/Count 0\n/Kids []>>";
const std::string kChromiumInfo =
    "<</Title (Lebenslauf \\(Ada\\) >> /x)\n/Creator (Mozilla/5.0 HeadlessChrome/156.0.0.0)\n"
    "/Producer (Skia/PDF m156)\n/CreationDate (D:20261128053359+00'00')\n"
    "/ModDate (D:20261128053359+00'00')>>";

}  // namespace

TEST_CASE("pdf info: Author and Creator set, the dates left out, the offsets moved") {
  std::string pdf = make_pdf({kChromiumInfo, kCatalog, kPages}, 1);
  std::string err;
  REQUIRE(set_pdf_info(pdf, {"Ada Lovelace", "sitegen"}, &err));
  CHECK(err == "");
  // The same file as if written so from the start: every offset is where its object is.
  CHECK(pdf == make_pdf({"<</Title (Lebenslauf \\(Ada\\) >> /x)\n/Creator (sitegen)\n"
                         "/Producer (Skia/PDF m156)\n/Author (Ada Lovelace)>>",
                         kCatalog, kPages},
                        1));
}

TEST_CASE("pdf info: an Info dictionary after the other objects, with an Author already") {
  std::string pdf =
      make_pdf({kCatalog + " ", kPages, "<</Author (Someone)\n/Trapped /False\n/X [1 0 R]>>"}, 3);
  std::string err;
  REQUIRE(set_pdf_info(pdf, {"Nguy\xE1\xBB\x85n \xF0\x9D\x94\xB8", ""}, &err));
  CHECK(pdf == make_pdf({kCatalog + " ", kPages,
                         "<</Author <FEFF004E0067007500791EC5006E0020D835DD38>\n"
                         "/Trapped /False\n/X [1 0 R]>>"},
                        3));
}

TEST_CASE("pdf info: a file of another shape is left as it was") {
  std::string xref_stream = "%PDF-1.5\n1 0 obj\n<</Type /XRef>>\nendobj\nstartxref\n9\n%%EOF\n";
  std::string updated = make_pdf({kChromiumInfo, kCatalog, kPages}, 1);
  updated.insert(updated.find("/Root"), "/Prev 12\n");
  std::string no_info = make_pdf({kChromiumInfo, kCatalog, kPages}, 1);
  no_info.replace(no_info.find("/Info 1 0 R"), 11, "/Foo 1 0 R ");
  std::string moved = make_pdf({kChromiumInfo, kCatalog, kPages}, 1);
  moved.replace(moved.find("0000000015"), 10, "0000000016");
  for (const auto& [pdf, why] : std::vector<std::pair<std::string, std::string>>{
           {xref_stream, "it has no classic cross-reference table (a cross-reference stream?)"},
           {updated, "it was updated incrementally (`/Prev`)"},
           {no_info, "its trailer names no Info dictionary"},
           {moved, "its Info dictionary is not where the cross-reference table says"},
           {"%PDF-1.4\n", "it has no `startxref`"}}) {
    std::string copy = pdf, err;
    CHECK_FALSE(set_pdf_info(copy, {"A", "sitegen"}, &err));
    CHECK(err == why);
    CHECK(copy == pdf);
  }
}

TEST_CASE("pdf info: text strings") {
  CHECK(pdf_text_string("Ada (A.) L\\") == "(Ada \\(A.\\) L\\\\)");
  CHECK(pdf_text_string("\xC3\xA9") == "<FEFF00E9>");
  CHECK(pdf_text_string("a\nb") == "<FEFF0061000A0062>");
}

TEST_CASE("pdf info: the dates of printing become one fixed date of the same length") {
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
