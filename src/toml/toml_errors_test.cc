// What sitegen says about a TOML mistake: once, at the character where toml++ stopped,
// in toml++'s words (lowercase, no period), or in sitegen's own where the scan before
// toml++ finds it (toml_guard.h).
#include <doctest/doctest.h>

#include "toml/toml_reader.h"

namespace {

// The whole report of a document with one mistake: the message, the line, the caret.
std::string error_of(const std::string& text) {
  sitegen::Diagnostics diags;
  std::optional<sitegen::TomlNode> t = sitegen::parse_toml(text, "t.toml", diags);
  CHECK(!t);
  CHECK(diags.error_count() == 1);
  return diags.format_all();
}

// Just the first line of it.
std::string message_of(const std::string& text) {
  std::string all = error_of(text);
  return all.substr(0, all.find('\n'));
}

}  // namespace

TEST_CASE("toml errors: a key without `=`, or without a value") {
  CHECK(error_of("[person]\ntitle: \"Ada\"\n") ==
        "t.toml:2:6: error: error while parsing key-value pair: expected '=', saw ':'\n"
        "  title: \"Ada\"\n"
        "       ^\n");
  CHECK(message_of("a.\"b c\" 1\n") ==
        "t.toml:1:9: error: error while parsing key-value pair: expected '=', saw '1'");
  CHECK(message_of("title =\n") ==
        "t.toml:1:8: error: error while parsing key-value pair: expected value, saw '\\n'");
  CHECK(message_of("title = # none\n") ==
        "t.toml:1:9: error: error while parsing key-value pair: expected value, saw '#'");
  CHECK(message_of("= 1\n") ==
        "t.toml:1:1: error: error while parsing root table: expected keys, tables, whitespace or "
        "comments, saw '='");
  CHECK(message_of("a.= 1\n") ==
        "t.toml:1:3: error: error while parsing key: expected bare key starting character or "
        "string delimiter, saw '='");
}

TEST_CASE("toml errors: a value that is not one") {
  CHECK(error_of("title = Ada Lovelace\n") ==
        "t.toml:1:9: error: error while parsing value: could not determine value type\n"
        "  title = Ada Lovelace\n"
        "          ^\n");
  CHECK(message_of("selected = True\n") ==
        "t.toml:1:12: error: error while parsing boolean: expected 'true', saw 'T'");
  CHECK(message_of("a = 1 2\n") ==
        "t.toml:1:7: error: error while parsing key-value pair: expected a comment or whitespace, "
        "saw '2'");
  CHECK(message_of("a = \"x\" # ok\nb = \"y\" z\n") ==
        "t.toml:2:9: error: error while parsing key-value pair: expected a comment or whitespace, "
        "saw 'z'");
  CHECK(message_of("[t] x = 1\n") ==
        "t.toml:1:5: error: error while parsing table header: expected a comment or whitespace, "
        "saw 'x'");
}

TEST_CASE("toml errors: strings") {
  // A string left open is the scan's to word (toml++ says "unescaped control characters").
  CHECK(error_of("name = \"Ada\nyear = 1\n") ==
        "t.toml:1:12: error: expected `\"` to close the string, found the end of the line (use "
        "`\"\"\"` for text over several lines)\n"
        "  name = \"Ada\n"
        "             ^\n");
  CHECK(message_of("name = 'Ada") ==
        "t.toml:1:12: error: expected `'` to close the string, found the end of the file");
  CHECK(message_of("s = \"\"\"\nabc\n") ==
        "t.toml:1:5: error: multi-line string is never closed: expected `\"\"\"` before the end of "
        "the file");
  // An error before the open string is toml++'s.
  CHECK(message_of("a = 1 2\ns = \"x\n") ==
        "t.toml:1:7: error: error while parsing key-value pair: expected a comment or whitespace, "
        "saw '2'");
  CHECK(message_of("path = \"C:\\Users\"\n") ==
        "t.toml:1:13: error: error while parsing unicode scalar sequence: expected hex digit, saw "
        "'s'");
  CHECK(message_of("path = \"C:\\docs\"\n") ==
        "t.toml:1:12: error: error while parsing string: unknown escape sequence '\\d'");
  CHECK(message_of("s = \"\\uDC00\"\n") ==
        "t.toml:1:12: error: error while parsing unicode scalar sequence: unicode surrogates "
        "(U+D800 - U+DFFF) are explicitly prohibited");
  CHECK(message_of("s = \"a\x01\"\n") ==
        "t.toml:1:7: error: error while parsing string: unescaped control characters other than "
        "TAB (U+0009) are explicitly prohibited");
  CHECK(message_of("s = \"\"\"a \\ b\"\"\"\n") ==
        "t.toml:1:12: error: error while parsing string: line-ending backslashes must be the last "
        "non-whitespace character on the line");
  CHECK(message_of("\"\"\"k\"\"\" = 1\n") ==
        "t.toml:1:1: error: error while parsing key: multi-line strings are prohibited in keys");
}

TEST_CASE("toml errors: numbers and dates") {
  CHECK(message_of("year = 02024\n") ==
        "t.toml:1:13: error: error while parsing decimal integer: leading zeroes are prohibited");
  CHECK(message_of("n = 1__000\n") ==
        "t.toml:1:7: error: error while parsing decimal integer: underscores may only follow "
        "digits");
  CHECK(message_of("n = 9223372036854775808\n") ==
        "t.toml:1:24: error: error while parsing decimal integer: '9223372036854775808' is not "
        "representable in 64 bits");
  CHECK(message_of("f = 1.\n") ==
        "t.toml:1:7: error: error while parsing floating-point: expected decimal digit, saw '\\n'");
  // A date TOML cannot hold is said as a quoted one would be, at the part that is wrong.
  CHECK(message_of("date = 2024-02-30\n") ==
        "t.toml:1:16: error: bad date in `date`: day 30 does not exist in Feb 2024");
  CHECK(message_of("date = 2024-13-01\n") ==
        "t.toml:1:13: error: bad date in `date`: month must be 01 to 12");
  CHECK(message_of("date = 2024-1-1\n") ==
        "t.toml:1:14: error: error while parsing date: expected 2-digit month, saw '-'");
  CHECK(message_of("at = 2024-01-01T25:00:00\n") ==
        "t.toml:1:19: error: error while parsing time: expected hour between 0 to 59 "
        "(inclusive), saw 25");
  CHECK(message_of("h = +0x10\n") ==
        "t.toml:1:5: error: error while parsing hexadecimal integer: expected '0', saw '+'");
}

TEST_CASE("toml errors: a partial date without quotes") {
  CHECK(error_of("[person]\ndate = 2025-04\n") ==
        "t.toml:2:15: error: error while parsing date: expected '-', saw '\\n' (a partial date "
        "must be quoted: write date = \"2025-04\")\n"
        "  date = 2025-04\n"
        "                ^\n");
  CHECK(message_of("date = 2025-4 # April\n") ==
        "t.toml:1:14: error: error while parsing date: expected 2-digit month, saw ' ' (a partial "
        "date must be quoted: write date = \"2025-04\")");
  CHECK(message_of("dates = [2025-04, \"2024\"]\n") ==
        "t.toml:1:17: error: error while parsing date: expected '-', saw ',' (a partial date must "
        "be quoted: write \"2025-04\")");
  // A full date that is wrong is not a partial one.
  CHECK(message_of("date = 2025-04-1\n") ==
        "t.toml:1:17: error: error while parsing date: expected 2-digit day, saw '\\n'");
}

TEST_CASE("toml errors: arrays and inline tables") {
  CHECK(message_of("a = [1, 2\nb = 3\n") ==
        "t.toml:2:1: error: error while parsing array: expected comma or closing ']', saw 'b'");
  CHECK(message_of("a = [1,,2]\n") ==
        "t.toml:1:8: error: error while parsing array: expected value or closing ']', saw comma");
  CHECK(message_of("a = [\n  1,\n") ==
        "t.toml:2:6: error: error while parsing array: encountered end-of-file");
  CHECK(message_of("t = {a = 1,}\n") ==
        "t.toml:1:12: error: error while parsing inline table: expected key-value pair, saw "
        "closing '}' (dangling comma)");
  CHECK(message_of("t = {a = 1,\n b = 2}\n") ==
        "t.toml:1:12: error: error while parsing inline table: expected key or closing '}', saw "
        "'\\n'");
}

TEST_CASE("toml errors: a key or a table defined twice, at the second one") {
  CHECK(error_of("[person]\nname = \"A\"\nrole = \"x\"\nname = \"B\"\n") ==
        "t.toml:4:8: error: error while parsing key-value pair: cannot redefine existing string "
        "'name'\n"
        "  name = \"B\"\n"
        "         ^\n");
  CHECK(message_of("a.b = 1\na.b = 2\n") ==
        "t.toml:2:7: error: error while parsing key-value pair: cannot redefine existing integer "
        "'a.b'");
  CHECK(error_of("[person]\nname = \"A\"\n\n[person]\n") ==
        "t.toml:4:1: error: error while parsing table header: cannot redefine existing table "
        "'person'\n"
        "  [person]\n"
        "  ^\n");
  CHECK(message_of("[a]\nb.c = 1\n[a.b]\n") ==
        "t.toml:3:1: error: error while parsing table header: cannot redefine existing table "
        "'a.b'");
  CHECK(message_of("a = {x = 1}\n[a]\n") ==
        "t.toml:2:1: error: error while parsing table header: cannot redefine existing table 'a'");
  CHECK(message_of("[[pub]]\n[pub]\n") ==
        "t.toml:2:1: error: error while parsing table header: cannot redefine existing array "
        "'pub' as table");
  CHECK(message_of("pub = []\n[[pub]]\n") ==
        "t.toml:2:1: error: error while parsing table header: cannot redefine existing array "
        "'pub' as array-of-tables");
  CHECK(message_of("links = \"x\"\n[links.a]\n") ==
        "t.toml:2:11: error: error while parsing table header: cannot redefine existing string "
        "'links.a' as table");
  CHECK(message_of("a = {x = 1}\na.y = 2\n") ==
        "t.toml:2:1: error: error while parsing key-value pair: cannot redefine existing table as "
        "dotted key-value pair");
  CHECK(message_of("[fruit.apple]\n[fruit]\napple.color = \"red\"\n") ==
        "t.toml:3:1: error: error while parsing key-value pair: cannot redefine existing table as "
        "dotted key-value pair");
}

TEST_CASE("toml errors: characters TOML does not allow") {
  CHECK(message_of("a = 1 # tab\there is fine, a bell \x07 is not\n") ==
        "t.toml:1:34: error: error while parsing comment: control characters other than TAB "
        "(U+0009) are explicitly prohibited in comments");
  CHECK(message_of("a = 1\rb = 2\n") ==
        "t.toml:1:7: error: error while parsing key-value pair: expected '\\n' after '\\r', saw "
        "'b'");
  CHECK(message_of("# caf\xe9\n") ==
        "t.toml:1:6: error: invalid UTF-8 (is the file in Latin-1 or another encoding? save it as "
        "UTF-8)");
  CHECK(message_of("a = 1\nnäme = 2\n") ==
        "t.toml:2:2: error: unexpected `ä` outside a quoted string: TOML keys and values other "
        "than strings are "
        "ASCII, so put it in quotes");
  CHECK(message_of("t = \"\"\"x\"\"\"\n[a.б]\n") ==
        "t.toml:2:4: error: unexpected `б` outside a quoted string: TOML keys and values other "
        "than strings are ASCII, so put it in quotes");
  // Non-ASCII in strings and comments is fine.
  sitegen::Diagnostics diags;
  CHECK(
      sitegen::parse_toml(std::string("# café\n\"ключ\" = \"значение\" # ok\n"), "t.toml", diags));
  CHECK(diags.error_count() == 0);
}

TEST_CASE("toml errors: nesting past 200 levels, where the 201st level opens") {
  std::string key;
  for (int i = 0; i < 201; ++i) key += "a.";  // the 201st `a` is a table at level 201
  CHECK(message_of(key + "b = 1\n") ==
        "t.toml:1:401: error: too deeply nested: more than 200 levels of tables, arrays and "
        "dotted keys");
  CHECK(message_of("[x]\nt = {" + key.substr(0, 398) + "b = 1}\n") ==
        "t.toml:2:402: error: too deeply nested: more than 200 levels of tables, arrays and "
        "dotted keys");
}
