// Which images a site's pages show, read through the Source (so `serve` sees a changed
// photo) and handed to the image stage on all cores.
#include "site_build/site_images.h"

#include <algorithm>

#include "base/parallel.h"
#include "images/image_set.h"
#include "text/url_scheme.h"

namespace sitegen {

void ImageWants::add(const std::string& path, std::initializer_list<int> display_widths) {
  if (path.empty() || !is_site_path(path)) return;
  std::vector<int>& w = widths[path];
  for (int d : display_widths)
    if (std::find(w.begin(), w.end(), d) == w.end()) w.push_back(d);
  std::sort(w.begin(), w.end());
}

ImageWants site_image_wants(const Site& site) {
  ImageWants wants;
  wants.add(site.person.photo, kPhotoWidths);
  for (const Publication& p : site.publications) wants.add(p.preview, kPreviewWidths);
  for (const Member& m : site.members) wants.add(m.person.photo, kMemberPhotoWidths);
  for (const Project& p : site.projects) wants.add(p.image, kProjectImageWidths);
  return wants;
}

void add_site_images(const Source& content, const ImageWants& wants, const std::string& cache_dir,
                     Site& site, Output& out, Diagnostics& diags) {
  // Each wanted image with the content file it is published from (a static file, or a
  // member's photo beside their page); one that is not published is not resized.
  struct Item {
    std::string path, from;
    const std::vector<int>* widths;
    std::string bytes, read_error;
    ImageResult result;
  };
  std::vector<Item> items;
  for (const auto& [path, widths] : wants.widths) {
    std::string rel = path[0] == '/' ? path.substr(1) : path;
    auto f = std::find_if(site.static_files.begin(), site.static_files.end(),
                          [&](const StaticFile& s) { return s.rel == rel; });
    if (f == site.static_files.end()) continue;
    Item& it = items.emplace_back();
    it.path = path;
    it.from = f->from.empty() ? "static/" + f->rel : f->from;
    it.widths = &widths;
  }
  for (Item& it : items)
    if (std::optional<std::string> bytes = content.read(it.from, &it.read_error))
      it.bytes = std::move(*bytes);
  parallel_for(items.size(), 1, [&](size_t i) {
    Item& it = items[i];
    if (it.read_error.empty()) it.result = make_image({it.from, it.bytes, *it.widths}, cache_dir);
  });
  for (Item& it : items) {
    SourceLoc loc{content.display(it.from), 0, 0};
    if (!it.read_error.empty()) {
      diags.error(loc, "cannot read image: " + it.read_error);
      continue;
    }
    if (!it.result.error.empty()) {
      diags.error(loc, it.result.error);
      continue;
    }
    for (ImageFile& f : it.result.files) out.files[f.path].bytes = std::move(f.bytes);
    site.images[it.path] = std::move(it.result.image);
  }
}

}  // namespace sitegen
