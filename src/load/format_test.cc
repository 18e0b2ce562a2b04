// The content format: reading `format`, refusing a newer one, and the upgrade steps.
#include "load/format.h"

#include <doctest/doctest.h>

using namespace sitegen;

namespace {

// A step as a later format would add: renames a key in publications.toml.
void rename_venue(ContentFiles& files, std::vector<std::string>& notes) {
  std::string& pubs = files["publications.toml"];
  for (size_t at = pubs.find("\nvenue ="); at != std::string::npos; at = pubs.find("\nvenue =", at))
    pubs.replace(at + 1, 5, "where");
  notes.push_back("publications.toml: `venue` is now `where`");
}

}  // namespace

TEST_CASE("format: absent is 1, a number is read, a bad one is an error") {
  Diagnostics d;
  CHECK(read_format("title = \"x\"\n", "site.toml", d) == 1);
  CHECK(read_format("format = 1\ntitle = \"x\"\n", "site.toml", d) == 1);
  CHECK(read_format("format = 7\n", "site.toml", d) == 7);
  CHECK_FALSE(d.has_errors());
  CHECK(read_format("format = 0\n", "site.toml", d) == 0);
  CHECK(d.format_all().find("site.toml:1:10: error: `format` must be 1 or more, not 0") !=
        std::string::npos);
  CHECK(format_too_new(kContentFormat) == "");
  CHECK(format_too_new(kContentFormat + 1) ==
        "this site is in content format " + std::to_string(kContentFormat + 1) + ", but sitegen " +
            SITEGEN_VERSION + " reads format " + std::to_string(kContentFormat) +
            " and older: upgrade sitegen");
}

TEST_CASE("format: set_format replaces the line or adds one, keeping every comment") {
  CHECK(set_format("# My site\nformat = 1  # the content format\ntitle = \"x\"\n", 2) ==
        "# My site\nformat = 2 # the content format\ntitle = \"x\"\n");
  // The file's opening comments stay first; a comment on the first key stays on it.
  CHECK(set_format("# site.toml: my site\n\n# The title\ntitle = \"x\"\n", 2) ==
        "# site.toml: my site\nformat = 2\n\n# The title\ntitle = \"x\"\n");
  CHECK(set_format("# The title\ntitle = \"x\"\n", 2) ==
        "format = 2\n\n# The title\ntitle = \"x\"\n");
  // A `format` inside a table is another key.
  CHECK(set_format("title = \"x\"\n[nav]\nformat = 1\n", 2) ==
        "format = 2\n\ntitle = \"x\"\n[nav]\nformat = 1\n");
}

TEST_CASE("format: upgrade runs each step from the tree's format on, then records it") {
  const std::vector<FormatStep> steps = {{1, rename_venue}};
  ContentFiles files = {
      {"site.toml", "# my site\n\ntitle = \"x\"\n"},
      {"publications.toml", "[[publications]]\n# where it appeared\nvenue = \"NeurIPS\"\n"},
      {"bio.md", "Hello.\n"}};
  UpgradeResult r = upgrade_files(files, 1, steps);
  CHECK(r.from == 1);
  CHECK(r.to == 2);
  CHECK(r.notes == std::vector<std::string>{"publications.toml: `venue` is now `where`"});
  CHECK(r.changed == std::vector<std::string>{"publications.toml", "site.toml"});
  CHECK(files["site.toml"] == "# my site\nformat = 2\n\ntitle = \"x\"\n");
  CHECK(files["publications.toml"] ==
        "[[publications]]\n# where it appeared\nwhere = \"NeurIPS\"\n");
  // A tree already in the last format: nothing runs, nothing changes.
  ContentFiles again = files;
  UpgradeResult none = upgrade_files(again, 2, steps);
  CHECK(none.to == 2);
  CHECK(none.changed.empty());
  CHECK(again == files);
}

TEST_CASE("format: this sitegen's steps reach the current format") {
  int to = 1;
  for (const FormatStep& s : format_steps()) {
    CHECK(s.from == to);
    ++to;
  }
  CHECK(to == kContentFormat);
}
