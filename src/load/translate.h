// Sites in several languages: a text field's value in another language is a sibling key
// (`title_zh = "..."` beside `title`), a Markdown file's a sibling file (bio.zh.md).
// Such a site is loaded once per language, each load seeing that language's values.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "load/diag.h"
#include "load/model.h"
#include "load/source.h"
#include "load/toml_reader.h"

namespace sitegen {

// Puts the values of `lang` in place in every table of `root`: `key_<lang>` replaces
// `key`, and every `key_<L>` of a site language L is then removed, so the readers see a
// tree in one language. With `missing`, the text fields without a value in `lang` are
// listed there.
void localize_toml(TomlNode& root, const std::vector<std::string>& languages,
                   const std::string& lang, std::vector<Untranslated>* missing);

// "pages/teaching.md" in `lang`: "pages/teaching.zh.md".
std::string translated_path(std::string_view rel, std::string_view lang);
// Whether `rel` ("pages/teaching.zh.md") is the translation of a Markdown file into one of
// `languages`.
bool is_translation(std::string_view rel, const std::vector<std::string>& languages);

}  // namespace sitegen
