// sitegen's TOML parser held to toml++ (toml_oracle.h): every document both read gives
// the same tree, node by node (kind, value, location, key location, field order), and
// the documents one refuses the other refuses too. The messages are in toml_errors_test.cc.
#include "load/toml_parse.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "load/frontmatter.h"
#include "support/toml_oracle.h"

namespace fs = std::filesystem;
using namespace sitegen;

namespace {

const fs::path kRoot = SITEGEN_SOURCE_DIR;
const fs::path kShared = kRoot / ".." / "shared";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// sitegen's parser on its own, as parse_toml uses it.
std::optional<TomlNode> parse(std::string_view text, std::string* error = nullptr) {
  SharedPath path("t.toml");
  TomlNode root;
  TomlError e;
  if (!parse_toml_text(text, path, &root, &e)) {
    if (error) *error = std::to_string(e.offset) + ": " + e.message;
    return std::nullopt;
  }
  root.loc = root.key_loc = NodeLoc{path, 1, 1};
  return root;
}

// "" when sitegen and toml++ agree on the text (both refuse it, or both read the same
// tree); otherwise what differs.
std::string compare(std::string_view text) {
  std::string error;
  std::optional<TomlNode> mine = parse(text, &error);
  oracle::TomlResult ref = oracle::toml_reference(text, "t.toml");
  if (mine && !ref.tree) return "toml++ refuses it: " + ref.error;
  if (!mine && ref.tree) return "sitegen refuses it at byte " + error;
  return mine ? oracle::toml_difference(*mine, *ref.tree) : "";
}

bool accepted(std::string_view text) {
  return parse(text).has_value();
}

// Both parsers read each text, and read it the same.
void check_read_alike(const std::vector<std::string>& texts) {
  for (const std::string& text : texts) {
    INFO("the document:\n" << text);
    CHECK(accepted(text));
    CHECK(compare(text) == "");
  }
}

}  // namespace

TEST_CASE("toml parser: keys read as toml++ read them") {
  check_read_alike({"a = 1\nb = 2\n", "a=1", "\"a b\" = 1\n'c d' = 2\n", "\"\" = 1", "'' = 1",
                    "a.b.c = 1\na.b.d = 2\na.e = 3\n", "a . b . c = 1", "\"a\".b.\"c\" = 1",
                    "1.2 = 3", "true = 1", "- = 1", "_ = 1", "\"é\" = 1\n\"ü\".x = 2",
                    "\"\\u00e9\" = 1\nx = 2", "a = 1 # comment\n# a line of comment\n  b = 2",
                    "name = \"Ada\"\n\tposition = \"x\"\n"});
}

TEST_CASE("toml parser: strings read as toml++ read them") {
  check_read_alike(
      {R"(s = "a\tb\n\"\\\b\f\r")", R"(s = "\u00e9\U0001F600\u0000")", "s = \"tab\there\"",
       R"(s = 'lit\eral')", "s = 'a\tb'", "s = \"é😀\"", "s = \"\"", "s = ''", "s = \"\"\n",
       "s = \"\"\"\nline1\nline2\"\"\"", "s = \"\"\"line1\r\nline2\"\"\"",
       "s = \"\"\"a\\\n   b\\\n\n  c\"\"\"", "s = \"\"\"a \\  \n b\"\"\"",
       "s = \"\"\"a\\\r\n b\"\"\"", "s = \"\"\"a\\\t\n\tb\"\"\"", "s = \"\"\"\\\n  \"\"\"",
       "s = \"\"\"\n\"\"\"", "s = \"\"\"\"\"\"",
       // Up to two quotes right before the closing three are text.
       "s = \"\"\"\"\"\"\"", "s = \"\"\"\"a\"\"\"\"", "s = \"\"\"\"\"a\"\"\"\"\"", "s = '''''''",
       "s = ''''a''''", "s = '''\nx\n'''", "s = '''a\r\nb'''", "s = \"a\" # c", "s = \"a\"#c",
       "s = \"é\" # x\nb = 1", "s = \"\"\"a \"\" b\"\"\"", "s = '''a '' b'''"});
}

TEST_CASE("toml parser: numbers, booleans and dates read as toml++ read them") {
  check_read_alike({"i = 0",
                    "i = +0",
                    "i = -0",
                    "i = 1_000",
                    "i = +1",
                    "i = -1",
                    "i = 9223372036854775807",
                    "i = -9223372036854775808",
                    "i = 0xDEADbeef",
                    "i = 0x7FFFFFFFFFFFFFFF",
                    "i = 0o777",
                    "i = 0b1010",
                    "i = 0x00000000000000000001",
                    "i = 0o1_7",
                    "f = 1.0",
                    "f = -0.0",
                    "f = +0.0",
                    "f = 1e5",
                    "f = 1E5",
                    "f = 1e+5",
                    "f = 1e-5",
                    "f = 1.5e-3",
                    "f = 1_000.000_1",
                    "f = 1e1_0",
                    "f = 0.5",
                    "f = 0e0",
                    "f = inf",
                    "f = +inf",
                    "f = -inf",
                    "f = nan",
                    "f = +nan",
                    "f = -nan",
                    "f = 1e-400",
                    "f = 1e-310",
                    "f = 3.141592653589793238462643",
                    "f = +1.5",
                    "f = 0.1e01",
                    "f = 1e05",
                    "f = 1.0E-0_5",
                    "b = true",
                    "b = false",
                    "d = 1979-05-27",
                    "d = 1979-05-27T07:32:00",
                    "d = 1979-05-27T07:32:00Z",
                    "d = 1979-05-27t07:32:00z",
                    "d = 1979-05-27 07:32:00",
                    "d = 1979-05-27T07:32:00.999999",
                    "d = 1979-05-27T07:32:00-07:00",
                    "d = 1979-05-27T07:32:00.5+01:30",
                    "d = 07:32:00",
                    "d = 07:32:00.999",
                    "d = 2000-02-29",
                    "d = 0000-01-01",
                    "d = 1979-05-27 # c",
                    "d = [1979-05-27 ,1979-05-28]",
                    "d = 1979-05-27 07:32:00Z",
                    "d = {a = 1979-05-27 07:32:00}"});
}

TEST_CASE("toml parser: arrays and inline tables read as toml++ read them") {
  check_read_alike({"a = []",
                    "a = [ ]",
                    "a = [1,]",
                    "a = [\n1,\n2,\n]",
                    "a = [ # c\n 1, # d\n 2 # e\n] # f",
                    "a = [1, \"a\", 1.5, true, [2], {x = 1}]",
                    "a = [[1, 2], [3]]",
                    "a = [\n[\n]\n]",
                    "a = [1\n,2]",
                    "a = [{a=1},{a=2}]",
                    "a = [ { a = [ { b = 1 } ] } ]",
                    "a = [\n  \"x\", # y\n]\n",
                    "a = [\"é\", \"ü\", {\"ö\" = 1}]",
                    "t = {}",
                    "t = { }",
                    "t = {a = 1, b = 2}",
                    "t = {a.b = 1, a.c = 2}",
                    "t = {a = [1,\n2]}",
                    "t = {a = \"\"\"x\ny\"\"\"}",
                    "t = { a = 1 } # c",
                    "t = {a = 1, b = {c = {d = 1}}}",
                    "x = [{a = {b.c = [1, {d = 2}]}}]"});
}

TEST_CASE("toml parser: tables and arrays of tables are where toml++ put them") {
  check_read_alike({"[a]\nx = 1\n[b]\ny = 2\n",
                    "[a.b]\n[a]\nx = 1",
                    "[a.b.c]\n[a]\n[a.b]",
                    "[ a ]",
                    "[ a . b ]",
                    "[\ta\t]",
                    "[a] # c\n",
                    "[[ a ]]",
                    "[[a]]\n[[a]]\n[a.b]\nx=1\n[[a]]\n",
                    "[[a.b]]\n[a]",
                    "[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true",
                    "[a.b.c]\n[a]\nb.x = 1",
                    "[x.a.b]\n[x]\na.k = [{y=1}]\n[x.a]",
                    "a.b = 1\n[a.c]",
                    "[\"a.b\"]\nx = 1\n['c']\n[\"a.b\".d]",
                    "[a]\n[b]\n[a.c]",
                    "[[p]]\nx = 1\n[p.links]\ny = 2\n[[p]]\nx = 2\n[p.links]\ny = 3\n",
                    "[[a.b]]\n[[a.b]]\n[a.b.c]\n[[a.b.c.d]]",
                    "[[a]]\nb.c = 1\n[a.b.d]",
                    "[a.b.c]\n[a.b.d]\n[a]\n[a.e]",
                    "z = 1\n[b]\n[a.x]\n[a]\ny = 2\n[c]"});
}

TEST_CASE(
    "toml parser: whitespace, comments, CRLF and a byte-order mark read as toml++ read them") {
  check_read_alike(
      {"\xEF\xBB\xBF"
       "a = 1",
       "\xEF\xBB\xBF[t]\na = \"é\"", "a = 1\r\nb = 2\r\n", "# c\r\n", "# é", "a = 1 # é\n",
       "\n\n  \t\n a = 1", "a = 1\n\n", "  # only comment", "", "[t]\r\na = [\r\n1,\r\n]\r\n"});
}

TEST_CASE("toml parser: what toml++ refuses is refused") {
  for (const std::string& text : std::vector<std::string>{
           // keys
           "a = 1\na = 2", "a = 1\n\"a\" = 2", "a.b = 1\na = 2", "a = 1\na.b = 2",
           "a.b = 1\na.b.c = 2", "a = {b = 1}\na.c = 2", "\"\"\"a\"\"\" = 1", "=1", "a",
           "a =", "a = \n", "a = # c\n", "a b = 1",
           // strings
           R"(s = "\uD800")", R"(s = "\U00110000")", R"(s = "\x41")", R"(s = "\e")", R"(s = "\/")",
           "s = \"unterminated\n",
           "s = \"a\x01"
           "b\"",
           "s = \"a\x7f\"", "s = 'a\x7f'", "s = \"\"\"a\\ b\"\"\"", "s = \"\"\"a\"\"\"\"\"\"",
           "s = \"\"\"a\rb\"\"\"", "s = \"\"\"a\x01\"\"\"", "s = \"a\"b", "s = \"a\" \"b\"",
           "s = '''a", "s = \"\"\"a",
           // numbers, booleans, dates
           "i = 00", "i = 01", "i = 1__0", "i = _1", "i = 1_", "i = 9223372036854775808",
           "i = -9223372036854775809", "i = 0x_1", "i = 0x1_", "i = 0x", "i = 0x8000000000000000",
           "i = 0o8", "i = 0b2", "i = +0x1", "i = -0b1", "i = 0X1", "i = 0B1", "i = 1x", "i = 0_0",
           "i = -00", "f = 1.", "f = .5", "f = 1.e5", "f = 1e", "f = 1e+", "f = 00.5", "f = 01.5",
           "f = 1_.5", "f = 1._5", "f = 1e_5", "f = Inf", "f = NaN", "f = infinity", "f = -i",
           "f = 1e400", "f = 1.5.5", "f = 1e5e5", "f = -.5", "b = True", "b = tru", "b = truex",
           "b = FALSE", "d = 1979-05-27T07:32Z", "d = 1979-05-27T24:00:00", "d = 1979-13-27",
           "d = 1979-02-29", "d = 1900-02-29", "d = 1979-04-31", "d = 1979-05-27T07:60:00",
           "d = 1979-5-27", "d = 1979-05-27 07", "d = 1979-05-27 7",
           "d = 1979-05-27T07:32:00+24:00", "d = 1979-05-27T07:32:00+0100", "d = 07:32:00Z",
           "d = 07:32", "d = 1979-05-27T07:32:00.", "d = 1979-05-27X07:32:00",
           "d = 1979-05-27T07:32:00 +01:00", "d = 12:3:00",
           // arrays and inline tables
           "a = [,]", "a = [1,,2]", "a = [1 2]", "a = [", "a = [1", "a = [1,", "a = [1]\n[[a]]",
           "t = {a = 1,}", "t = {,}", "t = {a = 1\n}", "t = {a = {b = 1}, a.c = 2}",
           "t = {a = 1, a = 2}", "t = {a = 1 b = 2}", "t = {a=1}\n[t.b]", "t = {a=1}\n[t]",
           "t = {a.b = 1}\nt.a.c = 2", "t = {#\n}",
           // tables: each is defined once, by its header or by dotted keys
           "[a]\n[a]", "[a]\n[a.b]\n[a]", "[a]x = 1", "[]", "[a", "[a]]", "[ [a]]", "[[a] ]",
           "[[a]]\n[a]", "[a]\n[[a]]", "[[a.b]]\n[a]\nb.y = 2", "a = 1\n[a]", "a = 1\n[a.b]",
           "a = [1]\n[a.b]", "a = []\n[[a]]", "a = [{}]\n[[a]]",
           "[fruit]\napple.color = \"red\"\n[fruit.apple]",
           "[fruit]\napple.taste.sweet = true\n[fruit.apple.taste]",
           "[fruit.apple]\n[fruit]\napple.color = \"red\"", "[a.b.c]\n[a]\nb.x = 1\n[a.b]",
           "[x.a.b]\n[x]\na.k = []\n[x.a]", "a.b = 1\n[a]", "[t1]\nt2.t3.v = 0\n[t1.t2]",
           "[a.b.c]\nz = 9\n[a]\nb.c.t = 1", "[a]\nb = 1\n[a.b]", "[[a]]\nb = {}\n[a.b.c]",
           "[[a]]\nb.c = 1\n[a.b]", "x = 1\n[[x.y]]",
           // characters: control characters, lone CR, non-ASCII outside strings, bad UTF-8
           "a = 1\rb = 2", "# c\r", "#\x01", "# \x7f", "a = 1\x0b", "a = 1\x0c",
           std::string("\0", 1), std::string("a\0 = 1", 6), "é = 1", "a = é", "\"a\" = \"b\"é",
           "[é]", "a = 1 é", "a = \"\xff\"", "# \xff", "a = \"\xc3\x28\"", "a = \"\xed\xa0\x80\"",
           "a = \"\xf4\x90\x80\x80\"", "a = \"\xc0\x80\"", "a = \"\xe2\x82\"", "a = \"\xe2\x82",
           "\xef\xbb", "a = \"x\" \xff"}) {
    INFO("the document:\n" << text);
    CHECK(!accepted(text));
    CHECK(compare(text) == "");
  }
}

TEST_CASE("toml parser: where a table, a dotted key and an [[array]] item are") {
  // What the comparisons hold sitegen to, spelled out: a table a header implies is at
  // the header that first implies it, and moves to its own header when that comes;
  // its key stays where it was first written.
  std::optional<TomlNode> t =
      parse("[a.b]\nx = 1\n\n  [ a ]\ny.z = 2\n[[list]]\n[[list]]\nv = [1,\n  2]\n");
  REQUIRE(t);
  auto at = [](const NodeLoc& l) { return std::to_string(l.line) + ":" + std::to_string(l.col); };
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

TEST_CASE("toml parser: a table with thousands of keys, and a key used twice at its end") {
  std::string text = "[t]\n";
  for (int i = 0; i < 5000; ++i) text += "k" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  CHECK(compare(text) == "");
  CHECK(compare(text + "k4321 = 1\n") == "");
  CHECK(!accepted(text + "k4321 = 1\n"));
  CHECK(compare(text + "[t.k17]\n") == "");
  CHECK(compare(text + "[t.new]\nx = 1\n") == "");
}

TEST_CASE("toml parser: nesting up to 200 levels is read, deeper is refused") {
  // toml++'s own limit was estimated before it parsed (toml_oracle.h), so no comparison.
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
  CHECK(!accepted("[[" + key + "k]]\n"));  // the array is level 200, its tables 201
}

// TOML 1.0.0 allows these; toml++ 3.3 refuses them, so sitegen reads more than it did.
TEST_CASE("toml parser: TOML that toml++ refused and sitegen reads") {
  // "time-second = 2DIGIT ; 00-58, 00-59, 00-60 based on leap second rules" (the ABNF):
  // a leap second. toml++ stops at 59.
  for (const char* text : {"t = 23:59:60", "t = 1990-12-31T23:59:60Z"}) {
    CHECK(accepted(text));
    CHECK(oracle::toml_reference(text, "t.toml").error.find("second between 0 and 59") !=
          std::string::npos);
  }
  // The spec sets no length on numbers and asks for at least millisecond precision of
  // fractional seconds, truncating the rest; toml++ keeps 128 characters of a number
  // and 64 digits of a fraction.
  for (std::string text :
       {"h = 0x" + std::string(200, '0') + "1", "f = 0." + std::string(200, '0') + "1",
        "t = 07:32:00." + std::string(100, '9')}) {
    CHECK(accepted(text));
    CHECK(!oracle::toml_reference(text, "t.toml").tree);
  }
}

// TOML 1.0.0: "When the last non-whitespace character on a line is an unescaped \, it
// will be trimmed along with all whitespace (including newlines) up to the next
// non-whitespace character", and "whitespace means tab (0x09) or space (0x20)". toml++
// 3.3 trims Unicode spaces too; sitegen keeps them.
TEST_CASE(
    "toml parser: a Unicode space after a line-ending backslash is text, as toml++ did not read "
    "it") {
  // U+3000 (ideographic space) and U+00A0 (no-break space), each after a backslash.
  std::string text =
      "s = \"\"\"a \\\n  \xE3\x80\x80"
      "b\\\n\xC2\xA0\"\"\"\n";
  std::optional<TomlNode> mine = parse(text);
  REQUIRE(mine);
  CHECK(mine->fields[0].second.str ==
        "a \xE3\x80\x80"
        "b\xC2\xA0");
  oracle::TomlResult ref = oracle::toml_reference(text, "t.toml");
  REQUIRE(ref.tree);
  CHECK(ref.tree->fields[0].second.str == "a b");
  // Without those characters the two read alike (the fuzz target's test for this case).
  std::string plain = oracle::without_unicode_spaces_toml_plus_plus_trims(text);
  CHECK(plain == "s = \"\"\"a \\\n  _b\\\n_\"\"\"\n");
  CHECK(compare(plain) == "");
  CHECK(oracle::without_unicode_spaces_toml_plus_plus_trims("s = \"\"\"a\\\n b\"\"\"") == "");
}

TEST_CASE("toml parser: the repository's TOML reads as toml++ read it") {
  // Every .toml file, every page's front matter and every ```toml block of the docs,
  // and of ../shared/testdata (Hugo Blox pages) when it is there.
  std::vector<fs::path> paths = {kRoot / "README.md", kRoot / "HACKING.md"};
  for (fs::path dir : {kRoot / "content", kRoot / "examples", kRoot / "docs", kRoot / "templates",
                       kShared / "testdata"}) {
    if (!fs::is_directory(dir)) continue;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(dir))
      paths.push_back(e.path());
  }
  size_t documents = 0;
  for (const fs::path& p : paths) {
    std::string text = slurp(p);
    std::vector<std::string> docs;
    if (p.extension() == ".toml") docs.push_back(text);
    if (p.extension() == ".md") {
      std::string why;
      if (std::optional<FrontMatter> fm = split_front_matter(text, &why); fm && !fm->toml.empty())
        docs.push_back(fm->toml);
      for (size_t at = text.find("```toml\n"); at != std::string::npos;
           at = text.find("```toml\n", at + 1)) {
        size_t end = text.find("```\n", at + 8);
        if (end != std::string::npos) docs.push_back(text.substr(at + 8, end - at - 8));
      }
    }
    for (const std::string& doc : docs) {
      INFO(p.string() << ":\n" << doc);
      CHECK(compare(doc) == "");
      ++documents;
    }
  }
  CHECK(documents > 30);
}

TEST_CASE("toml parser: a generated site of 1,000 publications reads as toml++ read it") {
  fs::path out = fs::temp_directory_path() / ("sitegen-toml-gen-" + std::to_string(::getpid()));
  std::string command = "python3 '" + (kRoot / "bench" / "gen_site.py").string() +
                        "' --pubs 1000 --news 300 --talks 100 --out '" + out.string() +
                        "' >/dev/null 2>&1";
  REQUIRE(std::system(command.c_str()) == 0);
  size_t files = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(out)) {
    if (e.path().extension() != ".toml") continue;
    INFO(e.path().string());
    CHECK(compare(slurp(e.path())) == "");
    ++files;
  }
  CHECK(files >= 4);
  fs::remove_all(out);
}
