// The image stage: one image's bytes and the widths a page shows it at in, the WebP files
// of a few widths and their sizes out (plain data; the caller publishes the files). Made
// once per content and parameters, then taken from a cache folder.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace sitegen {

constexpr int kWebpQuality = 80;
// An image already no wider than the page needs and at most this big is published as it
// is: a WebP of the same width would save little.
constexpr size_t kPassThroughBytes = 100 * 1024;
// The output folder of the WebP files.
constexpr std::string_view kImageDir = "img/";

struct ImageJob {
  std::string name;                 // for messages and SVG's extension: "static/photo.jpg"
  std::string_view bytes;           // the original
  std::vector<int> display_widths;  // the CSS pixels the pages show it at
};

struct ImageFile {
  std::string path;  // below the output root: "img/3f2a9c0d1e7b6a54-480.webp"
  std::string bytes;
};

struct ImageResult {
  SiteImage image;
  std::vector<ImageFile> files;  // one per variant
  std::string error;             // why the image cannot be published; empty when it can
  bool encoded = false;          // the files were written now, not taken from the cache
};

// The widths to write for an image `original_width` pixels wide shown at
// `display_widths`: each display width and its double (for 2x screens), never wider than
// the original, the widest first kept and a narrower one only when it is at least a
// sixth smaller than the last kept. Narrowest first.
std::vector<int> variant_widths(int original_width, const std::vector<int>& display_widths);

// The image of `job`, with `cache_dir` (created when missing; "" for none) consulted
// first and filled after. The same job gives the same bytes on every run.
ImageResult make_image(const ImageJob& job, const std::string& cache_dir);

}  // namespace sitegen
