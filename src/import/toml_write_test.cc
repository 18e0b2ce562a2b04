// TOML literals written for publications.toml read back as exactly the text they hold.
#include "import/toml_write.h"

#include <doctest/doctest.h>

#include "toml/toml_reader.h"

using namespace sitegen;

namespace {

// `v = <literal>` parsed back.
std::string read_back(const std::string& literal) {
  Diagnostics d;
  std::optional<TomlNode> t = parse_toml("v = " + literal + "\n", "t.toml", d);
  INFO(literal);
  INFO(d.format_all());
  REQUIRE(t.has_value());
  REQUIRE(t->fields.size() == 1);
  return t->fields[0].second.str;
}

const char* kTexts[] = {
    "",
    "plain",
    "quote \" and backslash \\ and both \\\"",
    "tab\tand\nnewline",
    "control \x01\x1f\x7f and CR \r\n",
    "ünïcödé — “quotes” 中文 😀",
    "''' three single quotes",
    "ends with a quote'",
    "ends with two quotes''",
    "\"\"\" three double quotes \"\"\"\"",
    "\nstarts with a newline",
    "ends with a newline\n",
    "$\\alpha$ and \\\\ in Markdown",
};

}  // namespace

TEST_CASE("toml_write: strings and multi-line strings read back exactly") {
  for (const char* text : kTexts) {
    CAPTURE(text);
    CHECK(read_back(toml_string(text)) == text);
    CHECK(read_back(toml_multiline(text)) == text);
  }
}

TEST_CASE("toml_write: the forms chosen") {
  CHECK(toml_string("a \"b\" \\ \n") == "\"a \\\"b\\\" \\\\ \\n\"");
  CHECK(toml_string("\x01") == "\"\\u0001\"");
  // Literal where it can be: backslashes in math stay readable.
  CHECK(toml_multiline("Uses $\\alpha$.\n\nTwo.") == "'''\nUses $\\alpha$.\n\nTwo.'''");
  CHECK(toml_multiline("It's 'quoted'") == "\"\"\"\nIt's 'quoted'\"\"\"");
  CHECK(toml_multiline("a ''' b") == "\"\"\"\na ''' b\"\"\"");
  CHECK(toml_key("pdf") == "pdf");
  CHECK(toml_key("project_page-2") == "project_page-2");
  CHECK(toml_key("Custom Link") == "\"Custom Link\"");
  CHECK(toml_key("") == "\"\"");
}

TEST_CASE("toml_write: a publication, and long lists one item per line") {
  TomlEntry e;
  Publication& p = e.pub;
  p.key = "k";
  p.title = "T";
  for (int i = 0; i < 12; ++i)
    p.authors.push_back({"Author Number " + std::to_string(i), "", false});
  p.authors[0].markers = "*";
  p.et_al = true;
  p.year = 2020;
  p.type = PublicationType::kPreprint;
  p.status = PublicationStatus::kUnderReview;
  p.awards = {"A", "B"};
  p.links = {{"pdf", "x.pdf"}, {"Project page", "https://x.org"}};
  e.comments = {"one note"};
  CHECK(publications_to_toml({e}, {"header", ""}) ==
        "# header\n"
        "#\n"
        "\n"
        "[[publication]]\n"
        "# one note\n"
        "id = \"k\"\n"
        "title = \"T\"\n"
        "authors = [\n"
        "  \"Author Number 0*\",\n"
        "  \"Author Number 1\",\n"
        "  \"Author Number 2\",\n"
        "  \"Author Number 3\",\n"
        "  \"Author Number 4\",\n"
        "  \"Author Number 5\",\n"
        "  \"Author Number 6\",\n"
        "  \"Author Number 7\",\n"
        "  \"Author Number 8\",\n"
        "  \"Author Number 9\",\n"
        "  \"Author Number 10\",\n"
        "  \"Author Number 11\",\n"
        "  \"et al.\",\n"
        "]\n"
        "year = 2020\n"
        "type = \"preprint\"\n"
        "status = \"under-review\"\n"
        "award = [\"A\", \"B\"]\n"
        "[publication.links]\n"
        "pdf = \"x.pdf\"\n"
        "\"Project page\" = \"https://x.org\"\n");
}

TEST_CASE("toml_write: a group's name is braced unless its ` and ` says so, and series is kept") {
  TomlEntry e;
  Publication& p = e.pub;
  p.key = "k";
  p.title = "T";
  p.type = PublicationType::kBook;
  p.bibtex_type = "book";
  p.series = "Lecture Notes in Computer Science";
  p.authors = {{"The ENCODE Project Consortium", "", false, true},
               {"Barnes and Noble", "*", false, true},
               {"Ada Example", "", false, false}};
  CHECK(publications_to_toml({e}, {"", ""}) ==
        "#\n#\n\n[[publication]]\n"
        "id = \"k\"\n"
        "title = \"T\"\n"
        "authors = [\"{The ENCODE Project Consortium}\", \"Barnes and Noble*\", \"Ada Example\"]\n"
        "type = \"book\"\n"
        "series = \"Lecture Notes in Computer Science\"\n");
}

TEST_CASE("toml_write: a comment stays one line whatever the text in it") {
  // A Hugo Blox `publication:` with a newline once ended the comment quoting it, and the
  // next line became a key: a raw-HTML abstract with an `onerror` handler.
  TomlEntry e;
  e.pub.key = "p";
  e.pub.title = "T";
  e.pub.authors = {{"Ada Example", "", false}};
  e.comments = {"the page's `publication` is \"X\nabstract = '<img src=x onerror=alert(1)>'\""};
  e.comments.push_back(std::string("CR\r, NUL ") + '\0' +
                       " and DEL \x7f, tab\tkept, bad UTF-8 \xff\xc3");
  std::string toml = publications_to_toml({e}, {"header\n[[publication]]"});
  CHECK(toml ==
        "# header\\n[[publication]]\n"
        "\n"
        "[[publication]]\n"
        "# the page's `publication` is \"X\\nabstract = '<img src=x onerror=alert(1)>'\"\n"
        "# CR\\r, NUL \\u0000 and DEL \\u007F, tab\tkept, bad UTF-8 \xEF\xBF\xBD\xEF\xBF\xBD\n"
        "id = \"p\"\n"
        "title = \"T\"\n"
        "authors = [\"Ada Example\"]\n"
        "type = \"conference\"\n");
}

TEST_CASE("toml_write: bytes that are not UTF-8 become U+FFFD, so the file reads back") {
  CHECK(toml_string("a\xff"
                    "b\xc3") == "\"a\\uFFFDb\\uFFFD\"");
  CHECK(toml_string("\xe2\x82\xac \xe2\x82") == "\"\xe2\x82\xac \\uFFFD\\uFFFD\"");
  CHECK(toml_multiline("x\xfe\ny") == "\"\"\"\nx\\uFFFD\ny\"\"\"");
  CHECK(read_back(toml_string("\xed\xa0\x80")) == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
}
