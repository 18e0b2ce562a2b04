// Whole sites with large photos and teasers: the HTML a visitor's browser gets (src,
// srcset, sizes, width, height), the files written, the original kept, and the error for
// a file that is not an image.
#include <doctest/doctest.h>

#include "images/image_cache.h"
#include "support/test_images.h"
#include "support/test_site.h"

namespace sitegen {
namespace {

using testing::build_files;
using testing::page_of;

std::map<std::string, std::string> site_with_images() {
  return {
      {"site.toml", "[person]\nname = \"Ada Example\"\nphoto = \"me.jpg\"\n"},
      {"static/me.jpg", testing::test_jpeg(3000, 4000)},
      {"static/teasers/fast.png", testing::test_png(2400, 1500)},
      {"static/teasers/plot.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"},
      {"publications.toml",
       "[[publication]]\nid = \"fast\"\ntitle = \"Fast Paths\"\nauthors = [\"Ada Example\"]\n"
       "year = 2024\nvenue = \"ICML\"\npreview = \"teasers/fast.png\"\n\n"
       "[[publication]]\nid = \"plot\"\ntitle = \"Plots\"\nauthors = [\"Ada Example\"]\n"
       "year = 2023\nvenue = \"NeurIPS\"\npreview = \"teasers/plot.svg\"\n"},
  };
}

TEST_CASE("images site: the photo is written at 1x and 2x as WebP, linked to the original") {
  std::map<std::string, std::string> files = site_with_images();
  std::string photo = image_key(files["static/me.jpg"], {240});
  BuildResult r = build_files(files);
  REQUIRE(r.diags.format_all() == "");
  std::string home = page_of(r, "index.html");
  CHECK(home.find("<a class=\"photo-link\" href=\"/me.jpg\"><img class=\"photo\" src=\"/img/" +
                  photo + "-240.webp\" srcset=\"/img/" + photo + "-240.webp 240w, /img/" + photo +
                  "-480.webp 480w\" sizes=\"(max-width: 52rem) 6.5rem, 15rem\" " +
                  "alt=\"Ada Example\" width=\"240\" height=\"320\"></a>") != std::string::npos);
  CHECK(r.output.files.count("img/" + photo + "-240.webp"));
  CHECK(r.output.files.count("img/" + photo + "-480.webp"));
  CHECK(r.output.files.at("img/" + photo + "-480.webp").bytes.starts_with("RIFF"));
  // The original is published too, as it was.
  CHECK(r.output.files.count("me.jpg"));
}

TEST_CASE("images site: a large teaser gets a srcset, an SVG one stays as it is") {
  std::map<std::string, std::string> files = site_with_images();
  std::string teaser = image_key(files["static/teasers/fast.png"], {192});
  BuildResult r = build_files(files);
  REQUIRE(r.diags.format_all() == "");
  std::string list = page_of(r, "publications/index.html");
  CHECK(list.find("<img class=\"pub-teaser\" src=\"/img/" + teaser + "-192.webp\" srcset=\"/img/" +
                  teaser + "-192.webp 192w, /img/" + teaser +
                  "-384.webp 384w\" sizes=\"(max-width: 36rem) 12rem, 10rem\" alt=\"Fast Paths\" "
                  "width=\"192\" height=\"120\" loading=\"lazy\" decoding=\"async\">") !=
        std::string::npos);
  CHECK(list.find("<img class=\"pub-teaser\" src=\"/teasers/plot.svg\" alt=\"Plots\" width=\"160\" "
                  "height=\"100\" loading=\"lazy\" decoding=\"async\">") != std::string::npos);
  // Only the two widths of each resized image, and nothing else, are in img/.
  size_t written = 0;
  for (const auto& [path, file] : r.output.files) written += path.starts_with("img/");
  CHECK(written == 4);
}

TEST_CASE("images site: two builds write the same bytes") {
  std::map<std::string, std::string> files = site_with_images();
  BuildResult a = build_files(files), b = build_files(files);
  for (const auto& [path, file] : a.output.files)
    if (path.starts_with("img/")) CHECK(b.output.files.at(path).bytes == file.bytes);
  CHECK(page_of(a, "index.html") == page_of(b, "index.html"));
}

TEST_CASE("images site: a photo that is not an image is an error at its file") {
  std::map<std::string, std::string> files = site_with_images();
  files["static/me.jpg"] = "not a photo";
  BuildResult r = build_files(files);
  CHECK(r.diags.format_all() ==
        "content/static/me.jpg: error: not an image format browsers show: expected JPEG, PNG, "
        "WebP, GIF, AVIF or SVG\n");
  CHECK(r.output.files.empty());
}

}  // namespace
}  // namespace sitegen
