// A build as it is served: its pages rendered when first asked for, each once, and the
// patches from an earlier build's pages; and what browsers showing one build must do
// to show the next (reload_kind).
#include <algorithm>
#include <future>
#include <mutex>

#include "serve/page_patch.h"
#include "serve/server_impl.h"
#include "text/strings.h"

namespace sitegen {

namespace {

// The stylesheet URL carries "?v=<8 hex digits>" of the CSS: a page whose only change
// is that query needs no reload, only the stylesheet swapped.
std::string strip_css_versions(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  for (size_t i = 0; i < html.size();) {
    if (html.compare(i, 3, "?v=") == 0 && i + 11 <= html.size() &&
        std::all_of(html.begin() + i + 3, html.begin() + i + 11,
                    [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); })) {
      i += 11;
      continue;
    }
    out += html[i++];
  }
  return out;
}

// The value under `key`, made by the first caller; later callers wait for that one.
template <class T, class Make>
T once(std::mutex& mu, std::map<std::string, std::shared_future<T>>& made, const std::string& key,
       Make make) {
  std::promise<T> promise;
  std::shared_future<T> value;
  bool first = false;
  {
    std::lock_guard<std::mutex> lock(mu);
    auto [it, fresh] = made.try_emplace(key);
    if (fresh) it->second = promise.get_future().share();
    value = it->second;
    first = fresh;
  }
  if (first) {
    try {
      promise.set_value(make());
    } catch (...) {
      promise.set_exception(std::current_exception());
    }
  }
  return value.get();
}

}  // namespace

std::shared_ptr<const std::string> served_bytes(const ServedSite& site, const std::string& rel) {
  const OutputFile& f = site.output.files.at(rel);
  if (!f.on_request || !site.site_pages || !site.rendered)
    return std::make_shared<const std::string>(f.bytes);
  ServedSite::Rendered& r = *site.rendered;
  // Rendered without the lock, so other pages are served meanwhile.
  return once(r.mu, r.pages, rel, [&] {
    auto bytes = std::make_shared<std::string>();
    if (auto it = r.sizes_before.find(rel); it != r.sizes_before.end())
      bytes->reserve(it->second + it->second / 16);
    size_t job = site.site_pages->find(rel);
    if (job < site.site_pages->jobs().size()) site.site_pages->render(job, *bytes, r.cache);
    return std::shared_ptr<const std::string>(std::move(bytes));
  });
}

std::map<std::string, size_t, std::less<>> rendered_sizes(ServedSite::Rendered& r) {
  std::map<std::string, size_t, std::less<>> sizes;
  std::lock_guard<std::mutex> lock(r.mu);
  for (const auto& [path, bytes] : r.pages) {
    if (bytes.wait_for(std::chrono::seconds(0)) != std::future_status::ready) continue;
    try {
      sizes.emplace(path, bytes.get()->size());
    } catch (...) {  // its render failed, and said so to whoever asked
    }
  }
  return sizes;
}

std::string patch_json(const ServedSite& then, const ServedSite& now, const std::string& rel) {
  auto old_file = then.output.files.find(rel);
  auto new_file = now.output.files.find(rel);
  if (!rel.ends_with(".html") || old_file == then.output.files.end() ||
      new_file == now.output.files.end() || !old_file->second.copy_from.empty() ||
      !new_file->second.copy_from.empty())
    return "\"full\":true";
  auto make = [&]() -> std::string {
    try {
      std::optional<std::vector<PagePatch>> patches =
          page_patch(*served_bytes(then, rel), *served_bytes(now, rel));
      return patches ? "\"patches\":" + page_patch_json(*patches) : "\"full\":true";
    } catch (const RenderError&) {  // the page itself says why, and reports it
      return "\"full\":true";
    }
  };
  if (!now.rendered) return make();
  return once(now.rendered->mu, now.rendered->patches, then.build_id + "\n" + rel, make);
}

namespace {

bool same_templates(const ServedSite& a, const ServedSite& b) {
  if (!a.site_pages || !b.site_pages) return a.site_pages == b.site_pages;
  const auto& x = a.site_pages->theme().templates;
  const auto& y = b.site_pages->theme().templates;
  return std::equal(x.begin(), x.end(), y.begin(), y.end(), [](const auto& p, const auto& q) {
    return p.first == q.first && p.second.text() == q.second.text();
  });
}

}  // namespace

ReloadKind reload_kind(const ServedSite& before, const ServedSite& after) {
  if (before.base_path != after.base_path || before.good != after.good) return ReloadKind::kReload;
  // Pages on request: what made them. The stylesheet's version in them follows the
  // stylesheet, compared below as a file.
  if (before.inputs != after.inputs || !same_templates(before, after)) return ReloadKind::kReload;
  bool css = false;
  auto changed = [&](const std::string& key) {
    if (ascii_lower(key).ends_with(".css"))
      css = true;
    else
      return true;  // a reload covers everything
    return false;
  };
  auto a = before.output.files.begin(), ae = before.output.files.end();
  auto b = after.output.files.begin(), be = after.output.files.end();
  while (a != ae || b != be) {
    if (b == be || (a != ae && a->first < b->first)) {
      if (changed(a->first)) return ReloadKind::kReload;
      ++a;
    } else if (a == ae || b->first < a->first) {
      if (changed(b->first)) return ReloadKind::kReload;
      ++b;
    } else {
      const OutputFile& x = a->second;
      const OutputFile& y = b->second;
      if (x.on_request && y.on_request) {
        ++a;
        ++b;
        continue;
      }
      bool same =
          x.copy_from == y.copy_from &&
          (x.copy_from.empty() ? x.bytes == y.bytes
                               : before.stamps.count(a->first) && after.stamps.count(b->first) &&
                                     before.stamps.at(a->first) == after.stamps.at(b->first));
      if (!same && a->first.ends_with(".html") && x.copy_from.empty() && y.copy_from.empty() &&
          strip_css_versions(x.bytes) == strip_css_versions(y.bytes)) {
        css = true;  // only the stylesheet's version query moved
      } else if (!same && changed(a->first)) {
        return ReloadKind::kReload;
      }
      ++a;
      ++b;
    }
  }
  return css ? ReloadKind::kCss : ReloadKind::kNone;
}

}  // namespace sitegen
