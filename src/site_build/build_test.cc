// What build_site hands `serve` besides the output: the settings it resolved.
#include "site_build/build.h"

#include <doctest/doctest.h>

#include "support/test_dir.h"
#include "support/test_site.h"
#include "text/strings.h"
#include "theme/theme.h"

using namespace sitegen;
using namespace sitegen::testing;

TEST_CASE("build settings: base path and stylesheet version") {
  BuildResult r = build_files({{"site.toml",
                                "base_url = \"https://me.github.io/homepage\"\n"
                                "[person]\nname = \"Ada\"\n"}});
  CHECK(r.settings.base_path == "/homepage/");
  CHECK(r.settings.theme_dir == "");
  CHECK(r.settings.watch.empty());  // nothing on disk
  std::string css(embedded_theme_files().at("scholar/assets/style.css"));
  CHECK(r.settings.css_version == short_hash(css));
  CHECK(page_of(r, "index.html").find("/homepage/assets/style.css?v=" + short_hash(css)) !=
        std::string::npos);
}

TEST_CASE("build settings: the folders to watch, with a theme folder") {
  TempDir tmp;
  std::string content = (tmp.path / "content").string();
  write_file(tmp.path / "content/site.toml", "theme = \"mine\"\n[person]\nname = \"Ada\"\n");
  std::filesystem::create_directories(tmp.path / "themes/mine");
  BuildOptions with_theme_dir;
  with_theme_dir.theme_search_dir = (tmp.path / "themes").string();
  BuildResult r = build_site(DiskSource(content + "/"), with_theme_dir);
  CHECK(r.settings.base_path == "/");
  CHECK(r.settings.theme_dir == (tmp.path / "themes/mine").string());
  CHECK(r.settings.watch == std::vector<std::string>{content, (tmp.path / "themes/mine").string()});
  CHECK(r.settings.css_version == "");  // the empty theme failed to load

  write_file(tmp.path / "content/site.toml", "theme = \"scholar\"\n[person]\nname = \"Ada\"\n");
  r = build_site(DiskSource(content), BuildOptions());
  CHECK(r.settings.theme_dir == "");  // built in
  CHECK(r.settings.watch == std::vector<std::string>{content});
}

TEST_CASE("build: output paths a file system refuses are errors before anything is written") {
  std::string id(300, 'a');
  std::string d = diagnostics_of(
      {{"publications.toml",
        "[[publication]]\nid = \"" + id + "\"\ntitle = \"T\"\nauthors = [\"Ada\"]\nyear = 2020\n"},
       {"pages/robots.txt.md", "+++\ntitle = \"R\"\n+++\nx\n"}});
  CHECK(d.find("content/publications.toml:2:6: error: the output path `publications/" +
               std::string(40, 'a') +
               "...` has a part of 300 bytes, and file systems allow 255; shorten the id, tag "
               "or file name it comes from\n") != std::string::npos);
  CHECK(d.find("content/pages/robots.txt.md:1:1: error: `robots.txt` would be both a file and a "
               "folder of the output (robots.txt/index.html); rename the page, id or file that "
               "makes one\n") != std::string::npos);
}

TEST_CASE("build: a too-long id or tag is reported where it is written") {
  std::string t(300, 't');
  std::string d = diagnostics_of(
      {{"site.toml", "[person]\nname = \"Ada\"\n[publications]\nbibtex = \"refs.bib\"\n"},
       {"publications.toml",
        "[[publication]]\ntitle = \"T\"\nauthors = [\"Ada\"]\nyear = "
        "2020\ntags = [\"short\", \"" +
            t + "\"]\n"},
       {"refs.bib", "@article{" + std::string(300, 'k') +
                        ",\n  title = {B}, author = {Ada}, year = 2021,\n  keywords = {x, " +
                        std::string(300, 'w') + "}\n}\n"}});
  auto error = [](const std::string& at, char c) {
    return at + ": error: the output path `publications/" + (c == 'k' ? "" : "tag/") +
           std::string(40, c) +
           "...` has a part of 300 bytes, and file systems allow 255; shorten the id, tag or "
           "file name it comes from\n";
  };
  CHECK(d == error("content/refs.bib:1:10", 'k') + "  @article{" + std::string(60, 'k') +
                 "...\n           ^\n" + error("content/publications.toml:5:18", 't') +
                 "  tags = [\"short\", \"" + std::string(59, 't') + "...\n" + std::string(19, ' ') +
                 "^\n" + error("content/refs.bib:3:18", 'w') + "    keywords = {x, " +
                 std::string(60, 'w') + "...\n" + std::string(19, ' ') + "^\n");
}
