// The rebuild loop: the watcher reports a batch of changes, the site is built again
// (pages named, rendered on request), and the build is published once the writes have
// been quiet, with the events that tell open pages what to do and the terminal line.
#if defined(_WIN32) && !defined(_POSIX_THREAD_SAFE_FUNCTIONS)
// MinGW-w64's <time.h> has localtime_r (over Windows' localtime_s) only when asked.
#define _POSIX_THREAD_SAFE_FUNCTIONS 200112L
#endif
#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <set>

#include "base/source.h"
#include "base/utf8_path.h"
#include "serve/server_impl.h"
#include "text/escape.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

constexpr size_t kEarlierBuilds = 1;  // builds kept to patch pages that show them
constexpr size_t kPreparedPages = 8;  // at most this many pages patched ahead of requests

// A copied file as it was when built, so two builds tell whether it changed between them.
std::string file_stamp(const std::string& path) {
  std::error_code ec, ec2;
  auto mtime = fs::last_write_time(path, ec);
  auto size = fs::file_size(path, ec2);
  if (ec || ec2) return "missing";
  // In nanoseconds, as a 64-bit count: libc++ counts file times in a 128-bit integer,
  // which std::to_string does not take.
  auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(mtime.time_since_epoch());
  return std::to_string(ns.count()) + ":" + std::to_string(size);
}

std::string time_of_day() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%H:%M:%S", &tm);
  return buf;
}

// The pages open tabs showed are the ones they will ask to patch right away: their new
// bytes and patches are made now, while the news of the build reaches them.
void prepare_patches(const ServedSite& before, const ServedSite& now) {
  size_t n = 0;
  for (const auto& [rel, size] : now.rendered->sizes_before) {
    if (++n > kPreparedPages) break;
    patch_json(before, now, rel);
  }
}

}  // namespace

std::string Server::Impl::describe(const std::vector<std::string>& changed) const {
  std::string root = options.content_dir + "/";
  std::string text;
  for (size_t i = 0; i < changed.size() && i < 3; ++i) {
    std::string name = changed[i];
    if (name.compare(0, root.size(), root) == 0) name = name.substr(root.size());
    text += (i ? ", " : "") + name;
  }
  if (changed.size() > 3) text += " and " + std::to_string(changed.size() - 3) + " more";
  return text;
}

// Builds the site with its pages named but not rendered: each is rendered when a
// browser first asks for it, so a rebuild costs what loading the site costs.
Server::Impl::Built Server::Impl::build() const {
  auto start = Clock::now();
  Built b;
  BuildOptions build_options;
  build_options.live_reload_script = live_reload_script();
  build_options.theme_search_dir = options.theme_search_dir;
  build_options.pages_on_request = true;
  build_options.drafts = true;   // the preview shows a post before it is published
  build_options.preview = true;  // and loads nothing from other sites: no comments
  build_options.cv_pdf = options.cv_pdf;
  build_options.image_cache_dir = options.image_cache_dir;
  build_options.code_cache_dir = options.code_cache_dir;
  build_options.stop_printing = &stop_printing;
  DiskSource disk(options.content_dir);
  RecordingSource source(disk);
  b.result = build_site(source, build_options);
  b.inputs = source.fingerprint();
  b.ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
  return b;
}

void Server::Impl::rebuild(const std::vector<std::string>& changed) {
  std::lock_guard<std::mutex> one_build(rebuild_mu);
  publish(build(), changed);
}

// Makes a build the served site (or reports its errors), tells open pages, and
// prints the terminal line.
void Server::Impl::publish(Built built, const std::vector<std::string>& changed) {
  BuildResult& result = built.result;
  long long ms = built.ms;
  const std::vector<std::string>& want = result.settings.watch;
  std::string what = changed.empty() ? "" : describe(changed) + ": ";
  std::string line = "[" + time_of_day() + "] " + what;

  if (result.diags.has_errors()) {
    std::string diags_json = diagnostics_json(result.diags);
    {
      std::lock_guard<std::mutex> lock(mu);
      roots = want;
      status_ok = false;
      status_json = diags_json;
      push_event("error", "{\"build\":" + json_string(site->build_id) +
                              ",\"ok\":false,\"diagnostics\":" + diags_json + "}");
    }
    std::lock_guard<std::mutex> log(log_mu);
    err << result.diags.format_all();
    err << line << "build failed with " << result.diags.error_count() << " error(s) in " << ms
        << " ms; "
        << (current()->good ? "still serving the last good build" : "nothing to serve yet") << "\n"
        << std::flush;
    return;
  }

  auto next = std::make_shared<ServedSite>();
  next->output = std::move(result.output);
  next->site_pages = std::move(result.site_pages);
  next->inputs = std::move(built.inputs);
  next->rendered = std::make_shared<ServedSite::Rendered>();
  next->base_path = result.settings.base_path;
  next->css_version = result.settings.css_version;
  next->pages = result.pages;
  next->good = true;
  std::error_code ec;
  fs::path static_dir = fs::canonical(utf8_path(options.content_dir + "/static"), ec);
  if (!ec) next->static_dir = static_dir.string();
  fs::path content_dir = fs::canonical(utf8_path(options.content_dir), ec);
  if (!ec) next->content_dir = content_dir.string();
  next->static_prefix = DiskSource(options.content_dir).disk_path("static/");
  for (const auto& [key, f] : next->output.files)
    if (!f.copy_from.empty()) next->stamps[key] = file_stamp(f.copy_from);

  ReloadKind kind;
  std::shared_ptr<const ServedSite> before;
  {
    std::lock_guard<std::mutex> lock(mu);
    roots = want;
    before = site;
    kind = reload_kind(*site, *next);
    next->build_id =
        kind == ReloadKind::kNone ? site->build_id : instance + "-" + std::to_string(++generation);
    bool was_ok = status_ok;
    if (site->rendered) next->rendered->sizes_before = rendered_sizes(*site->rendered);
    if (site->good) earlier.push_back(site);
    while (earlier.size() > kEarlierBuilds) earlier.pop_front();
    site = next;
    status_ok = true;
    status_json.clear();
    std::string id = "{\"build\":" + json_string(next->build_id) + "}";
    if (kind == ReloadKind::kReload)
      push_event("reload", id);
    else if (kind == ReloadKind::kCss)
      push_event("css", id);
    if (!was_ok) push_event("ok", id);
  }
  {
    std::lock_guard<std::mutex> log(log_mu);
    err << result.diags.format_all();
    for (const std::string& note : result.notes) err << note << "\n";
    out << line << (changed.empty() ? "built " : "rebuilt ") << next->pages << " pages in " << ms
        << " ms";
    if (!changed.empty())
      out << (kind == ReloadKind::kReload ? "; updating pages"
              : kind == ReloadKind::kCss  ? "; swapping the stylesheet"
                                          : "; the site is unchanged");
    out << "\n" << std::flush;
  }
  if (kind == ReloadKind::kReload && before->good) prepare_patches(*before, *next);
}

void Server::Impl::watch_loop() {
  while (true) {
    std::vector<std::string> want;
    {
      std::lock_guard<std::mutex> lock(mu);
      if (stopping) return;
      want = roots;
    }
    if (want != watcher.roots()) watcher.set_roots(want);
    Changes changes = watcher.wait(std::chrono::milliseconds(500));
    if (changes.empty()) continue;
    std::set<std::string> names(changes.paths.begin(), changes.paths.end());
    size_t more = changes.more;
    auto listed = [&] {
      std::vector<std::string> list(names.begin(), names.end());
      if (more) list.push_back("(" + std::to_string(more) + " more)");
      names.clear();
      more = 0;
      return list;
    };
    std::lock_guard<std::mutex> one_build(rebuild_mu);
    auto unpublished_since = Clock::now();
    Built built = build();
    // Publish once the writes have been quiet for the debounce time, counted from the
    // last change the build saw; any change since then means building again. Saves that
    // never pause would hold back every build: one superseded while the last publish is
    // max_publish_delay_ms back is published still, before the next build starts.
    for (Changes later;
         !(later = watcher.wait(std::chrono::duration_cast<std::chrono::milliseconds>(
               changes.last + std::chrono::milliseconds(options.debounce_ms) - Clock::now())))
              .empty();) {
      if (Clock::now() - unpublished_since >=
          std::chrono::milliseconds(options.max_publish_delay_ms)) {
        publish(std::move(built), listed());
        unpublished_since = Clock::now();
      }
      names.insert(later.paths.begin(), later.paths.end());
      more += later.more;
      changes = std::move(later);
      built = build();
    }
    publish(std::move(built), listed());
  }
}

}  // namespace sitegen
