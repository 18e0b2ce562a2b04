// The Markdown files with `+++` front matter that pages/, posts/ and projects/ hold: each
// read in the site's language, as the same steps for all three.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/diag.h"
#include "base/source.h"
#include "model/model.h"
#include "toml/toml_reader.h"

namespace sitegen {

struct MarkdownFile {
  std::string display;  // the file read, as messages name it
  SourceLoc loc;        // its first line
  std::string body;     // the Markdown after the front matter
  size_t body_offset = 0;
  std::optional<TomlNode> front;  // the front matter, in the site's language; none or broken
  bool read = true;               // false when the front matter is broken (already reported)
};

// `base_rel` ("posts/x.md"), or its version in the site's language when there is one (else
// noted in site.untranslated), read, checked as UTF-8 and split; nullopt after an error
// ("cannot read <what>: ...", a front matter that does not close).
std::optional<MarkdownFile> read_markdown_file(const Source& source, Site& site,
                                               const std::string& base_rel, std::string_view what,
                                               Diagnostics& diags);

}  // namespace sitegen
