// The images the pages show (the person's photo, members' photos, publications'
// teasers), resized by the image stage (images/) at the widths the theme shows them.
#pragma once

#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "base/diag.h"
#include "base/source.h"
#include "model/model.h"
#include "render/output.h"

namespace sitegen {

// The CSS pixels the built-in theme shows each kind of image at (its style.css and
// group.css): the home page's and a member page's photo 15rem, a member card's photo
// 7.5rem, a teaser 10rem beside the entry and up to 12rem above it on a phone, a
// project's image the width of its card (up to 24rem) and of its page's column.
constexpr std::initializer_list<int> kPhotoWidths = {240};
constexpr std::initializer_list<int> kMemberPhotoWidths = {120, 240};
constexpr std::initializer_list<int> kPreviewWidths = {192};
constexpr std::initializer_list<int> kProjectImageWidths = {384, 720};

// The images of a site to resize: path as the content names it -> display widths.
struct ImageWants {
  std::map<std::string, std::vector<int>> widths;
  // One line per image a page shows: `path` as the content names it ("" and other
  // sites' URLs are left alone), at these CSS widths.
  void add(const std::string& path, std::initializer_list<int> display_widths);
};

// What `site`'s pages show.
ImageWants site_image_wants(const Site& site);

// Resizes each wanted image into `site.images` and its WebP files into `out`; `cache_dir`
// ("" for none) keeps them between builds. An image that is not one (or is too large to
// read) is an error at its file.
void add_site_images(const Source& content, const ImageWants& wants, const std::string& cache_dir,
                     Site& site, Output& out, Diagnostics& diags);

}  // namespace sitegen
