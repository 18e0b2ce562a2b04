// The `$...$` rule of plain text (see tex_math.h).
#include "text/tex_math.h"

#include "text/ascii.h"

namespace sitegen {

MathSpan MathFinder::at(size_t i) {
  size_t dollars = s_.compare(i, 2, "$$") == 0 ? 2 : 1;
  size_t tex = i + dollars;
  if (tex >= s_.size() || is_space(s_[tex]) || s_[tex] == '$') return {};
  size_t& none_from = none_from_[dollars - 1];
  if (tex >= none_from) return {};
  for (size_t j = tex; j < s_.size(); ++j) {
    if (s_[j] == '\\') {  // an escaped character, `\$` included, is part of the TeX
      ++j;
      continue;
    }
    if (s_[j] != '$') continue;
    if (dollars == 2) {
      if (s_.compare(j, 2, "$$") != 0) continue;
      return {i, j + 2, tex, j};
    }
    if (is_space(s_[j - 1])) continue;
    if (j + 1 < s_.size() && is_digit(s_[j + 1])) continue;
    return {i, j + 1, tex, j};
  }
  none_from = tex;
  return {};
}

}  // namespace sitegen
