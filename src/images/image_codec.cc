// JPEG, PNG and WebP read into pixels and WebP written, through libjpeg-turbo, libpng's
// simplified API and libwebp. libjpeg reports errors by longjmp: its calls are kept in
// one function whose frame holds nothing with a destructor.
#include "images/image_codec.h"

#include <csetjmp>
#include <cstdio>
// jpeglib.h needs size_t and FILE declared first.
#include <jpeglib.h>
// The message codes (JWRN_JPEG_EOF).
#include <jerror.h>
#include <png.h>
#include <webp/decode.h>
#include <webp/encode.h>

#include "text/ascii.h"

namespace sitegen {

namespace {

bool has_prefix(std::string_view bytes, std::string_view magic) {
  return bytes.starts_with(magic);
}

bool ends_with_ci(std::string_view name, std::string_view ext) {
  if (name.size() < ext.size()) return false;
  for (size_t i = 0; i < ext.size(); ++i)
    if (to_lower(name[name.size() - ext.size() + i]) != ext[i]) return false;
  return true;
}

std::string pixel_count_error(uint64_t width, uint64_t height) {
  return "the image is " + std::to_string(width) + " x " + std::to_string(height) +
         " pixels, more than the " + std::to_string(kMaxImagePixels / 1000000) +
         " million sitegen reads; save it smaller";
}

bool too_many_pixels(uint64_t width, uint64_t height) {
  return width == 0 || height == 0 || width * height > kMaxImagePixels;
}

// ---- EXIF orientation (JPEG APP1): the one tag a browser applies when it shows a photo.

uint32_t read_uint(const uint8_t* p, int n, bool little) {
  uint32_t v = 0;
  for (int i = 0; i < n; ++i) v |= uint32_t(p[little ? i : n - 1 - i]) << (8 * i);
  return v;
}

// 1 (as stored) to 8, from the TIFF structure of an "Exif\0\0" APP1 segment's IFD0.
int exif_orientation(const uint8_t* data, size_t size) {
  if (size < 14 ||
      std::string_view(reinterpret_cast<const char*>(data), 6) != std::string_view("Exif\0\0", 6))
    return 1;
  const uint8_t* tiff = data + 6;
  size_t n = size - 6;
  bool little = tiff[0] == 'I' && tiff[1] == 'I';
  if (!little && !(tiff[0] == 'M' && tiff[1] == 'M')) return 1;
  uint32_t ifd = read_uint(tiff + 4, 4, little);
  if (ifd > n || n - ifd < 2) return 1;
  uint32_t entries = read_uint(tiff + ifd, 2, little);
  for (uint32_t i = 0; i < entries; ++i) {
    size_t at = ifd + 2 + size_t(i) * 12;
    if (at + 12 > n) break;
    if (read_uint(tiff + at, 2, little) != 0x0112) continue;
    uint32_t v = read_uint(tiff + at + 8, 2, little);
    return v >= 1 && v <= 8 ? int(v) : 1;
  }
  return 1;
}

// The pixels as a browser shows a photo with this orientation.
Pixels orient(Pixels src, int orientation) {
  if (orientation <= 1) return src;
  bool swap = orientation >= 5;
  Pixels dst;
  dst.width = swap ? src.height : src.width;
  dst.height = swap ? src.width : src.height;
  dst.rgba.resize(src.rgba.size());
  const int w = src.width, h = src.height;
  for (int y = 0; y < dst.height; ++y)
    for (int x = 0; x < dst.width; ++x) {
      int sx = x, sy = y;
      switch (orientation) {
        case 2:
          sx = w - 1 - x;
          break;
        case 3:
          sx = w - 1 - x, sy = h - 1 - y;
          break;
        case 4:
          sy = h - 1 - y;
          break;
        case 5:
          sx = y, sy = x;
          break;
        case 6:
          sx = y, sy = h - 1 - x;
          break;
        case 7:
          sx = w - 1 - y, sy = h - 1 - x;
          break;
        case 8:
          sx = w - 1 - y, sy = x;
          break;
      }
      const uint8_t* s = &src.rgba[(size_t(sy) * w + sx) * 4];
      uint8_t* d = &dst.rgba[(size_t(y) * dst.width + x) * 4];
      d[0] = s[0], d[1] = s[1], d[2] = s[2], d[3] = s[3];
    }
  return dst;
}

// ---- JPEG

struct JpegError {
  jpeg_error_mgr mgr;
  std::jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

[[noreturn]] void jpeg_fail(j_common_ptr c) {
  JpegError* e = reinterpret_cast<JpegError*>(c->err);
  (*c->err->format_message)(c, e->message);
  std::longjmp(e->jump, 1);
}

// Warnings (extra bytes after the image) are not errors, but a file that ends early is: libjpeg
// would fill the rest with grey, as a half-copied photo.
void jpeg_warning(j_common_ptr c, int level) {
  if (level < 0 && c->err->msg_code == JWRN_JPEG_EOF) jpeg_fail(c);
}

struct JpegJob {
  std::string_view bytes;
  bool decode = false;
  int min_width = 0;
  ImageInfo info;
  int orientation = 1;
  Pixels pixels;  // stored size, before orientation
  std::string error;
};

// Everything that can longjmp is in here; `job` lives in the caller's frame.
bool run_jpeg(JpegJob& job) {
  jpeg_decompress_struct cinfo;
  JpegError jerr;
  cinfo.err = jpeg_std_error(&jerr.mgr);
  jerr.mgr.error_exit = jpeg_fail;
  jerr.mgr.emit_message = jpeg_warning;
  if (setjmp(jerr.jump)) {
    job.error = std::string("cannot read the JPEG: ") + jerr.message;
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, reinterpret_cast<const unsigned char*>(job.bytes.data()),
               static_cast<unsigned long>(job.bytes.size()));
  jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xffff);
  jpeg_read_header(&cinfo, TRUE);
  for (jpeg_saved_marker_ptr m = cinfo.marker_list; m; m = m->next)
    if (m->marker == JPEG_APP0 + 1) {
      int o = exif_orientation(m->data, m->data_length);
      if (o != 1) {
        job.orientation = o;
        break;
      }
    }
  bool swap = job.orientation >= 5;
  job.info.width = int(swap ? cinfo.image_height : cinfo.image_width);
  job.info.height = int(swap ? cinfo.image_width : cinfo.image_height);
  if (too_many_pixels(cinfo.image_width, cinfo.image_height)) {
    job.error = pixel_count_error(job.info.width, job.info.height);
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  if (!job.decode) {
    jpeg_destroy_decompress(&cinfo);
    return true;
  }
  // The smallest DCT scale that still gives min_width pixels across (as shown).
  unsigned shown = unsigned(job.info.width);
  cinfo.scale_num = 1;
  cinfo.scale_denom = 1;
  for (unsigned denom : {8u, 4u, 2u})
    if ((shown + denom - 1) / denom >= unsigned(job.min_width)) {
      cinfo.scale_denom = denom;
      break;
    }
  cinfo.out_color_space = JCS_EXT_RGBA;
  cinfo.dct_method = JDCT_ISLOW;  // the exact method: the same pixels on every machine
  jpeg_start_decompress(&cinfo);
  job.pixels.width = int(cinfo.output_width);
  job.pixels.height = int(cinfo.output_height);
  job.pixels.rgba.assign(size_t(cinfo.output_width) * cinfo.output_height * 4, 0);
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = &job.pixels.rgba[size_t(cinfo.output_scanline) * cinfo.output_width * 4];
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return true;
}

// ---- PNG (libpng's simplified API: no setjmp of ours)

bool run_png(std::string_view bytes, ImageInfo* info, Pixels* pixels, std::string* err) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, bytes.data(), bytes.size())) {
    *err = std::string("cannot read the PNG: ") + image.message;
    png_image_free(&image);
    return false;
  }
  info->width = int(image.width);
  info->height = int(image.height);
  if (too_many_pixels(image.width, image.height)) {
    *err = pixel_count_error(image.width, image.height);
    png_image_free(&image);
    return false;
  }
  if (!pixels) {
    png_image_free(&image);
    return true;
  }
  image.format = PNG_FORMAT_RGBA;
  pixels->width = int(image.width);
  pixels->height = int(image.height);
  pixels->rgba.assign(PNG_IMAGE_SIZE(image), 0);
  if (!png_image_finish_read(&image, nullptr, pixels->rgba.data(), 0, nullptr)) {
    *err = std::string("cannot read the PNG: ") + image.message;
    png_image_free(&image);
    return false;
  }
  return true;
}

// ---- WebP

bool run_webp(std::string_view bytes, ImageInfo* info, Pixels* pixels, std::string* err) {
  WebPBitstreamFeatures f;
  const uint8_t* data = reinterpret_cast<const uint8_t*>(bytes.data());
  if (WebPGetFeatures(data, bytes.size(), &f) != VP8_STATUS_OK) {
    *err = "cannot read the WebP: its header is damaged";
    return false;
  }
  info->width = f.width;
  info->height = f.height;
  info->resizable = !f.has_animation;  // an animation is published as it is
  if (too_many_pixels(uint64_t(f.width), uint64_t(f.height))) {
    *err = pixel_count_error(uint64_t(f.width), uint64_t(f.height));
    return false;
  }
  if (!pixels) return true;
  pixels->width = f.width;
  pixels->height = f.height;
  pixels->rgba.assign(size_t(f.width) * f.height * 4, 0);
  if (!WebPDecodeRGBAInto(data, bytes.size(), pixels->rgba.data(), pixels->rgba.size(),
                          f.width * 4)) {
    *err = "cannot read the WebP: its image data is damaged";
    return false;
  }
  return true;
}

}  // namespace

ImageFormat sniff_image_format(std::string_view bytes, std::string_view name) {
  if (has_prefix(bytes, "\xFF\xD8\xFF")) return ImageFormat::Jpeg;
  if (has_prefix(bytes, "\x89PNG\r\n\x1A\n")) return ImageFormat::Png;
  if (has_prefix(bytes, "RIFF") && bytes.size() >= 12 && bytes.substr(8, 4) == "WEBP")
    return ImageFormat::Webp;
  if (has_prefix(bytes, "GIF87a") || has_prefix(bytes, "GIF89a")) return ImageFormat::Gif;
  if (bytes.size() >= 12 && bytes.substr(4, 4) == "ftyp" &&
      (bytes.substr(8, 4) == "avif" || bytes.substr(8, 4) == "avis"))
    return ImageFormat::Avif;
  if (ends_with_ci(name, ".svg")) return ImageFormat::Svg;
  return ImageFormat::Unknown;
}

std::string_view image_format_name(ImageFormat format) {
  switch (format) {
    case ImageFormat::Jpeg:
      return "JPEG";
    case ImageFormat::Png:
      return "PNG";
    case ImageFormat::Webp:
      return "WebP";
    case ImageFormat::Gif:
      return "GIF";
    case ImageFormat::Avif:
      return "AVIF";
    case ImageFormat::Svg:
      return "SVG";
    case ImageFormat::Unknown:
      break;
  }
  return "unknown";
}

std::optional<ImageInfo> probe_image(std::string_view bytes, std::string_view name,
                                     std::string* err) {
  ImageInfo info;
  info.format = sniff_image_format(bytes, name);
  switch (info.format) {
    case ImageFormat::Jpeg: {
      JpegJob job;
      job.bytes = bytes;
      if (!run_jpeg(job)) {
        *err = job.error;
        return std::nullopt;
      }
      job.info.format = ImageFormat::Jpeg;
      job.info.resizable = true;
      return job.info;
    }
    case ImageFormat::Png:
      if (!run_png(bytes, &info, nullptr, err)) return std::nullopt;
      info.resizable = true;
      return info;
    case ImageFormat::Webp:
      if (!run_webp(bytes, &info, nullptr, err)) return std::nullopt;
      return info;
    case ImageFormat::Gif:
      if (bytes.size() < 10) {
        *err = "cannot read the GIF: it ends inside its header";
        return std::nullopt;
      }
      info.width = int(read_uint(reinterpret_cast<const uint8_t*>(bytes.data()) + 6, 2, true));
      info.height = int(read_uint(reinterpret_cast<const uint8_t*>(bytes.data()) + 8, 2, true));
      if (info.width == 0 || info.height == 0) {
        *err = "cannot read the GIF: its header declares no pixels";
        return std::nullopt;
      }
      // Published as it is, but a browser would decode it: the same cap.
      if (too_many_pixels(uint64_t(info.width), uint64_t(info.height))) {
        *err = pixel_count_error(uint64_t(info.width), uint64_t(info.height));
        return std::nullopt;
      }
      return info;
    case ImageFormat::Avif:
    case ImageFormat::Svg:
      return info;  // published as they are; their size is the page's
    case ImageFormat::Unknown:
      break;
  }
  *err = "not an image format browsers show: expected JPEG, PNG, WebP, GIF, AVIF or SVG";
  return std::nullopt;
}

std::optional<Pixels> decode_image(std::string_view bytes, std::string_view name, int min_width,
                                   std::string* err) {
  ImageInfo info;
  Pixels pixels;
  switch (sniff_image_format(bytes, name)) {
    case ImageFormat::Jpeg: {
      JpegJob job;
      job.bytes = bytes;
      job.decode = true;
      job.min_width = min_width;
      if (!run_jpeg(job)) {
        *err = job.error;
        return std::nullopt;
      }
      return orient(std::move(job.pixels), job.orientation);
    }
    case ImageFormat::Png:
      if (!run_png(bytes, &info, &pixels, err)) return std::nullopt;
      return pixels;
    case ImageFormat::Webp:
      if (!run_webp(bytes, &info, &pixels, err)) return std::nullopt;
      return pixels;
    default:
      break;
  }
  *err = "sitegen resizes only JPEG, PNG and WebP images";
  return std::nullopt;
}

std::optional<std::string> encode_webp(const Pixels& pixels, int width, int height, int quality,
                                       std::string* err) {
  WebPConfig config;
  if (!WebPConfigInit(&config)) {
    *err = "libwebp does not match the version sitegen was built with";
    return std::nullopt;
  }
  config.quality = float(quality);
  config.method = 4;
  config.thread_level = 0;
  WebPPicture pic;
  if (!WebPPictureInit(&pic)) {
    *err = "libwebp does not match the version sitegen was built with";
    return std::nullopt;
  }
  pic.use_argb = 1;
  pic.width = pixels.width;
  pic.height = pixels.height;
  WebPMemoryWriter writer;
  WebPMemoryWriterInit(&writer);
  bool ok = WebPPictureImportRGBA(&pic, pixels.rgba.data(), pixels.width * 4) &&
            (width == pixels.width && height == pixels.height
                 ? true
                 : WebPPictureRescale(&pic, width, height) != 0);
  if (ok) {
    pic.writer = WebPMemoryWrite;
    pic.custom_ptr = &writer;
    ok = WebPEncode(&config, &pic);
  }
  std::optional<std::string> out;
  if (ok)
    out.emplace(reinterpret_cast<const char*>(writer.mem), writer.size);
  else
    *err = "cannot write WebP (libwebp error " + std::to_string(int(pic.error_code)) + ")";
  WebPMemoryWriterClear(&writer);
  WebPPictureFree(&pic);
  return out;
}

std::string webp_encoder_version() {
  int v = WebPGetEncoderVersion();
  return std::to_string((v >> 16) & 0xff) + "." + std::to_string((v >> 8) & 0xff) + "." +
         std::to_string(v & 0xff);
}

}  // namespace sitegen
