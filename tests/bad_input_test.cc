// The bad-input corpus: one case per class of bad input, run through the real
// sitegen binary. Each asserts the exact message and exit status, and that the
// previous output is byte-for-byte untouched; the inputs that must work (a BOM,
// CRLF) must build the same site as clean files do.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <grp.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/skip.h"
#include "support/test_images.h"
#include "theme/theme.h"

extern char** environ;

namespace fs = std::filesystem;
using namespace std::string_literals;

namespace {

struct Result {
  int code = -1;  // exit status; -1 when killed (timeout or signal)
  std::string out, err;
  double seconds = 0;
};

struct RunOptions {
  fs::path cwd;
  std::vector<std::string> env;  // "NAME=value", replacing inherited ones
  bool as_nobody = false;        // drop to uid/gid 65534 (when running as root)
  int timeout_s = 120;
};

RunOptions in_dir(const fs::path& cwd) {
  RunOptions o;
  o.cwd = cwd;
  return o;
}

RunOptions with_timeout(int seconds) {
  RunOptions o;
  o.timeout_s = seconds;
  return o;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void spit(const fs::path& p, const std::string& bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

// Runs the sitegen binary with stdout and stderr captured. Everything the child
// needs is prepared before fork, so the child only calls async-signal-safe functions.
Result run_sitegen(const std::vector<std::string>& args, const RunOptions& o = {}) {
  static int counter = 0;
  fs::path cap = fs::temp_directory_path() / ("sitegen-bad-cap-" + std::to_string(::getpid()) +
                                              "-" + std::to_string(counter++));
  std::string out_path = cap.string() + ".out", err_path = cap.string() + ".err";
  std::vector<std::string> argv_s = {SITEGEN_BINARY};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_s;
  for (char** e = environ; *e; ++e) {
    std::string kv = *e;
    bool replaced = false;
    for (const std::string& x : o.env)
      if (kv.substr(0, kv.find('=') + 1) == x.substr(0, x.find('=') + 1)) replaced = true;
    if (!replaced) env_s.push_back(kv);
  }
  env_s.insert(env_s.end(), o.env.begin(), o.env.end());
  std::vector<char*> envp;
  for (std::string& e : env_s) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::string cwd = o.cwd.string();

  auto start = std::chrono::steady_clock::now();
  pid_t pid = ::fork();
  if (pid == 0) {
    int fo = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fo < 0 || fe < 0 || ::dup2(fo, 1) < 0 || ::dup2(fe, 2) < 0) ::_exit(126);
    if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) ::_exit(126);
    if (o.as_nobody &&
        (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0))
      ::_exit(126);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  Result r;
  int status = 0;
  for (;;) {
    pid_t w = ::waitpid(pid, &status, WNOHANG);
    if (w == pid) break;
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(o.timeout_s)) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      FAIL_CHECK("sitegen did not finish within " << o.timeout_s << " s");
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  fs::remove(out_path);
  fs::remove(err_path);
  return r;
}

// Every file, symlink and folder below root, with its bytes or target.
std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> m;
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(root, ec))) return m;
  for (auto it = fs::recursive_directory_iterator(root, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::string rel = it->path().lexically_relative(root).generic_string();
    if (it->is_symlink())
      m[rel] = "symlink -> " + fs::read_symlink(it->path()).string();
    else if (it->is_directory())
      m[rel] = "dir";
    else
      m[rel] = "file: " + slurp(it->path());
  }
  return m;
}

// A scratch folder under /tmp with a content tree and room for the output. The
// output lives in w/, which anyone may write, so builds can also run as nobody
// (root reads mode-000 files and writes into mode-555 folders; nobody does not).
struct Scratch {
  fs::path root, content, work, out;
  explicit Scratch(const std::string& name) {
    root = fs::temp_directory_path() / ("sitegen-bad-" + std::to_string(::getpid()) + "-" + name);
    cleanup();
    content = root / "content";
    work = root / "w";
    out = work / "public";
    fs::create_directories(content);
    fs::create_directories(work);
    fs::permissions(root, fs::perms(0755));
    fs::permissions(work, fs::perms(0777));
    spit(content / "site.toml", "[person]\nname = \"Ada Example\"\n");
    spit(content / "bio.md", "Ada works on *systems*.\n");
  }
  ~Scratch() { cleanup(); }
  void cleanup() {
    std::error_code ec;
    if (!fs::exists(root, ec)) return;
    // Mode-000 files and folders the tests made must not stop the clean-up.
    for (auto it = fs::recursive_directory_iterator(root, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (!it->is_symlink())
        fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(root, ec);
  }
  void write(const std::string& rel, const std::string& bytes) { spit(content / rel, bytes); }
  // Builds the good content once, as the "previous output".
  Result build(const std::vector<std::string>& extra = {}, const RunOptions& o = {}) {
    std::vector<std::string> args = {"build", "content", "-o", "w/public", "-q"};
    args.insert(args.end(), extra.begin(), extra.end());
    RunOptions opts = o;
    opts.cwd = root;
    return run_sitegen(args, opts);
  }
  std::string unchanged() const {
    return "sitegen: 1 error(s); nothing was written, w/public is unchanged\n";
  }
};

// A tmpfs mounted for the length of a test; `ok` is false where mounting is not
// allowed (not root, or a container without CAP_SYS_ADMIN).
struct TmpfsMount {
  fs::path dir;
  bool ok = false;
  TmpfsMount(const fs::path& d, const std::string& opts) : dir(d) {
    fs::create_directories(dir);
    ok = ::mount("tmpfs", dir.c_str(), "tmpfs", 0, opts.c_str()) == 0;
  }
  bool remount_read_only() {
    return ::mount("tmpfs", dir.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, nullptr) == 0;
  }
  ~TmpfsMount() {
    if (ok) ::umount2(dir.c_str(), MNT_DETACH);
  }
};

// "" when equal; otherwise where the texts part, shortly (the long inputs would
// flood the report).
std::string first_difference(const std::string& actual, const std::string& expected) {
  if (actual == expected) return "";
  size_t i = 0;
  while (i < actual.size() && i < expected.size() && actual[i] == expected[i]) ++i;
  size_t from = i < 60 ? 0 : i - 60;
  return "texts differ at byte " + std::to_string(i) + ":\n  actual:   ..." +
         actual.substr(from, 120) + "\n  expected: ..." + expected.substr(from, 120);
}

std::string repeat(const std::string& s, size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) out += s;
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------
// Encodings: invalid UTF-8 and NUL bytes are errors; a BOM and CRLF must just work.

TEST_CASE("bad input: invalid UTF-8 in site.toml") {
  Scratch s("utf8-toml");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  s.write("site.toml", "[person]\nname = \"Ada \xff Example\"\n");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err ==
        "content/site.toml:2:13: error: invalid UTF-8 (is the file in Latin-1 or another "
        "encoding? save it as UTF-8)\n"
        "  name = \"Ada \xff Example\"\n"
        "              ^\n" +
            s.unchanged());
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: invalid UTF-8 in a page's front matter") {
  Scratch s("utf8-page");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  s.write("pages/teaching.md", "+++\ntitle = \"Teach\xc3\x28ing\"\n+++\nBody\n");
  Result r = s.build();
  CHECK(r.code == 1);
  // The whole page is checked before its front matter is read: one error, no noise.
  CHECK(r.err ==
        "content/pages/teaching.md:2:15: error: invalid UTF-8 (is the file in Latin-1 or another "
        "encoding? save it as UTF-8)\n"
        "  title = \"Teach\xc3\x28ing\"\n"
        "                ^\n"
        "sitegen: 1 error(s); nothing was written, w/public is unchanged\n");
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: a NUL byte inside a TOML string") {
  Scratch s("nul-string");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  s.write("site.toml", "[person]\nname = \"Ada\0 Example\"\n"s);
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err ==
        "content/site.toml:2:12: error: error while parsing string: unescaped control characters "
        "other than TAB (U+0009) are explicitly prohibited\n"
        "  name = \"Ada\0 Example\"\n"
        "             ^\n"s +
            s.unchanged());
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: a NUL byte between TOML keys") {
  Scratch s("nul-bare");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  s.write("news.toml", "[[news]]\n\0date = 2024-01-01\n"s);
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err ==
        "content/news.toml:2:1: error: error while parsing root table: expected keys, tables, "
        "whitespace or comments, saw '\\u0000'\n"
        "  \0date = 2024-01-01\n"
        "  ^\n"s +
            s.unchanged());
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: a UTF-8 BOM and CRLF line endings build the same site as clean files") {
  const std::map<std::string, std::string> clean = {
      {"site.toml",
       "[person]\nname = \"Ada Example\"\n[publications]\nbibtex = [\"papers.bib\"]\n"},
      {"bio.md", "Ada works on *systems*.\n\nSecond paragraph.\n"},
      {"news.toml", "[[news]]\ndate = 2024-05-01\ntext = \"Paper **accepted**\"\n"},
      {"pages/teaching.md", "+++\ntitle = \"Teaching\"\n+++\n# Courses\n\n- one\n- two\n"},
      {"papers.bib",
       "@inproceedings{fast24,\n  title = {Fast {GPU} Things},\n  author = {Ada Example and "
       "Bob Smith},\n  booktitle = {Proc. SOSP},\n  year = 2024\n}\n"}};
  Scratch a("bom-crlf-a"), b("bom-crlf-b");
  for (const auto& [rel, text] : clean) {
    a.write(rel, text);
    std::string crlf;
    for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    b.write(rel, "\xEF\xBB\xBF" + crlf);
  }
  Result ra = a.build({"--strict"}), rb = b.build({"--strict"});
  CHECK(ra.err == "");
  CHECK(rb.err == "");
  CHECK(ra.code == 0);
  CHECK(rb.code == 0);
  auto sa = snapshot(a.out), sb = snapshot(b.out);
  CHECK(sa.count("teaching/index.html") == 1);
  CHECK(sa.count("publications/fast24/index.html") == 1);
  for (const auto& entry : sa) {
    const std::string& rel = entry.first;  // not a structured binding: CAPTURE takes it
    CAPTURE(rel);
    CHECK(sb[rel] == entry.second);
  }
  CHECK(sa.size() == sb.size());
}

// ---------------------------------------------------------------------------------
// Size and depth: big and deep inputs end in a located error, not a hang or a crash.

TEST_CASE("bad input: a 50 MB .bib with a broken last entry") {
  Scratch s("big-bib");
  s.write("site.toml",
          "[person]\nname = \"Ada Example\"\n[publications]\nbibtex = [\"big.bib\"]\n");
  s.write("big.bib", "@misc{small, title = {Small}, author = {Ada Example}, year = 2020}\n");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  // 10,000 entries of about 5 KB each (abstracts), then one that never closes.
  std::string bib;
  bib.reserve(51u << 20);
  const std::string abstract = repeat("We measure {GPU} clusters at scale. ", 130);
  for (int i = 0; bib.size() < 50u * 1000 * 1000; ++i) {
    std::string n = std::to_string(i);
    bib += "@inproceedings{key" + n + ",\n  title = {Paper " + n +
           "},\n  author = {Ada Example and Bob Smith},\n  booktitle = {Proc. Systems},\n"
           "  year = 2024,\n  abstract = {" +
           abstract + "}\n}\n\n";
  }
  size_t lines = std::count(bib.begin(), bib.end(), '\n');
  bib += "@misc{broken, title = {never closed\n";
  s.write("big.bib", bib);
  Result r = s.build({}, with_timeout(300));
  CHECK(r.code == 1);
  CHECK(first_difference(r.err, "content/big.bib:" + std::to_string(lines + 1) +
                                    ":23: error: unclosed `{` in the value of field `title`: "
                                    "the file ended at line " +
                                    std::to_string(lines + 1) +
                                    "\n"
                                    "  @misc{broken, title = {never closed\n"
                                    "                        ^\n" +
                                    s.unchanged()) == "");
  MESSAGE("50 MB .bib: " << r.seconds << " s");
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: 10,000 nested arrays in TOML") {
  Scratch s("deep-array");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  std::string line = "x = " + std::string(10000, '[') + std::string(10000, ']');
  s.write("site.toml", "[person]\nname = \"Ada Example\"\n" + line + "\n");
  Result r = s.build();
  CHECK(r.code == 1);
  // [person] is one level and the first bracket the second: the error comes at the 200th.
  CHECK(first_difference(r.err,
                         "content/site.toml:3:204: error: too deeply nested: more than "
                         "200 levels of tables, arrays and dotted keys\n  ..." +
                             std::string(120, '[') + "...\n     " + std::string(60, ' ') + "^\n" +
                             s.unchanged()) == "");
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: 100,000 parts in a TOML table header (crashed toml++)") {
  Scratch s("deep-header");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  std::string header = "[" + repeat("a.", 99999) + "a]";
  s.write("site.toml", "[person]\nname = \"Ada Example\"\n" + header + "\nx = 1\n");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(first_difference(r.err,
                         "content/site.toml:3:402: error: too deeply nested: more than 200 "
                         "levels of tables, arrays and dotted keys\n  ..." +
                             repeat("a.", 60) + "...\n     " + std::string(60, ' ') + "^\n" +
                             s.unchanged()) == "");
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: a million nested braces in a BibTeX title are an error at the 101st") {
  Scratch s("deep-braces");
  s.write("site.toml", "[person]\nname = \"Ada Example\"\n[publications]\nbibtex = [\"p.bib\"]\n");
  s.write("p.bib", "@article{deep, title = {" + std::string(1000000, '{') + "Deep" +
                       std::string(1000000, '}') +
                       "}, author = {Ada Example}, journal = {J}, year = 2020}\n");
  Result r = s.build();
  CHECK(r.err ==
        "content/p.bib:1:124: error: braces nested more than 100 levels deep in the "
        "value of field `title`\n"
        "  ..." +
            std::string(120, '{') + "...\n     " + std::string(60, ' ') + "^\n" +
            "sitegen: 1 error(s); nothing was written, w/public is unchanged\n");
  CHECK(r.code == 1);
}

TEST_CASE("bad input: 100,000 nested block quotes in Markdown build") {
  Scratch s("deep-markdown");
  s.write("bio.md", repeat("> ", 100000) + "deep\n");
  Result r = s.build();
  CHECK(r.err == "");
  CHECK(r.code == 0);
  CHECK(slurp(s.out / "index.html").find("deep") != std::string::npos);
}

// ---------------------------------------------------------------------------------
// static/: links and permissions.

TEST_CASE("bad input: a symlink loop in static/ is skipped, and the build ends") {
  // The loop is not a file anyone can publish; the rest of the site builds.
  // (Reported: a located warning naming the loop would be better than silence.)
  Scratch s("symlink-loop");
  s.write("static/photo.png", "png");
  fs::create_symlink("loop-b", s.content / "static/loop-a");
  fs::create_symlink("loop-a", s.content / "static/loop-b");
  fs::create_directories(s.content / "static/dir");
  fs::create_directory_symlink("..", s.content / "static/dir/up");
  Result r = s.build({}, with_timeout(30));
  CHECK(r.err == "");
  CHECK(r.code == 0);
  CHECK(slurp(s.out / "photo.png") == "png");
  CHECK_FALSE(fs::exists(fs::symlink_status(s.out / "loop-a")));
  CHECK_FALSE(fs::exists(fs::symlink_status(s.out / "dir/up")));
}

TEST_CASE("bad input: a symlink in static/ that leads out of it is not published") {
  // The same rule as sitegen serve's: a link cannot publish a file from elsewhere on
  // the disk. A link that stays inside static/ is published as a plain file.
  Scratch s("symlink-out");
  s.write("static/photo.png", "png");
  spit(s.root / "secret.txt", "TOP-SECRET");
  fs::create_symlink("../../secret.txt", s.content / "static/leak.txt");
  fs::create_symlink(s.root / "secret.txt", s.content / "static/leak-abs.txt");
  fs::create_symlink("photo.png", s.content / "static/alias.png");
  Result r = s.build({"--strict"});
  CHECK(r.code == 1);  // the warnings fail a strict build
  Result w = s.build();
  CHECK(w.code == 0);
  CHECK(w.err.find("content/static/leak.txt:") != std::string::npos);
  CHECK(w.err.find("content/static/leak-abs.txt:") != std::string::npos);
  CHECK(w.err.find("warning: symlink leads outside static/, so it is not copied") !=
        std::string::npos);
  CHECK_FALSE(fs::exists(fs::symlink_status(s.out / "leak.txt")));
  CHECK_FALSE(fs::exists(fs::symlink_status(s.out / "leak-abs.txt")));
  CHECK_FALSE(fs::is_symlink(s.out / "alias.png"));
  CHECK(slurp(s.out / "alias.png") == "png");
}

// A member's photo, a theme's asset and an asset override are published as they are, as
// static/ is: a symlink in them to another file of the content folder published that
// file. The rule of static/ holds for each: the link must stay inside its own folder.
TEST_CASE("bad input: a symlink to another file of the content folder is published from nowhere") {
  Scratch s("symlink-inside");
  s.write("site.toml", "theme = \"mine\"\n[group]\nname = \"Lab\"\n");
  s.write("private/notes.txt", "TOP-SECRET");
  s.write("people/ada/person.toml", "name = \"Ada Example\"\nrole = \"phd\"\n");
  fs::create_symlink("../../private/notes.txt", s.content / "people/ada/photo.jpg");
  s.write("people/bob/person.toml", "name = \"Bob Example\"\nrole = \"phd\"\n");
  std::string jpeg = sitegen::testing::test_jpeg(32, 32);
  s.write("people/bob/portrait.jpg", jpeg);
  fs::create_symlink("portrait.jpg", s.content / "people/bob/photo.jpg");  // stays inside
  for (const auto& [path, bytes] : sitegen::embedded_theme_files())
    if (path.starts_with("scholar/")) s.write("themes/mine/" + path.substr(8), std::string(bytes));
  fs::create_symlink("../../../private/notes.txt", s.content / "themes/mine/assets/notes.css");
  fs::create_directories(s.content / "layouts/assets");
  fs::create_symlink("../../private/notes.txt", s.content / "layouts/assets/extra.txt");
  Result r = s.build();
  CHECK(r.code == 0);
  CHECK(r.err ==
        "content/layouts/assets/extra.txt: warning: symlink leads outside layouts/assets/, so "
        "it is not copied; copy the file into layouts/assets/ instead\n"
        "content/people/ada/photo.jpg: warning: symlink leads outside people/ada/, so it is not "
        "copied; copy the file into people/ada/ instead\n"
        "content/themes/mine/assets/notes.css: warning: symlink leads outside "
        "themes/mine/assets/, so it is not copied; copy the file into themes/mine/assets/ "
        "instead\n");
  for (const auto& file : snapshot(s.out))  // not a structured binding: clang 14's CHECK_MESSAGE
    CHECK_MESSAGE(file.second.find("TOP-SECRET") == std::string::npos, file.first);
  CHECK_FALSE(fs::exists(s.out / "people/ada/photo.jpg"));
  CHECK_FALSE(fs::exists(s.out / "assets/notes.css"));
  CHECK_FALSE(fs::exists(s.out / "assets/extra.txt"));
  CHECK(slurp(s.out / "people/bob/photo.jpg") == jpeg);
  CHECK(slurp(s.out / "people/ada/index.html").find("photo.jpg") == std::string::npos);
  CHECK(slurp(s.out / "people/bob/index.html").find("photo.jpg") != std::string::npos);
  CHECK(s.build({"--strict"}).code == 1);
}

TEST_CASE("bad input: an unreadable file in static/") {
  Scratch s("unreadable-static");
  RunOptions o;
  o.as_nobody = ::geteuid() == 0;  // root reads mode-000 files; nobody does not
  REQUIRE(s.build({}, o).code == 0);
  auto before = snapshot(s.out);
  s.write("static/secret.txt", "secret");
  fs::permissions(s.content / "static/secret.txt", fs::perms::none);
  Result r = s.build({}, o);
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: cannot read content/static/secret.txt: Permission denied; " +
                     s.out.string() + " is unchanged\n");
  CHECK(snapshot(s.out) == before);
  CHECK_FALSE(fs::exists(s.work / ".public.sitegen-staging"));
}

TEST_CASE("bad input: an unreadable site.toml") {
  Scratch s("unreadable-toml");
  RunOptions o;
  o.as_nobody = ::geteuid() == 0;
  REQUIRE(s.build({}, o).code == 0);
  auto before = snapshot(s.out);
  fs::permissions(s.content / "site.toml", fs::perms::none);
  Result r = s.build({}, o);
  CHECK(r.code == 1);
  CHECK(r.err == "content/site.toml: error: cannot read file: Permission denied\n" + s.unchanged());
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: site.toml is a folder") {
  Scratch s("toml-dir");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  fs::remove(s.content / "site.toml");
  fs::create_directory(s.content / "site.toml");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err == "content/site.toml: error: cannot read file: is a directory\n" + s.unchanged());
  CHECK(snapshot(s.out) == before);
}

// ---------------------------------------------------------------------------------
// Where the output goes: read-only, full, a mount point, or a dangerous place.

TEST_CASE("bad input: the output folder is on a read-only file system") {
  Scratch s("read-only");
  TmpfsMount m(s.work, "size=1m,mode=0777");
  if (!m.ok) {
    sitegen::testing::skip("cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)");
    return;
  }
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  REQUIRE(m.remount_read_only());
  s.write("bio.md", "Changed.\n");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: cannot create " + (s.work / ".public.sitegen-staging").string() +
                     ": Read-only file system; sitegen builds the new site beside " +
                     s.out.string() + " and swaps it in, so " + s.work.string() +
                     " must be writable\n");
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: the output folder's parent is not writable") {
  Scratch s("parent-not-writable");
  RunOptions o;
  o.as_nobody = ::geteuid() == 0;  // root writes into mode-555 folders; nobody does not
  REQUIRE(s.build({}, o).code == 0);
  auto before = snapshot(s.out);
  fs::permissions(s.work, fs::perms(0555));
  Result r = s.build({}, o);
  fs::permissions(s.work, fs::perms(0777));
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: cannot create " + (s.work / ".public.sitegen-staging").string() +
                     ": Permission denied; sitegen builds the new site beside " + s.out.string() +
                     " and swaps it in, so " + s.work.string() + " must be writable\n");
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: the disk fills up while copying a static file") {
  Scratch s("full-static");
  TmpfsMount m(s.work, "size=2m,mode=0777");  // a site with its fonts is ~0.5 MB
  if (!m.ok) {
    sitegen::testing::skip("cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)");
    return;
  }
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  s.write("static/video.bin", std::string(2500 * 1024, 'v'));
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: cannot write " + (s.out / "video.bin").string() +
                     ": No space left on device; " + s.out.string() + " is unchanged\n");
  CHECK(snapshot(s.out) == before);
  CHECK_FALSE(fs::exists(s.work / ".public.sitegen-staging"));
  // The space is given back: the same build fits once the big file is gone.
  fs::remove(s.content / "static/video.bin");
  CHECK(s.build().code == 0);
}

TEST_CASE("bad input: the disk fills up while writing a page") {
  Scratch s("full-page");
  TmpfsMount m(s.work, "size=2m,mode=0777");  // a site with its fonts is ~0.5 MB
  if (!m.ok) {
    sitegen::testing::skip("cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)");
    return;
  }
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  s.write("bio.md", repeat("A long biography. ", 150000) + "\n");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: cannot write " + (s.out / "index.html").string() +
                     ": No space left on device; " + s.out.string() + " is unchanged\n");
  CHECK(snapshot(s.out) == before);
  CHECK_FALSE(fs::exists(s.work / ".public.sitegen-staging"));
}

TEST_CASE("bad input: the output folder is a mount point") {
  Scratch s("mount-point");
  TmpfsMount m(s.out, "size=1m,mode=0777");
  if (!m.ok) {
    sitegen::testing::skip("cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)");
    return;
  }
  spit(s.out / "keep.txt", "the volume's own file");
  auto before = snapshot(s.out);
  // Empty but for a file sitegen did not write: refused before anything is staged.
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: refusing to write into " + s.out.string() +
                     ": it is not empty and was not created by sitegen (no .sitegen-manifest); "
                     "choose a new or empty directory\n");
  CHECK(snapshot(s.out) == before);
  fs::remove(s.out / "keep.txt");
  r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: cannot replace " + s.out.string() +
                     ": it is a mount point (Device or resource busy); sitegen swaps in a "
                     "complete new folder, so build into a folder inside it; " +
                     s.out.string() + " is unchanged\n");
  CHECK(snapshot(s.out).empty());
  CHECK_FALSE(fs::exists(s.work / ".public.sitegen-staging"));
}

TEST_CASE("bad input: the content folder as the output") {
  Scratch s("out-is-content");
  auto before = snapshot(s.content);
  Result r = run_sitegen({"build", "content", "-o", "content"}, in_dir(s.root));
  CHECK(r.code == 1);
  CHECK(r.err ==
        "sitegen: error: refusing to write the site into the content directory itself; "
        "choose another folder (e.g. public/)\n");
  CHECK(snapshot(s.content) == before);
}

TEST_CASE("bad input: the output inside static/ of the content folder") {
  Scratch s("out-in-static");
  auto before = snapshot(s.content);
  Result r = run_sitegen({"build", "content", "-o", "content/static/public"}, in_dir(s.root));
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: refusing to write the site to " +
                     (s.content / "static/public").string() +
                     ": sitegen reads static/ of the content directory; choose another folder "
                     "(e.g. public/)\n");
  CHECK(snapshot(s.content) == before);
}

TEST_CASE("bad input: the output inside the content folder, outside what it reads") {
  Scratch s("out-in-content");
  Result r = run_sitegen({"build", "content", "-o", "content/public"}, in_dir(s.root));
  CHECK(r.err == "");
  CHECK(r.code == 0);
  CHECK(fs::exists(s.content / "public/index.html"));
  Result again =
      run_sitegen({"build", "content", "-o", "content/public", "--strict"}, in_dir(s.root));
  CHECK(again.err == "");
  CHECK(again.code == 0);
}

TEST_CASE("bad input: the content folder inside the output") {
  Scratch s("content-in-out");
  auto before = snapshot(s.root);
  Result r = run_sitegen({"build", "content", "-o", "."}, in_dir(s.root));
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: refusing to write the site to " + s.root.string() +
                     ": it contains the content directory\n");
  CHECK(snapshot(s.root) == before);
}

TEST_CASE("bad input: the output is a symlink to the content folder") {
  Scratch s("out-symlink-content");
  fs::create_directory_symlink("content", s.root / "public");
  auto before = snapshot(s.content);
  Result r = run_sitegen({"build", "content", "-o", "public"}, in_dir(s.root));
  CHECK(r.code == 1);
  CHECK(r.err ==
        "sitegen: error: refusing to write the site into the content directory itself; "
        "choose another folder (e.g. content/public/)\n");
  CHECK(snapshot(s.content) == before);
}

TEST_CASE("bad input: -o /") {
  Scratch s("out-root");
  Result r = run_sitegen({"build", "content", "-o", "/"}, in_dir(s.root));
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: refusing to write the site to the root directory /\n");
  CHECK_FALSE(fs::exists("/.sitegen-manifest"));
}

TEST_CASE("bad input: -o ~ (the home folder)") {
  Scratch s("out-home");
  fs::path home = s.root / "home";
  spit(home / ".bashrc", "# mine\n");
  auto before = snapshot(home);
  // The shell expands ~ before sitegen sees it; with and without a trailing slash.
  RunOptions o = in_dir(s.root);
  o.env = {"HOME=" + home.string()};
  for (std::string arg :
       std::vector<std::string>{home.string(), home.string() + "/", "home/../home"}) {
    CAPTURE(arg);
    Result r = run_sitegen({"build", "content", "-o", arg}, o);
    CHECK(r.code == 1);
    CHECK(r.err == "sitegen: error: refusing to write the site to your home directory " +
                       home.string() + "\n");
  }
  CHECK(snapshot(home) == before);
}

TEST_CASE("bad input: a non-empty output folder sitegen did not create") {
  Scratch s("foreign");
  spit(s.out / "notes.txt", "my notes");
  spit(s.out / "drafts/a.md", "draft");
  auto before = snapshot(s.out);
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: refusing to write into " + s.out.string() +
                     ": it is not empty and was not created by sitegen (no .sitegen-manifest); "
                     "choose a new or empty directory\n");
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: the output path is a file") {
  Scratch s("out-file");
  spit(s.out, "not a folder");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: cannot write the site to " + s.out.string() +
                     ": it exists and is not a directory\n");
  CHECK(slurp(s.out) == "not a folder");
}

TEST_CASE("bad input: the output path goes through a file") {
  Scratch s("out-under-file");
  spit(s.work / "file", "not a folder");
  Result r = run_sitegen({"build", "content", "-o", "w/file/public"}, in_dir(s.root));
  CHECK(r.code == 1);
  CHECK(r.err ==
        "sitegen: error: cannot create " + (s.work / "file").string() + ": Not a directory\n");
  CHECK(slurp(s.work / "file") == "not a folder");
}

// ---------------------------------------------------------------------------------
// The command line and missing pieces.

TEST_CASE("bad input: an unknown option is a usage error (exit 2)") {
  Scratch s("unknown-option");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  Result r = s.build({"--frobnicate"});
  CHECK(r.code == 2);
  CHECK(r.err == "sitegen: unknown option `--frobnicate`; see --help\n");
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: a missing content folder") {
  Scratch s("missing-content");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  Result r = run_sitegen({"build", "no-such-dir", "-o", "w/public"}, in_dir(s.root));
  CHECK(r.code == 1);
  CHECK(r.err ==
        "sitegen: error: content directory `no-such-dir` not found; start a site there with "
        "`sitegen new no-such-dir`\n");
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: a content folder without site.toml") {
  Scratch s("missing-site-toml");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  fs::remove(s.content / "site.toml");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err ==
        "content/site.toml: error: missing site.toml: every content directory needs "
        "one (try `sitegen new DIR`)\n" +
            s.unchanged());
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: front matter that is never closed") {
  Scratch s("unclosed-front-matter");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  s.write("pages/teaching.md", "+++\ntitle = \"Teaching\"\n\n# Courses\n");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err ==
        "content/pages/teaching.md:1:1: error: front matter opened with `+++` on line 1 "
        "is never closed (expected a line `+++`)\n"
        "  +++\n"
        "  ^\n" +
            s.unchanged());
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: a BibTeX entry that never closes") {
  Scratch s("unclosed-bib");
  s.write("site.toml", "[person]\nname = \"Ada Example\"\n[publications]\nbibtex = [\"p.bib\"]\n");
  s.write("p.bib", "@misc{ok, title = {Fine}, author = {Ada Example}, year = 2020}\n");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  s.write("p.bib", "@misc{ok, title = {Fine}, author = {Ada Example}, year = 2020\n");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err ==
        "content/p.bib:1:6: error: unclosed `{` of entry `ok`: the file ended at line 1\n"
        "  @misc{ok, title = {Fine}, author = {Ada Example}, year = 2020\n"
        "       ^\n" +
            s.unchanged());
  CHECK(snapshot(s.out) == before);
}

TEST_CASE("bad input: a BibTeX file that does not exist") {
  Scratch s("missing-bib");
  REQUIRE(s.build().code == 0);
  auto before = snapshot(s.out);
  s.write("site.toml",
          "[person]\nname = \"Ada Example\"\n[publications]\nbibtex = [\"gone.bib\"]\n");
  Result r = s.build();
  CHECK(r.code == 1);
  CHECK(r.err ==
        "content/site.toml:4:10: error: cannot read BibTeX file `gone.bib` "
        "(content/gone.bib): No such file or directory\n"
        "  bibtex = [\"gone.bib\"]\n"
        "           ^\n" +
            s.unchanged());
  CHECK(snapshot(s.out) == before);
}
