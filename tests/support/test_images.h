// Images made in memory for tests (a gradient with a dark square in the top-left corner,
// so a turned image shows it elsewhere), as JPEG or PNG: no image file is checked in.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>
// jpeglib.h needs size_t and FILE declared first.
#include <jpeglib.h>
#include <png.h>

namespace sitegen::testing {

inline std::vector<uint8_t> test_pixels(int w, int h, int channels) {
  std::vector<uint8_t> px(size_t(w) * h * channels);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      uint8_t* p = &px[(size_t(y) * w + x) * channels];
      bool mark = x < w / 4 && y < h / 4;
      p[0] = mark ? 20 : uint8_t(255 * x / w);
      p[1] = mark ? 20 : uint8_t(255 * y / h);
      p[2] = mark ? 20 : 160;
      if (channels == 4) p[3] = uint8_t(x < w / 2 ? 255 : 128);
    }
  return px;
}

// A baseline JPEG; `orientation` 2 to 8 adds an EXIF APP1 segment with that tag.
inline std::string test_jpeg(int w, int h, int quality = 90, int orientation = 0) {
  jpeg_compress_struct c;
  jpeg_error_mgr err;
  c.err = jpeg_std_error(&err);
  jpeg_create_compress(&c);
  unsigned char* buf = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&c, &buf, &size);
  c.image_width = JDIMENSION(w);
  c.image_height = JDIMENSION(h);
  c.input_components = 3;
  c.in_color_space = JCS_RGB;
  jpeg_set_defaults(&c);
  jpeg_set_quality(&c, quality, TRUE);
  jpeg_start_compress(&c, TRUE);
  if (orientation > 1) {
    const unsigned char exif[] = {'E', 'x',  'i',  'f', 0,
                                  0,   'I',  'I',  42,  0,
                                  8,   0,    0,    0,   1,
                                  0,   0x12, 0x01, 3,   0,
                                  1,   0,    0,    0,   uint8_t(orientation),
                                  0,   0,    0,    0,   0,
                                  0,   0};
    jpeg_write_marker(&c, JPEG_APP0 + 1, exif, sizeof exif);
  }
  std::vector<uint8_t> px = test_pixels(w, h, 3);
  while (c.next_scanline < c.image_height) {
    JSAMPROW row = &px[size_t(c.next_scanline) * w * 3];
    jpeg_write_scanlines(&c, &row, 1);
  }
  jpeg_finish_compress(&c);
  jpeg_destroy_compress(&c);
  std::string out(reinterpret_cast<const char*>(buf), size);
  free(buf);
  return out;
}

inline std::string test_png(int w, int h, bool alpha = false) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  image.width = png_uint_32(w);
  image.height = png_uint_32(h);
  image.format = alpha ? PNG_FORMAT_RGBA : PNG_FORMAT_RGB;
  std::vector<uint8_t> px = test_pixels(w, h, alpha ? 4 : 3);
  png_alloc_size_t size = 0;
  png_image_write_to_memory(&image, nullptr, &size, 0, px.data(), 0, nullptr);
  std::string out(size, '\0');
  png_image_write_to_memory(&image, out.data(), &size, 0, px.data(), 0, nullptr);
  out.resize(size);
  return out;
}

}  // namespace sitegen::testing
