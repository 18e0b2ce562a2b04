// One Markdown file of pages/, posts/ or projects/, read in the site's language.
#include "load/markdown_file.h"

#include "load/frontmatter.h"
#include "load/load.h"
#include "load/translate.h"

namespace sitegen {

std::optional<MarkdownFile> read_markdown_file(const Source& source, Site& site,
                                               const std::string& base_rel, std::string_view what,
                                               Diagnostics& diags) {
  std::string rel = base_rel;
  if (!site.languages.empty() && site.language != site.languages.front()) {
    std::string translated = translated_path(base_rel, site.language);
    if (source.exists(translated))
      rel = translated;
    else
      site.untranslated.push_back({SourceLoc{source.display(base_rel), 0, 0}, base_rel, "", {}});
  }
  MarkdownFile file;
  file.display = source.display(rel);
  file.loc = SourceLoc{file.display, 1, 1};
  std::string err;
  std::optional<std::string> text = source.read(rel, &err);
  if (!text) {
    diags.error(SourceLoc{file.display, 0, 0}, "cannot read " + std::string(what) + ": " + err);
    return std::nullopt;
  }
  if (!prepare_markdown_text(file.display, *text, diags)) return std::nullopt;
  diags.add_source(file.display, *text);
  std::optional<FrontMatter> fm = split_front_matter(*text, &err);
  if (!fm) {
    diags.error(file.loc, err);
    return std::nullopt;
  }
  file.body = std::string(fm->body);
  file.body_offset = static_cast<size_t>(fm->body.data() - text->data());
  if (!fm->toml.empty()) {
    file.front = parse_toml(fm->toml, file.display, diags);
    file.read = file.front.has_value();
    // An untranslated file is reported as a whole, not field by field.
    if (file.front && site.languages.size() > 1)
      localize_toml(*file.front, site.languages, site.language, base_rel, nullptr);
    diags.add_source(file.display, *text);  // quote the file itself, not the padded front matter
  }
  return file;
}

}  // namespace sitegen
