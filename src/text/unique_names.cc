// UniqueNames (see unique_names.h).
#include "text/unique_names.h"

namespace sitegen {

std::string UniqueNames::claim_numbered(const std::string& base) {
  for (size_t& n = next_.try_emplace(base, 1).first->second;; ++n) {
    std::string name = n == 1 ? base : base + "-" + std::to_string(n);
    ++probes_;
    if (taken_.insert(name).second) {
      ++n;
      return name;
    }
  }
}

}  // namespace sitegen
