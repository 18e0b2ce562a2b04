#include "theme/mustache.h"

#include <doctest/doctest.h>

#include <functional>
#include <random>

#include "support/mustache_oracle.h"

namespace sitegen {

namespace {

std::string render(const std::string& text) {
  Value shared = oracle::shared_data();
  Value d = oracle::sample_data(shared);
  oracle::Result r = oracle::sitegen_render(text, d);
  return r.ok ? r.text : "error at " + std::to_string(r.offset) + ": " + r.text;
}

// Same bytes, or the same error at the same place, from both engines: rendered alone,
// and as three pages through one RenderCache (the second page differs from the first,
// the third is the first again), as a build renders them.
void check_same(const std::string& text) {
  Value shared = oracle::shared_data();
  Value d = oracle::sample_data(shared);
  Value other = oracle::sample_data(shared, true);
  oracle::Result ours = oracle::sitegen_render(text, d);
  oracle::Result theirs = oracle::kainjow_render(text, d);
  INFO("template: ", text);
  CHECK(ours.ok == theirs.ok);
  CHECK(ours.text == theirs.text);
  CHECK(ours.offset == theirs.offset);
  std::vector<oracle::Result> cached = oracle::sitegen_render_cached(text, {&d, &other, &d});
  oracle::Result theirs_other = oracle::kainjow_render(text, other);
  CHECK(cached[0].text == theirs.text);
  CHECK(cached[1].text == theirs_other.text);
  CHECK(cached[2].text == theirs.text);
}

}  // namespace

TEST_CASE("mustache: variables are escaped unless triple or &") {
  CHECK(render("<{{title}}>") == "<A &lt;b&gt;&amp;&#39;&quot;>");
  CHECK(render("{{{title}}}|{{& title}}") == "A <b>&'\"|A <b>&'\"");
  CHECK(render("[{{missing}}][{{yes}}][{{items}}]") == "[][][]");
}

TEST_CASE("mustache: sections iterate lists, enter objects and references") {
  CHECK(render("{{#items}}{{name}}{{^last}},{{/last}}{{/items}}") == "x,y,z");
  CHECK(render("{{#strs}}<{{.}}>{{/strs}}") == "<a><b&lt;>");
  CHECK(render("{{#ref}}{{name}} {{deep.v}}{{/ref}} {{ref.deep.v}}") == "shared deep deep");
  CHECK(render("{{#refs}}{{name}};{{/refs}}") == "shared;shared;");
  CHECK(render("{{#none}}x{{/none}}{{^none}}empty{{/none}}{{^no}}!{{/no}}") == "empty!");
  // Outer names stay visible inside a section.
  CHECK(render("{{#items}}{{{title}}}{{/items}}") == "A <b>&'\"A <b>&'\"A <b>&'\"");
}

TEST_CASE("mustache: list items that refer to shared entries render once per section") {
  Value shared = oracle::shared_data();
  Value d = oracle::sample_data(shared);
  Value other = oracle::sample_data(shared, true);
  auto pages = [&](const std::string& t) {
    std::vector<std::string> texts;
    for (const oracle::Result& r : oracle::sitegen_render_cached(t, {&d, &other, &d}))
      texts.push_back(r.text);
    return texts;
  };
  // An item that looks up only its entry: the same bytes on every page.
  CHECK(pages("{{#refs}}\n<{{name}} {{deep.v}}>\n{{/refs}}\n") ==
        std::vector<std::string>(3, "<shared deep>\n<shared deep>\n"));
  // One that looks up a page's own name is not copied onto a page where that differs.
  CHECK(pages("{{#refs}}\n{{name}}: {{title}}{{#yes}}!{{/yes}}\n{{/refs}}\n") ==
        std::vector<std::string>{"shared: A &lt;b&gt;&amp;&#39;&quot;!\n"
                                 "shared: A &lt;b&gt;&amp;&#39;&quot;!\n",
                                 "shared: Other &amp; page\nshared: Other &amp; page\n",
                                 "shared: A &lt;b&gt;&amp;&#39;&quot;!\n"
                                 "shared: A &lt;b&gt;&amp;&#39;&quot;!\n"});
  // Items that do not start a line keep the line rule's say over what precedes them.
  CHECK(pages("  {{#refs}}{{#no}}x{{/no}}\n{{/refs}}.") ==
        std::vector<std::string>{".", "  x\nx\n.", "."});
}

TEST_CASE("mustache: a line holding only section tags and blanks disappears") {
  CHECK(render("a\n  {{#yes}}\nb\n  {{/yes}}\nc\n") == "a\nb\nc\n");
  // kainjow's rule, kept: a skipped section leaves its line's blanks.
  CHECK(render("a\n  {{#no}}\nb\n  {{/no}}\nc\n") == "a\n  \nc\n");
  CHECK(render("{{! a comment }}\n{{=<% %>=}}<%title%>") == "\nA &lt;b&gt;&amp;&#39;&quot;");
}

TEST_CASE("mustache: syntax errors give a lowercase message and the tag's offset") {
  CHECK(render("ab{{#a}}") == "error at 2: unclosed section \"a\"");
  CHECK(render("{{#a}}{{/b}}") == "error at 0: unclosed section \"a\"");
  CHECK(render("x{{/a}}") == "error at 1: unopened section \"a\"");
  CHECK(render("x {{title") == "error at 2: unclosed tag");
  CHECK(render("{{=<%%>=}}") == "error at 0: invalid set delimiter tag");
  std::string deep;
  for (int i = 0; i < 101; ++i) deep += "{{#yes}}";
  CHECK(render(deep) == "error at 800: sections nested more than 100 deep");
  // A partial left in the text (partials are expanded before compiling) renders nothing.
  CHECK(render("[{{> title}}]") == "[]");
}

TEST_CASE("mustache: the same output and errors as kainjow mustache, hand-picked cases") {
  for (const char* t : {
           "",
           "plain text\r\nwith\rline ends\n",
           "{{title}} {{{title}}} {{&title}} {{ title }} {{{ title }}}",
           "{{#items}}\n  {{name}}\n{{/items}}\n",
           "  {{#items}}  \n{{name}}\n  {{/items}}  \n",
           "{{#items}}{{#last}}\n{{/last}}{{/items}}",
           "\t{{^none}}\t\n  x\n{{/none}}",
           "{{#blank}}{{.}}{{/blank}}\nx",
           "{{#yes}}{{blank}}\n{{/yes}}y",
           "{{#nl}}{{.}}\n{{/nl}}",
           "{{#ref}}{{#deep}}{{v}}{{name}}{{/deep}}{{/ref}}",
           "{{ref.deep.v}}{{ref.deep}}{{ref.missing.v}}{{a..b}}{{.x}}{{x.}}{{}}",
           "{{#items}}{{.}}{{/items}}",
           "{{=| |=}}|title| {{title}} |={{ }}=| {{title}}",
           "{{=<% %>=}}<%{title}%>",
           "{{{title}}",
           "{{#a}}{{#b}}{{/b}}",
           "{{#a}}{{/a}}{{/a}}",
           "{{",
           "}}{{!}}",
           "{{=a=}}",
           "{{= x y =}}{{title}}",
       })
    check_same(t);
}

TEST_CASE("mustache: the same output and errors as kainjow mustache, generated cases") {
  // Templates strung together from fragments, and balanced ones built from sections;
  // the fixed seed makes every run check the same templates.
  static const char* kPieces[] = {
      // Text and tags that open nothing...
      "a", " ", "\t", "\n", "\r\n", "\r", "x y", "{{title}}", "{{{title}}}", "{{& blank}}", "{{.}}",
      "{{name}}", "{{nl}}", "{{blank}}", "{{ref.deep.v}}", "{{! c }}", "{{> title}}",
      // ...then sections, delimiters and broken tags.
      "{{#items}}", "{{/items}}", "{{^none}}", "{{/none}}", "{{#yes}}", "{{/yes}}", "{{#no}}",
      "{{/no}}", "{{^no}}", "{{#ref}}", "{{/ref}}", "{{#strs}}", "{{/strs}}", "{{=<% %>=}}",
      "<%={{ }}=%>", "<%title%>", "<%{title}%>", "<%#yes%>", "<%/yes%>", "}}}", "{{", "}}",
      "{{#refs}}", "{{/refs}}"};
  constexpr size_t kPlain = 17;
  static const char* kSections[] = {"items", "none", "yes", "no", "ref", "strs", "refs", "blank"};
  std::mt19937 rng(20261123);
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  std::function<std::string(int)> balanced = [&](int depth) {
    std::string s;
    for (size_t n = pick(6); n > 0; --n) {
      if (depth < 3 && pick(3) == 0) {
        const char* name = kSections[pick(std::size(kSections))];
        s += std::string(pick(2) ? "{{#" : "{{^") + name + "}}" + balanced(depth + 1) + "{{/" +
             name + "}}";
      } else {
        s += kPieces[pick(kPlain)];
      }
    }
    return s;
  };
  for (int i = 0; i < 3000; ++i) {
    std::string t;
    if (i % 2) {
      t = balanced(0);
    } else {
      for (size_t n = 1 + pick(25); n > 0; --n) t += kPieces[pick(std::size(kPieces))];
    }
    check_same(t);
  }
}

}  // namespace sitegen
