// One image made ready for the pages: its size read, the widths chosen, the WebP files
// taken from the cache or written.
#include "images/image_set.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "images/image_cache.h"
#include "images/image_codec.h"

namespace sitegen {

std::vector<int> variant_widths(int original_width, const std::vector<int>& display_widths) {
  std::vector<int> targets;
  for (int d : display_widths)
    if (d > 0) targets.insert(targets.end(), {d, 2 * d});
  if (targets.empty() || original_width <= 0) return {};
  std::sort(targets.begin(), targets.end(), std::greater<>());
  std::vector<int> kept = {std::min(targets.front(), original_width)};
  for (int t : targets)
    if (t * 6 <= kept.back() * 5) kept.push_back(t);  // at least a sixth narrower
  std::reverse(kept.begin(), kept.end());
  return kept;
}

ImageResult make_image(const ImageJob& job, const std::string& cache_dir) {
  ImageResult r;
  std::optional<ImageInfo> info = probe_image(job.bytes, job.name, &r.error);
  if (!info) return r;
  r.image.width = info->width;
  r.image.height = info->height;
  if (!info->resizable) return r;
  std::vector<int> widths = variant_widths(info->width, job.display_widths);
  if (widths.empty() ||
      (widths.size() == 1 && widths[0] == info->width && job.bytes.size() <= kPassThroughBytes))
    return r;
  std::string key = image_key(job.bytes, job.display_widths);
  if (std::optional<ImageResult> cached = read_cached_image(cache_dir, key)) return *cached;

  std::optional<Pixels> pixels = decode_image(job.bytes, job.name, widths.back(), &r.error);
  if (!pixels) return r;
  for (int w : widths) {
    int h = std::max(1, int(std::lround(double(w) * info->height / info->width)));
    std::optional<std::string> webp = encode_webp(*pixels, w, h, kWebpQuality, &r.error);
    if (!webp) return r;
    std::string path = std::string(kImageDir) + key + "-" + std::to_string(w) + ".webp";
    r.image.variants.push_back({path, w, h});
    r.files.push_back({path, std::move(*webp)});
  }
  r.encoded = true;
  std::string cache_err;
  // A cache that cannot be written costs the next build this encoding, nothing more.
  if (!cache_dir.empty()) write_cached_image(cache_dir, key, r, &cache_err);
  return r;
}

}  // namespace sitegen
