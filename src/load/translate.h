// Sites in several languages: a text field's value in another language is a sibling key
// (`title_zh = "..."` beside `title`), a Markdown file's a sibling file (bio.zh.md).
// Such a site is loaded once per language, each load seeing that language's values.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/diag.h"
#include "base/source.h"
#include "model/model.h"
#include "toml/toml_reader.h"

namespace sitegen {

// Puts the values of `lang` in place in every table of `root`: `key_<lang>` replaces
// `key`, and every `key_<L>` of a site language L is then removed, so the readers see a
// tree in one language. With `missing`, the fields of `file` ("cv.toml") that a reader
// expects in their language (words, not names, places or numbers) and that have no value
// in `lang` are listed there.
void localize_toml(TomlNode& root, const std::vector<std::string>& languages,
                   const std::string& lang, std::string_view file,
                   std::vector<Untranslated>* missing);

// The fields localize_toml may list: what [same_in_all_languages] `fields` may name.
const std::vector<std::string_view>& translated_fields();

// Drops from site.untranslated what reads the same in every language: the fields and texts
// of [same_in_all_languages], and the site's title when it is the owner's name
// (`site_toml`: site.toml as shown in messages).
void drop_same_in_all_languages(Site& site, const std::string& site_toml);

// "pages/teaching.md" in `lang`: "pages/teaching.zh.md".
std::string translated_path(std::string_view rel, std::string_view lang);
// The last suffix before ".md" ("zh-Hant" for "pages/teaching.zh-Hant.md"), or "": what
// names the language of a translated Markdown file.
std::string_view translation_suffix(std::string_view rel);
// Whether `rel` ("pages/teaching.zh.md") is the translation of a Markdown file into one of
// `languages`.
bool is_translation(std::string_view rel, const std::vector<std::string>& languages);

}  // namespace sitegen
