// A built site inside the content folder is not content: the loader never lists it.
#include "base/site_output.h"

#include "base/source.h"
#include "support/test_dir.h"

#include <doctest/doctest.h>

using namespace sitegen;
using testing::TempDir;
using testing::write_file;

TEST_CASE("site output: the loader does not list a built site or its staging folders") {
  TempDir tmp;
  write_file(tmp.path / "site.toml", "");
  write_file(tmp.path / "papers.bib", "");
  write_file(tmp.path / "bib/more.bib", "");
  write_file(tmp.path / "public/.sitegen-manifest", "");
  write_file(tmp.path / "public/publications.bib", "");
  write_file(tmp.path / ".public.sitegen-staging/publications.bib", "");
  write_file(tmp.path / ".public.sitegen-old/publications.bib", "");
  // A folder of the user's named like an output folder, without the stamp, is content.
  write_file(tmp.path / "site/papers.bib", "");
  std::vector<std::string> want = {"bib/more.bib", "papers.bib", "site.toml", "site/papers.bib"};
  CHECK(DiskSource(tmp.path.string()).list("") == want);
  CHECK(staging_dir_name("public") == ".public.sitegen-staging");
  CHECK(old_dir_name("out") == ".out.sitegen-old");
  CHECK(is_site_output_dir(tmp.path / "public"));
  CHECK_FALSE(is_site_output_dir(tmp.path / "site"));
}
