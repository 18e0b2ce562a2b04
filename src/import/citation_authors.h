// The authors of an academicpages publication. Its pages have no author list: the names
// are only in the preformatted `citation` ("Name, Y., & Other, A. (2009). &quot;Title.&quot;
// <i>Venue</i>.") or in an HTML string (`authors: 'A. Smith, <b>B. Jones</b> and C. Doe'`).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

struct CitationAuthors {
  std::vector<std::string> names;  // as shown: "Ada Example", "J. Smith" (from "Smith, J.")
  bool et_al = false;              // the list ended with "et al." or "others"
  std::vector<std::string> bold;   // names in <b> or <strong>: the site owner, as written
  int year = 0;                    // the citation's "(2009)", or 0
};

// From a citation: the names before the year in parentheses or the quoted title.
CitationAuthors authors_from_citation(std::string_view citation);
// From a list of names with HTML: "A, B and C", "A; B", "A, B, & C".
CitationAuthors authors_from_list(std::string_view html);

}  // namespace sitegen
