// What sitegen reads from a content folder and what it writes beside the output, run
// through the real binary on trees made in temporary folders: nothing is read from
// outside the content folder, nothing but regular files of a sane size is read, and
// folders beside the output are removed only when sitegen made them.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/test_dir.h"

namespace fs = std::filesystem;
using sitegen::testing::slurp;
using sitegen::testing::TempDir;
using sitegen::testing::write_file;

namespace {

struct Result {
  int code = -1;  // exit status; -1 when killed after the time limit
  std::string err;
};

// Runs sitegen in `cwd` with stderr captured, killing it after `timeout_s` seconds (a
// read that hangs must fail the test, not the suite).
Result run(const fs::path& cwd, std::vector<std::string> args, int timeout_s = 30) {
  fs::path err_path = cwd / ".stderr";
  args.insert(args.begin(), SITEGEN_BINARY);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = ::fork();
  if (pid == 0) {
    int fe = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int null = ::open("/dev/null", O_WRONLY);
    if (fe < 0 || null < 0 || ::dup2(fe, 2) < 0 || ::dup2(null, 1) < 0 || ::chdir(cwd.c_str()) != 0)
      ::_exit(126);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  auto start = std::chrono::steady_clock::now();
  int status = 0;
  Result r;
  while (::waitpid(pid, &status, WNOHANG) != pid) {
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(timeout_s)) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      FAIL_CHECK("sitegen did not finish within " << timeout_s << " s");
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = slurp(err_path);
  fs::remove(err_path);
  return r;
}

// A content folder `content` with a minimal site, a secret beside it, and `public` to
// build into.
struct Tree {
  TempDir tmp;
  fs::path root = tmp.path, content = tmp.path / "content";
  Tree() {
    write_file(content / "site.toml", "[person]\nname = \"Ada\"\n");
    write_file(content / "bio.md", "Ada.\n");
    write_file(root / "secret.txt", "TOP-SECRET");
  }
  Result build(std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"build", "content", "-o", "public", "-q"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run(root, args);
  }
  Result check() { return run(root, {"check", "content", "-q"}); }
  // Whether the secret's bytes reached any file of the output.
  bool leaked() {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root / "public", ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_regular_file() && slurp(it->path()).find("TOP-SECRET") != std::string::npos)
        return true;
    return false;
  }
};

// The reason a file is not read: `folder` is the folder as named on the command line.
std::string outside(const std::string& folder, const fs::path& to) {
  return ": it leads outside " + folder + "/ (to " + fs::canonical(to).string() +
         "), and sitegen reads only what is inside; copy the file into " + folder + "/ instead\n";
}

}  // namespace

TEST_CASE("content files: a symlink to a file outside the content folder is an error") {
  struct Case {
    std::string rel, message;
  };
  for (const Case& c :
       {Case{"bio.md", "cannot read file"}, Case{"pages/leak.md", "cannot read page"},
        Case{"layouts/footer.mustache", "cannot read layout"},
        Case{"papers.bib", "cannot read BibTeX file `papers.bib`"}}) {
    CAPTURE(c.rel);
    Tree t;
    if (c.rel == "papers.bib")
      write_file(t.content / "site.toml",
                 "[person]\nname = \"Ada\"\n[publications]\nbibtex = \"papers.bib\"\n");
    fs::remove(t.content / c.rel);
    fs::create_directories((t.content / c.rel).parent_path());
    fs::create_symlink(t.root / "secret.txt", t.content / c.rel);
    Result r = t.build();
    CHECK(r.code == 1);
    CHECK(r.err.find(c.message) != std::string::npos);
    CHECK(r.err.find(outside("content", t.root / "secret.txt")) != std::string::npos);
    CHECK(t.check().code == 1);
    CHECK_FALSE(t.leaked());
  }
}

TEST_CASE("content files: a symlink inside the content folder to a file inside it is read") {
  Tree t;
  write_file(t.content / "texts/bio.md", "Ada *links*.\n");
  fs::remove(t.content / "bio.md");
  fs::create_symlink("texts/bio.md", t.content / "bio.md");
  Result r = t.build();
  CHECK(r.err == "");
  CHECK(slurp(t.root / "public/index.html").find("Ada <em>links</em>.") != std::string::npos);
}

TEST_CASE("content files: an absolute bibtex path is refused at its place in site.toml") {
  Tree t;
  write_file(t.root / "secret.bib", "@misc{x, title = {TOP-SECRET}}\n");
  write_file(t.content / "site.toml", "[person]\nname = \"Ada\"\n[publications]\nbibtex = \"" +
                                          (t.root / "secret.bib").string() + "\"\n");
  Result r = t.build();
  CHECK(r.code == 1);
  CHECK(r.err.starts_with("content/site.toml:4:10: error: BibTeX file `" +
                          (t.root / "secret.bib").string() +
                          "` is an absolute path: sitegen reads only files inside the content "
                          "folder, named relative to it; copy the file into the folder\n"));
  CHECK_FALSE(t.leaked());
}

TEST_CASE("content files: a theme outside the content folder is refused at its place") {
  for (std::string theme : {"../../../../../../etc", "/etc", "../themes/mine", "link"}) {
    CAPTURE(theme);
    Tree t;
    write_file(t.root / "themes/mine/home.mustache", "TOP-SECRET");
    fs::create_directory_symlink(t.root / "themes/mine", t.content / "link");
    write_file(t.content / "site.toml", "theme = \"" + (theme == "link" ? "./link" : theme) +
                                            "\"\n[person]\nname = \"Ada\"\n");
    Result r = t.build();
    CHECK(r.code == 1);
    CHECK(r.err.starts_with("content/site.toml:1:9: error: theme `" +
                            (theme == "link" ? "./link" : theme) +
                            "` is outside the content folder: sitegen takes a theme from its "
                            "built-in ones, the content folder's themes/, or the folder given "
                            "with --theme-dir\n"));
    CHECK_FALSE(t.leaked());
  }
}

TEST_CASE("content files: themes come from themes/ in the content folder or --theme-dir") {
  Tree t;
  write_file(t.content / "site.toml", "theme = \"mine\"\n[person]\nname = \"Ada\"\n");
  write_file(t.content / "layouts/home.mustache", "home from layouts");
  // A theme named by name beside the content folder is not read without --theme-dir.
  fs::create_directories(t.root / "themes/mine/partials");
  write_file(t.root / "themes/mine/home.mustache", "other theme");
  Result r = t.build();
  CHECK(r.code == 1);
  CHECK(r.err.find(
            "unknown theme `mine`: expected a built-in theme (`onepage`, `scholar`) or a folder "
            "content/themes/mine") != std::string::npos);
  // --theme-dir names the folder of themes; a theme file in it may not lead out of it.
  for (const char* kind : {"publications", "publication", "news", "talks", "cv", "page", "404"})
    write_file(t.root / "themes/mine" / (std::string(kind) + ".mustache"), kind);
  r = t.build({"--theme-dir", "themes"});
  CHECK(r.err == "");
  CHECK(slurp(t.root / "public/index.html") == "home from layouts");
  fs::create_symlink(t.root / "secret.txt", t.root / "themes/mine/partials/leak.mustache");
  r = t.build({"--theme-dir=themes"});
  CHECK(r.code == 1);
  CHECK(r.err.starts_with("themes/mine/partials/leak.mustache: error: cannot read theme file" +
                          outside("themes", t.root / "secret.txt")));
  // In the content folder's themes/ the theme needs no option.
  fs::remove(t.root / "themes/mine/partials/leak.mustache");
  fs::rename(t.root / "themes", t.content / "themes");
  r = t.build();
  CHECK(r.err == "");
  CHECK(slurp(t.root / "public/404.html") == "404");
}

TEST_CASE("content files: a FIFO, a device and a huge file are refused, not read") {
  Tree t;
  fs::remove(t.content / "bio.md");
  REQUIRE(::mkfifo((t.content / "bio.md").c_str(), 0644) == 0);
  Result r = t.build();
  CHECK(r.code == 1);
  CHECK(
      r.err.starts_with("content/bio.md: error: cannot read file: it is a named pipe "
                        "(FIFO); sitegen reads only regular files\n"));
  fs::remove(t.content / "bio.md");
  fs::create_symlink("/dev/zero", t.content / "bio.md");
  r = t.build();
  CHECK(r.code == 1);
  CHECK(r.err.find("content/bio.md") != std::string::npos);
  fs::remove(t.content / "bio.md");
  {
    std::ofstream big(t.content / "bio.md", std::ios::binary);
    big.seekp((70 << 20) - 1);
    big.put('x');
  }
  r = t.build();
  CHECK(r.code == 1);
  CHECK(
      r.err.starts_with("content/bio.md: error: cannot read file: the file is 70 MB; "
                        "sitegen reads files up to 64 MB\n"));
}

TEST_CASE("content files: a FIFO in static/ does not hang the build") {
  Tree t;
  write_file(t.content / "static/photo.png", "png");
  REQUIRE(::mkfifo((t.content / "static/pipe").c_str(), 0644) == 0);
  fs::create_symlink("pipe", t.content / "static/pipe-link");
  Result r = t.build();
  CHECK(r.code == 0);  // not a file anyone can publish; the rest of the site builds
  CHECK(slurp(t.root / "public/photo.png") == "png");
  CHECK_FALSE(fs::exists(fs::symlink_status(t.root / "public/pipe")));
  CHECK_FALSE(fs::exists(fs::symlink_status(t.root / "public/pipe-link")));
}

TEST_CASE("content files: folders beside the output that sitegen did not make survive") {
  Tree t;
  write_file(t.root / ".public.sitegen-staging/thesis.tex", "mine");
  Result r = t.build();
  CHECK(r.code == 1);
  CHECK(r.err == "sitegen: error: " + (t.root / ".public.sitegen-staging").string() +
                     " is in the way: sitegen builds the new site there and swaps it in, but it "
                     "did not make this folder (there is no .sitegen-work in it), so it leaves "
                     "it alone; move or rename it\n");
  CHECK(slurp(t.root / ".public.sitegen-staging/thesis.tex") == "mine");
  fs::rename(t.root / ".public.sitegen-staging", t.root / ".public.sitegen-old");
  r = t.build();
  CHECK(r.code == 1);
  CHECK(slurp(t.root / ".public.sitegen-old/thesis.tex") == "mine");
  fs::rename(t.root / ".public.sitegen-old", t.root / "thesis");
  CHECK(t.build().code == 0);
  // A build that fails leaves a user's folder of that name alone too.
  write_file(t.root / ".public.sitegen-old/thesis.tex", "mine");
  write_file(t.content / "site.toml", "[person]\nname = 1\n");
  CHECK(t.build().code == 1);
  CHECK(slurp(t.root / ".public.sitegen-old/thesis.tex") == "mine");
}

TEST_CASE("content files: -o naming a symlink to a folder is refused, the link kept") {
  Tree t;
  fs::create_directories(t.root / "site");
  fs::create_directory_symlink("site", t.root / "public");
  Result r = t.build();
  CHECK(r.code == 1);
  std::string real = fs::canonical(t.root / "site").string();
  CHECK(r.err.find("cannot write the site to " + (t.root / "public").string() +
                   ": it is a symlink to " + real) != std::string::npos);
  CHECK(fs::is_symlink(t.root / "public"));
  CHECK(fs::is_empty(t.root / "site"));
}
