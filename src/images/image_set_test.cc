// The image stage: which widths are written, that nothing is made larger, the cache, the
// same bytes on every run, and the messages for files that are not images sitegen reads.
#include "images/image_set.h"

#include <doctest/doctest.h>

#include <filesystem>

#include "images/image_cache.h"
#include "images/image_codec.h"
#include "support/test_dir.h"
#include "support/test_images.h"

namespace sitegen {
namespace {

using testing::test_jpeg;
using testing::test_png;

// The size a written WebP declares, read back by the decoder.
std::pair<int, int> webp_size(const std::string& bytes) {
  std::string err;
  std::optional<ImageInfo> info = probe_image(bytes, "x.webp", &err);
  REQUIRE(info);
  CHECK(info->format == ImageFormat::Webp);
  return {info->width, info->height};
}

TEST_CASE("image widths: each display width and its double, never wider than the original") {
  CHECK(variant_widths(4000, {240}) == std::vector<int>{240, 480});
  CHECK(variant_widths(3000, {192}) == std::vector<int>{192, 384});
  CHECK(variant_widths(4000, {120, 240}) == std::vector<int>{120, 240, 480});
  // Never upscaled: the original's width is the widest, and a width too close to it is
  // not worth a file.
  CHECK(variant_widths(400, {120, 240}) == std::vector<int>{120, 240, 400});
  CHECK(variant_widths(300, {240}) == std::vector<int>{240, 300});
  CHECK(variant_widths(256, {240}) == std::vector<int>{256});
  CHECK(variant_widths(100, {240}) == std::vector<int>{100});
  CHECK(variant_widths(0, {240}).empty());
}

TEST_CASE("image stage: a large photo becomes WebP at 1x and 2x of its displayed width") {
  std::string jpeg = test_jpeg(3000, 2000);
  ImageResult r = make_image({"static/teaser.jpg", jpeg, {192}}, "");
  REQUIRE(r.error == "");
  CHECK(r.encoded);
  CHECK(r.image.width == 3000);
  CHECK(r.image.height == 2000);
  std::string key = image_key(jpeg, {192});
  REQUIRE(r.image.variants.size() == 2);
  CHECK(r.image.variants[0].path == "img/" + key + "-192.webp");
  CHECK(r.image.variants[0].width == 192);
  CHECK(r.image.variants[0].height == 128);
  CHECK(r.image.variants[1].path == "img/" + key + "-384.webp");
  CHECK(r.image.variants[1].height == 256);
  REQUIRE(r.files.size() == 2);
  CHECK(r.files[0].path == r.image.variants[0].path);
  CHECK(webp_size(r.files[0].bytes) == std::pair{192, 128});
  CHECK(webp_size(r.files[1].bytes) == std::pair{384, 256});
  CHECK(r.files[1].bytes.size() < jpeg.size());
}

TEST_CASE("image stage: a PNG with transparency keeps it, and its size") {
  ImageResult r = make_image({"static/p.png", test_png(1200, 900, true), {240}}, "");
  REQUIRE(r.error == "");
  REQUIRE(r.files.size() == 2);
  CHECK(webp_size(r.files[1].bytes) == std::pair{480, 360});
  std::string err;
  std::optional<Pixels> px = decode_image(r.files[1].bytes, "x.webp", 0, &err);
  REQUIRE(px);
  CHECK(px->rgba[3] == 255);             // left half opaque
  CHECK(px->rgba[(479) * 4 + 3] < 140);  // right half half transparent
}

TEST_CASE("image stage: small images and SVG are published as they are") {
  ImageResult png = make_image({"static/photo.png", test_png(256, 256), {240}}, "");
  CHECK(png.error == "");
  CHECK(png.image.variants.empty());
  CHECK(png.files.empty());
  CHECK(png.image.width == 256);
  CHECK(png.image.height == 256);
  ImageResult svg =
      make_image({"static/t.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>", {192}}, "");
  CHECK(svg.error == "");
  CHECK(svg.image.variants.empty());
  CHECK(svg.image.width == 0);
  ImageResult gif =
      make_image({"static/a.gif", std::string("GIF89a\x40\x01\xc8\x00", 10), {192}}, "");
  CHECK(gif.error == "");
  CHECK(gif.image.variants.empty());
  CHECK(gif.image.width == 320);
  CHECK(gif.image.height == 200);
}

TEST_CASE("image stage: a phone photo's EXIF orientation is applied") {
  // Stored 600 x 400 with orientation 6 (turn right): shown 400 x 600.
  std::string jpeg = test_jpeg(600, 400, 90, 6);
  std::string err;
  std::optional<ImageInfo> info = probe_image(jpeg, "p.jpg", &err);
  REQUIRE(info);
  CHECK(info->width == 400);
  CHECK(info->height == 600);
  ImageResult r = make_image({"static/p.jpg", jpeg, {120}}, "");
  REQUIRE(r.files.size() == 2);
  CHECK(webp_size(r.files[0].bytes) == std::pair{120, 180});
  // The dark corner, top-left as stored, is top-right once turned.
  std::optional<Pixels> px = decode_image(r.files[1].bytes, "x.webp", 0, &err);
  REQUIRE(px);
  const uint8_t* top_right = &px->rgba[(size_t(5) * px->width + px->width - 5) * 4];
  const uint8_t* top_left = &px->rgba[(size_t(5) * px->width + 5) * 4];
  CHECK(top_right[2] < 60);
  CHECK(top_left[2] > 100);
}

TEST_CASE("image stage: the same image gives the same bytes on every run") {
  std::string jpeg = test_jpeg(1600, 1200);
  ImageResult a = make_image({"static/p.jpg", jpeg, {240}}, "");
  ImageResult b = make_image({"static/p.jpg", jpeg, {240}}, "");
  REQUIRE(a.files.size() == 2);
  REQUIRE(b.files.size() == 2);
  CHECK(a.files[0].bytes == b.files[0].bytes);
  CHECK(a.files[1].bytes == b.files[1].bytes);
  // Other bytes or other widths are another name.
  CHECK(image_key(jpeg, {240}) != image_key(jpeg, {192}));
  CHECK(image_key(jpeg, {240}) != image_key(test_jpeg(1600, 1201), {240}));
}

TEST_CASE("image stage: a second build takes the files from the cache") {
  testing::TempDir tmp;
  std::string cache = (tmp.path / "images").string();
  std::string jpeg = test_jpeg(1600, 1200);
  ImageResult first = make_image({"static/p.jpg", jpeg, {240}}, cache);
  REQUIRE(first.error == "");
  CHECK(first.encoded);
  std::string key = image_key(jpeg, {240});
  CHECK(std::filesystem::exists(tmp.path / "images" / (key + ".txt")));
  CHECK(std::filesystem::exists(tmp.path / "images" / (key + "-480.webp")));
  ImageResult second = make_image({"static/p.jpg", jpeg, {240}}, cache);
  REQUIRE(second.error == "");
  CHECK(!second.encoded);
  REQUIRE(second.files.size() == 2);
  CHECK(second.files[1].path == first.files[1].path);
  CHECK(second.files[1].bytes == first.files[1].bytes);
  CHECK(second.image.variants[1].height == 360);
  // An entry missing a file is made again, whole.
  std::filesystem::remove(tmp.path / "images" / (key + "-240.webp"));
  ImageResult third = make_image({"static/p.jpg", jpeg, {240}}, cache);
  CHECK(third.encoded);
  CHECK(third.files[0].bytes == first.files[0].bytes);
}

TEST_CASE("image stage: files that are not images sitegen reads") {
  CHECK(make_image({"static/photo.jpg", "hello", {240}}, "").error ==
        "not an image format browsers show: expected JPEG, PNG, WebP, GIF, AVIF or SVG");
  std::string jpeg = test_jpeg(800, 600);
  CHECK(make_image({"static/photo.jpg", jpeg.substr(0, 300), {240}}, "").error ==
        "cannot read the JPEG: Premature end of JPEG file");
  // Half a photo (a copy that stopped) is not published with a grey lower half.
  CHECK(make_image({"static/photo.jpg", jpeg.substr(0, jpeg.size() / 2), {240}}, "").error ==
        "cannot read the JPEG: Premature end of JPEG file");
  std::string png = test_png(800, 600);
  CHECK(make_image({"static/photo.png", png.substr(0, 200), {240}}, "").error ==
        "cannot read the PNG: read beyond end of data");
  // A format browsers do not show everywhere, such as a phone's HEIC.
  CHECK(make_image({"static/photo.heic",
                    std::string("\0\0\0\x18"
                                "ftypheic",
                                12),
                    {240}},
                   "")
            .error ==
        "not an image format browsers show: expected JPEG, PNG, WebP, GIF, AVIF or SVG");
}

TEST_CASE("image stage: an image that declares more pixels than sitegen reads is refused") {
  // A JPEG whose frame header claims 12000 x 9000 pixels (108 million).
  std::string jpeg = test_jpeg(64, 48);
  size_t sof = jpeg.find("\xFF\xC0");
  REQUIRE(sof != std::string::npos);
  jpeg[sof + 5] = char(9000 >> 8), jpeg[sof + 6] = char(9000 & 0xff);
  jpeg[sof + 7] = char(12000 >> 8), jpeg[sof + 8] = char(12000 & 0xff);
  CHECK(make_image({"static/bomb.jpg", jpeg, {240}}, "").error ==
        "the image is 12000 x 9000 pixels, more than the 64 million sitegen reads; save it "
        "smaller");
}

TEST_CASE("image stage: a GIF that declares 21138 x 65283 pixels is refused (found by fuzzing)") {
  std::string gif = std::string("GIF89a\x92\x52\x03\xff\x8d", 11);
  CHECK(make_image({"static/a.gif", gif, {192}}, "").error ==
        "the image is 21138 x 65283 pixels, more than the 64 million sitegen reads; save it "
        "smaller");
  CHECK(make_image({"static/a.gif", std::string("GIF89a\0\0\x01\0", 10), {192}}, "").error ==
        "cannot read the GIF: its header declares no pixels");
}

}  // namespace
}  // namespace sitegen
