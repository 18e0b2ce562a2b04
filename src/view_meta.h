// Machine-readable metadata for <head>: canonical URL, OpenGraph, schema.org JSON-LD,
// and the Highwire Press `citation_*` tags Google Scholar indexes on paper pages.
#pragma once

#include <string>
#include <string_view>

#include "model.h"
#include "view.h"

namespace sitegen {

struct PageMeta {
  std::string kind;  // "home", "publication", ...
  std::string title;
  std::string description;
  std::string rel;  // path below the site root: "publications/x/"
};

std::string head_html(const Site& site, const Urls& urls, const PageMeta& page);
std::string publication_head_html(const Site& site, const Urls& urls, const Publication& p,
                                  const std::string& rel);
// A JSON string literal, safe inside <script> (no "</" can close the element).
std::string json_string(std::string_view s);

}  // namespace sitegen
