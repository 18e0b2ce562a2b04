// The cache of resized images: a folder of WebP files and one small text file per image,
// named by a hash of the original's bytes and every parameter that changes the output.
// Files are written under a temporary name and renamed, so builds running at once never
// read half a file; nothing in the folder is ever deleted by sitegen.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "images/image_set.h"

namespace sitegen {

// 16 hex digits for the original's bytes and the parameters (display widths, quality,
// libwebp's version): the name of the cache entry and of the published files.
std::string image_key(std::string_view bytes, const std::vector<int>& display_widths);

// The entry `key` of `dir`, when it is there whole.
std::optional<ImageResult> read_cached_image(const std::string& dir, const std::string& key);

// Stores `result` as the entry `key`; false (and `*err`) when the folder cannot be written,
// which costs the next build the encoding and nothing else.
bool write_cached_image(const std::string& dir, const std::string& key, const ImageResult& result,
                        std::string* err);

// Where `sitegen build` and `serve` keep it: $SITEGEN_CACHE_DIR, else
// $XDG_CACHE_HOME/sitegen, else ~/.cache/sitegen; with /images after it. "" when none
// of them is set.
std::string default_image_cache_dir();

}  // namespace sitegen
