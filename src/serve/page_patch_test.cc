#include "serve/page_patch.h"

#include <doctest/doctest.h>

namespace sitegen {

namespace {

std::string doc(const std::string& body) {
  return "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<title>T</title>\n</head>\n<body class=\"kind-home\">\n" +
         body + "\n<script id=\"sitegen-live-reload\">let built = 1;</script>\n</body>\n</html>\n";
}

// The patch as one line: path and tags, children, keep, remove and the new HTML.
std::string patch_of(const std::string& before, const std::string& after) {
  std::optional<std::vector<PagePatch>> p = page_patch(doc(before), doc(after));
  if (!p) return "whole page";
  if (p->empty()) return "nothing";
  std::string out;
  for (const PagePatch& x : *p) {
    for (size_t i = 0; i < x.path.size(); ++i)
      out += "/" + x.tags[i] + "[" + std::to_string(x.path[i]) + "]";
    out += " children " + std::to_string(x.children) + " keep " + std::to_string(x.keep) +
           " remove " + std::to_string(x.remove) + ": " + x.html;
  }
  return out;
}

const char* kList =
    "<main>\n<ol class=\"pubs\">\n<li><a href=\"/a/\">Alpha</a></li>\n"
    "<li><a href=\"/b/\">Beta</a></li>\n<li><a href=\"/c/\">Gamma</a></li>\n</ol>\n</main>";

}  // namespace

TEST_CASE("page patch: the smallest run of element children that changed") {
  std::string list = kList;
  CHECK(patch_of(list, list) == "nothing");
  // Text inside one element: that element's content.
  std::string beta = list;
  beta.replace(beta.find("Beta"), 4, "Better & best");
  CHECK(patch_of(list, beta) ==
        "/main[0]/ol[0]/li[1]/a[0] children 0 keep 0 remove 0: Better & best");
  // An attribute: the element is replaced among its siblings.
  std::string moved = list;
  moved.replace(moved.find("/b/"), 3, "/beta/");
  CHECK(patch_of(list, moved) ==
        "/main[0]/ol[0]/li[1] children 1 keep 0 remove 1: <a href=\"/beta/\">Beta</a>");
  // A new item between two others: nothing is removed.
  std::string added = list;
  added.insert(added.find("<li><a href=\"/c/\""), "<li><a href=\"/bb/\">Between</a></li>\n");
  CHECK(patch_of(list, added) ==
        "/main[0]/ol[0] children 3 keep 2 remove 0: \n<li><a href=\"/bb/\">Between</a></li>\n");
  // Text beside elements: the run between them.
  CHECK(patch_of("<p>Hello <b>x</b> world</p>", "<p>Hi <b>x</b> world</p>") ==
        "/p[0] children 1 keep 0 remove 0: Hi ");
  // Nested lists, void elements and SVG's self-closing tags are read as browsers do.
  CHECK(patch_of("<ul><li>a<ul><li>b</li></ul></li></ul><br><svg><use href=\"#i\"/></svg>x",
                 "<ul><li>a<ul><li>c</li></ul></li></ul><br><svg><use href=\"#i\"/></svg>x") ==
        "/ul[0]/li[0]/ul[0]/li[0] children 0 keep 0 remove 0: c");
}

TEST_CASE("page patch: the whole page where a patch could not stand for a fresh load") {
  std::string list = kList;
  std::string beta = list;
  beta.replace(beta.find("Beta"), 4, "Bet");
  // A change in <head>.
  CHECK(page_patch(doc(list), [&] {
          std::string d = doc(beta);
          d.replace(d.find("<title>T"), 8, "<title>U");
          return d;
        }()) == std::nullopt);
  // A script in the part that would be replaced, before or after.
  CHECK(patch_of("<div><p>a</p></div>", "<div><p>b</p><script>x()</script></div>") == "whole page");
  CHECK(patch_of("<div><p>a</p><script>x()</script></div>", "<div><p>b</p></div>") == "whole page");
  // Markup the parser would restructure: an implied end tag, a block that closes a
  // paragraph, a row outside a table section, a link inside a link, an item inside an
  // item, `<div/>`, text inside a table, an element left open.
  for (const char* odd :
       {"<ul><li>a<li>b</ul>", "<p>a<div>b</div></p>", "<table><tr><td>a</td></tr></table>",
        "<a href=x>a<a href=y>b</a></a>", "<ul><li>a<li>b</li></li></ul>", "<div/>",
        "<table>x<tbody></tbody></table>", "<div><span>a</div>"}) {
    INFO(odd);
    CHECK(patch_of(std::string(odd) + "<p>1</p>", std::string(odd) + "<p>2</p>") == "whole page");
  }
  // The same markup written out in full is read.
  CHECK(patch_of("<table><tbody><tr><td>a</td></tr></tbody></table>",
                 "<table><tbody><tr><td>b</td></tr></tbody></table>") ==
        "/table[0]/tbody[0]/tr[0]/td[0] children 0 keep 0 remove 0: b");
}

TEST_CASE("page patch: tags are read as browsers tokenize them") {
  // An unquoted value may end in `/`: the tag is not self-closing, the link stays open.
  CHECK(patch_of("<p><a href=/x/>a</a></p>", "<p><a href=/x/>b</a></p>") ==
        "/p[0]/a[0] children 0 keep 0 remove 0: b");
  // A quote inside a name or an unquoted value quotes nothing.
  CHECK(patch_of("<p title=a\"b>c</p><p>1</p>", "<p title=a\"b>c</p><p>2</p>") ==
        "/p[1] children 0 keep 0 remove 0: 2");
}

TEST_CASE("page patch: a change that ends inside a tag (found by fuzzing)") {
  // The quote left open makes the unchanged bytes after the change part of an attribute
  // value: the first item's end tag is no longer the same bytes, so the patch is made
  // for the list, whose end tag is.
  std::string list =
      "<ol>\n<li><a href=\"/a/\">Alpha</a></li>\n<li><a href=\"/b/\">Beta</a></li>\n</ol>";
  std::string after = list;
  after.replace(after.find("\">Alpha"), 7, "suAlpha");
  after.insert(after.find("<li><a href=\"/b/"), "<li><a href=x</a></li>\n");
  CHECK(patch_of(list, after) ==
        "/ol[0] children 2 keep 0 remove 2: \n<li><a href=\"/a/suAlpha</a></li>\n"
        "<li><a href=x</a></li>\n<li><a href=\"/b/\">Beta</a></li>\n");
}

TEST_CASE("page patch: as JSON for the live-reload script") {
  std::optional<std::vector<PagePatch>> p =
      page_patch(doc("<main><p>\"a\"</p></main>"), doc("<main><p>\"b\"</p></main>"));
  REQUIRE(p);
  CHECK(page_patch_json(*p) ==
        "[{\"path\":[0,0],\"tags\":[\"main\",\"p\"],\"children\":0,\"keep\":0,\"remove\":0,"
        "\"html\":\"\\\"b\\\"\"}]");
}

}  // namespace sitegen
