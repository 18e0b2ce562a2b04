// One rule for generated ids, shared by the site's URLs, BibTeX export and imports.
#include "bibtex/citation_key.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "bibtex/names.h"
#include "text/slug.h"

namespace sitegen {

namespace {

// The words a key skips. The list is part of every generated URL: a word added here
// moves the page of each paper whose title starts with it.
constexpr std::array<std::string_view, 12> kStopWords = {
    "a", "an", "the", "on", "of", "for", "in", "and", "to", "with", "towards", "toward"};

std::string first_title_word(std::string_view title) {
  std::string slug = slugify(title);
  for (size_t start = 0; start < slug.size();) {
    size_t end = std::min(slug.find('-', start), slug.size());
    std::string_view w = std::string_view(slug).substr(start, end - start);
    if (w.size() > 1 && std::find(kStopWords.begin(), kStopWords.end(), w) == kStopWords.end())
      return std::string(w);
    start = end + 1;
  }
  return "";
}

}  // namespace

std::string citation_key(const Publication& p) {
  std::string last;
  if (!p.authors.empty()) {
    // Of a last name of several words ("La Fontaine"), the last one.
    std::string name = split_display_name(p.authors[0].name).last;
    last = slugify(std::string_view(name).substr(name.rfind(' ') + 1));
  }
  std::string key = last + (p.year ? std::to_string(p.year) : "") + first_title_word(p.title);
  return key.empty() ? "paper" : key;
}

}  // namespace sitegen
