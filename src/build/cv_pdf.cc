// Printing /cv/ to cv.pdf: find a Chromium, lay out the page and the theme's files in a
// temporary folder, and run the browser headless with a time limit.
#include "build/cv_pdf.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "output/writer.h"
#include "text/strings.h"

extern char** environ;

namespace fs = std::filesystem;

namespace sitegen {

namespace {

constexpr const char* kBrowserNames[] = {"chromium", "chromium-browser", "google-chrome",
                                         "google-chrome-stable", "chrome"};

bool is_executable(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
}

// `name` as a path (when it has a '/') or a command found on PATH; "" when neither.
std::string resolve_command(const std::string& name) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) return is_executable(name) ? name : "";
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "";
  while (!dirs.empty()) {
    size_t colon = std::min(dirs.find(':'), dirs.size());
    std::string dir(dirs.substr(0, colon));
    dirs.remove_prefix(std::min(colon + 1, dirs.size()));
    if (dir.empty()) continue;
    fs::path candidate = fs::path(dir) / name;
    if (is_executable(candidate)) return candidate.string();
  }
  return "";
}

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

// The page as the browser opens it from `dir`: the theme's files (and KaTeX's, below
// assets/) from the copy there; every other link to the site's own address.
std::string page_for_print(std::string html, const BaseUrl& base, const fs::path& dir) {
  replace_all(html, "\"" + base.root + "assets/", "\"file://" + dir.string() + "/assets/");
  if (!base.abs.empty()) {
    size_t head = html.find("<head>");
    size_t at = head == std::string::npos ? 0 : head + 6;
    html.insert(at, "\n<base href=\"" + base.abs + "\">");
  }
  return html;
}

// The last line the browser wrote, for a message.
std::string last_line(const std::string& log) {
  std::string_view s = trim(log);
  size_t nl = s.rfind('\n');
  return std::string(nl == std::string_view::npos ? s : s.substr(nl + 1));
}

// Runs `argv` with its output to `log`, in a process group of its own (Chromium starts
// helpers), killed whole after `timeout_s` seconds. Returns its exit status, or -1.
int run(const std::vector<std::string>& argv, const fs::path& log, int timeout_s, bool* timed_out) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return -1;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
  int status = 0;
  *timed_out = false;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      *timed_out = true;
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return *timed_out || !WIFEXITED(status) ? -1 : WEXITSTATUS(status);
}

// A folder of its own below the system's temporary folder, removed when done.
struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "sitegen-pdf-XXXXXX").string();
    if (mkdtemp(tmpl.data())) path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

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

bool print_cv_pdf(const std::string& browser, std::string_view html, const Output& output,
                  const BaseUrl& base, int timeout_s, std::string* pdf, std::string* err) {
  TempDir tmp;
  if (tmp.path.empty()) {
    *err = "cannot make a temporary folder";
    return false;
  }
  for (const auto& [rel, file] : output.files) {
    if (!rel.starts_with("assets/")) continue;
    std::string bytes;
    if (!read_output_file(file, &bytes, err) || !write_file(tmp.path / rel, bytes)) {
      if (err->empty()) *err = "cannot write " + (tmp.path / rel).string();
      return false;
    }
  }
  fs::path page = tmp.path / "cv.html", out = tmp.path / "cv.pdf", log = tmp.path / "browser.log";
  if (!write_file(page, page_for_print(std::string(html), base, tmp.path))) {
    *err = "cannot write " + page.string();
    return false;
  }
  std::vector<std::string> argv = {browser,
                                   "--headless",
                                   "--no-sandbox",
                                   "--disable-gpu",
                                   "--disable-background-networking",
                                   "--disable-component-update",
                                   "--disable-sync",
                                   "--no-first-run",
                                   "--allow-file-access-from-files",
                                   "--user-data-dir=" + (tmp.path / "profile").string(),
                                   "--no-pdf-header-footer",
                                   "--print-to-pdf=" + out.string(),
                                   "file://" + page.string()};
  bool timed_out = false;
  int status = run(argv, log, timeout_s, &timed_out);
  std::error_code ec;
  if (status != 0 || !fs::is_regular_file(out, ec) || fs::file_size(out, ec) == 0) {
    if (timed_out)
      *err = "it did not finish within " + std::to_string(timeout_s) + " seconds";
    else if (status == -1)
      *err = "it could not be run";
    else if (std::string said = last_line(read_file(log)); !said.empty())
      *err = "it exited with status " + std::to_string(status) + ": " + said;
    else
      *err = "it exited with status " + std::to_string(status);
    return false;
  }
  *pdf = read_file(out);
  fix_pdf_dates(*pdf);
  return true;
}

void fix_pdf_dates(std::string& pdf) {
  // "D:20261126095557+00'00'": the date of printing; any length of it is replaced.
  for (std::string_view key : {"/CreationDate (D:", "/ModDate (D:"}) {
    for (size_t at = pdf.find(key); at != std::string::npos; at = pdf.find(key, at + 1)) {
      static constexpr std::string_view kFixed = "19700101000000+00'00'";
      size_t start = at + key.size();
      for (size_t i = 0; start + i < pdf.size() && pdf[start + i] != ')'; ++i)
        pdf[start + i] = i < kFixed.size() ? kFixed[i] : ' ';
    }
  }
}

}  // namespace sitegen
