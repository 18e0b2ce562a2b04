// The folders of a built site, which may lie inside the content folder (a tree made by
// `sitegen new` builds into ./public) and are never content: the loader does not list
// them and `sitegen serve` does not watch them.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace sitegen {

// The stamp file sitegen leaves in every output directory; it lists the files it wrote.
inline constexpr const char* kStampFile = ".sitegen-manifest";

// The marker sitegen puts into the folders it makes beside the output (below) and into
// the output while it swaps it out: only a folder holding it is removed as sitegen's own.
inline constexpr const char* kWorkMarker = ".sitegen-work";

// The folders a build of `out` makes beside it: the new site while it is written, and
// the previous one while it is swapped out (".public.sitegen-staging", ".public.sitegen-old").
std::string staging_dir_name(std::string_view out_name);
std::string old_dir_name(std::string_view out_name);

// Whether `dir` is an output folder (it holds the stamp) or one of the folders above.
bool is_site_output_dir(const std::filesystem::path& dir);

}  // namespace sitegen
