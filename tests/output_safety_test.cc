// Output safety, proven against the real binary on a big generated site: a failed
// build leaves the old output byte-for-byte; a build killed at any moment leaves the
// complete old or the complete new site; files sitegen did not write survive every
// build; two builds at once into one folder never mix their trees.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace {

using Tree = std::map<std::string, std::string>;  // relative path -> bytes (or link target)

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

// Every file, symlink and folder below root.
Tree snapshot(const fs::path& root) {
  Tree m;
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

// A child sitegen with its output captured in files; the caller waits or kills it.
struct Child {
  pid_t pid = -1;
  std::string out_path, err_path;
};

Child spawn(const std::vector<std::string>& args, const fs::path& cwd, bool as_nobody = false) {
  static int counter = 0;
  std::string cap =
      (fs::temp_directory_path() /
       ("sitegen-safety-cap-" + std::to_string(::getpid()) + "-" + std::to_string(counter++)))
          .string();
  Child c{-1, cap + ".out", cap + ".err"};
  std::vector<std::string> argv_s = {SITEGEN_BINARY};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::string dir = cwd.string();
  c.pid = ::fork();
  if (c.pid == 0) {
    int fo = ::open(c.out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fe = ::open(c.err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fo < 0 || fe < 0 || ::dup2(fo, 1) < 0 || ::dup2(fe, 2) < 0) ::_exit(126);
    if (::chdir(dir.c_str()) != 0) ::_exit(126);
    if (as_nobody && (::setgroups(0, nullptr) != 0 || ::setgid(65534) != 0 || ::setuid(65534) != 0))
      ::_exit(126);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  return c;
}

struct Result {
  int code = -1;  // -1: killed by a signal
  std::string err;
};

Result wait_for(const Child& c, int timeout_s = 300) {
  auto start = std::chrono::steady_clock::now();
  int status = 0;
  while (::waitpid(c.pid, &status, WNOHANG) != c.pid) {
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(timeout_s)) {
      ::kill(c.pid, SIGKILL);
      ::waitpid(c.pid, &status, 0);
      FAIL_CHECK("sitegen did not finish within " << timeout_s << " s");
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  Result r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = slurp(c.err_path);
  fs::remove(c.out_path);
  fs::remove(c.err_path);
  return r;
}

Result run(const std::vector<std::string>& args, const fs::path& cwd, bool as_nobody = false) {
  return wait_for(spawn(args, cwd, as_nobody));
}

// A big site in two versions. B retitles every paper (so every page changes), drops
// the last 200 papers and adds 150 new ones, so both the bytes and the file set differ.
std::map<std::string, std::string> big_site(char version, int papers = 3000) {
  std::string pubs;
  int first = version == 'A' ? 0 : 150, last = version == 'A' ? papers : papers - 200 + 150;
  for (int i = first; i < last; ++i) {
    std::string n = std::to_string(i);
    pubs += "[[publication]]\nid = \"paper-" + n + "\"\ntitle = \"" +
            (version == 'A' ? "Scheduling study " : "Revised scheduling study ") + n +
            "\"\nauthors = [\"Ada Example\", \"Bob Smith\", \"Chen Li\"]\nvenue = \"SOSP '" +
            std::to_string(10 + i % 15) + "\"\nyear = " + std::to_string(2010 + i % 15) +
            "\ntype = \"" + (i % 3 ? "conference" : "journal") +
            "\"\nabstract = \"We study *clusters* at scale, case " + n + ".\"\n\n";
  }
  std::string news;
  for (int i = 0; i < 50; ++i)
    news += "[[news]]\ndate = 2024-01-" + std::string(i % 28 < 9 ? "0" : "") +
            std::to_string(i % 28 + 1) + "\ntext = \"News item " + std::to_string(i) +
            (version == 'A' ? "" : " (updated)") + "\"\n\n";
  return {{"site.toml", "[person]\nname = \"Ada Example\"\n"},
          {"bio.md", std::string("Ada builds systems. Version ") + version + ".\n"},
          {"publications.toml", pubs},
          {"news.toml", news},
          {"static/photo.png", std::string("png-") + version}};
}

// A scratch folder with two content versions and their reference builds.
struct Sandbox {
  fs::path root;
  explicit Sandbox(const std::string& name) {
    root =
        fs::temp_directory_path() / ("sitegen-safety-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(root);
    fs::create_directories(root);
    fs::permissions(root, fs::perms(0777));
  }
  ~Sandbox() {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (!it->is_symlink())
        fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(root, ec);
  }
  void write_content(const std::string& dir, const std::map<std::string, std::string>& files) {
    fs::remove_all(root / dir);
    for (const auto& [rel, bytes] : files) spit(root / dir / rel, bytes);
  }
};

// The files the stamp says sitegen wrote.
std::set<std::string> manifest_of(const fs::path& out) {
  std::set<std::string> files;
  std::istringstream in(slurp(out / ".sitegen-manifest"));
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') files.insert(line);
  return files;
}

// Regular files (and symlinks) below out, without the stamp and the given user files.
std::set<std::string> files_in(const fs::path& out, const std::set<std::string>& user) {
  std::set<std::string> files;
  for (const auto& [rel, what] : snapshot(out))
    if (what != "dir" && rel != ".sitegen-manifest" && !user.count(rel)) files.insert(rel);
  return files;
}

// "A" or "B" when out holds exactly that reference build (plus the user's files);
// otherwise a description of what is wrong.
std::string which_build(const fs::path& out, const Tree& a, const Tree& b, const Tree& user) {
  Tree now = snapshot(out);
  for (const auto& [rel, bytes] : user)
    if (now[rel] != bytes) return "user file " + rel + " changed or missing";
  std::set<std::string> user_names;
  for (const auto& [rel, _] : user) user_names.insert(rel);
  std::set<std::string> listed = manifest_of(out), present = files_in(out, user_names);
  if (listed != present)
    return "the stamp lists " + std::to_string(listed.size()) + " files but " +
           std::to_string(present.size()) + " are present";
  for (const auto& [name, ref] : {std::pair<std::string, const Tree*>{"A", &a}, {"B", &b}}) {
    bool same = true;
    for (const std::string& rel : present) {
      auto it = ref->find(rel);
      if (it == ref->end() || it->second != now[rel]) {
        same = false;
        break;
      }
    }
    size_t ref_files = 0;
    for (const auto& [rel, what] : *ref)
      if (what != "dir" && rel != ".sitegen-manifest") ++ref_files;
    if (same && ref_files == present.size()) return name;
  }
  return "a mix of both builds, or neither";
}

// A reference build of one content version, in its own folder.
Tree reference(Sandbox& box, const std::string& content, const std::string& name) {
  Result r = run({"build", content, "-o", name, "-q"}, box.root);
  REQUIRE(r.err == "");
  REQUIRE(r.code == 0);
  Tree t = snapshot(box.root / name);
  t.erase(".sitegen-manifest");
  return t;
}

}  // namespace

TEST_CASE("output safety: a failed build leaves every byte of the old output") {
  Sandbox box("failed");
  box.write_content("a", big_site('A', 300));
  box.write_content("b", big_site('B', 300));
  fs::create_directories(box.root / "w");
  fs::permissions(box.root / "w", fs::perms(0777));
  bool nobody = ::geteuid() == 0;  // root reads mode-000 files; nobody does not
  REQUIRE(run({"build", "a", "-o", "w/public", "-q"}, box.root, nobody).code == 0);
  spit(box.root / "w/public/notes.txt", "mine");
  Tree before = snapshot(box.root / "w/public");
  REQUIRE(before.size() > 300);

  SUBCASE("an error in the content") {
    spit(box.root / "b/news.toml", "[[news]\n");
    Result r = run({"build", "b", "-o", "w/public", "-q"}, box.root, nobody);
    CHECK(r.code == 1);
    CHECK(r.err.find("nothing was written, w/public is unchanged") != std::string::npos);
  }
  SUBCASE("a file that cannot be read, after every page is staged") {
    spit(box.root / "b/static/zzz-last.bin", "secret");
    fs::permissions(box.root / "b/static/zzz-last.bin", fs::perms::none);
    Result r = run({"build", "b", "-o", "w/public", "-q"}, box.root, nobody);
    CHECK(r.code == 1);
    CHECK(r.err == "sitegen: error: cannot read b/static/zzz-last.bin: Permission denied; " +
                       (box.root / "w/public").string() + " is unchanged\n");
  }
  SUBCASE("a page that would replace the user's file") {
    spit(box.root / "b/static/notes.txt", "from static");
    Result r = run({"build", "b", "-o", "w/public", "-q"}, box.root, nobody);
    CHECK(r.code == 1);
    CHECK(r.err == "sitegen: error: refusing to overwrite " +
                       (box.root / "w/public/notes.txt").string() +
                       ", which sitegen did not create; " + (box.root / "w/public").string() +
                       " is unchanged\n");
  }
  CHECK(snapshot(box.root / "w/public") == before);
  CHECK_FALSE(fs::exists(box.root / "w/.public.sitegen-staging"));
}

// Over a minute: ten builds of a site of 3,000 files, killed at random moments. In the
// test suite "slow" (the ctest label `slow`, tests/slow_labels.cmake): CI runs it.
TEST_CASE("output safety: SIGKILL at random moments never leaves a half-written site" *
          doctest::test_suite("slow")) {
  Sandbox box("sigkill");
  box.write_content("a", big_site('A'));
  box.write_content("b", big_site('B'));
  Tree ref_a = reference(box, "a", "ref-a");
  Tree ref_b = reference(box, "b", "ref-b");
  REQUIRE(ref_a.size() > 3000);
  REQUIRE(ref_a != ref_b);

  // The output starts as build A, with files of the user's beside sitegen's.
  REQUIRE(run({"build", "a", "-o", "public", "-q"}, box.root).code == 0);
  Tree user = {{"notes.txt", "file: my notes"},
               {"publications/README.txt", "file: inside a folder sitegen writes"}};
  for (const auto& [rel, bytes] : user) spit(box.root / "public" / rel, bytes.substr(6));
  CHECK(which_build(box.root / "public", ref_a, ref_b, user) == "A");

  // How long one whole build takes here, so the kills spread over all of it.
  auto start = std::chrono::steady_clock::now();
  REQUIRE(run({"build", "b", "-o", "public", "-q"}, box.root).code == 0);
  double full = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(which_build(box.root / "public", ref_a, ref_b, user) == "B");

  unsigned seed = 20240907;  // fixed, so a failure can be replayed
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> when(0.0, full * 1.1);
  std::string current = "B";
  int killed_mid_way = 0;
  for (int round = 0; round < 10; ++round) {
    std::string next = current == "A" ? "B" : "A";
    double delay = when(rng);
    CAPTURE(round);
    CAPTURE(delay);
    Child c = spawn({"build", next == "A" ? "a" : "b", "-o", "public", "-q"}, box.root);
    std::this_thread::sleep_for(std::chrono::duration<double>(delay));
    ::kill(c.pid, SIGKILL);
    Result r = wait_for(c);
    if (r.code == -1) ++killed_mid_way;
    std::string now = which_build(box.root / "public", ref_a, ref_b, user);
    CHECK((now == current || now == next));
    if (now == "A" || now == "B") current = now;
  }
  MESSAGE("one build takes " << full << " s; " << killed_mid_way
                             << " of 10 builds were killed "
                                "before they ended (seed "
                             << seed << ")");
  CHECK(killed_mid_way >= 3);
  // Whatever a killed build left behind, the next build finishes the job and cleans up.
  Result r = run({"build", "a", "-o", "public", "-q"}, box.root);
  CHECK(r.err == "");
  CHECK(which_build(box.root / "public", ref_a, ref_b, user) == "A");
  CHECK_FALSE(fs::exists(box.root / ".public.sitegen-staging"));
}

TEST_CASE("output safety: sitegen never removes a file it did not write") {
  Sandbox box("foreign-files");
  box.write_content("a", big_site('A', 100));
  box.write_content("b", big_site('B', 100));
  fs::path out = box.root / "public";
  REQUIRE(run({"build", "a", "-o", "public", "-q"}, box.root).code == 0);
  // The user's own things, everywhere sitegen writes too.
  spit(out / "notes.txt", "top level");
  spit(out / "drafts/post.md", "a folder of the user's");
  fs::create_directories(out / "uploads");  // an empty folder of the user's
  spit(out / "publications/paper-5/slides.pdf", "beside a page sitegen writes");
  spit(out / "publications/paper-99/extra/data.csv", "deep inside a page that goes away");
  fs::create_directories(out / "assets/empty-by-hand");
  fs::create_directory_symlink("/usr/share", out / "assets/shared");
  fs::create_symlink("../notes.txt", out / "publications/notes-link");
  // Everything sitegen's stamp does not list: files, links and empty folders.
  auto users = [&] {
    std::set<std::string> listed = manifest_of(out);
    Tree mine;
    for (const auto& [rel, what] : snapshot(out))
      if (!listed.count(rel) && rel != ".sitegen-manifest" &&
          (what != "dir" || fs::is_empty(out / rel)))
        mine[rel] = what;
    return mine;
  };
  Tree before = users();
  REQUIRE(before.count("uploads") == 1);
  REQUIRE(before.count("assets/shared") == 1);
  REQUIRE(before.count("publications/paper-99/extra/data.csv") == 1);

  // B drops paper-0 .. paper-149 (their pages go) and retitles the rest; then A again.
  for (const char* content : {"b", "a", "b"}) {
    CAPTURE(content);
    Result r = run({"build", content, "-o", "public", "-q"}, box.root);
    CHECK(r.err == "");
    CHECK(r.code == 0);
    CHECK(users() == before);
  }
  CHECK_FALSE(fs::exists(out / "publications/paper-0/index.html"));
  CHECK(fs::exists(out / "publications/paper-99/extra/data.csv"));
}

TEST_CASE("output safety: two builds at once into one folder never mix their trees") {
  Sandbox box("concurrent");
  box.write_content("a", big_site('A', 400));
  box.write_content("b", big_site('B', 400));
  Tree ref_a = reference(box, "a", "ref-a");
  Tree ref_b = reference(box, "b", "ref-b");
  REQUIRE(run({"build", "a", "-o", "public", "-q"}, box.root).code == 0);
  const std::string busy = "sitegen: error: another sitegen build is writing into " +
                           box.root.string() + "; try again when it ends\n";
  int refused = 0;
  for (int round = 0; round < 5; ++round) {
    CAPTURE(round);
    Child one = spawn({"build", "a", "-o", "public", "-q"}, box.root);
    Child two = spawn({"build", "b", "-o", "public", "-q"}, box.root);
    Result r1 = wait_for(one), r2 = wait_for(two);
    for (const Result* r : {&r1, &r2}) {
      CHECK((r->code == 0 || r->code == 1));
      if (r->code == 0) CHECK(r->err == "");
      if (r->code == 1) {
        CHECK(r->err == busy);
        ++refused;
      }
    }
    CHECK((r1.code == 0 || r2.code == 0));
    std::string now = which_build(box.root / "public", ref_a, ref_b, {});
    CHECK((now == "A" || now == "B"));
  }
  MESSAGE(refused << " of 10 builds found the folder busy and stopped");
}
