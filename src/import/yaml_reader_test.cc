// YAML front matter as Hugo Blox pages write it, read into located trees; and the
// errors, each at its line:col.
#include "import/yaml_reader.h"

#include <doctest/doctest.h>

using namespace sitegen;

namespace {

using Kind = TomlNode::Kind;

const TomlNode& at(const TomlNode& t, const std::string& key) {
  for (const auto& [k, v] : t.fields)
    if (k == key) return v;
  FAIL("no key `" << key << "`");
  return t;
}

TomlNode parse_ok(const std::string& text, int first_line = 1) {
  Diagnostics d;
  std::optional<TomlNode> n = parse_yaml(text, "index.md", d, first_line);
  INFO(d.format_all());
  REQUIRE(n.has_value());
  CHECK(d.all().empty());
  return *n;
}

// The one error, as "line:col: message".
std::string error_of(const std::string& text) {
  Diagnostics d;
  std::optional<TomlNode> n = parse_yaml(text, "index.md", d);
  CHECK_FALSE(n.has_value());
  REQUIRE(d.all().size() == 1);
  const Diagnostic& e = d.all()[0];
  return std::to_string(e.loc.line) + ":" + std::to_string(e.loc.col) + ": " + e.message;
}

}  // namespace

TEST_CASE("yaml_reader: scalars, quoting and comments") {
  TomlNode t = parse_ok(
      "# Authors\n"
      "title: 'An example: with ''quotes'''\n"
      "sub: \"tab\\there \\u00e9\"\n"
      "plain: In *ICW*   # a comment\n"
      "featured: true\n"
      "draft: False\n"
      "weight: -12\n"
      "version: 1.5\n"
      "date: 2013-07-01T00:00:00Z\n"
      "empty:\n"
      "nothing: ~\n"
      "quoted_true: 'true'\n");
  CHECK(t.kind == Kind::kTable);
  CHECK(at(t, "title").str == "An example: with 'quotes'");
  CHECK(at(t, "sub").str == "tab\there é");
  CHECK(at(t, "plain").str == "In *ICW*");
  CHECK(at(t, "featured").kind == Kind::kBool);
  CHECK(at(t, "featured").boolean);
  CHECK(at(t, "draft").kind == Kind::kBool);
  CHECK_FALSE(at(t, "draft").boolean);
  CHECK(at(t, "weight").kind == Kind::kInteger);
  CHECK(at(t, "weight").integer == -12);
  CHECK(at(t, "version").kind == Kind::kString);
  CHECK(at(t, "version").str == "1.5");
  CHECK(at(t, "date").str == "2013-07-01T00:00:00Z");
  CHECK(at(t, "empty").kind == Kind::kString);
  CHECK(at(t, "empty").str.empty());
  CHECK(at(t, "nothing").str.empty());
  CHECK(at(t, "quoted_true").kind == Kind::kString);
  // Keys keep document order.
  std::vector<std::string> keys;
  for (const auto& [k, v] : t.fields) keys.push_back(k);
  CHECK(keys == std::vector<std::string>{"title", "sub", "plain", "featured", "draft", "weight",
                                         "version", "date", "empty", "nothing", "quoted_true"});
}

TEST_CASE("yaml_reader: lists, nested mappings and block scalars") {
  TomlNode t = parse_ok(
      "authors:\n"
      "  - admin\n"
      "  - Robert Ford\n"
      "types: ['paper-conference', \"1\", 2]\n"
      "links:\n"
      "- type: preprint\n"
      "  provider: arxiv\n"
      "  id: 1512.04133v1\n"
      "- {type: custom, label: Custom Link, url: 'http://example.org'}\n"
      "hugoblox:\n"
      "  ids:\n"
      "    doi: 10.5555/123456\n"
      "literal: |\n"
      "  Line one.\n"
      "\n"
      "  Line three.\n"
      "folded: >-\n"
      "  folded\n"
      "  text\n"
      "multi: a plain scalar\n"
      "  over two lines\n");
  const TomlNode& authors = at(t, "authors");
  REQUIRE(authors.kind == Kind::kArray);
  REQUIRE(authors.items.size() == 2);
  CHECK(authors.items[1].str == "Robert Ford");
  const TomlNode& types = at(t, "types");
  REQUIRE(types.items.size() == 3);
  CHECK(types.items[1].kind == Kind::kString);
  CHECK(types.items[2].kind == Kind::kInteger);
  CHECK(types.items[2].str == "2");
  const TomlNode& links = at(t, "links");
  REQUIRE(links.items.size() == 2);
  CHECK(at(links.items[0], "id").str == "1512.04133v1");
  CHECK(at(links.items[1], "label").str == "Custom Link");
  CHECK(at(at(at(t, "hugoblox"), "ids"), "doi").str == "10.5555/123456");
  CHECK(at(t, "literal").str == "Line one.\n\nLine three.\n");
  CHECK(at(t, "folded").str == "folded text");
  CHECK(at(t, "multi").str == "a plain scalar over two lines");
}

TEST_CASE("yaml_reader: locations point into the whole file") {
  TomlNode t = parse_ok("title: x\nauthors:\n  - me\n", 2);
  CHECK(at(t, "title").loc.line == 2);
  CHECK(at(t, "title").loc.col == 8);
  CHECK(at(t, "title").key_loc.col == 1);
  CHECK(at(t, "authors").items[0].loc.line == 4);
  CHECK(at(t, "authors").items[0].loc.col == 5);
  CHECK(at(t, "authors").items[0].loc.path == "index.md");
}

TEST_CASE("yaml_reader: anchors, aliases and merge keys") {
  TomlNode t = parse_ok(
      "base: &b {venue: X, year: 2020}\n"
      "copy: *b\n"
      "merged:\n"
      "  <<: *b\n"
      "  year: 2021\n");
  CHECK(at(at(t, "copy"), "venue").str == "X");
  CHECK(at(at(t, "merged"), "venue").str == "X");
  CHECK(at(at(t, "merged"), "year").integer == 2021);
  CHECK(at(t, "merged").fields.size() == 2);
}

TEST_CASE("yaml_reader: an empty document is an empty table, and only the first one is read") {
  CHECK(parse_ok("# only a comment\n").fields.empty());
  CHECK(parse_ok("").fields.empty());
  TomlNode t = parse_ok("a: 1\n---\nb: 2\n");
  CHECK(t.fields.size() == 1);
}

TEST_CASE("yaml_reader: errors at their line and column") {
  CHECK(error_of("title: x\n  bad: indent\n") ==
        "2:6: invalid YAML: mapping values are not allowed in this context");
  CHECK(error_of("a: 'unclosed\n") ==
        "2:1: invalid YAML: found unexpected end of stream while scanning a quoted scalar");
  CHECK(error_of("a: 1\nb: 2\na: 3\n") == "3:1: duplicate key `a`");
  CHECK(error_of("? [x, y]\n: 1\n") ==
        "1:3: a mapping key must be a plain value, not a list or mapping");
  CHECK(error_of("a: *nope\n") == "1:4: unknown alias `*nope`");
  CHECK(error_of(std::string(300, '[') + std::string(300, ']')) ==
        "1:201: too deeply nested: more than 200 levels");
  // A billion laughs: each level repeats the one before it ten times.
  std::string bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i < 8; ++i) {
    std::string prev = "*a" + std::to_string(i - 1);
    bomb += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int k = 0; k < 10; ++k) bomb += (k ? ", " : "") + prev;
    bomb += "]\n";
  }
  std::string e = error_of(bomb);
  CHECK(e.find("aliases expand to more than 100000 values") != std::string::npos);
  CHECK(error_of("a: \xff\n").find("1:4: invalid YAML: invalid leading UTF-8 octet") == 0);
}
