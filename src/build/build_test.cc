// What build_site hands `serve` besides the output: the settings it resolved.
#include "build/build.h"

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
