// Fuzzes the image reader of photos and teasers: the format sniffed from the first bytes,
// the header read (JPEG with its EXIF orientation, PNG, WebP, GIF), the pixel-count cap,
// the pixels decoded and turned upright, and a small WebP written from them.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "images/image_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  std::string err;
  std::optional<sitegen::ImageInfo> info = sitegen::probe_image(bytes, "fuzz.jpg", &err);
  if (!info) {
    if (err.empty()) std::abort();  // every refusal says why
    return 0;
  }
  if (uint64_t(info->width) * uint64_t(info->height) > sitegen::kMaxImagePixels) std::abort();
  if (!info->resizable) return 0;
  // Decoded at full size, the pixels are the size the header promised.
  std::optional<sitegen::Pixels> px = sitegen::decode_image(bytes, "fuzz.jpg", info->width, &err);
  if (!px) {
    if (err.empty()) std::abort();
    return 0;
  }
  if (px->width != info->width || px->height != info->height ||
      px->rgba.size() != size_t(px->width) * px->height * 4)
    std::abort();
  if (px->width * px->height <= 4096) {
    int w = px->width > 8 ? px->width / 2 : px->width;
    int h = px->width > 8 ? std::max(1, px->height / 2) : px->height;
    if (!sitegen::encode_webp(*px, w, h, 50, &err) || !err.empty()) std::abort();
  }
  return 0;
}
