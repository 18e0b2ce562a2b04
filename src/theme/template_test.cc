#include "theme/template.h"

#include <doctest/doctest.h>

namespace sitegen {

namespace {

Data text(const char* s) {
  return data_text(s);
}

// An entry shared by every page, as the view keeps each publication's.
Data shared_entry() {
  Data deep;
  data_put(deep, "v", text("deep"));
  Data s;
  data_put(s, "name", text("shared"));
  data_put(s, "deep", std::move(deep));
  data_put(s, "html", data_partial_html("partials/entry"));
  return s;
}

// A page: text that needs escaping, flags, lists, and references to `shared`.
Data page_data(const Data& shared, const char* title = "A <b>&'\"") {
  Data d;
  data_put(d, "title", text(title));
  data_put(d, "yes", data_flag(true));
  data_put(d, "no", data_flag(false));
  Data items = data_list(3);
  for (const char* name : {"x", "y", "z"}) {
    Data item;
    data_put(item, "name", text(name));
    data_put(item, "last", data_flag(std::string_view(name) == "z"));
    data_push(items, std::move(item));
  }
  data_put(d, "items", std::move(items));
  Data strs = data_list(2);
  data_push(strs, text("a"));
  data_push(strs, text("b<"));
  data_put(d, "strs", std::move(strs));
  data_put(d, "none", data_list());
  data_put(d, "ref", data_ref(&shared));
  Data refs = data_list(2);
  data_push(refs, data_ref(&shared));
  data_push(refs, data_ref(&shared));
  data_put(d, "refs", std::move(refs));
  return d;
}

Template compiled(const std::string& t) {
  Template::Error e;
  std::optional<Template> tmpl = Template::compile(t, &e);
  REQUIRE_MESSAGE(tmpl, e.message);
  return std::move(*tmpl);
}

std::string render(const std::string& t) {
  Data common;
  Data shared = shared_entry();
  Data page = page_data(shared);
  std::string out;
  compiled(t).render({&common, &page}, out);
  return out;
}

std::string error_of(const std::string& t) {
  Template::Error e;
  if (Template::compile(t, &e)) return "compiled";
  return "error at " + std::to_string(e.offset) + ": " + e.message;
}

}  // namespace

TEST_CASE("template: variables are escaped unless triple or &") {
  CHECK(render("<{{title}}>") == "<A &lt;b&gt;&amp;&#39;&quot;>");
  CHECK(render("{{{title}}}|{{& title}}") == "A <b>&'\"|A <b>&'\"");
  CHECK(render("[{{missing}}][{{yes}}][{{items}}][{{ref}}]") == "[][][][]");
}

TEST_CASE("template: sections iterate lists, enter objects and references") {
  CHECK(render("{{#items}}{{name}}{{^last}},{{/last}}{{/items}}") == "x,y,z");
  CHECK(render("{{#strs}}<{{.}}>{{/strs}}") == "<a><b&lt;>");
  CHECK(render("{{#ref}}{{name}} {{deep.v}}{{/ref}} {{ref.deep.v}}") == "shared deep deep");
  CHECK(render("{{#refs}}{{name}};{{/refs}}") == "shared;shared;");
  CHECK(render("{{#none}}x{{/none}}{{^none}}empty{{/none}}{{^no}}!{{/no}}") == "empty!");
  // Outer names stay visible inside a section.
  CHECK(render("{{#items}}{{{title}}}{{/items}}") == "A <b>&'\"A <b>&'\"A <b>&'\"");
}

TEST_CASE("template: a line holding only section tags and blanks disappears") {
  CHECK(render("a\n  {{#yes}}\nb\n  {{/yes}}\nc\n") == "a\nb\nc\n");
  // kainjow's rule: a skipped section leaves its line's blanks.
  CHECK(render("a\n  {{#no}}\nb\n  {{/no}}\nc\n") == "a\n  \nc\n");
  CHECK(render("{{! a comment }}\n{{=<% %>=}}<%title%>") == "\nA &lt;b&gt;&amp;&#39;&quot;");
}

TEST_CASE("template: a partial tag left in the text renders nothing, not the data") {
  // Partials are expanded before compiling; kainjow would render `title` as a template.
  CHECK(render("[{{> title}}]") == "[]");
}

TEST_CASE("template: syntax errors give a lowercase message and the tag's offset") {
  CHECK(error_of("ab{{#a}}") == "error at 2: unclosed section \"a\"");
  CHECK(error_of("{{#a}}{{/b}}") == "error at 0: unclosed section \"a\"");
  CHECK(error_of("x{{/a}}") == "error at 1: unopened section \"a\"");
  CHECK(error_of("x {{title") == "error at 2: unclosed tag");
  CHECK(error_of("{{=<%%>=}}") == "error at 0: invalid set delimiter tag");
}

TEST_CASE("template: an entry's partial renders once, and again where a page differs") {
  Templates partials;
  partials.emplace("partials/entry", compiled("<{{name}} {{deep.v}}>{{#site}}{{title}}{{/site}}"));
  Template list = compiled("{{#refs}}\n{{{html}}}\n{{/refs}}\n");
  Data shared = shared_entry();
  Data common;
  Data site;
  data_put(site, "title", text("S"));
  data_put(common, "site", std::move(site));
  RenderCache cache;
  auto page = [&](const Data& d) {
    std::string out;
    list.render({&common, &d}, out, &partials, &cache);
    return out;
  };
  Data first = page_data(shared);
  CHECK(page(first) == "<shared deep>S\n<shared deep>S\n");
  const RenderCache::Item* item = cache.find(&partials.at("partials/entry"), &shared);
  REQUIRE(item);
  CHECK(item->html.string_value() == "<shared deep>S");
  REQUIRE(item->outside.size() == 1);
  CHECK(item->outside[0].name == "site");
  // A page of its own `site` is rendered afresh; the cached bytes stay for the others.
  Data other = page_data(shared);
  Data own_site;
  data_put(own_site, "title", text("Own"));
  data_put(other, "site", std::move(own_site));
  CHECK(page(other) == "<shared deep>Own\n<shared deep>Own\n");
  CHECK(page(first) == "<shared deep>S\n<shared deep>S\n");
  CHECK(cache.find(&partials.at("partials/entry"), &shared) == item);
}

TEST_CASE("template: an entry's partial that names a page's data is not kept") {
  Templates partials;
  partials.emplace("partials/entry", compiled("{{name}}: {{title}}"));
  Template list = compiled("{{#refs}}{{{html}}};{{/refs}}{{ref.html}}");
  Data shared = shared_entry();
  Data common;
  RenderCache cache;
  Data first = page_data(shared, "one"), second = page_data(shared, "two");
  std::string a, b;
  list.render({&common, &first}, a, &partials, &cache);
  list.render({&common, &second}, b, &partials, &cache);
  CHECK(a == "shared: one;shared: one;shared: one");
  CHECK(b == "shared: two;shared: two;shared: two");
  CHECK(cache.find(&partials.at("partials/entry"), &shared) == nullptr);
}

TEST_CASE("template: a partial that inserts its own entry's HTML gets nothing there") {
  Templates partials;
  partials.emplace("partials/entry", compiled("[{{name}}{{{html}}}]"));
  Data shared = shared_entry();
  Data common;
  Data page = page_data(shared);
  std::string out;
  compiled("{{#ref}}{{{html}}}{{/ref}}").render({&common, &page}, out, &partials);
  CHECK(out == "[shared]");
}

namespace {

// A list of `n` strings, and a page holding it as `l`.
Data list_page(size_t n, const std::string& item) {
  Data l = data_list(n);
  for (size_t i = 0; i < n; ++i) data_push(l, data_text(item));
  Data page;
  data_put(page, "l", std::move(l));
  return page;
}

std::string nested(int depth, const std::string& inside) {
  std::string t;
  for (int i = 0; i < depth; ++i) t += "{{#l}}";
  t += inside;
  for (int i = 0; i < depth; ++i) t += "{{/l}}";
  return t;
}

}  // namespace

TEST_CASE("template: sections nested 8 deep over 20 items stop after max_steps") {
  // 20^8 items would be entered, 25.6 billion; the render stops at the limit's next step.
  Data common;
  Data page = list_page(20, "");
  for (size_t max_steps : {size_t{1000}, RenderLimits{}.max_steps}) {
    CAPTURE(max_steps);
    std::string out;
    RenderLimits limits;
    limits.max_steps = max_steps;
    try {
      compiled(nested(8, "x")).render({&common, &page}, out, nullptr, nullptr, limits);
      FAIL("rendered to the end");
    } catch (const RenderLimitExceeded& e) {
      CHECK_FALSE(e.too_big);
      CHECK(e.steps == max_steps + 1);
      CHECK(e.bytes < max_steps);
      CHECK(out.empty());  // one line, still in kainjow's buffer
    }
  }
  CHECK(RenderLimits{}.max_steps == 10'000'000);
}

TEST_CASE("template: a page stops before its output passes max_bytes") {
  Data common;
  RenderLimits limits;
  limits.max_bytes = 1000;
  auto stop = [&](const std::string& t, const Data& page, std::string& out) {
    try {
      compiled(t).render({&common, &page}, out, nullptr, nullptr, limits);
    } catch (const RenderLimitExceeded& e) {
      CHECK(e.too_big);
      return e.bytes;
    }
    return size_t{0};
  };
  // Lines of text handed out one by one: the line that would pass the limit is not.
  std::string out;
  CHECK(stop(nested(2, "\n" + std::string(99, 'y') + "\n"), list_page(20, ""), out) == 1000);
  CHECK(out.size() == 1000);
  // Values on one line, which kainjow holds until the line ends: counted as looked up.
  out.clear();
  CHECK(stop(nested(1, "{{.}}"), list_page(20, std::string(300, 'v')), out) == 1200);
  CHECK(out.empty());
  // Within the limit, the page is whole.
  out.clear();
  CHECK(stop(nested(1, "{{.}}"), list_page(3, std::string(300, 'v')), out) == 0);
  CHECK(out == std::string(900, 'v'));
}

TEST_CASE("template: an entry's partial counts toward the page that shows it") {
  Templates partials;
  partials.emplace("partials/entry", compiled(std::string(300, 'p') + "\n"));
  Template list = compiled("{{#refs}}{{{html}}}{{/refs}}{{{ref.html}}}");
  Data shared = shared_entry();
  Data common;
  Data page = page_data(shared);
  RenderLimits limits;
  limits.max_bytes = 900;
  std::string out;
  RenderCache cache;
  CHECK_THROWS_AS(list.render({&common, &page}, out, &partials, &cache, limits),
                  RenderLimitExceeded);
  limits.max_bytes = 903;  // three copies: the cached one is counted as the first
  out.clear();
  list.render({&common, &page}, out, &partials, &cache, limits);
  CHECK(out.size() == 903);
}

}  // namespace sitegen
