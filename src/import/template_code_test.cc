// Liquid and Hugo shortcodes taken out of pages by `sitegen migrate`: what becomes plain
// Markdown, and what is left out with a note at its offset.
#include "import/template_code.h"

#include <doctest/doctest.h>

namespace sitegen {

namespace {

std::string notes_of(const CleanedText& c) {
  std::string out;
  for (const TemplateNote& n : c.notes)
    out += std::to_string(n.offset) + (n.end_offset ? "-" + std::to_string(n.end_offset) : "") +
           ": " + n.what + "\n";
  return out;
}

}  // namespace

TEST_CASE("liquid: {% raw %} keeps its text, {% comment %} goes, neither is noted") {
  CleanedText c = remove_liquid(
      "a {% raw %}{{ x }} {% if %}{% endraw %} b {%- comment -%}gone{% endcomment %}c");
  CHECK(c.text == "a {{ x }} {% if %} b c");
  CHECK(c.notes.empty());
}

TEST_CASE("liquid: a block goes with what it holds, a tag and an output alone, each noted") {
  std::string page =
      "Intro.\n"
      "{% if site.data.repositories.github_users %}\n"
      "## GitHub users\n"
      "{% for user in site.data.repositories.github_users %}{{ user }}{% endfor %}\n"
      "{% endif %}\n"
      "{% include bib_search.liquid %}\n"
      "By {{ page.author }}.\n";
  CleanedText c = remove_liquid(page);
  CHECK(c.text == "Intro.\n\n\nBy .\n");
  CHECK(notes_of(c) ==
        "7-144: left out Liquid `{% if site.data.repositories.github_users %}` … `{% endif %}`\n"
        "156: left out Liquid `{% include bib_search.liquid %}`\n"
        "191: left out Liquid `{{ page.author }}`\n");
}

TEST_CASE("liquid: the base path and quoted paths through relative_url are what they say") {
  CleanedText c = remove_liquid(
      "[home]({{ site.baseurl | prepend: site.url }}) "
      "[cv]({{ base_path }}/files/cv.pdf) ![me]({{ '/assets/img/me.png' | relative_url }})");
  CHECK(c.text == "[home]() [cv](/files/cv.pdf) ![me](/assets/img/me.png)");
  CHECK(c.notes.empty());
}

TEST_CASE("liquid: highlight becomes a fenced code block, quote a block quote") {
  CleanedText c = remove_liquid(
      "{% highlight python %}\nprint(1)\n{% endhighlight %}\n"
      "{% quote einstein1905 %}\nLorem ipsum.\n\nDolor.\n{% endquote %}\n");
  CHECK(c.text == "```python\nprint(1)\n```\n> Lorem ipsum.\n>\n> Dolor.\n\n");
  CHECK(c.notes.empty());
}

TEST_CASE("liquid: the caller turns a tag it knows into text") {
  TagResolver figure = [](std::string_view name,
                          std::string_view args) -> std::optional<std::string> {
    if (name == "include" && args.starts_with("figure.liquid")) return std::string("![x](/1.jpg)");
    return std::nullopt;
  };
  CleanedText c = remove_liquid(
      "{% include figure.liquid path=\"assets/img/1.jpg\" %} {% cite einstein1950meaning %}",
      figure);
  CHECK(c.text == "![x](/1.jpg) ");
  CHECK(notes_of(c) == "52: left out Liquid `{% cite einstein1950meaning %}`\n");
}

TEST_CASE("liquid: a block that is never closed is left out as one tag, and an unclosed tag is text") {
  CleanedText c = remove_liquid("{% if x %}kept {% endfor %} and {{ open");
  CHECK(c.text == "kept  and {{ open");
  CHECK(notes_of(c) == "0: left out Liquid `{% if x %}`\n15: left out Liquid `{% endfor %}`\n");
}

TEST_CASE("shortcodes: an escaped shortcode is the text it shows") {
  CleanedText c =
      remove_shortcodes("`{{</* youtube w7Ft2ymGmfc */>}}` and {{%/* callout note */%}}");
  CHECK(c.text == "`{{< youtube w7Ft2ymGmfc >}}` and {{% callout note %}}");
  CHECK(c.notes.empty());
}

TEST_CASE(
    "shortcodes: callout, spoiler, math, staticref, figure and youtube have plain equivalents") {
  CleanedText c = remove_shortcodes(
      "{{% callout note %}}\nClick **Slides**.\n{{% /callout %}}\n"
      "{{< spoiler text=\"Click to view\" >}} You found me! {{< /spoiler >}}\n"
      "{{< math >}}$\\nabla F${{< /math >}}\n"
      "Get my {{< staticref \"uploads/cv.pdf\" \"newtab\" >}}résumé{{< /staticref >}}.\n"
      "{{< figure src=\"featured.jpg\" caption=\"A lab\" >}}\n"
      "{{< youtube D2vj0WcvH5c >}}\n");
  CHECK(c.text ==
        "> Click **Slides**.\n\n"
        "<details><summary>Click to view</summary>\n\nYou found me!\n\n</details>\n"
        "$\\nabla F$\n"
        "Get my [résumé](/uploads/cv.pdf).\n"
        "![A lab](featured.jpg)\n"
        "[Video on YouTube](https://www.youtube.com/watch?v=D2vj0WcvH5c)\n");
  CHECK(c.notes.empty());
}

TEST_CASE("shortcodes: others are left out and noted, and a pair keeps the text between its tags") {
  CleanedText c = remove_shortcodes(
      "{{< icon name=\"terminal\" pack=\"fas\" >}} Terminal\n"
      "{{< button url=\"/join/\" >}}Join us{{< /button >}}\n"
      "{{< /orphan >}}");
  CHECK(c.text == " Terminal\nJoin us\n");
  CHECK(notes_of(c) ==
        "0: left out Hugo shortcode `{{< icon name=\"terminal\" pack=\"fas\" >}}`\n"
        "49-83: left out Hugo shortcode `{{< button url=\"/join/\" >}}` … `{{< /button >}}` "
        "(the text between them kept)\n"
        "99: left out Hugo shortcode `{{< /orphan >}}`\n");
}

TEST_CASE("plain markdown: emoji names, kramdown's inline $$ and GitHub alerts, with code untouched") {
  CHECK(plain_markdown(
            "A simple inline announcement with Markdown emoji! :sparkles: :smile: :nope:\n") ==
        "A simple inline announcement with Markdown emoji! ✨ 😄 :nope:\n");
  CHECK(plain_markdown("just like $$ E = mc^2 $$. Or `$$ x $$` in code.\n$$\nE\n$$\n") ==
        "just like $E = mc^2$. Or `$$ x $$` in code.\n$$\nE\n$$\n");
  CHECK(plain_markdown("> [!NOTE]\n> Click the _Cite_ button.\n") ==
        "> **Note**\n> Click the _Cite_ button.\n");
  CHECK(plain_markdown("```\n:smile: $$ x $$\n```\n") == "```\n:smile: $$ x $$\n```\n");
}

TEST_CASE("shorten: one line, cut at a character") {
  CHECK(shorten("a\n  b\tc") == "a b c");
  CHECK(shorten("ééé", 3) == "é…");
}

}  // namespace sitegen
