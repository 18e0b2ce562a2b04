// Where the test data kept outside the repository is: ../shared beside the checkout
// (present in CI, absent from a user's clone; tests that read it start with
// testing::skip_without, skip.h). SITEGEN_SOURCE_DIR is set for sitegen_tests.
#pragma once

#include <filesystem>

namespace sitegen::testing {

inline const std::filesystem::path kSharedDir =
    std::filesystem::path(SITEGEN_SOURCE_DIR) / ".." / "shared";
// Real-world .bib files.
inline const std::filesystem::path kBibDir = kSharedDir / "testdata" / "bib";
// Hugo Blox content trees, for `sitegen import hugo-blox`.
inline const std::filesystem::path kHugoBloxDir = kSharedDir / "testdata" / "hugo-blox";
// Demo sites of other generators, for `sitegen migrate`.
inline const std::filesystem::path kSitesDir = kSharedDir / "testdata" / "sites";
// The CVs the examples were made from.
inline const std::filesystem::path kSeedsDir = kSharedDir / "seeds";

}  // namespace sitegen::testing
