// Names made unique with a number: "lovelace2024", then "lovelace2024-2", "-3", ... as
// papers' URLs and imported ids are. Each base remembers the last number it gave, so a
// thousand papers with one base cost a thousand lookups, not half a million.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace sitegen {

class UniqueNames {
 public:
  bool taken(const std::string& name) const { return taken_.count(name) > 0; }
  // Takes `name` as it is; false when it was taken already.
  bool claim(const std::string& name) { return taken_.insert(name).second; }
  // The first of `base`, `base-2`, `base-3`, ... that is not taken, now taken.
  std::string claim_numbered(const std::string& base);
  // The lookups claim_numbered has made: what its cost is counted in.
  size_t probes() const { return probes_; }

 private:
  std::unordered_set<std::string> taken_;
  // Per base, the number its next name starts looking from. Names are never given back,
  // so every number below it is taken for good.
  std::unordered_map<std::string, size_t> next_;
  size_t probes_ = 0;
};

}  // namespace sitegen
