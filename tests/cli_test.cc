// The command line as a user meets it: help, version, usage errors, `new` then `build`.
#include <doctest/doctest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "cli/build_info.h"
#include "cli/cli.h"
#include "support/run_cli.h"
#include "support/test_dir.h"

namespace fs = std::filesystem;
using namespace sitegen;

using sitegen::testing::Run;
using sitegen::testing::run;

TEST_CASE("cli: --version and --help") {
  Run v = run({"--version"});
  CHECK(v.code == 0);
  CHECK(v.out == std::string("sitegen ") + SITEGEN_VERSION + " (commit " + kSitegenCommit +
                     ")\nhttps://github.com/" + kSitegenRepository + "\n");
  CHECK(std::string(kSitegenCommit) != "");
  Run h = run({"--help"});
  CHECK(h.code == 0);
  CHECK(h.out.find("  build        build the site from a content directory\n") !=
        std::string::npos);
  CHECK(h.out.find("  completions  print the shell completion script for bash, zsh or fish\n") !=
        std::string::npos);
  for (const char* cmd : {"build", "check", "new"}) {
    CAPTURE(cmd);
    Run c = run({cmd, "--help"});
    CHECK(c.code == 0);
    CHECK(c.out.rfind(std::string("usage: sitegen ") + cmd, 0) == 0);
  }
}

TEST_CASE("cli: usage errors exit 2") {
  Run none = run({});
  CHECK(none.code == 2);
  Run unknown = run({"bild"});
  CHECK(unknown.code == 2);
  CHECK(unknown.err ==
        "sitegen: unknown command `bild` (did you mean `build`?); run `sitegen --help` for the "
        "list\n");
  Run far = run({"publish"});
  CHECK(far.code == 2);
  CHECK(far.err == "sitegen: unknown command `publish`; run `sitegen --help` for the list\n");
  Run opt = run({"build", "--frobnicate"});
  CHECK(opt.code == 2);
  CHECK(opt.err == "sitegen: unknown option `--frobnicate`; see --help\n");
  Run base = run({"build", "--base-url", "https://u.github.io/\"><svg onload=alert(1)>"});
  CHECK(base.code == 2);
  CHECK(base.err ==
        "sitegen: --base-url must be a full address such as https://ada.example.org/ or a path "
        "such as /homepage/, but it holds `\"`\n");
  Run missing = run({"build", "-o"});
  CHECK(missing.code == 2);
  CHECK(missing.err == "sitegen: option -o needs a value\n");
}

TEST_CASE("cli: new writes a starter site that builds at once") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "new";
  Run n = run({"new", (dir / "site").string()});
  CHECK(n.code == 0);
  CHECK(fs::exists(dir / "site/site.toml"));
  Run b = run({"build", (dir / "site").string(), "-o", (dir / "public").string(), "--strict"});
  CHECK(b.err == "");
  CHECK(b.code == 0);
  CHECK(b.out.find(" pages (") != std::string::npos);
  CHECK(fs::exists(dir / "public/index.html"));
  CHECK(fs::exists(dir / "public/publications/index.html"));
  Run again = run({"new", (dir / "site").string()});
  CHECK(again.code == 1);
  CHECK(again.err == "sitegen: error: " + (dir / "site").string() +
                         " already exists and is not empty; choose a new directory\n");
  fs::remove_all(dir);
}

TEST_CASE("cli: a broken TOML file leaves the previous output byte-for-byte") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "broken";
  REQUIRE(run({"new", (dir / "site").string()}).code == 0);
  fs::path out = dir / "public";
  REQUIRE(run({"build", (dir / "site").string(), "-o", out.string()}).code == 0);
  std::map<std::string, std::string> before;
  for (const auto& e : fs::recursive_directory_iterator(out))
    if (e.is_regular_file()) {
      std::ifstream in(e.path(), std::ios::binary);
      before[e.path().string()] = std::string(std::istreambuf_iterator<char>(in), {});
    }
  { std::ofstream(dir / "site/news.toml", std::ios::app) << "\n[[news]\n"; }
  Run b = run({"build", (dir / "site").string(), "-o", out.string()});
  CHECK(b.code == 1);
  CHECK(b.err.find((dir / "site").string() + "/news.toml:") == 0);
  CHECK(b.err.find("nothing was written") != std::string::npos);
  std::map<std::string, std::string> after;
  for (const auto& e : fs::recursive_directory_iterator(out))
    if (e.is_regular_file()) {
      std::ifstream in(e.path(), std::ios::binary);
      after[e.path().string()] = std::string(std::istreambuf_iterator<char>(in), {});
    }
  CHECK(before == after);
  fs::remove_all(dir);
}

TEST_CASE("cli: a template that renders without end leaves the previous output") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "render-bound";
  REQUIRE(run({"new", (dir / "site").string()}).code == 0);
  fs::path out = dir / "public";
  REQUIRE(run({"build", (dir / "site").string(), "-o", out.string()}).code == 0);
  std::ifstream in(out / "index.html", std::ios::binary);
  std::string home(std::istreambuf_iterator<char>(in), {});
  // The menu (more than 4 items) inside itself 12 levels deep: over 16 million items.
  std::string nested;
  for (int i = 0; i < 12; ++i) nested += "{{#nav}}";
  nested += "x";
  for (int i = 0; i < 12; ++i) nested += "{{/nav}}";
  fs::create_directories(dir / "site/layouts");
  { std::ofstream(dir / "site/layouts/home.mustache") << nested << "\n"; }
  Run b = run({"build", (dir / "site").string(), "-o", out.string()});
  CHECK(b.code == 1);
  CHECK(b.err == (dir / "site/layouts/home.mustache").string() +
                     ": error: rendering `index.html` took more than 10000000 steps (section "
                     "items entered and names looked up); a section over a list repeats "
                     "everything inside it for each item, so sections over lists nested in "
                     "each other multiply\nsitegen: 1 error(s); nothing was written, " +
                     out.string() + " is unchanged\n");
  std::ifstream again(out / "index.html", std::ios::binary);
  CHECK(std::string(std::istreambuf_iterator<char>(again), {}) == home);
  fs::remove_all(dir);
}

TEST_CASE("cli: check writes nothing and reports problems") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "check";
  REQUIRE(run({"new", (dir / "site").string()}).code == 0);
  Run ok = run({"check", (dir / "site").string()});
  CHECK(ok.code == 0);
  CHECK(ok.out.rfind("no errors in " + (dir / "site").string(), 0) == 0);
  CHECK_FALSE(fs::exists("public-check-should-not-exist"));
  fs::remove_all(dir);
}

namespace {

// Runs the command in `dir`, as a user who typed it there.
Run run_in(const fs::path& dir, std::vector<std::string> args) {
  fs::path before = fs::current_path();
  fs::current_path(dir);
  Run r = run(std::move(args));
  fs::current_path(before);
  return r;
}

}  // namespace

TEST_CASE("cli: without CONTENT, build and check find site.toml in . or in content/") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "default";
  REQUIRE(run({"new", (dir / "plain").string()}).code == 0);
  REQUIRE(run({"new", (dir / "repo").string(), "--github-pages"}).code == 0);
  // site.toml here: the content is `.`, and the site goes to public/ inside it, which the
  // next build does not read back.
  Run here = run_in(dir / "plain", {"check", "-q"});
  CHECK(here.err == "");
  CHECK(here.out == "");
  CHECK(here.code == 0);
  Run in_tree = run_in(dir / "plain", {"build", "-q"});
  CHECK(in_tree.err == "");
  CHECK(in_tree.code == 0);
  CHECK(fs::exists(dir / "plain/public/index.html"));
  Run again = run_in(dir / "plain", {"build"});
  CHECK(again.err == "");
  CHECK(again.out.find(" written, ") != std::string::npos);
  CHECK(again.out.find(" -> public\n") != std::string::npos);
  Run beside = run_in(dir / "plain", {"build", "-q", "-o", "../public"});
  CHECK(beside.err == "");
  CHECK(beside.out == "");
  CHECK(beside.code == 0);
  CHECK(fs::exists(dir / "public/index.html"));
  // site.toml in content/: the content is content/.
  Run repo = run_in(dir / "repo", {"check"});
  CHECK(repo.err == "");
  CHECK(repo.out.rfind("no errors in content (", 0) == 0);
  Run built = run_in(dir / "repo", {"build", "-q"});
  CHECK(built.err == "");
  CHECK(built.out == "");
  CHECK(fs::exists(dir / "repo/public/index.html"));
  // Neither: where sitegen looked, and how to start a site.
  Run none = run_in(dir, {"check"});
  CHECK(none.code == 1);
  CHECK(none.err ==
        "sitegen: error: no site here: looked for content/site.toml and ./site.toml; give the "
        "folder that holds site.toml (`sitegen check DIR`), or start a site with `sitegen new "
        "content`\n");
  Run none_built = run_in(dir, {"build"});
  CHECK(none_built.code == 1);
  CHECK(none_built.err ==
        "sitegen: error: no site here: looked for content/site.toml and ./site.toml; give the "
        "folder that holds site.toml (`sitegen build DIR`), or start a site with `sitegen new "
        "content`\n");
  Run named = run_in(dir, {"build", "mysite"});
  CHECK(named.err ==
        "sitegen: error: content directory `mysite` not found; start a site there with `sitegen "
        "new mysite`\n");
  fs::remove_all(dir);
}

TEST_CASE("cli: new, then build with no arguments in the new folder") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "new-build";
  fs::create_directories(dir);
  Run n = run_in(dir, {"new", "nt"});
  CHECK(n.code == 0);
  CHECK(n.out ==
        "created a starter site in nt\n"
        "next: edit nt/site.toml, then run\n"
        "  cd nt && sitegen build   (or sitegen serve, to preview as you edit)\n");
  Run b = run_in(dir / "nt", {"build", "--strict"});
  CHECK(b.err == "");
  CHECK(b.code == 0);
  CHECK(fs::exists(dir / "nt/public/index.html"));
  CHECK(fs::exists(dir / "nt/public/publications/index.html"));
  // The built site holds .bib files; the loader does not take them for content.
  Run c = run_in(dir / "nt", {"check", "--strict", "-q"});
  CHECK(c.err == "");
  CHECK(c.code == 0);
  Run repo = run_in(dir, {"new", "my repo", "--github-pages"});
  CHECK(repo.out.find("next, in my repo:\n  git init -b main\n  sitegen build   (preview: "
                      "sitegen serve)\n") != std::string::npos);
  // The workflow names this sitegen's Action and version; no placeholder is left. The
  // Action's ref is this version's release tag or, built from another commit, its full
  // hash, so the workflow starts before any release exists.
  std::ifstream wf(dir / "my repo/.github/workflows/pages.yml");
  std::string workflow((std::istreambuf_iterator<char>(wf)), {});
  std::string ref = kSitegenActionRef;
  CHECK((ref == std::string("v") + SITEGEN_VERSION ||
         (ref.size() == 40 && ref.find_first_not_of("0123456789abcdef") == std::string::npos)));
  CHECK(workflow.find(std::string("\n        uses: ") + kSitegenRepository + "@" + ref + "\n") !=
        std::string::npos);
  CHECK(workflow.find(std::string("version: \"") + SITEGEN_VERSION + "\"\n") != std::string::npos);
  CHECK(workflow.find("@SITEGEN") == std::string::npos);
  CHECK(workflow.find("submodule") == std::string::npos);
  CHECK(workflow.find("apt-get") == std::string::npos);
  Run here = run_in(dir / "my repo", {"build", "-q"});
  CHECK(here.err == "");
  CHECK(fs::exists(dir / "my repo/public/index.html"));
  fs::create_directories(dir / "empty");
  CHECK(run_in(dir / "empty", {"new", "."}).out ==
        "created a starter site in .\n"
        "next: edit ./site.toml, then run\n"
        "  sitegen build   (or sitegen serve, to preview as you edit)\n");
  CHECK(run_in(dir, {"new", "a b"}).out.find("  cd 'a b' && sitegen build") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("cli: an output folder the loader reads from is refused, with one that is not") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "out-read";
  REQUIRE(run({"new", (dir / "nt").string()}).code == 0);
  fs::path c = fs::weakly_canonical(dir / "nt");
  Run same = run_in(dir / "nt", {"build", "-o", "."});
  CHECK(same.code == 1);
  CHECK(same.err ==
        "sitegen: error: refusing to write the site into the content directory itself; choose "
        "another folder (e.g. public/)\n");
  Run stat = run_in(dir / "nt", {"build", "-o", "static/site"});
  CHECK(stat.code == 1);
  CHECK(stat.err == "sitegen: error: refusing to write the site to " +
                        (c / "static/site").string() +
                        ": sitegen reads static/ of the content directory; choose another folder "
                        "(e.g. public/)\n");
  Run pages = run_in(dir / "nt/pages", {"build", "..", "-o", "."});
  CHECK(pages.code == 1);
  CHECK(pages.err == "sitegen: error: refusing to write the site to " + (c / "pages").string() +
                         ": sitegen reads pages/ of the content directory; choose another "
                         "folder (e.g. ../public/)\n");
  // public/ is the user's own folder: the hint names a folder the build would accept.
  fs::create_directories(dir / "nt/public");
  { std::ofstream(dir / "nt/public/notes.txt") << "mine"; }
  Run layouts = run_in(dir / "nt", {"build", "-o", "layouts"});
  CHECK(layouts.err == "sitegen: error: refusing to write the site to " + (c / "layouts").string() +
                           ": sitegen reads layouts/ of the content directory; choose another "
                           "folder (e.g. ../public/)\n");
  // A theme folder given by path, inside the content folder.
  fs::create_directories(dir / "nt/mytheme");
  fs::copy(fs::path(SITEGEN_SOURCE_DIR) / "themes/scholar", dir / "nt/mytheme",
           fs::copy_options::recursive);
  std::string toml;
  {
    std::ifstream in(dir / "nt/site.toml");
    toml.assign(std::istreambuf_iterator<char>(in), {});
  }
  size_t at = toml.find("theme = \"scholar\"");
  REQUIRE(at != std::string::npos);
  toml.replace(at, 17, "theme = \"./mytheme\"");
  { std::ofstream(dir / "nt/site.toml") << toml; }
  Run theme = run_in(dir / "nt", {"build", "-o", "mytheme/out"});
  CHECK(theme.code == 1);
  CHECK(theme.err == "sitegen: error: refusing to write the site to " +
                         (c / "mytheme/out").string() + ": it is inside the theme folder " +
                         (c / "mytheme").string() + ", which sitegen reads\n");
  CHECK_FALSE(fs::exists(dir / "nt/mytheme/out"));
  fs::remove_all(dir);
}

TEST_CASE("cli: check -q prints only problems") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "check-q";
  REQUIRE(run({"new", (dir / "site").string()}).code == 0);
  Run quiet = run({"check", (dir / "site").string(), "-q"});
  CHECK(quiet.code == 0);
  CHECK(quiet.out == "");
  CHECK(quiet.err == "");
  Run also = run({"check", "--quiet", (dir / "site").string()});
  CHECK(also.out == "");
  { std::ofstream(dir / "site/news.toml", std::ios::app) << "\n[[news]\n"; }
  Run bad = run({"check", "-q", (dir / "site").string()});
  CHECK(bad.code == 1);
  CHECK(bad.out == "");
  CHECK(bad.err.find("sitegen: 1 error(s), 0 warning(s) in " + (dir / "site").string() + "\n") !=
        std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("cli: check lists untranslated texts last, and --strict does not fail on them") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "check-notes";
  fs::create_directories(dir / "site");
  std::string site = (dir / "site").string();
  std::string toml =
      "languages = [\"en\", \"de\"]\n[person]\nname = \"Ada\"\n"
      "position = \"Professor\"\n";
  const std::string note = site +
                           "/site.toml:4:1: note: `position` has no de version (position_de)\n"
                           "  position = \"Professor\"\n"
                           "  ^\n";
  const std::string summary =
      "sitegen: 1 text(s) not yet translated (the notes above); a text that reads the same in "
      "every language can be listed in site.toml's [same_in_all_languages]\n";
  std::ofstream(dir / "site/site.toml") << toml << "[person.links]\nslides = \"talk.pdf\"\n";
  Run r = run({"check", site});
  CHECK(r.code == 0);
  CHECK(r.err == site +
                     "/site.toml:6:10: warning: `slides` links to `talk.pdf`, which is not a "
                     "file or page of the site (a file of yours belongs at " +
                     site +
                     "/static/talk.pdf)\n"
                     "  slides = \"talk.pdf\"\n"
                     "           ^\n" +
                     note + summary);
  std::ofstream(dir / "site/site.toml") << toml;
  Run strict = run({"check", site, "--strict"});
  CHECK(strict.code == 0);
  CHECK(strict.err == note + summary);
  CHECK(run({"build", site, "--strict", "-q", "-o", (dir / "public").string()}).code == 0);
  fs::remove_all(dir);
}

TEST_CASE("cli: upgrade says a current tree is current, and refuses a newer format") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "upgrade";
  REQUIRE(run({"new", (dir / "site").string()}).code == 0);
  std::string site = (dir / "site").string();
  std::ifstream in(dir / "site/site.toml", std::ios::binary);
  std::string before((std::istreambuf_iterator<char>(in)), {});
  Run u = run({"upgrade", site});
  CHECK(u.err == "");
  CHECK(u.code == 0);
  CHECK(u.out == site + " is in content format 1, the current one: nothing to upgrade\n");
  std::ifstream after_in(dir / "site/site.toml", std::ios::binary);
  CHECK(std::string((std::istreambuf_iterator<char>(after_in)), {}) == before);
  { std::ofstream(dir / "site/site.toml", std::ios::binary) << "format = 2\n" << before; }
  Run newer = run({"upgrade", site});
  CHECK(newer.code == 1);
  CHECK(newer.err == "sitegen: error: " + site +
                         ": this site is in content format 2, but sitegen " + SITEGEN_VERSION +
                         " reads format 1 and older: upgrade sitegen\n");
  Run b = run({"build", site, "-o", (dir / "public").string()});
  CHECK(b.code == 1);
  CHECK(b.err.find(site +
                   "/site.toml:1:10: error: this site is in content format 2, but sitegen") == 0);
  CHECK(run({"upgrade", "a", "b"}).code == 2);
  fs::remove_all(dir);
}

TEST_CASE("cli: new --language sets the starter site's language and refuses an unknown one") {
  testing::TempDir tmp;
  fs::path dir = tmp.path / "new-language";
  fs::create_directories(dir);
  for (const char* flag : {"", "--group"}) {
    CAPTURE(flag);
    std::vector<std::string> args = {"new", (dir / (std::string("de") + flag)).string(),
                                     "--language", "de"};
    if (*flag) args.push_back(flag);
    Run n = run(args);
    CHECK(n.err == "");
    REQUIRE(n.code == 0);
    std::ifstream f(dir / (std::string("de") + flag) / "site.toml");
    std::string toml((std::istreambuf_iterator<char>(f)), {});
    CHECK(toml.find("\nlanguage = \"de\"\n") != std::string::npos);
    CHECK(toml.find("\nlanguage = \"en\"\n") == std::string::npos);
    Run b = run({"build", (dir / (std::string("de") + flag)).string(), "-o",
                 (dir / (std::string("out") + flag)).string(), "--strict", "-q"});
    CHECK(b.err == "");
    CHECK(b.code == 0);
    std::ifstream page(dir / (std::string("out") + flag) / "index.html");
    std::string html((std::istreambuf_iterator<char>(page)), {});
    CHECK(html.find("<html lang=\"de\"") != std::string::npos);
  }
  Run bad = run({"new", (dir / "xx").string(), "--language", "xx"});
  CHECK(bad.code == 2);
  CHECK(bad.err ==
        "sitegen: error: sitegen has no words for the language `xx`; choose one of de, en, es, "
        "fr, ja, ko, pt, zh, zh-Hant\n");
  CHECK_FALSE(fs::exists(dir / "xx"));
  CHECK(run({"new", (dir / "yy").string(), "--language"}).code == 2);
  fs::remove_all(dir);
}
