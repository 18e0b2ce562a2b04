// Reading and writing image bytes: JPEG (libjpeg-turbo), PNG (libpng) and WebP
// (libwebp) decoded into RGBA pixels, and pixels resized and written as WebP. The only
// file that includes the three libraries.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

enum class ImageFormat { Jpeg, Png, Webp, Gif, Avif, Svg, Unknown };

// The most pixels an image may declare: a decompression bomb (a few KB that claim
// 100000 x 100000 pixels) is refused before any memory is taken for it. 64 million is a
// 48-megapixel phone photo with room to spare.
constexpr uint64_t kMaxImagePixels = 64ull * 1000 * 1000;

// What the header says, without decoding the pixels.
struct ImageInfo {
  ImageFormat format = ImageFormat::Unknown;
  int width = 0, height = 0;  // as shown: after the JPEG's EXIF orientation; 0 when unknown (SVG)
  bool resizable = false;     // JPEG, PNG and still WebP: sitegen decodes and resizes them
};

struct Pixels {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4 bytes, rows top to bottom
};

// The format by the file's first bytes (SVG by `name`'s extension, as it is text).
ImageFormat sniff_image_format(std::string_view bytes, std::string_view name);
std::string_view image_format_name(ImageFormat format);

// The header of `bytes`; nullopt and `*err` when it cannot be read or declares more than
// kMaxImagePixels.
std::optional<ImageInfo> probe_image(std::string_view bytes, std::string_view name,
                                     std::string* err);

// The pixels of a JPEG, PNG or WebP, turned upright by a JPEG's EXIF orientation. A
// JPEG is decoded at the smallest of 1/1, 1/2, 1/4, 1/8 of its size that is still at
// least `min_width` wide (libjpeg's DCT scaling: a 4000 px photo made 480 px wide is
// decoded at 500 px, eight times faster).
std::optional<Pixels> decode_image(std::string_view bytes, std::string_view name, int min_width,
                                   std::string* err);

// `pixels` resized to width x height (libwebp's rescaler, never larger than the source)
// and written as lossy WebP at `quality`, single-threaded so the bytes are the same on
// every run and machine with this libwebp.
std::optional<std::string> encode_webp(const Pixels& pixels, int width, int height, int quality,
                                       std::string* err);

// The encoder's version, part of every cache key: another libwebp may write other bytes.
std::string webp_encoder_version();

}  // namespace sitegen
