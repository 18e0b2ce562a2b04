// Printing the CV pages to PDF: find a Chromium, lay out the pages and the theme's files
// in a temporary folder, serve it on loopback, and run the browser headless on each page.
#include "site_build/cv_pdf.h"

#include <csignal>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>
#include <vector>

#include "output/writer.h"
#include "site_build/browser_process.h"
#include "site_build/print_server.h"
#include "text/html_scan.h"
#include "text/strings.h"
#include "text/url_path.h"
#include "text/url_scheme.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

constexpr const char* kBrowserNames[] = {"chromium", "chromium-browser", "google-chrome",
                                         "google-chrome-stable", "chrome"};

bool write_file(const fs::path& p, std::string_view bytes) {
  std::error_code ec;
  fs::create_directories(p.parent_path(), ec);
  std::ofstream f(p, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

// The last line the browser wrote, for a message.
std::string last_line(const std::string& log) {
  std::string_view s = trim(log);
  size_t nl = s.rfind('\n');
  return std::string(nl == std::string_view::npos ? s : s.substr(nl + 1));
}

// A folder of its own below the system's temporary folder, removed when done.
struct TempDir {
  fs::path path;
  TempDir() { path = make_temp_dir("sitegen-pdf-"); }
  ~TempDir() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

// The browser's command line for printing `url` to `pdf`. Every request but those to the
// print server goes to the print server as a proxy, which turns it away: the page can
// reach no other address, loopback ones included, and no name is looked up.
std::vector<std::string> browser_args(const std::string& browser, const fs::path& tmp,
                                      const std::string& host, const std::string& url,
                                      const fs::path& pdf, bool sandbox) {
  std::vector<std::string> argv = {browser, "--headless"};
  if (!sandbox) argv.push_back("--no-sandbox");
  for (const char* flag :
       {"--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-extensions", "--no-first-run", "--no-default-browser-check",
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp", "--no-pdf-header-footer"})
    argv.push_back(flag);
  argv.push_back("--proxy-server=http://" + host);
  argv.push_back("--proxy-bypass-list=<-loopback>;" + host);
  argv.push_back("--user-data-dir=" + (tmp / "profile").string());
  argv.push_back("--print-to-pdf=" + pdf.string());
  argv.push_back(url);
  return argv;
}

// What Chromium said when its sandbox could not start, or "".
std::string sandbox_message(const std::string& log) {
  for (std::string_view rest = log; !rest.empty();) {
    size_t nl = std::min(rest.find('\n'), rest.size());
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(std::min(nl + 1, rest.size()));
    if (line.find("sandbox") == std::string_view::npos) continue;
    // "[123:123:1128/053023.982049:FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox! ..."
    if (size_t bracket = line.find("] "); line.starts_with('[') && bracket != line.npos)
      line.remove_prefix(bracket + 2);
    line = trim(line);
    return std::string(line.substr(0, 160)) + (line.size() > 160 ? "..." : "");
  }
  return "";
}

// Why the browser failed, for "cannot print cv.pdf with ...: <why>".
std::string failure(const BrowserExit& exit, int timeout_s, const std::string& log) {
  if (exit.stopped_by != 0)
    return exit.stopped_by < 0         ? std::string("stopped")
           : exit.stopped_by == SIGINT ? std::string("stopped by SIGINT")
                                       : std::string("stopped by SIGTERM");
  if (exit.timed_out) return "it did not finish within " + std::to_string(timeout_s) + " seconds";
  if (exit.status == -1) return "it could not be run";
  std::string said = last_line(log);
  return "it exited with status " + std::to_string(exit.status) + (said.empty() ? "" : ": " + said);
}

}  // namespace

std::string find_browser(const std::string& setting, std::string* looked) {
  std::string names;
  if (!setting.empty()) {
    if (std::string found = resolve_command(setting); !found.empty()) return found;
    names += "[cv] browser = \"" + setting + "\", ";
  }
  if (const char* env = std::getenv("SITEGEN_BROWSER"); env && *env) {
    if (std::string found = resolve_command(env); !found.empty()) return found;
    names += "SITEGEN_BROWSER=" + std::string(env) + ", ";
  }
  for (const char* name : kBrowserNames) {
    if (std::string found = resolve_command(name); !found.empty()) return found;
    names += std::string(name) + (name == kBrowserNames[std::size(kBrowserNames) - 1] ? "" : ", ");
  }
  *looked = names + " on PATH";
  return "";
}

std::string page_for_print(std::string html, const BaseUrl& base, std::string_view page,
                           std::string_view origin, const Output& output,
                           std::set<std::string>* files) {
  replace_all(html, "\"" + base.root + "assets/", "\"" + std::string(origin) + "/assets/");
  std::string_view folder = page.substr(0, page.rfind('/') + 1);
  // Where `url` leads on the print server when it names a file of the site that is not a
  // page, or "" (added to `files`).
  auto served = [&](std::string_view url) -> std::string {
    url = trim(url);
    std::string_view path = url.substr(0, url.find_first_of("?#"));
    std::string below;  // the path below the site's root, as written
    if (!base.abs.empty() && url.starts_with(base.abs)) {
      below = path.substr(base.abs.size());
    } else if (path.starts_with(base.root)) {
      below = path.substr(base.root.size());
    } else if (!path.empty() && path[0] != '/' && url_scheme(url).empty()) {
      below = std::string(folder) + std::string(path);
    } else {
      return "";
    }
    std::string rel;
    if (!remove_dot_segments(percent_decode(below), &rel) || rel.empty() || rel.back() == '/' ||
        rel.ends_with(".html") || !output.files.count(rel))
      return "";
    files->insert(rel);
    return std::string(origin) + "/" + below + std::string(url.substr(path.size()));
  };
  // The images and other files of the site the page loads come from the print server,
  // which is given them; without an address, links to the site are left out.
  std::vector<std::tuple<size_t, size_t, std::string>> edits;  // at, length, replacement
  auto edit = [&](std::string_view part, std::string replacement) {
    if (!replacement.empty())
      edits.emplace_back(static_cast<size_t>(part.data() - html.data()), part.size(),
                         std::move(replacement));
  };
  bool no_address = base.abs.empty();
  HtmlTokenizer tokens(html);
  for (HtmlToken t = tokens.next(); t.kind != HtmlTokenKind::kEnd; t = tokens.next()) {
    if (t.kind != HtmlTokenKind::kStartTag) continue;
    for (const HtmlAttr& a : tokens.attributes()) {
      if (iequals(a.name, "src") || iequals(a.name, "poster") ||
          (iequals(a.name, "data") && iequals(t.name, "object"))) {
        edit(a.value, served(a.value));
      } else if (iequals(a.name, "srcset")) {
        for (std::string_view rest = a.value; !rest.empty();) {
          size_t comma = std::min(rest.find(','), rest.size());
          std::string_view candidate = trim(rest.substr(0, comma));
          edit(candidate.substr(0, std::min(candidate.find(' '), candidate.size())),
               served(candidate.substr(0, candidate.find(' '))));
          rest.remove_prefix(std::min(comma + 1, rest.size()));
        }
      } else if (no_address && iequals(t.name, "a") && iequals(a.name, "href")) {
        // No address: a link to the site would lead to the print server, gone once the
        // PDF is made, so it is left out (links to a place in the page or to other
        // sites stay).
        std::string_view url = trim(a.value);
        if (!url.empty() && !is_site_path(url)) continue;
        size_t from = static_cast<size_t>(a.name.data() - html.data());
        size_t to = static_cast<size_t>(a.value.data() + a.value.size() - html.data());
        size_t open = static_cast<size_t>(a.value.data() - html.data());
        if (to < html.size() && open > 0 && (html[to] == '"' || html[to] == '\'') &&
            html[open - 1] == html[to])
          ++to;
        edits.emplace_back(from, to - from, "");
      }
    }
    if (iequals(t.name, "script") || iequals(t.name, "style")) tokens.raw_text(t.name);
  }
  for (auto it = edits.rbegin(); it != edits.rend(); ++it)
    html.replace(std::get<0>(*it), std::get<1>(*it), std::get<2>(*it));
  if (!no_address) {
    // Links resolve as on the site: against the page's own address.
    size_t head = html.find("<head>");
    size_t at = head == std::string::npos ? 0 : head + 6;
    html.insert(at, "\n<base href=\"" + base.abs + std::string(folder) + "\">");
  }
  return html;
}

bool print_cv_pdfs(const std::string& browser, std::vector<CvPrint>& prints, const Output& output,
                   const BaseUrl& base, int timeout_s, const std::atomic<bool>* stop_printing,
                   std::vector<std::string>* notes, std::string* err) {
  StopSignals stop(
      stop_printing);  // made first, so a signal is raised again once all below is cleaned up
  TempDir tmp;
  if (tmp.path.empty()) {
    *err = "cannot make a temporary folder";
    return false;
  }
  // What the server hands out: the theme's files and the pages, nothing else of the folder.
  fs::path www = tmp.path / "www";
  for (const auto& [rel, file] : output.files) {
    if (!rel.starts_with("assets/")) continue;
    std::string bytes;
    if (!read_output_file(file, &bytes, err) || !write_file(www / rel, bytes)) {
      if (err->empty()) *err = "cannot write " + (www / rel).string();
      return false;
    }
  }
  std::error_code ec;
  fs::create_directories(www, ec);
  fs::create_directories(tmp.path / "tmp", ec);
  PrintServer server;
  if (!server.start(www.string(), err)) return false;
  std::string origin = "http://" + server.host();
  // Chromium does not run its sandbox for root (it refuses to start with it).
  bool sandbox = !running_as_root();
  if (!sandbox)
    notes->push_back(
        "cv.pdf: printed without Chromium's sandbox, which Chromium does not run for the root "
        "user; build as another user to keep it");
  // Chromium's own temporary files (its profile's lock) go into the folder too.
  std::vector<std::string> env = {"TMPDIR=" + (tmp.path / "tmp").string()};
  fs::path pdf = tmp.path / "cv.pdf", log = tmp.path / "browser.log";
  for (CvPrint& p : prints) {
    std::set<std::string> files;
    if (!write_file(www / p.page, page_for_print(p.html, base, p.page, origin, output, &files))) {
      *err = "cannot write " + (www / p.page).string();
      return false;
    }
    for (const std::string& rel : files) {
      std::string bytes;
      if (!read_output_file(output.files.at(rel), &bytes, err) || !write_file(www / rel, bytes)) {
        if (err->empty()) *err = "cannot write " + (www / rel).string();
        return false;
      }
    }
    if (int sig = stop.caught(); sig != 0) {
      BrowserExit stopped;
      stopped.stopped_by = sig;
      *err = failure(stopped, timeout_s, "");
      return false;
    }
    std::string url = origin + "/" + p.page;
    fs::remove(pdf, ec);
    BrowserExit exit =
        run_browser(browser_args(browser, tmp.path, server.host(), url, pdf, sandbox), env,
                    log.string(), timeout_s, stop);
    if (sandbox && exit.status > 0) {
      // Without the kernel's support (user namespaces) the sandbox cannot start.
      if (std::string said = sandbox_message(read_file(log)); !said.empty()) {
        sandbox = false;
        notes->push_back("cv.pdf: printed without Chromium's sandbox, which cannot start here (" +
                         said + ")");
        fs::remove_all(tmp.path / "profile", ec);
        exit = run_browser(browser_args(browser, tmp.path, server.host(), url, pdf, sandbox), env,
                           log.string(), timeout_s, stop);
      }
    }
    if (exit.status != 0 || !fs::is_regular_file(pdf, ec) || fs::file_size(pdf, ec) == 0) {
      *err = failure(exit, timeout_s, read_file(log));
      return false;
    }
    p.pdf = read_file(pdf);
    std::string why;
    if (!set_pdf_info(p.pdf, p.info, &why)) {
      fix_pdf_dates(p.pdf);
      notes->push_back("cv.pdf: the PDF's Author is not set: " + why);
    }
  }
  return true;
}

}  // namespace sitegen
