// The output manifest reads back every file name as it was written.
#include "output/manifest.h"

#include <doctest/doctest.h>

using namespace sitegen;

TEST_CASE("manifest: any file name reads back as itself") {
  std::set<std::string> files = {"index.html",
                                 "a\nb.txt",
                                 "a\r\nb",
                                 "100% sure.pdf",
                                 "%41",
                                 "with space/and  two.html",
                                 "#hash.txt",
                                 "a#b",
                                 "caf\xc3\xa9/\xff\xfe.bin",
                                 std::string("\x01\x1f\x7f tab\t", 8),
                                 "\n"};
  std::string text = write_manifest(files);
  CHECK(text.find("a%0Ab.txt\n") != std::string::npos);
  CHECK(text.find("100%25 sure.pdf\n") != std::string::npos);
  CHECK(text.find("%23hash.txt\n") != std::string::npos);
  CHECK(text.find("a#b\n") != std::string::npos);
  CHECK(text.find("caf\xc3\xa9/\xff\xfe.bin\n") != std::string::npos);
  std::set<std::string> back;
  std::string err;
  REQUIRE(read_manifest(text, &back, &err));
  CHECK(back == files);
}

TEST_CASE("manifest: the stamps of earlier sitegen versions still read") {
  std::set<std::string> files;
  std::string err;
  REQUIRE(
      read_manifest("# sitegen output manifest: files this directory holds that sitegen "
                    "wrote\nindex.html\n100% sure.pdf\na/b c.html\n",
                    &files, &err));
  CHECK(files == std::set<std::string>{"index.html", "100% sure.pdf", "a/b c.html"});
}

TEST_CASE("manifest: a file that is not a stamp, or a damaged one, says why") {
  std::set<std::string> files;
  std::string err;
  CHECK_FALSE(read_manifest("index.html\n", &files, &err));
  CHECK(err == "it does not begin with sitegen's header");
  std::string text = write_manifest({"a", "b"}) + "c%4\n";
  CHECK_FALSE(read_manifest(text, &files, &err));
  CHECK(err == "line 4: `%4` is not a percent-escape");
  CHECK_FALSE(read_manifest(write_manifest({}) + "x%zz\n", &files, &err));
  CHECK(err == "line 2: `%zz` is not a percent-escape");
}
