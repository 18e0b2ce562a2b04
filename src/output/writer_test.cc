// Writing output: staging, swap, stamp, and never touching what sitegen did not write.
#include "output/writer.h"

#include "output/manifest.h"
#include "support/test_dir.h"
#include "support/write_output.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace fs = std::filesystem;
using namespace sitegen;

namespace {

using testing::TempDir;
using testing::write_output;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Output make(std::map<std::string, std::string> files) {
  Output o;
  for (auto& [k, v] : files) o.files[k].bytes = v;
  return o;
}

}  // namespace

TEST_CASE("output: a new directory gets the files and a stamp") {
  TempDir t;
  std::string err;
  WriteStats st;
  REQUIRE(
      write_output(make({{"index.html", "hi"}, {"a/b.html", "b"}}), t.path / "public", &st, &err));
  CHECK(slurp(t.path / "public/index.html") == "hi");
  CHECK(slurp(t.path / "public/a/b.html") == "b");
  CHECK(fs::exists(t.path / "public" / kStampFile));
  CHECK(st.written == 2);
  CHECK_FALSE(fs::exists(t.path / ".public.sitegen-staging"));
}

TEST_CASE("output: files streamed while rendering and the rest at commit make one site") {
  TempDir t;
  fs::path out = t.path / "public";
  std::string err;
  REQUIRE(write_output(make({{"index.html", "v1"}, {"p/a/index.html", "a"}}), out, nullptr, &err));
  OutputWriter w;
  REQUIRE(w.open(out, &err));
  CHECK(w.add("p/a/index.html", "a"));          // unchanged: kept from the last build
  CHECK(w.add("p/b/deep/index.html", "b"));     // folders made on demand
  CHECK(slurp(out / "p/a/index.html") == "a");  // nothing visible before commit
  CHECK_FALSE(fs::exists(out / "p/b"));
  Output o = make({{"index.html", "v2"}, {"p/a/index.html", ""}, {"p/b/deep/index.html", ""}});
  o.files["p/a/index.html"].written = o.files["p/b/deep/index.html"].written = true;
  WriteStats st;
  REQUIRE(w.commit(o, &st, &err));
  CHECK(slurp(out / "index.html") == "v2");
  CHECK(slurp(out / "p/a/index.html") == "a");  // not rewritten from the empty placeholder
  CHECK(slurp(out / "p/b/deep/index.html") == "b");
  CHECK(slurp(out / kStampFile).find("p/b/deep/index.html\n") != std::string::npos);
  CHECK(st.written == 2);
  CHECK(st.unchanged == 1);
  CHECK_FALSE(fs::exists(t.path / ".public.sitegen-staging"));
}

TEST_CASE("output: a writer dropped without commit leaves the old site as it was") {
  TempDir t;
  fs::path out = t.path / "public";
  std::string err;
  REQUIRE(write_output(make({{"index.html", "v1"}}), out, nullptr, &err));
  {
    OutputWriter w;
    REQUIRE(w.open(out, &err));
    CHECK(w.add("index.html", "v2"));
    CHECK(w.add("new.html", "n"));
    CHECK(fs::exists(t.path / ".public.sitegen-staging"));
  }  // the build failed after these pages
  CHECK(slurp(out / "index.html") == "v1");
  CHECK_FALSE(fs::exists(out / "new.html"));
  CHECK_FALSE(fs::exists(t.path / ".public.sitegen-staging"));
}

TEST_CASE("output: after a failed file nothing more is written and commit says why") {
  TempDir t;
  fs::path out = t.path / "public";
  std::string err;
  OutputWriter w;
  REQUIRE(w.open(out, &err));
  CHECK_FALSE(w.add("../escape.html", "x"));
  CHECK_FALSE(w.add("fine.html", "y"));
  CHECK_FALSE(w.commit(make({{"fine.html", "y"}}), nullptr, &err));
  CHECK(err == "refusing to write `../escape.html`: the path is not a plain file path inside " +
                   out.string() + "; nothing was written");
  CHECK_FALSE(fs::exists(out));
  CHECK_FALSE(fs::exists(t.path / "escape.html"));
  CHECK_FALSE(fs::exists(t.path / ".public.sitegen-staging"));
}

TEST_CASE("output: refuses a non-empty directory it did not create") {
  TempDir t;
  testing::write_file(t.path / "public/mine.txt", "precious");
  std::string err;
  CHECK_FALSE(write_output(make({{"index.html", "hi"}}), t.path / "public", nullptr, &err));
  CHECK(err == "refusing to write into " + (t.path / "public").string() +
                   ": it is not empty and was not created by sitegen (no .sitegen-manifest); "
                   "choose a new or empty directory");
  CHECK(slurp(t.path / "public/mine.txt") == "precious");
}

TEST_CASE("output: rebuild removes its own stale files, keeps the user's, skips unchanged") {
  TempDir t;
  fs::path out = t.path / "public";
  std::string err;
  REQUIRE(write_output(make({{"index.html", "v1"}, {"old.html", "o"}, {"p/x.html", "x"}}), out,
                       nullptr, &err));
  testing::write_file(out / "CNAME", "me.example.org");
  testing::write_file(out / "p/user.txt", "user");
  WriteStats st;
  REQUIRE(write_output(make({{"index.html", "v2"}, {"p/x.html", "x"}}), out, &st, &err));
  CHECK(slurp(out / "index.html") == "v2");
  CHECK_FALSE(fs::exists(out / "old.html"));
  CHECK(slurp(out / "CNAME") == "me.example.org");
  CHECK(slurp(out / "p/user.txt") == "user");
  CHECK(st.written == 1);
  CHECK(st.unchanged == 1);
  CHECK(st.removed == 1);
}

TEST_CASE("output: a page may not replace a file sitegen did not write") {
  TempDir t;
  fs::path out = t.path / "public";
  std::string err;
  REQUIRE(write_output(make({{"index.html", "v1"}}), out, nullptr, &err));
  testing::write_file(out / "about.html", "user's");
  CHECK_FALSE(
      write_output(make({{"index.html", "v1"}, {"about.html", "gen"}}), out, nullptr, &err));
  CHECK(err == "refusing to overwrite " + (out / "about.html").string() +
                   ", which sitegen did not create; " + out.string() + " is unchanged");
  CHECK(slurp(out / "about.html") == "user's");
}

TEST_CASE("output: identical builds leave identical bytes") {
  TempDir t;
  std::string err;
  Output o = make({{"index.html", "same"}});
  REQUIRE(write_output(o, t.path / "a", nullptr, &err));
  REQUIRE(write_output(o, t.path / "b", nullptr, &err));
  CHECK(slurp(t.path / "a/index.html") == slurp(t.path / "b/index.html"));
  CHECK(slurp(t.path / "a" / kStampFile) == slurp(t.path / "b" / kStampFile));
}

TEST_CASE("output: copy_from files are copied") {
  TempDir t;
  testing::write_file(t.path / "src.pdf", "%PDF");
  Output o;
  o.files["papers/x.pdf"].copy_from = (t.path / "src.pdf").string();
  std::string err;
  REQUIRE(write_output(o, t.path / "out", nullptr, &err));
  CHECK(slurp(t.path / "out/papers/x.pdf") == "%PDF");
}

TEST_CASE("output: a file name with a newline is recorded as one name") {
  TempDir t;
  fs::path out = t.path / "public";
  std::string err;
  REQUIRE(write_output(make({{"index.html", "i"}, {"a\nb.txt", "x"}}), out, nullptr, &err));
  CHECK(slurp(out / kStampFile).find("a%0Ab.txt\n") != std::string::npos);
  testing::write_file(out / "a", "user's");
  testing::write_file(out / "b.txt", "user's too");
  REQUIRE(write_output(make({{"index.html", "i"}, {"a\nb.txt", "x"}}), out, nullptr, &err));
  // The file leaves the site: it goes, the user's files whose names look like its parts stay.
  WriteStats st;
  REQUIRE(write_output(make({{"index.html", "i"}}), out, &st, &err));
  CHECK_FALSE(fs::exists(out / "a\nb.txt"));
  CHECK(slurp(out / "a") == "user's");
  CHECK(slurp(out / "b.txt") == "user's too");
  CHECK(st.removed == 1);
}

TEST_CASE("output: the stamp of an earlier sitegen still names sitegen's files") {
  TempDir t;
  fs::path out = t.path / "public";
  testing::write_file(out / "index.html", "old");
  testing::write_file(out / "gone.html", "old");
  testing::write_file(out / "mine.txt", "user's");
  testing::write_file(out / kStampFile,
                      "# sitegen output manifest: files this directory holds that sitegen "
                      "wrote\nindex.html\ngone.html\n");
  std::string err;
  REQUIRE(write_output(make({{"index.html", "new"}}), out, nullptr, &err));
  CHECK(slurp(out / "index.html") == "new");
  CHECK_FALSE(fs::exists(out / "gone.html"));
  CHECK(slurp(out / "mine.txt") == "user's");
}

TEST_CASE("output: a damaged stamp stops the build and names it") {
  TempDir t;
  fs::path out = t.path / "public";
  testing::write_file(out / "index.html", "old");
  testing::write_file(out / kStampFile, write_manifest({"index.html"}) + "x%G0\n");
  std::string err;
  CHECK_FALSE(write_output(make({{"index.html", "new"}}), out, nullptr, &err));
  CHECK(err == "refusing to write into " + out.string() +
                   ": its .sitegen-manifest cannot be read (line 3: `%G0` is not a "
                   "percent-escape), so sitegen cannot tell its files from yours; move your "
                   "files out and remove the folder");
  CHECK(slurp(out / "index.html") == "old");
}

TEST_CASE("output: folders beside the output that sitegen did not make are left alone") {
  for (std::string name : {".public.sitegen-staging", ".public.sitegen-old"}) {
    CAPTURE(name);
    TempDir t;
    fs::path out = t.path / "public";
    testing::write_file(t.path / name / "thesis.tex", "precious");
    std::string err;
    CHECK_FALSE(write_output(make({{"index.html", "hi"}}), out, nullptr, &err));
    CHECK(err == (t.path / name).string() +
                     " is in the way: sitegen builds the new site there and swaps it in, but it "
                     "did not make this folder (there is no .sitegen-work in it), so it leaves "
                     "it alone; move or rename it");
    CHECK(slurp(t.path / name / "thesis.tex") == "precious");
    CHECK_FALSE(fs::exists(out));
  }
}

TEST_CASE("output: what a killed build left beside the output is cleared") {
  TempDir t;
  fs::path out = t.path / "public";
  std::string err;
  REQUIRE(write_output(make({{"index.html", "v1"}}), out, nullptr, &err));
  // A kill while writing, and one after the old site was marked to be swapped out.
  testing::write_file(t.path / ".public.sitegen-staging" / kWorkMarker, "");
  testing::write_file(t.path / ".public.sitegen-staging/half.html", "");
  testing::write_file(t.path / ".public.sitegen-old" / kWorkMarker, "");
  testing::write_file(out / kWorkMarker, "");
  fs::create_directories(t.path / ".public.sitegen-old/empty");
  REQUIRE(write_output(make({{"index.html", "v2"}}), out, nullptr, &err));
  CHECK(slurp(out / "index.html") == "v2");
  CHECK_FALSE(fs::exists(t.path / ".public.sitegen-staging"));
  CHECK_FALSE(fs::exists(t.path / ".public.sitegen-old"));
  CHECK_FALSE(fs::exists(out / kWorkMarker));
  // An empty folder holds nothing to lose.
  fs::create_directories(t.path / ".public.sitegen-staging");
  REQUIRE(write_output(make({{"index.html", "v3"}}), out, nullptr, &err));
  CHECK(slurp(out / "index.html") == "v3");
  CHECK(std::vector<fs::path>(fs::directory_iterator(t.path), fs::directory_iterator()) ==
        std::vector<fs::path>{out});
}

TEST_CASE("output: a build killed between its two renames loses nothing of the old site") {
  TempDir t;
  fs::path out = t.path / "public";
  std::string err;
  REQUIRE(write_output(make({{"index.html", "v1"}}), out, nullptr, &err));
  testing::write_file(out / "notes/thesis.tex", "precious");
  // Where the system cannot swap folders, the old site is marked and moved aside before
  // the new one moves in; a kill between the two leaves no output folder.
  testing::write_file(out / kWorkMarker, "");
  fs::rename(out, t.path / ".public.sitegen-old");
  REQUIRE(write_output(make({{"index.html", "v2"}}), out, nullptr, &err));
  CHECK(slurp(out / "index.html") == "v2");
  CHECK(slurp(out / "notes/thesis.tex") == "precious");
  CHECK_FALSE(fs::exists(out / kWorkMarker));
  CHECK(std::vector<fs::path>(fs::directory_iterator(t.path), fs::directory_iterator()) ==
        std::vector<fs::path>{out});
}

TEST_CASE("output: a symlink as the output folder is refused and kept") {
  TempDir t;
  fs::create_directories(t.path / "real");
  fs::create_directory_symlink("real", t.path / "link");
  std::string err;
  CHECK_FALSE(write_output(make({{"index.html", "hi"}}), t.path / "link", nullptr, &err));
  std::string real = fs::canonical(t.path / "real").string();
  CHECK(err == "cannot write the site to " + (t.path / "link").string() + ": it is a symlink to " +
                   real +
                   ", and sitegen replaces the folder it writes as a whole; give the folder "
                   "itself (-o " +
                   real + ")");
  CHECK(fs::is_symlink(t.path / "link"));
  CHECK(fs::is_empty(t.path / "real"));
}
