// The text an import appends and the build check that comes before any write.
#include "import/web_import.h"

#include <doctest/doctest.h>

using namespace sitegen;

namespace {

const MemorySource kSite(std::map<std::string, std::string>{
    {"site.toml", "[person]\nname = \"Ada Lovelace\"\n"},
    {"publications.toml",
     "[[publication]]\nid = \"data\"\ntitle = \"Programs as Data\"\n"
     "authors = [\"Ada Lovelace\"]\nyear = 2023\n"}});

}  // namespace

TEST_CASE("web_import: the site is built with the new text in place of the old") {
  CHECK(build_errors_after(kSite, {}) == "");
  CHECK(build_errors_after(kSite, {{"publications.toml", "[[publication]]\ntitle = 5\n"}}) ==
        "content/publications.toml:2:9: error: `title` must be a string, not an integer (write "
        "title = \"5\")\n"
        "  title = 5\n"
        "          ^\n"
        "content/publications.toml:1:1: error: [[publication]] is missing required key "
        "`authors`\n"
        "  [[publication]]\n"
        "  ^\n");
  // A file the folder does not have yet is part of the build too.
  CHECK(build_errors_after(kSite, {{"citations.toml", "[data]\ncount = -1\n"}}) ==
        "content/citations.toml:2:9: error: `count` must not be negative\n"
        "  count = -1\n"
        "          ^\n");
}

TEST_CASE("web_import: fetched papers are checked, merged and written after the old text") {
  Publication p;
  p.title = "Notes";
  p.authors = {{"Ada Lovelace", "", false, false}};
  p.year = 1000000;
  p.note = "[x](javascript:alert(1))";
  Diagnostics diags;
  WebImportText t = web_import_text({}, {p}, "Imported by a test.", "# mine", true, false, diags);
  CHECK(diags.format_all() ==
        ": warning: `note` has a link that is not http, https, mailto, tel or relative: imported "
        "as someone else's text (raw_html = false), which drops it\n"
        ": warning: year 1000000 is not imported: a year is from 1 to 9999\n");
  CHECK(t.added ==
        "\n\n# Imported by a test.\n\n[[publication]]\nid = \"lovelacenotes\"\ntitle = "
        "\"Notes\"\nauthors = [\"Ada Lovelace\"]\ntype = \"conference\"\nnote = "
        "\"[x](javascript:alert(1))\"\nraw_html = false  # HTML in the abstract and note is "
        "shown as text, and script links dropped, as from BibTeX\n");
  CHECK(build_errors_after(kSite, {{"publications.toml", "# mine" + t.added}}) == "");
}
