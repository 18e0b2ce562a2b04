#include "toml/toml_reader.h"

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
        "p.toml:15005:8: error: error while parsing key-value pair: cannot redefine existing "
        "integer 'year'");
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
        "p.toml:2:2: error: error while parsing table header: encountered end-of-file");
  CHECK(first_error("[[") ==
        "p.toml:1:3: error: error while parsing table header: encountered end-of-file");
}

}  // namespace sitegen

namespace sitegen {

namespace {

std::string at(const NodeLoc& l) {
  return std::to_string(l.line) + ":" + std::to_string(l.col);
}

std::optional<TomlNode> parse_text(std::string_view text, const std::string& path, Diagnostics& d) {
  return parse_toml(text, path, d);
}

bool accepted(const std::string& text) {
  Diagnostics d;
  return parse_text(text, "t.toml", d).has_value();
}

}  // namespace

TEST_CASE("toml: where a table, a dotted key and an [[array]] item are") {
  // A table a header implies is at the header that first implies it, and moves to its
  // own header when that comes; its key stays where it was first written.
  Diagnostics d;
  std::optional<TomlNode> t = parse_text(
      "[a.b]\nx = 1\n\n  [ a ]\ny.z = 2\n[[list]]\n[[list]]\nv = [1,\n  2]\n", "t.toml", d);
  REQUIRE(t);
  const TomlNode& a = t->fields[0].second;
  CHECK(at(a.loc) == "4:3");
  CHECK(at(a.key_loc) == "1:2");
  CHECK(at(a.fields[0].second.loc) == "1:1");  // b, at its header
  CHECK(at(a.fields[0].second.key_loc) == "1:4");
  const TomlNode& y = a.fields[1].second;  // made by the dotted key
  CHECK(at(y.loc) == "5:1");
  CHECK(at(y.fields[0].second.loc) == "5:7");
  CHECK(at(y.fields[0].second.key_loc) == "5:3");
  const TomlNode& list = t->fields[1].second;
  CHECK(at(list.loc) == "6:1");
  CHECK(at(list.items[1].loc) == "7:1");
  CHECK(at(list.items[1].key_loc) == "7:1");
  const TomlNode& v = list.items[1].fields[0].second;
  CHECK(at(v.items[1].loc) == "9:3");
  CHECK(at(v.items[1].key_loc) == "9:3");
}

TEST_CASE("toml: fields are in the order their keys are written") {
  Diagnostics d;
  std::optional<TomlNode> t =
      parse_text("zeta = 1\nalpha = 2\n[mid]\nb = 1\na = 2\n[first]\n", "t.toml", d);
  REQUIRE(t);
  REQUIRE(t->fields.size() == 4);
  CHECK(t->fields[0].first == "zeta");
  CHECK(t->fields[1].first == "alpha");
  CHECK(t->fields[2].first == "mid");
  CHECK(t->fields[2].second.fields[0].first == "b");
  CHECK(t->fields[2].second.fields[1].first == "a");
  CHECK(t->fields[3].first == "first");
}

TEST_CASE("toml: values of every kind, and dates as sitegen reads them") {
  Diagnostics d;
  std::optional<TomlNode> t = parse_text(
      "s = 'lit'\ni = 0x10\nf = 1.5e3\nb = true\nd = 2024-02-29\nt = 07:32:00\n"
      "dt = 1979-05-27T07:32:00-08:00\nm = \"\"\"\\\n  a\\tb\"\"\"\n",
      "t.toml", d);
  REQUIRE(t);
  const auto& f = t->fields;
  REQUIRE(f.size() == 8);
  CHECK(f[0].second.str == "lit");
  CHECK(f[1].second.integer == 16);
  CHECK(f[2].second.real == 1500.0);
  CHECK(f[3].second.boolean);
  CHECK(f[4].second.kind == TomlNode::Kind::kDate);
  CHECK(f[4].second.date.year == 2024);
  CHECK(f[4].second.date.month == 2);
  CHECK(f[4].second.date.day == 29);
  CHECK(f[5].second.kind == TomlNode::Kind::kTime);
  CHECK(f[6].second.kind == TomlNode::Kind::kDateTime);
  CHECK(f[6].second.date.day == 27);
  CHECK(f[7].second.str == "a\tb");
}

TEST_CASE("toml: a table with thousands of keys, and a key used twice at its end") {
  std::string text = "[t]\n";
  for (int i = 0; i < 5000; ++i) text += "k" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  Diagnostics d;
  std::optional<TomlNode> t = parse_text(text, "t.toml", d);
  REQUIRE(t);
  REQUIRE(t->fields[0].second.fields.size() == 5000);
  CHECK(t->fields[0].second.fields[4321].first == "k4321");
  CHECK(!accepted(text + "k4321 = 1\n"));
  CHECK(!accepted(text + "[t.k17]\n"));
  CHECK(accepted(text + "[t.new]\nx = 1\n"));
}

TEST_CASE("toml: nesting up to 200 levels is read, deeper is refused") {
  auto nested = [](int levels) {
    return "x = " + std::string(levels, '[') + std::string(levels, ']') + "\n";
  };
  CHECK(accepted(nested(200)));
  CHECK(!accepted(nested(201)));
  std::string key;
  for (int i = 0; i < 199; ++i) key += "k.";
  CHECK(accepted(key + "v = []\n"));
  CHECK(!accepted(key + "v = [[]]\n"));
  CHECK(accepted("[" + key + "k]\n"));
  CHECK(!accepted("[" + key + "k.k]\n"));
  CHECK(!accepted("[[" + key + "k]]\n"));       // the array is level 200, its tables 201
  CHECK(accepted("t = {" + key + "k = 1}\n"));  // 1 for the table, 199 + 1 for the key
  CHECK(!accepted("t = {" + key + "k.k = 1}\n"));
}

}  // namespace sitegen
