// The watcher, with inotify and with polling: an editor's save is one batch, new and
// deleted files and new folders are seen, editor scratch files are not.
#include "serve/watch.h"
#include "serve/watch_backend.h"

#include "output/writer.h"
#include "support/test_dir.h"
#include "support/write_output.h"

#include <doctest/doctest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <thread>

namespace fs = std::filesystem;
using namespace sitegen;
using std::chrono::milliseconds;

namespace {

using testing::TempDir;
using testing::write_file;
using testing::write_output;

std::string names(const Changes& c, const fs::path& root) {
  std::string out;
  for (const std::string& p : c.paths) {
    if (!out.empty()) out += ' ';
    out += fs::relative(p, root).string();
  }
  return out;
}

WatchOptions options(bool poll) {
  WatchOptions o;
  o.poll = poll;
  // Longer than in `serve`, so the 10 ms pauses of the burst below stay within it even
  // on a loaded machine.
  o.debounce = milliseconds(150);
  o.poll_interval = milliseconds(20);
  return o;
}

}  // namespace

TEST_CASE("watch: editor scratch files") {
  for (const char* name : {"4913", ".bio.md.swp", ".bio.md.swx", "bio.md~", ".#bio.md",
                           ".goutputstream-AB12", "bio.md___jb_tmp___"})
    CHECK(is_editor_temp(name));
  for (const char* name : {"bio.md", "site.toml", ".nojekyll", "swp", "style.css", ".well-known"})
    CHECK_FALSE(is_editor_temp(name));
}

TEST_CASE("watch: a burst of writes is one batch") {
  for (bool poll : {false, true}) {
    CAPTURE(poll);
    TempDir tmp;
    write_file(tmp.path / "bio.md", "old\n");
    Watcher w(options(poll));
    w.set_roots({tmp.path.string()});
    std::string why;  // without the platform's notifications (-DSITEGEN_PORTABLE) it polls
    CHECK(w.polling() == (poll || !native_watch_backend(options(poll), &why)));

    // Save as vim does (probe file, write a temporary, rename it over), then two more writes.
    std::thread editor([&] {
      write_file(tmp.path / "4913", "");
      fs::remove(tmp.path / "4913");
      write_file(tmp.path / "bio.md.tmp", "new\n");
      fs::rename(tmp.path / "bio.md.tmp", tmp.path / "bio.md");
      std::this_thread::sleep_for(milliseconds(10));
      write_file(tmp.path / "bio.md", "newer\n");
      std::this_thread::sleep_for(milliseconds(10));
      write_file(tmp.path / "bio.md", "newest\n");
    });
    Changes c = w.wait(milliseconds(3000));
    editor.join();
    CHECK(names(c, tmp.path) == "bio.md");
    CHECK_FALSE(c.rescan);
    Changes again = w.wait(milliseconds(300));
    CHECK(again.empty());
  }
}

TEST_CASE("watch: new and deleted files, new folders, scratch files alone") {
  for (bool poll : {false, true}) {
    CAPTURE(poll);
    TempDir tmp;
    fs::create_directories(tmp.path / "static");
    write_file(tmp.path / "news.toml", "x\n");
    Watcher w(options(poll));
    w.set_roots({tmp.path.string(), (tmp.path / "missing-theme").string()});

    write_file(tmp.path / ".bio.md.swp", "swap");
    CHECK(w.wait(milliseconds(300)).empty());

    fs::remove(tmp.path / "news.toml");
    CHECK(names(w.wait(milliseconds(3000)), tmp.path) == "news.toml");

    fs::create_directories(tmp.path / "static/papers/2025");
    write_file(tmp.path / "static/papers/2025/a.pdf", "%PDF");
    Changes c = w.wait(milliseconds(3000));
    CHECK(names(c, tmp.path).find("static/papers/2025/a.pdf") != std::string::npos);
    // Files in the new folder are watched from now on.
    write_file(tmp.path / "static/papers/2025/b.pdf", "%PDF");
    CHECK(names(w.wait(milliseconds(3000)), tmp.path) == "static/papers/2025/b.pdf");

    // A root that appears later is picked up.
    fs::create_directories(tmp.path / "missing-theme");
    write_file(tmp.path / "missing-theme/home.mustache", "x");
    CHECK(names(w.wait(milliseconds(3000)), tmp.path).find("missing-theme") != std::string::npos);
  }
}

TEST_CASE("watch: stop wakes a waiting thread") {
  TempDir tmp;
  Watcher w(options(false));
  w.set_roots({tmp.path.string()});
  auto start = std::chrono::steady_clock::now();
  std::thread stopper([&] {
    std::this_thread::sleep_for(milliseconds(50));
    w.stop();
  });
  CHECK(w.wait(milliseconds(5000)).empty());
  stopper.join();
  CHECK(std::chrono::steady_clock::now() - start < milliseconds(1000));
}

TEST_CASE("watch: a build into public/ inside the content folder starts no rebuild") {
  // `sitegen build` in a tree made by `sitegen new` writes ./public and stages it beside,
  // while `sitegen serve` watches `.`.
  for (bool poll : {false, true}) {
    CAPTURE(poll);
    TempDir tmp;
    write_file(tmp.path / "bio.md", "old\n");
    Watcher w(options(poll));
    w.set_roots({tmp.path.string()});
    Output site;
    site.files["index.html"].bytes = "<p>one</p>";
    std::string err;
    REQUIRE(write_output(site, tmp.path / "public", nullptr, &err));  // the first build
    site.files["index.html"].bytes = "<p>two</p>";
    site.files["news/index.html"].bytes = "<p>news</p>";
    REQUIRE(write_output(site, tmp.path / "public", nullptr, &err));
    CHECK(w.wait(milliseconds(400)).empty());
    write_file(tmp.path / "bio.md", "new\n");
    CHECK(names(w.wait(milliseconds(3000)), tmp.path) == "bio.md");
  }
}
