// site.toml's [comments]: giscus for posts, checked so a typo shows at build time rather
// than as an empty box under every post.
#pragma once

#include "base/diag.h"
#include "model/model.h"
#include "toml/toml_reader.h"

namespace sitegen {

void load_comments(const TomlNode& table, CommentSettings& comments, Diagnostics& diags);

}  // namespace sitegen
