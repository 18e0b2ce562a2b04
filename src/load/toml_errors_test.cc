// What sitegen says about a TOML mistake: once, at the character that is wrong, and
// what was expected there.
#include <doctest/doctest.h>

#include "load/toml_reader.h"

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
        "t.toml:2:6: error: expected `=` after the key `title`, found `:`\n"
        "  title: \"Ada\"\n"
        "       ^\n");
  CHECK(message_of("a.\"b c\" 1\n") ==
        "t.toml:1:9: error: expected `=` after the key `a.\"b c\"`, found `1`");
  CHECK(message_of("title =\n") ==
        "t.toml:1:8: error: expected a value after `title =`, found the end of the line");
  CHECK(message_of("title = # none\n") ==
        "t.toml:1:9: error: expected a value after `title =`, found `#`");
  CHECK(message_of("= 1\n") ==
        "t.toml:1:1: error: expected a key or a table header such as `[name]`, found `=`");
  CHECK(message_of("a.= 1\n") == "t.toml:1:3: error: expected a key after `.`, found `=`");
}

TEST_CASE("toml errors: a value that is not one") {
  CHECK(error_of("title = Ada Lovelace\n") ==
        "t.toml:1:9: error: expected a value, found `Ada` (text needs quotes: `\"Ada\"`)\n"
        "  title = Ada Lovelace\n"
        "          ^\n");
  CHECK(message_of("selected = True\n") ==
        "t.toml:1:12: error: expected a value, found `True` (booleans are `true` and `false`, in "
        "lowercase)");
  CHECK(message_of("a = 1 2\n") ==
        "t.toml:1:7: error: expected the end of the line after the value of `a`, found `2`");
  CHECK(message_of("a = \"x\" # ok\nb = \"y\" z\n") ==
        "t.toml:2:9: error: expected the end of the line after the value of `b`, found `z`");
  CHECK(message_of("[t] x = 1\n") ==
        "t.toml:1:5: error: expected the end of the line after the header `[t]`, found `x`");
}

TEST_CASE("toml errors: strings") {
  CHECK(error_of("name = \"Ada\nyear = 1\n") ==
        "t.toml:1:12: error: expected `\"` to close the string, found the end of the line (use "
        "`\"\"\"` "
        "for text over several lines)\n"
        "  name = \"Ada\n"
        "             ^\n");
  CHECK(message_of("path = \"C:\\Users\"\n") ==
        "t.toml:1:11: error: expected 8 hexadecimal digits after `\\U` in a string (write `\\\\` "
        "for a "
        "backslash)");
  CHECK(message_of("path = \"C:\\docs\"\n") ==
        "t.toml:1:11: error: unknown escape `\\d` in a string: expected one of \\b \\t \\n \\f \\r "
        "\\\" \\\\ "
        "\\uXXXX \\UXXXXXXXX (write `\\\\` for a backslash)");
  CHECK(message_of("s = \"\\uDC00\"\n") ==
        "t.toml:1:6: error: escape `\\uDC00` is a UTF-16 surrogate, not a character: write the "
        "character "
        "it stands for with one `\\U` escape");
  CHECK(message_of("s = \"a\x01\"\n") ==
        "t.toml:1:7: error: control character U+0001 in a string: write it as `\\u0001`");
  CHECK(message_of("s = \"\"\"\nabc\n") ==
        "t.toml:1:5: error: multi-line string is never closed: expected `\"\"\"` before the end of "
        "the file");
  CHECK(message_of("s = \"\"\"a \\ b\"\"\"\n") ==
        "t.toml:1:10: error: a `\\` followed by spaces must end its line (a line-ending "
        "backslash), but `b` "
        "follows");
  CHECK(message_of("\"\"\"k\"\"\" = 1\n") ==
        "t.toml:1:1: error: a key cannot be a multi-line string");
}

TEST_CASE("toml errors: numbers and dates, at the character that breaks them") {
  CHECK(message_of("year = 02024\n") ==
        "t.toml:1:8: error: invalid number `02024`: a number cannot start with a zero");
  CHECK(message_of("n = 1__000\n") ==
        "t.toml:1:6: error: invalid number `1__000`: an underscore must be between two digits");
  CHECK(message_of("n = 9223372036854775808\n") ==
        "t.toml:1:5: error: invalid integer `9223372036854775808`: it does not fit in 64 bits "
        "(-9223372036854775808 to 9223372036854775807)");
  CHECK(message_of("f = 1.\n") ==
        "t.toml:1:7: error: invalid float `1.`: expected a digit after the decimal point");
  CHECK(message_of("date = 2024-02-30\n") ==
        "t.toml:1:16: error: invalid date `2024-02-30`: the day must be 01 to 29 in that month");
  CHECK(message_of("date = 2024-13-01\n") ==
        "t.toml:1:13: error: invalid date `2024-13-01`: the month must be 01 to 12");
  CHECK(message_of("date = 2024-1-1\n") ==
        "t.toml:1:8: error: invalid date `2024-1-1`: expected a date as YYYY-MM-DD");
  CHECK(message_of("at = 2024-01-01T25:00:00\n") ==
        "t.toml:1:17: error: invalid date-time `2024-01-01T25:00:00`: the hour must be 00 to 23");
  CHECK(message_of("h = +0x10\n") ==
        "t.toml:1:5: error: invalid number `+0x10`: hexadecimal, octal and binary numbers take no "
        "sign");
}

TEST_CASE("toml errors: arrays and inline tables") {
  CHECK(message_of("a = [1, 2\nb = 3\n") ==
        "t.toml:2:1: error: expected `,` or `]` after an item of the array opened at line 1, found "
        "`b`");
  CHECK(message_of("a = [1,,2]\n") == "t.toml:1:8: error: expected a value, found `,`");
  CHECK(message_of("a = [\n  1,\n") ==
        "t.toml:3:1: error: expected `]` to close the array opened at line 1, found the end of the "
        "file");
  CHECK(message_of("t = {a = 1,}\n") ==
        "t.toml:1:12: error: expected a key after `,` in the inline table, found `}` (TOML allows "
        "no comma "
        "after the last key of an inline table)");
  CHECK(message_of("t = {a = 1,\n b = 2}\n") ==
        "t.toml:1:12: error: expected a key in the inline table, found the end of the line (an "
        "inline table "
        "is written on one line)");
}

TEST_CASE("toml errors: a key or a table defined twice, at the second one") {
  CHECK(error_of("[person]\nname = \"A\"\nrole = \"x\"\nname = \"B\"\n") ==
        "t.toml:4:1: error: duplicate key `name`: it was first set at line 2\n"
        "  name = \"B\"\n"
        "  ^\n");
  CHECK(message_of("a.b = 1\na.b = 2\n") ==
        "t.toml:2:3: error: duplicate key `a.b`: it was first set at line 1");
  CHECK(error_of("[person]\nname = \"A\"\n\n[person]\n") ==
        "t.toml:4:1: error: table `[person]` is defined twice: first at line 1\n"
        "  [person]\n"
        "  ^\n");
  CHECK(message_of("[a]\nb.c = 1\n[a.b]\n") ==
        "t.toml:3:1: error: table `[a.b]` is defined twice: first with dotted keys at line 2");
  CHECK(message_of("a = {x = 1}\n[a]\n") ==
        "t.toml:2:1: error: table `[a]` is defined twice: first as an inline table at line 1");
  CHECK(message_of("[[pub]]\n[pub]\n") ==
        "t.toml:2:1: error: cannot define the table `[pub]`: `pub` is already an array of tables "
        "(`[[pub]]` at "
        "line 1)");
  CHECK(message_of("pub = []\n[[pub]]\n") ==
        "t.toml:2:1: error: cannot add to the array `pub` with `[[pub]]`: it was written as a "
        "value at line 1, "
        "which is complete as written");
  CHECK(message_of("links = \"x\"\n[links.a]\n") ==
        "t.toml:2:2: error: cannot define `[links.a]`: `links` is already a string (set at line "
        "1), not a table");
  CHECK(message_of("a = {x = 1}\na.y = 2\n") ==
        "t.toml:2:1: error: cannot set `a.y`: `a` is an inline table (line 1), which is complete "
        "as written");
  CHECK(message_of("[fruit.apple]\n[fruit]\napple.color = \"red\"\n") ==
        "t.toml:3:1: error: cannot set `apple.color` with a dotted key: the table `apple` has its "
        "own header at "
        "line 1; set `color` there");
}

TEST_CASE("toml errors: characters TOML does not allow") {
  CHECK(message_of("a = 1 # tab\there is fine, a bell \x07 is not\n") ==
        "t.toml:1:34: error: control character U+0007 in a comment");
  CHECK(message_of("a = 1\rb = 2\n") ==
        "t.toml:1:6: error: expected the end of the line after the value of `a`, found a control "
        "character (U+000D)");
  CHECK(message_of("# caf\xe9\n") ==
        "t.toml:1:6: error: invalid UTF-8 (is the file in Latin-1 or another encoding? save it as "
        "UTF-8)");
  CHECK(message_of("a = 1\nnäme = 2\n") ==
        "t.toml:2:2: error: unexpected `ä` outside a quoted string: TOML keys and values other "
        "than strings are "
        "ASCII, so put it in quotes");
}
