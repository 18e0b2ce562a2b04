// Template code in another generator's pages is never run: Liquid (Jekyll) and Hugo
// shortcodes are removed, or turned into their plain equivalent where that is certain
// ({% raw %}, {% highlight %}, {{ site.baseurl }}, {{< callout >}}, {{</* escaped */>}}),
// and each one left out is noted with where it was written.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

struct TemplateNote {
  size_t offset = 0;      // where the code starts in the text given
  size_t end_offset = 0;  // where a block that was left out ends (its end tag)
  std::string what;       // "left out Liquid `{% include news.liquid %}`"
};

struct CleanedText {
  std::string text;
  std::vector<TemplateNote> notes;
};

// A tag the caller can turn into text (al-folio's figure include, `post_url`): its plain
// equivalent, or nullopt to leave it out. `name` is the tag's name ("include"), `args`
// the rest ("figure.liquid path=\"assets/img/1.jpg\"").
using TagResolver =
    std::function<std::optional<std::string>(std::string_view name, std::string_view args)>;

// Liquid: {% raw %} keeps its text, {% comment %} goes, {% highlight x %} becomes a fenced
// code block, {% quote %} a block quote, an output of the site's base path or of a quoted
// path (`{{ '/x.png' | relative_url }}`) becomes that path, and every other tag or output
// is left out, a block ({% if %} ... {% endif %}) with everything in it.
CleanedText remove_liquid(std::string_view text, const TagResolver& resolve = {});

// Hugo shortcodes: an escaped one ({{</* x */>}}) becomes the text it shows; callout,
// spoiler, math, staticref, highlight, figure, youtube and vimeo their plain equivalent;
// others are left out, with the text between a pair's tags kept.
CleanedText remove_shortcodes(std::string_view text);

// Markdown as the old generator read it, for md4c: jemoji's `:sparkles:` as the emoji,
// kramdown's inline `$$...$$` as `$...$`, GitHub's `> [!NOTE]` alert as a bold label.
// Code spans and fenced code blocks are left as written.
std::string plain_markdown(std::string_view text);

// `s` on one line and at most `max` characters, for a message.
std::string shorten(std::string_view s, size_t max = 80);

}  // namespace sitegen
