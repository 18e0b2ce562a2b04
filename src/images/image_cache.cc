// The resized images' cache folder: `<key>.txt` (the sizes) and `<key>-<width>.webp`.
#include "images/image_cache.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "base/cache_dir.h"
#include "base/whole_file.h"
#include "images/image_codec.h"
#include "text/strings.h"

namespace sitegen {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kCacheHeader = "sitegen image cache 1";

std::string file_name(const std::string& key, int width) {
  return key + "-" + std::to_string(width) + ".webp";
}

}  // namespace

std::string image_key(std::string_view bytes, const std::vector<int>& display_widths) {
  std::string params = std::string(kCacheHeader) + "|webp " + webp_encoder_version() + "|q" +
                       std::to_string(kWebpQuality) + "|max " + std::to_string(kPassThroughBytes) +
                       "|widths";
  for (int w : display_widths) params += " " + std::to_string(w);
  params += "|" + std::to_string(bytes.size()) + "|";
  uint64_t h = fnv1a(bytes, fnv1a(params));
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::optional<ImageResult> read_cached_image(const std::string& dir, const std::string& key) {
  if (dir.empty()) return std::nullopt;
  std::string meta;
  if (!read_file_whole(fs::path(dir) / (key + ".txt"), &meta)) return std::nullopt;
  std::istringstream in(meta);
  std::string header;
  if (!std::getline(in, header) || header != kCacheHeader) return std::nullopt;
  ImageResult r;
  if (!(in >> r.image.width >> r.image.height)) return std::nullopt;
  for (int w, h; in >> w >> h;) {
    ImageFile& f = r.files.emplace_back();
    f.path = std::string(kImageDir) + file_name(key, w);
    if (!read_file_whole(fs::path(dir) / file_name(key, w), &f.bytes) || f.bytes.empty())
      return std::nullopt;
    r.image.variants.push_back({f.path, w, h});
  }
  return r;
}

bool write_cached_image(const std::string& dir, const std::string& key, const ImageResult& result,
                        std::string* err) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    *err = "cannot create " + dir + ": " + ec.message();
    return false;
  }
  std::string meta = std::string(kCacheHeader) + "\n" + std::to_string(result.image.width) + " " +
                     std::to_string(result.image.height) + "\n";
  for (size_t i = 0; i < result.image.variants.size() && i < result.files.size(); ++i) {
    const ImageVariant& v = result.image.variants[i];
    if (!write_file_whole(fs::path(dir) / file_name(key, v.width), result.files[i].bytes, err))
      return false;
    meta += std::to_string(v.width) + " " + std::to_string(v.height) + "\n";
  }
  // Last: an entry is there only when all its files are.
  return write_file_whole(fs::path(dir) / (key + ".txt"), meta, err);
}

std::string default_image_cache_dir() {
  return default_cache_dir("images");
}

}  // namespace sitegen
