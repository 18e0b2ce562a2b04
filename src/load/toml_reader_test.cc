#include "load/toml_reader.h"

#include <doctest/doctest.h>

namespace sitegen {

namespace {

// A big publications.toml: a preamble, then `count` entries of six lines each, every
// one with a [publication.links] table.
std::string big_list(size_t count, const std::string& preamble = "") {
  std::string s = preamble;
  for (size_t i = 0; i < count; ++i)
    s += "[[publication]]\nid = \"p" + std::to_string(i) + "\"\ntitle = \"" +
         std::string(180, 'x') + "\"\nyear = 2020\n[publication.links]\npdf = \"a.pdf\"\n";
  return s;
}

std::string first_error(const std::string& text) {
  Diagnostics d;
  std::optional<TomlNode> t = parse_toml(text, "p.toml", d);
  CHECK(!t);
  std::string all = d.format_all();
  return all.substr(0, all.find('\n'));
}

}  // namespace

TEST_CASE("toml: a big list file keeps every entry, its order and its lines") {
  std::string preamble = "# comment\nkind = \"list\"\n[meta]\nv = 1\n";  // 4 lines
  Diagnostics d;
  std::optional<TomlNode> t = parse_toml(big_list(4000, preamble), "p.toml", d);
  REQUIRE(t);
  CHECK(d.error_count() == 0);
  REQUIRE(t->fields.size() == 3);
  CHECK(t->fields[0].first == "kind");
  CHECK(t->fields[1].first == "meta");
  CHECK(t->fields[2].first == "publication");
  const TomlNode& list = t->fields[2].second;
  CHECK(list.key_loc.line == 5);
  REQUIRE(list.items.size() == 4000);
  for (size_t i : {size_t{0}, size_t{1}, size_t{1234}, size_t{3999}}) {
    const TomlNode& entry = list.items[i];
    int header = 5 + 6 * static_cast<int>(i);
    CHECK(entry.loc.line == header);
    REQUIRE(entry.fields.size() == 4);
    CHECK(entry.fields[0].second.str == "p" + std::to_string(i));
    CHECK(entry.fields[0].second.loc.line == header + 1);
    CHECK(entry.fields[0].second.loc.col == 6);
    CHECK(entry.fields[3].first == "links");
    CHECK(entry.fields[3].second.fields[0].second.loc.line == header + 5);
  }
}

TEST_CASE("toml: errors in a big list file are found where they are, as in a small one") {
  std::string text = big_list(4000);
  // Entry 3000's year, on line 6 * 3000 + 4.
  size_t at = text.find("year = 2020", text.find("id = \"p3000\""));
  text.replace(at, 11, "year = 20x0");
  CHECK(first_error(text).rfind("p.toml:18004:", 0) == 0);
  // A key defined twice in one entry (the second `year`, one line below the first).
  text = big_list(4000);
  at = text.find("year = 2020", text.find("id = \"p2500\""));
  text.insert(at, "year = 1\n");
  CHECK(first_error(text) ==
        "p.toml:15005:1: error: duplicate key `year`: it was first set at line 15004");
}

TEST_CASE("toml: a big list file with a table after it, or with the list's name taken") {
  // A table after the entries; a preamble that already names the list, and a [table]
  // header redefining the list, each an error where it is.
  Diagnostics d;
  std::optional<TomlNode> t = parse_toml(big_list(4000) + "[extra]\nv = 1\n", "p.toml", d);
  REQUIRE(t);
  REQUIRE(t->fields.size() == 2);
  CHECK(t->fields[0].second.items.size() == 4000);
  CHECK(t->fields[1].first == "extra");
  CHECK(t->fields[1].second.loc.line == 24001);

  CHECK(first_error(big_list(4000, "publication = 3\n")).rfind("p.toml:2:", 0) == 0);
  std::string text = big_list(4000);
  text.insert(text.find("[[publication]]\nid = \"p2000\""), "[publication]\n");
  CHECK(first_error(text).rfind("p.toml:12001:", 0) == 0);
}

TEST_CASE("toml: a table header cut off by the end of the file is an error, not a crash") {
  CHECK(first_error("a = 1\n[") ==
        "p.toml:2:2: error: expected a table name after `[`, found the end of the file");
  CHECK(first_error("[[") ==
        "p.toml:1:3: error: expected a name after `[[`, found the end of the file");
}

}  // namespace sitegen
