// Where sitegen keeps what it made in one build for the next (resized images,
// highlighted code).
#pragma once

#include <string>
#include <string_view>

namespace sitegen {

// $SITEGEN_CACHE_DIR, else $XDG_CACHE_HOME/sitegen, else (Windows) %LOCALAPPDATA%/sitegen,
// else ~/.cache/sitegen; with /`part`
// after it ("images", "code"). "" when none of them is set.
std::string default_cache_dir(std::string_view part);

}  // namespace sitegen
