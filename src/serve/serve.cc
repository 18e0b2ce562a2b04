// The preview server: routing a request path into the current Output, the SSE stream
// that tells pages to reload, and the rebuild loop fed by the watcher. Requests copy
// a shared_ptr to the current site under a mutex and then never lock again, so a
// rebuild swaps the whole site in between two requests, never during one.
#include "serve/serve.h"

#include <httplib.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <ctime>
#include <deque>
#include <filesystem>
#include <future>
#include <mutex>
#include <ostream>
#include <set>
#include <thread>

#include "build/build.h"
#include "load/source.h"
#include "load/toml_reader.h"
#include "serve/page_patch.h"
#include "serve/watch.h"
#include "text/strings.h"
#include "view/view.h"
#include "view/view_meta.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kTextPlain = "text/plain; charset=utf-8";
constexpr size_t kMaxEvents = 32;     // SSE events kept for streams that fell behind
constexpr size_t kEarlierBuilds = 1;  // builds kept to patch pages that show them
constexpr size_t kPreparedPages = 8;  // at most this many pages patched ahead of requests
// The watcher hands over a batch after this much quiet, and the build starts at once;
// it is published only once the writes have been quiet for ServeOptions::debounce_ms
// (a write meanwhile means another build first). A save is one burst of a millisecond
// or two, so a build slower than the debounce is no longer waited for after it.
constexpr std::chrono::milliseconds kSettle{5};

// A decoded path as it may appear in a Location header: printable ASCII only.
std::string encode_path(std::string_view path) {
  static const char* kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) ||
        std::string_view("-._~/!$&'()*+,;=:@").find(c) != std::string_view::npos) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

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

std::string file_stamp(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return "missing";
  return std::to_string(int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec) + ":" +
         std::to_string(st.st_size);
}

std::string time_of_day() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%H:%M:%S", &tm);
  return buf;
}

// What the server needs from site.toml before the build has run: where the site lives
// and which theme folder to watch. Problems are the build's to report.
struct SiteConfig {
  std::string base_path = "/";
  std::string theme_dir;  // a theme folder on disk, or "" for a built-in theme
};

SiteConfig read_site_config(const std::string& content_dir, const std::string& theme_search_dir) {
  SiteConfig config;
  DiskSource source(content_dir);
  std::string err;
  std::optional<std::string> text = source.read("site.toml", &err);
  if (!text) return config;
  Diagnostics ignored;
  std::optional<TomlNode> root = parse_toml(*text, "site.toml", ignored);
  if (!root) return config;
  std::string base_url = "/", theme;
  for (const auto& [key, node] : root->fields) {
    if (node.kind != TomlNode::Kind::kString) continue;
    if (key == "base_url") base_url = node.str;
    if (key == "theme") theme = node.str;
  }
  config.base_path = Urls(base_url).root;
  if (!theme.empty()) {
    // As load_theme finds it: a path from the content folder, or a name in the themes folder.
    bool is_path = theme.find('/') != std::string::npos || theme[0] == '.';
    std::string themes = theme_search_dir.empty() ? content_dir + "/../themes" : theme_search_dir;
    fs::path dir = (is_path ? fs::path(content_dir) : fs::path(themes)) / theme;
    std::error_code ec;
    if (fs::is_directory(dir, ec)) config.theme_dir = dir.lexically_normal().string();
  }
  return config;
}

// The page served for every path while no build has succeeded yet.
std::string no_site_page() {
  return "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<title>sitegen: the site has errors</title></head>\n<body>\n"
         "<p>sitegen could not build the site. Fix the errors shown in the terminal and "
         "this page reloads by itself.</p>\n" +
         live_reload_script() + "</body></html>\n";
}

}  // namespace

Route route_request(const Output& output, std::string_view base, std::string_view path) {
  Route r;
  auto fail = [&](int status, std::string message) {
    r.status = status;
    r.message = std::move(message) + "\n";
    return r;
  };
  if (path.size() > kMaxPathLength) return fail(414, "request path too long");
  if (path.empty() || path[0] != '/') return fail(400, "bad request path: it must start with /");
  for (unsigned char c : path) {
    if (c == 0) return fail(400, "bad request path: it contains a NUL byte");
    if (c < 0x20 || c == 0x7f)
      return fail(400, "bad request path: it contains a control character");
    if (c == '\\') return fail(400, "bad request path: it contains a backslash");
  }
  for (size_t start = 1; start <= path.size();) {
    size_t end = std::min(path.find('/', start), path.size());
    std::string_view seg = path.substr(start, end - start);
    if (seg == ".." || seg == ".")
      return fail(400, "bad request path: it contains a `" + std::string(seg) + "` segment");
    if (seg.empty() && end < path.size())
      return fail(400, "bad request path: it contains an empty segment");
    start = end + 1;
  }
  auto not_found = [&] {
    r.status = 404;
    if (output.files.count("404.html"))
      r.file = "404.html";
    else
      r.message = "not found\n";
    return r;
  };
  if (path.substr(0, base.size()) != base) {
    // The server's root, or the base path without its slash, lead to the site.
    if (path == "/" || path == base.substr(0, base.size() - 1)) {
      r.status = 302;
      r.location = std::string(base);
      return r;
    }
    return not_found();
  }
  std::string rel(path.substr(base.size()));
  std::string key = rel.empty() || rel.back() == '/' ? rel + "index.html" : rel;
  if (output.files.count(key)) {
    r.file = key;
    return r;
  }
  if (!rel.empty() && rel.back() != '/' && output.files.count(rel + "/index.html")) {
    r.status = 302;  // not 301: browsers would remember it after the content changes
    r.location = std::string(path) + "/";
    return r;
  }
  return not_found();
}

std::string_view mime_type(std::string_view path) {
  static const std::map<std::string, std::string_view, std::less<>> kTypes = {
      {"html", "text/html; charset=utf-8"},
      {"htm", "text/html; charset=utf-8"},
      {"css", "text/css; charset=utf-8"},
      {"js", "text/javascript; charset=utf-8"},
      {"mjs", "text/javascript; charset=utf-8"},
      {"json", "application/json"},
      {"map", "application/json"},
      {"xml", "application/xml; charset=utf-8"},
      {"txt", kTextPlain},
      {"bib", kTextPlain},
      {"md", kTextPlain},
      {"csv", "text/csv; charset=utf-8"},
      {"ics", "text/calendar; charset=utf-8"},
      {"svg", "image/svg+xml"},
      {"png", "image/png"},
      {"jpg", "image/jpeg"},
      {"jpeg", "image/jpeg"},
      {"gif", "image/gif"},
      {"webp", "image/webp"},
      {"avif", "image/avif"},
      {"ico", "image/x-icon"},
      {"pdf", "application/pdf"},
      {"woff2", "font/woff2"},
      {"woff", "font/woff"},
      {"ttf", "font/ttf"},
      {"otf", "font/otf"},
      {"mp4", "video/mp4"},
      {"webm", "video/webm"},
      {"mp3", "audio/mpeg"},
      {"ogg", "audio/ogg"},
      {"wasm", "application/wasm"},
      {"zip", "application/zip"},
      {"gz", "application/gzip"},
      {"tar", "application/x-tar"},
  };
  size_t slash = path.rfind('/');
  size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
    return "application/octet-stream";
  auto it = kTypes.find(ascii_lower(path.substr(dot + 1)));
  return it == kTypes.end() ? "application/octet-stream" : it->second;
}

struct ServedSite::Rendered {
  std::mutex mu;  // guards pages and patches
  // Each page is rendered once: whoever asks while it is being rendered waits for it.
  std::map<std::string, std::shared_future<std::shared_ptr<const std::string>>> pages;
  // The patch bodies for pages as an earlier build showed them, by "<build id>\n<file>".
  std::map<std::string, std::shared_future<std::string>> patches;
  RenderCache cache;  // shared by the pages of this build, as in a whole build
  // The sizes of the pages the build before rendered: a page's buffer is made its final
  // size at once rather than grown, which on a big page is most of its first render.
  std::map<std::string, size_t, std::less<>> sizes_before;
};

namespace {

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

namespace {

// The size of each page a build has finished rendering (a render that failed has none).
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

// The patch that turns page `rel` as `then` showed it into the page `now` serves, as
// the members of a JSON object: "patches":[...], or "full":true.
std::string patch_json(const ServedSite& then, const ServedSite& now, const std::string& rel) {
  auto old_file = then.output.files.find(rel);
  auto new_file = now.output.files.find(rel);
  if (!rel.ends_with(".html") || old_file == then.output.files.end() ||
      new_file == now.output.files.end() || !old_file->second.copy_from.empty() ||
      !new_file->second.copy_from.empty())
    return "\"full\":true";
  auto make = [&] {
    std::optional<std::vector<PagePatch>> patches =
        page_patch(*served_bytes(then, rel), *served_bytes(now, rel));
    return patches ? "\"patches\":" + page_patch_json(*patches) : "\"full\":true";
  };
  if (!now.rendered) return make();
  return once(now.rendered->mu, now.rendered->patches, then.build_id + "\n" + rel, make);
}

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

std::string live_reload_script() {
  // Plain ES2017, no dependencies. EventSource reconnects by itself after network errors;
  // when it gives up (the server answered with an error) the script retries every second.
  // A page knows the build it shows; `hello` on (re)connecting updates it when the
  // server has another build, which covers changes missed while disconnected.
  // An update of a page without scripts of its own asks the server for what changed in it
  // (/_sitegen/patch, see page_patch.h) and replaces just those elements: a list of a
  // thousand publications is then neither fetched nor laid out again. Any other update,
  // or a patch that does not fit the page, fetches the page and swaps in its body and the
  // head's metadata: that keeps the scroll position and skips the browser's whole page
  // load, which is most of the time from a save to the new text on screen. Inline scripts in the
  // new body are run again, as a load would; a page with scripts in its head or scripts loaded from
  // files, whose effects a swap cannot redo, or whose stylesheets changed (re-adding them would
  // flash), is reloaded instead.
  std::string js = R"(<script id="sitegen-live-reload">
(() => {
  let built = "@@SITEGEN_BUILD@@", box = null, queue = Promise.resolve();
  const styling = 'link[rel~="stylesheet"], style, base';
  const runs = (s) => s.id !== "sitegen-live-reload" &&
    (!s.type || /^(module|(text|application)\/(java|ecma)script)$/i.test(s.type.trim()));
  const pinned = (d) => [...d.scripts].some((s) => runs(s) && (s.src || d.head.contains(s)));
  const shape = (d) => JSON.stringify([
    [...d.documentElement.attributes].map((x) => [x.name, x.value]),
    [...d.head.querySelectorAll(styling)].map((e) => e.outerHTML)]);
  const rerun = (old) => {
    const s = document.createElement("script");
    for (const a of old.attributes) s.setAttribute(a.name, a.value);
    s.textContent = old.textContent;
    old.replaceWith(s);
  };
  const own = (d) => [...d.scripts].some(runs);
  // Replaces a run of an element's children, as page_patch.h describes; false, with
  // nothing changed, when the page's elements are not those the patches were made for.
  const patch = (patches) => {
    const at = patches.map((p) => {
      let el = document.body;
      p.path.forEach((i, k) => { el = el && el.children[i]; if (el && el.localName !== p.tags[k]) el = null; });
      return el && el.children.length === p.children ? el : null;
    });
    if (at.includes(null)) return false;
    patches.forEach((p, n) => {
      const el = at[n], kids = el.children, rest = p.children - p.keep - p.remove;
      const range = document.createRange();
      if (p.keep) range.setStartAfter(kids[p.keep - 1]); else range.setStart(el, 0);
      if (rest) range.setEndBefore(kids[p.children - rest]); else range.setEnd(el, el.childNodes.length);
      const nodes = range.createContextualFragment(p.html);
      range.deleteContents();
      range.insertNode(nodes);
    });
    return true;
  };
  const swap = async (id) => {
    if (id === built) return;
    try {
      // A page without scripts of its own asks only for what changed in it.
      if (!own(document)) {
        const page = encodeURIComponent(decodeURIComponent(location.pathname));
        const res = await fetch("/_sitegen/patch?from=" + encodeURIComponent(built) + "&path=" + page,
          { cache: "no-store" });
        const p = res.ok ? await res.json() : {};
        if (p.patches) {
          hide();
          if (patch(p.patches)) {
            built = p.build;
            performance.mark("sitegen:updated");
            return;
          }
        }
      }
      const res = await fetch(location.href, { cache: "no-store" });
      const type = res.headers.get("Content-Type") || "";
      if (!res.ok || !type.startsWith("text/html")) return location.reload();
      const doc = new DOMParser().parseFromString(await res.text(), "text/html");
      const script = doc.getElementById("sitegen-live-reload");
      if (!script || pinned(doc) || pinned(document) || shape(doc) !== shape(document))
        return location.reload();
      built = (script.textContent.match(/let built = "([^"]*)/) || [])[1] || id;
      for (const el of [...document.head.children]) if (!el.matches(styling)) el.remove();
      for (const el of [...doc.head.children])
        if (!el.matches(styling)) document.head.append(document.adoptNode(el));
      box = null;
      document.body.replaceWith(document.adoptNode(doc.body));
      [...document.body.querySelectorAll("script")].filter(runs).forEach(rerun);
      performance.mark("sitegen:updated");
    } catch (_) {
      location.reload();
    }
  };
  const update = (id) => { queue = queue.then(() => swap(id)); };
  const data = (e) => { try { return JSON.parse(e.data); } catch (_) { return {}; } };
  const hide = () => { if (box) { box.remove(); box = null; } };
  const show = (st) => {
    hide();
    box = document.createElement("div");
    box.id = "sitegen-errors";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:24px;" +
      "background:rgba(24,24,28,.95);color:#eee;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace";
    const head = document.createElement("div");
    const n = (st.diagnostics || []).filter((d) => d.severity === "error").length;
    head.textContent = "sitegen: the last change has " + n + " error(s); this is the last good build";
    head.style.cssText = "color:#ff7b72;font-weight:bold;margin:0 32px 16px 0";
    box.append(head);
    for (const d of st.diagnostics || []) {
      const pre = document.createElement("pre");
      pre.textContent = d.text;
      pre.style.cssText = "white-space:pre-wrap;margin:0 0 16px;padding:12px;background:#000;" +
        "border-left:4px solid " + (d.severity === "error" ? "#ff7b72" : "#d29922");
      box.append(pre);
    }
    const close = document.createElement("button");
    close.textContent = "\u00d7";
    close.title = "hide until the next build";
    close.style.cssText = "position:absolute;top:8px;right:16px;font-size:24px;background:none;border:0;color:#eee;cursor:pointer";
    close.onclick = hide;
    box.append(close);
    document.body.append(box);
  };
  const swapCss = () => {
    for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
      const url = new URL(link.href);
      url.searchParams.set("sitegen", Date.now());
      const next = link.cloneNode();
      next.href = url.href;
      next.onload = next.onerror = () => link.remove();
      link.after(next);
    }
  };
  const connect = () => {
    const es = new EventSource("/_sitegen/events");
    const updateIfNew = (e) => update(data(e).build);
    es.addEventListener("hello", updateIfNew);
    es.addEventListener("reload", updateIfNew);
    es.addEventListener("css", (e) => { built = data(e).build; hide(); swapCss(); });
    es.addEventListener("ok", (e) => { hide(); updateIfNew(e); });
    es.addEventListener("error", (e) => {
      if (e.data) return show(data(e));  // a build error; without data: the connection's
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
    });
  };
  connect();
})();
</script>
)";
  return js;
}

// ---------------------------------------------------------------------------------------

struct Server::Impl {
  struct Event {
    uint64_t seq = 0;
    std::string kind;  // reload | css | error | ok
    std::string data;  // JSON on one line
  };
  struct Stream {
    explicit Stream(std::atomic<int>& n) : count(n) { ++count; }
    ~Stream() { --count; }
    std::atomic<int>& count;
    uint64_t seen = 0;
    bool started = false;
    Clock::time_point last_write = Clock::now();
  };

  Impl(ServeOptions o, std::ostream& out_, std::ostream& err_)
      : options(std::move(o)),
        out(out_),
        err(err_),
        watcher(WatchOptions{options.poll,
                             std::min(kSettle, std::chrono::milliseconds(options.debounce_ms))}) {
    while (options.content_dir.size() > 1 && options.content_dir.back() == '/')
      options.content_dir.pop_back();
    instance = std::to_string(::getpid()) + "." +
               std::to_string(Clock::now().time_since_epoch().count() % 1000000007);
    auto first = std::make_shared<ServedSite>();
    first->build_id = instance + "-0";
    site = first;
  }

  ServeOptions options;
  std::ostream& out;
  std::ostream& err;
  httplib::Server http;
  Watcher watcher;
  std::thread listen_thread, watch_thread;
  std::string instance;  // differs per server run, so pages from an earlier run reload
  int port = -1;

  mutable std::mutex mu;  // guards everything below
  std::condition_variable cv;
  std::shared_ptr<const ServedSite> site;
  // The builds before, so an open page can be patched from the build it shows.
  std::deque<std::shared_ptr<const ServedSite>> earlier;
  bool status_ok = true;
  std::string status_json;  // diagnostics of the last build, for the overlay
  std::deque<Event> events;
  uint64_t event_seq = 0;
  uint64_t generation = 0;
  std::vector<std::string> roots;  // what the watcher should watch
  bool stopping = false;

  std::mutex rebuild_mu;  // one build at a time
  std::mutex stop_mu;
  std::atomic<int> streams{0};

  std::shared_ptr<const ServedSite> current() const {
    std::lock_guard<std::mutex> lock(mu);
    return site;
  }

  void push_event(std::string kind, std::string data) {  // mu held
    events.push_back({++event_seq, std::move(kind), std::move(data)});
    while (events.size() > kMaxEvents) events.pop_front();
    cv.notify_all();
  }

  // The events a stream has not seen, merged: a reload stands for every change before it.
  std::string pending_events(uint64_t seen) const {                 // mu held
    bool reload = events.empty() || events.front().seq > seen + 1;  // fell too far behind
    bool css = false;
    for (const Event& e : events) {
      if (e.seq <= seen) continue;
      reload = reload || e.kind == "reload";
      css = css || e.kind == "css";
    }
    const Event& last = events.back();
    std::string id = "{\"build\":" + json_string(site->build_id) + "}";
    std::string msg;
    if (reload)
      msg += "event: reload\ndata: " + id + "\n\n";
    else if (css)
      msg += "event: css\ndata: " + id + "\n\n";
    if (last.kind == "error" || last.kind == "ok")
      msg += "event: " + last.kind + "\ndata: " + last.data + "\n\n";
    return msg;
  }

  static std::string diagnostics_json(const Diagnostics& diags) {
    std::string out = "[";
    for (const Diagnostic& d : diags.all()) {
      if (out.size() > 1) out += ",";
      out += "{\"severity\":";
      out += d.severity == Severity::kError ? "\"error\"" : "\"warning\"";
      out += ",\"file\":" + json_string(d.loc.path) + ",\"line\":" + std::to_string(d.loc.line) +
             ",\"col\":" + std::to_string(d.loc.col) + ",\"message\":" + json_string(d.message) +
             ",\"text\":" + json_string(diags.format(d)) + "}";
    }
    return out + "]";
  }

  std::string status_body() const {
    std::lock_guard<std::mutex> lock(mu);
    return "{\"build\":" + json_string(site->build_id) +
           ",\"ok\":" + (status_ok ? "true" : "false") +
           ",\"pages\":" + std::to_string(site->pages) +
           ",\"diagnostics\":" + (status_json.empty() ? "[]" : status_json) + "}\n";
  }

  std::string describe(const std::vector<std::string>& changed) const {
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

  struct Built {
    SiteConfig config;
    BuildResult result;
    std::string inputs;
    long long ms = 0;
  };

  // Builds the site with its pages named but not rendered: each is rendered when a
  // browser first asks for it, so a rebuild costs what loading the site costs.
  Built build() const {
    auto start = Clock::now();
    Built b;
    b.config = read_site_config(options.content_dir, options.theme_search_dir);
    BuildOptions build_options;
    build_options.live_reload_script = live_reload_script();
    build_options.theme_search_dir = options.theme_search_dir;
    build_options.pages_on_request = true;
    DiskSource disk(options.content_dir);
    RecordingSource source(disk);
    b.result = build_site(source, build_options);
    b.inputs = source.fingerprint();
    b.ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
    return b;
  }

  void rebuild(const std::vector<std::string>& changed) {
    std::lock_guard<std::mutex> one_build(rebuild_mu);
    publish(build(), changed);
  }

  // Makes a build the served site (or reports its errors), tells open pages, and
  // prints the terminal line.
  void publish(Built built, const std::vector<std::string>& changed) {
    SiteConfig& config = built.config;
    BuildResult& result = built.result;
    long long ms = built.ms;

    std::vector<std::string> want = {options.content_dir};
    if (!config.theme_dir.empty()) want.push_back(config.theme_dir);
    std::sort(want.begin(), want.end());
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
          << (current()->good ? "still serving the last good build" : "nothing to serve yet")
          << "\n"
          << std::flush;
      return;
    }

    auto next = std::make_shared<ServedSite>();
    next->output = std::move(result.output);
    next->site_pages = std::move(result.site_pages);
    next->inputs = std::move(built.inputs);
    next->rendered = std::make_shared<ServedSite::Rendered>();
    next->base_path = config.base_path;
    next->pages = result.pages;
    next->good = true;
    std::error_code ec;
    fs::path static_dir = fs::canonical(options.content_dir + "/static", ec);
    if (!ec) next->static_dir = static_dir.string();
    for (const auto& [key, f] : next->output.files)
      if (!f.copy_from.empty()) next->stamps[key] = file_stamp(f.copy_from);

    ReloadKind kind;
    std::shared_ptr<const ServedSite> before;
    {
      std::lock_guard<std::mutex> lock(mu);
      roots = want;
      before = site;
      kind = reload_kind(*site, *next);
      next->build_id = kind == ReloadKind::kNone ? site->build_id
                                                 : instance + "-" + std::to_string(++generation);
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

  // The pages open tabs showed are the ones they will ask to patch right away: their new
  // bytes and patches are made now, while the news of the build reaches them.
  static void prepare_patches(const ServedSite& before, const ServedSite& now) {
    size_t n = 0;
    for (const auto& [rel, size] : now.rendered->sizes_before) {
      if (++n > kPreparedPages) break;
      patch_json(before, now, rel);
    }
  }
  std::mutex log_mu;

  httplib::Server::HandlerResponse handle(const httplib::Request& req, httplib::Response& res) {
    using R = httplib::Server::HandlerResponse;
    if (req.method != "GET" && req.method != "HEAD") return R::Unhandled;  // httplib answers 4xx
    res.set_header("Cache-Control", "no-cache");
    res.set_header("X-Content-Type-Options", "nosniff");
    const std::string& path = req.path;
    if (path.compare(0, 10, "/_sitegen/") == 0) {
      if (path == "/_sitegen/events") {
        serve_events(res);
      } else if (path == "/_sitegen/status") {
        res.set_content(status_body(), "application/json");
      } else if (path == "/_sitegen/patch") {
        res.set_content(patch_body(req.get_param_value("from"), req.get_param_value("path")),
                        "application/json");
      } else {
        res.status = 404;
        res.set_content("not found\n", kTextPlain);
      }
      return R::Handled;
    }
    std::shared_ptr<const ServedSite> s = current();
    if (!s->good) {
      res.status = 500;
      std::string page = no_site_page();
      page.replace(page.find(kBuildMarker), kBuildMarker.size(), s->build_id);
      res.set_content(page, "text/html; charset=utf-8");
      return R::Handled;
    }
    Route route = route_request(s->output, s->base_path, path);
    if (!route.location.empty()) {
      std::string location = encode_path(route.location);
      size_t query = req.target.find('?');
      if (query != std::string::npos) location += req.target.substr(query);
      res.set_redirect(location, route.status);
      return R::Handled;
    }
    if (route.file.empty()) {
      res.status = route.status;
      res.set_content(route.message, kTextPlain);
      return R::Handled;
    }
    const OutputFile& f = s->output.files.at(route.file);
    // The body goes out through a content provider with a known length: httplib then
    // sends it as it is. With set_content it would compress text for browsers, and its
    // brotli (at the highest quality) takes 80-130 ms per page, slower than the build.
    std::shared_ptr<const std::string> body;
    if (!f.copy_from.empty()) {
      // Read now, so the file on disk is what is served, but only from inside static/.
      if (s->static_dir.empty() || !is_inside_dir(f.copy_from, s->static_dir)) {
        res.status = 403;
        res.set_content("refusing to serve /" + route.file + ": it leads outside static/\n",
                        kTextPlain);
        return R::Handled;
      }
      std::string bytes, why;
      if (!read_output_file(f, &bytes, &why)) {
        res.status = 404;
        res.set_content("not found: " + why + "\n", kTextPlain);
        return R::Handled;
      }
      body = std::make_shared<const std::string>(std::move(bytes));
    } else if (f.on_request) {
      body = served_bytes(*s, route.file);
    } else {
      body = std::shared_ptr<const std::string>(s, &f.bytes);  // shares the site's lifetime
    }
    if (size_t at = f.copy_from.empty() ? body->rfind(kBuildMarker) : std::string::npos;
        at != std::string::npos && route.file.ends_with(".html")) {
      std::string bytes = *body;
      bytes.replace(at, kBuildMarker.size(), s->build_id);
      body = std::make_shared<const std::string>(std::move(bytes));
    }
    // A stylesheet asked for with the version of its current bytes cannot change under
    // that URL: a reloading page takes it from the cache instead of waiting for it.
    if (route.file.ends_with(".css") && req.has_param("v") &&
        req.get_param_value("v") == short_hash(*body)) {
      res.headers.erase("Cache-Control");
      res.set_header("Cache-Control", "max-age=31536000, immutable");
    }
    res.status = route.status;
    res.set_content_provider(body->size(), std::string(mime_type(route.file)),
                             [body](size_t offset, size_t length, httplib::DataSink& sink) {
                               return sink.write(body->data() + offset, length);
                             });
    return R::Handled;
  }

  // How the page at `path` (decoded), as build `from` made it, becomes the current one:
  // {"build":..., "patches":[...]}, or "full" when the page must be swapped whole.
  std::string patch_body(const std::string& from, const std::string& path) const {
    std::shared_ptr<const ServedSite> now, then;
    {
      std::lock_guard<std::mutex> lock(mu);
      now = site;
      if (site->build_id == from) then = site;
      for (const auto& e : earlier)
        if (e->build_id == from) then = e;
    }
    std::string head = "{\"build\":" + json_string(now->build_id) + ",";
    Route route = route_request(now->output, now->base_path, path);
    if (!now->good || !then || route.status != 200 || !route.location.empty())
      return head + "\"full\":true}\n";
    return head + patch_json(*then, *now, route.file) + "}\n";
  }

  void serve_events(httplib::Response& res) {
    if (streams.load() >= options.max_streams) {
      res.status = 503;
      res.set_content("too many live-reload connections\n", kTextPlain);
      return;
    }
    auto stream = std::make_shared<Stream>(streams);
    res.set_header("X-Accel-Buffering", "no");
    res.set_header("Connection", "close");  // after a stream ends, no idle keep-alive delays stop()
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, stream](size_t, httplib::DataSink& sink) { return stream_step(*stream, sink); });
  }

  // One call of httplib's content provider: waits up to 100 ms for news, so the stream
  // notices stop() quickly; returning false ends it.
  bool stream_step(Stream& s, httplib::DataSink& sink) {
    std::string msg;
    {
      std::unique_lock<std::mutex> lock(mu);
      if (!s.started) {
        s.started = true;
        s.seen = event_seq;
        msg = "retry: 1000\n\nevent: hello\ndata: {\"build\":" + json_string(site->build_id) +
              "}\n\n";
        if (!status_ok)
          msg += "event: error\ndata: {\"build\":" + json_string(site->build_id) +
                 ",\"ok\":false,\"diagnostics\":" + status_json + "}\n\n";
      } else {
        cv.wait_for(lock, std::chrono::milliseconds(100),
                    [&] { return stopping || event_seq != s.seen; });
        if (stopping) {
          lock.unlock();
          sink.done();
          return true;
        }
        if (event_seq != s.seen) {
          msg = pending_events(s.seen);
          s.seen = event_seq;
        }
      }
    }
    auto now = Clock::now();
    if (msg.empty() && now - s.last_write >= std::chrono::milliseconds(options.heartbeat_ms))
      msg = ": heartbeat\n\n";
    if (msg.empty()) return true;
    s.last_write = now;
    return sink.write(msg.data(), msg.size());
  }

  void watch_loop() {
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
      std::lock_guard<std::mutex> one_build(rebuild_mu);
      Built built = build();
      // Publish once the writes have been quiet for the debounce time, counted from the
      // last change the build saw; any change since then means building again.
      for (Changes later;
           !(later = watcher.wait(std::chrono::duration_cast<std::chrono::milliseconds>(
                 changes.last + std::chrono::milliseconds(options.debounce_ms) - Clock::now())))
                .empty();) {
        names.insert(later.paths.begin(), later.paths.end());
        more += later.more;
        changes = std::move(later);
        built = build();
      }
      std::vector<std::string> list(names.begin(), names.end());
      if (more) list.push_back("(" + std::to_string(more) + " more)");
      publish(std::move(built), list);
    }
  }
};

Server::Server(ServeOptions options, std::ostream& out, std::ostream& err)
    : impl_(std::make_unique<Impl>(std::move(options), out, err)) {}

Server::~Server() {
  stop();
}

bool Server::start(std::string* err) {
  Impl& m = *impl_;
  m.rebuild({});
  m.watcher.set_roots(m.roots);

  // Each SSE client holds a worker for as long as its page is open: 8 tabs would starve
  // httplib's default pool (max(8, cores - 1)) and every page request with it.
  m.http.new_task_queue = [] { return new httplib::ThreadPool(64); };
  m.http.set_keep_alive_timeout(1);
  m.http.set_keep_alive_max_count(100);  // fewer reconnects under load
  m.http.set_tcp_nodelay(true);          // headers and body are separate writes: no Nagle delay
  // httplib's default sets SO_REUSEPORT, which lets a second server bind a port that is
  // in use (and share its requests); SO_REUSEADDR alone still allows a quick restart.
  int listen_fd = -1;
  m.http.set_socket_options([&listen_fd](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listen_fd = sock;
  });  // stop() waits this long for idle keep-alive clients
  m.http.set_read_timeout(5);
  m.http.set_payload_max_length(64 * 1024);
  m.http.set_pre_routing_handler(
      [&m](const httplib::Request& req, httplib::Response& res) { return m.handle(req, res); });

  if (m.options.port == 0) {
    m.port = m.http.bind_to_any_port(m.options.bind);
  } else {
    for (int i = 0; i < std::max(1, m.options.port_tries) && m.port < 0; ++i)
      if (m.options.port + i <= 65535 && m.http.bind_to_port(m.options.bind, m.options.port + i))
        m.port = m.options.port + i;
  }
  if (m.port < 0) {
    std::string where = m.options.bind + ":" + std::to_string(m.options.port);
    if (m.options.port != 0 && m.options.port_tries > 1)
      where += "-" + std::to_string(m.options.port + m.options.port_tries - 1);
    *err = "cannot listen on " + where +
           ": in use, or not an address of this machine (--port 0 picks a free port)";
    return false;
  }
  // The library listens with a backlog of 5: under 50 connections SYNs were dropped and
  // retried a second later. Listening again on the same socket raises the backlog.
  if (listen_fd >= 0) ::listen(listen_fd, 256);
  m.listen_thread = std::thread([&m] { m.http.listen_after_bind(); });
  // stop() before the accept loop runs would be lost: wait for it (bounded).
  for (int i = 0; i < 5000 && !m.http.is_running(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  m.watch_thread = std::thread([&m] { m.watch_loop(); });
  return true;
}

void Server::stop() {
  Impl& m = *impl_;
  std::lock_guard<std::mutex> once(m.stop_mu);
  {
    std::lock_guard<std::mutex> lock(m.mu);
    m.stopping = true;
    m.cv.notify_all();
  }
  m.watcher.stop();
  if (m.listen_thread.joinable()) {
    m.http.stop();
    m.listen_thread.join();
  }
  if (m.watch_thread.joinable()) m.watch_thread.join();
}

bool Server::running() const {
  return impl_->http.is_running();
}

int Server::port() const {
  return impl_->port;
}

std::string Server::url() const {
  std::string host = impl_->options.bind;
  if (host == "0.0.0.0") host = "127.0.0.1";
  if (host == "::") host = "::1";
  if (host.find(':') != std::string::npos) host = "[" + host + "]";
  return "http://" + host + ":" + std::to_string(impl_->port) + impl_->current()->base_path;
}

std::string Server::watch_note() const {
  return impl_->watcher.note();
}

void Server::rebuild(const std::vector<std::string>& changed) {
  impl_->rebuild(changed);
}

}  // namespace sitegen
