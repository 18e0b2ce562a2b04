// Writing the output: a complete new tree is staged beside the output directory and
// swapped in with one rename, so readers never see a half-written site. Unchanged
// files are hard-linked from the previous build instead of rewritten, and files
// sitegen did not create are carried over untouched.
#include "output/writer.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <optional>
#include <set>
#include <vector>

#include "base/parallel.h"
#include "base/utf8_path.h"
#include "base/whole_file.h"
#include "output/manifest.h"
#include "output/out_files.h"
#include "output/swap_dirs.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

// The files a previous build recorded in its stamp; nullopt when there is no stamp
// (*err empty) or it cannot be read (*err says why).
std::optional<std::set<std::string>> read_stamp(const fs::path& out, std::string* err) {
  std::string text;
  std::error_code ec;
  if (!fs::is_regular_file(out / kStampFile, ec) || !read_file_whole(out / kStampFile, &text))
    return std::nullopt;
  std::set<std::string> files;
  if (read_manifest(text, &files, err)) return files;
  return std::nullopt;
}

bool same_bytes(const fs::path& p, const std::string& copy_from, std::string_view bytes) {
  std::error_code ec;
  if (!copy_from.empty()) {
    if (fs::file_size(p, ec) != fs::file_size(utf8_path(copy_from), ec) || ec) return false;
    std::string a, b;
    return read_file_whole(p, &a) && read_file_whole(utf8_path(copy_from), &b) && a == b;
  }
  if (fs::file_size(p, ec) != bytes.size() || ec) return false;
  std::string old;
  return read_file_whole(p, &old) && old == bytes;
}

// Carries a file or folder sitegen did not create into the new tree.
bool carry_over(const fs::path& from, const fs::path& to, std::string* err) {
  std::error_code ec;
  auto st = fs::symlink_status(from, ec);
  if (fs::is_symlink(st)) {
    fs::copy_symlink(from, to, ec);
  } else if (fs::is_directory(st)) {
    fs::create_directories(to, ec);
    for (const auto& entry : fs::directory_iterator(from, ec))
      if (!carry_over(entry.path(), to / entry.path().filename(), err)) return false;
  } else {
    return link_or_copy_file(from, to, err);
  }
  if (ec) *err = "cannot carry over " + from.string() + ": " + ec.message();
  return !ec;
}

// An output path that stays inside the output directory: relative, '/'-separated,
// no empty, `.` or `..` segments. Paths come from slugs, but this is the last line.
bool safe_rel(std::string_view rel) {
  if (rel.empty() || rel.front() == '/' || rel.back() == '/') return false;
  if (rel.find('\\') != std::string_view::npos || rel.find('\0') != std::string_view::npos)
    return false;
  for (size_t start = 0; start <= rel.size();) {
    size_t end = std::min(rel.find('/', start), rel.size());
    std::string_view seg = rel.substr(start, end - start);
    if (seg.empty() || seg == "." || seg == "..") return false;
    start = end + 1;
  }
  return true;
}

// Leaves sitegen's mark in a folder it made or is about to swap out.
bool mark(const fs::path& dir, std::string* err) {
  return create_mark(dir / kWorkMarker, err);
}

// Removes what a killed or failed build left at `dir` (the staging or old folder): only a
// folder holding sitegen's mark, or an empty one. Anything else there is the user's.
bool clear_leftover(const fs::path& dir, std::string* err) {
  std::error_code ec;
  fs::file_status st = fs::symlink_status(dir, ec);
  if (!fs::exists(st)) return true;
  if (fs::is_directory(st) && fs::is_regular_file(fs::symlink_status(dir / kWorkMarker, ec))) {
    fs::remove_all(dir, ec);
    if (!ec) return true;
    *err = "cannot remove " + dir.string() + ", left by an earlier build: " + ec.message();
    return false;
  }
  if (fs::is_directory(st) && fs::is_empty(dir, ec) && fs::remove(dir, ec)) return true;
  *err = dir.string() + " is in the way: sitegen builds the new site there and swaps it in, " +
         "but it did not make this " + (fs::is_directory(st) ? "folder" : "file") +
         " (there is no " + kWorkMarker + " in it), so it leaves it alone; move or rename it";
  return false;
}

}  // namespace

bool read_output_file(const OutputFile& f, std::string* bytes, std::string* err) {
  if (f.copy_from.empty()) {
    *bytes = f.bytes;
    return true;
  }
  if (read_file_whole(utf8_path(f.copy_from), bytes)) return true;
  *err = "cannot read " + f.copy_from + ": " + std::strerror(errno);
  return false;
}

struct OutputWriter::State {
  fs::path out, parent, staging;
  OutDir staging_dir;   // files are created in it by their path below it
  FolderLock lock;      // serialises builds into the same parent folder
  bool exists = false;  // `out` was there before
  std::set<std::string> old_manifest;
  bool committed = false;
  std::mutex mu;  // guards failure
  std::string failure;
  std::atomic<bool> failed{false};
  std::atomic<size_t> unchanged{0};
  std::mutex dirs_mu;                       // guards dirs
  std::set<std::string, std::less<>> dirs;  // folders made in the staging directory

  bool fail(std::string why) {
    std::lock_guard<std::mutex> g(mu);
    if (!failed.exchange(true)) failure = std::move(why);
    return false;
  }
};

OutputWriter::OutputWriter() = default;

OutputWriter::~OutputWriter() {
  if (s_ && !s_->committed && !s_->staging.empty()) {
    std::error_code ec;
    fs::remove_all(s_->staging, ec);
  }
}

bool OutputWriter::open(const fs::path& out_arg, std::string* err) {
  s_ = std::make_unique<State>();
  State& s = *s_;
  std::error_code ec;
  s.out = fs::absolute(out_arg, ec).lexically_normal();
  if (s.out.has_filename() == false) s.out = s.out.parent_path();
  s.parent = s.out.parent_path();
  fs::create_directories(s.parent, ec);
  if (ec) {
    *err = "cannot create " + s.parent.string() + ": " + ec.message();
    return false;
  }
  if (!s.lock.try_lock(s.parent)) {
    *err =
        "another sitegen build is writing into " + s.parent.string() + "; try again when it ends";
    return false;
  }
  // Swapping a new folder in would replace the link by a folder of its own.
  if (fs::is_symlink(fs::symlink_status(s.out, ec))) {
    fs::path to = fs::canonical(s.out, ec);
    *err = "cannot write the site to " + s.out.string() + ": it is a symlink" +
           (ec ? std::string() : " to " + to.string()) +
           ", and sitegen replaces the folder it writes as a whole; give the folder itself" +
           (ec ? std::string() : " (-o " + to.string() + ")");
    return false;
  }
  // Where folders cannot be swapped in one step (macOS, Windows), a build killed between
  // its two renames leaves the previous site, marked, beside a missing output folder: it
  // is put back first, so that neither it nor the user's files in it are lost.
  fs::path old = s.parent / old_dir_name(s.out.filename().string());
  if (!fs::exists(fs::symlink_status(s.out, ec)) && fs::is_directory(fs::symlink_status(old, ec)) &&
      fs::is_regular_file(fs::symlink_status(old / kWorkMarker, ec))) {
    fs::rename(old, s.out, ec);
    if (ec) {
      *err = "cannot move the previous site back from " + old.string() + " to " + s.out.string() +
             " (" + ec.message() + "); move it back by hand";
      return false;
    }
    fs::remove(s.out / kWorkMarker, ec);
  }
  s.exists = fs::exists(s.out, ec);
  if (s.exists && !fs::is_directory(s.out, ec)) {
    *err = "cannot write the site to " + s.out.string() + ": it exists and is not a directory";
    return false;
  }
  if (s.exists) {
    std::string why;
    if (std::optional<std::set<std::string>> m = read_stamp(s.out, &why)) {
      s.old_manifest = std::move(*m);
    } else if (!why.empty()) {
      *err = "refusing to write into " + s.out.string() + ": its " + kStampFile +
             " cannot be read (" + why +
             "), so sitegen cannot tell its files from yours; move your files out and "
             "remove the folder";
      return false;
    } else if (fs::directory_iterator(s.out, ec) != fs::directory_iterator()) {
      *err = "refusing to write into " + s.out.string() +
             ": it is not empty and was not created by sitegen (no " + kStampFile +
             "); choose a new or empty directory";
      return false;
    }
  }
  fs::path staging = s.parent / staging_dir_name(s.out.filename().string());
  if (!clear_leftover(staging, err) || !clear_leftover(old, err)) return false;
  fs::create_directory(staging, ec);
  if (!ec && !mark(staging, err)) {
    fs::remove(staging, ec);
    return false;
  }
  if (!ec) s.staging_dir.open(staging, &ec);
  if (ec) {
    *err = "cannot create " + staging.string() + ": " + ec.message() +
           "; sitegen builds the new site beside " + s.out.string() + " and swaps it in, so " +
           s.parent.string() + " must be writable";
    return false;
  }
  s.staging = std::move(staging);
  return true;
}

// Makes the folders above `rel` in the staging directory, each once: a site's files are
// grouped in few folders, and asking the file system again for every file (or creating
// a file first and its folder when that fails) doubled the system calls of a build.
bool OutputWriter::make_parents(std::string_view rel) {
  State& s = *s_;
  for (size_t slash = rel.find('/'); slash != std::string_view::npos;
       slash = rel.find('/', slash + 1)) {
    std::string_view dir = rel.substr(0, slash);
    // Made under the lock: a paper's page and its .bib often ask for the same new
    // folder at the same moment, and the kernel serializes folders made in one parent
    // anyway.
    std::lock_guard<std::mutex> g(s.dirs_mu);
    if (s.dirs.count(dir)) continue;
    std::string d(dir);
    std::error_code ec;
    if (!s.staging_dir.make_dir(d, &ec))
      return s.fail("cannot create " + (s.out / d).string() + ": " + ec.message());
    s.dirs.insert(std::move(d));
  }
  return true;
}

bool OutputWriter::put(const std::string& rel, std::string_view bytes,
                       const std::string& copy_from) {
  State& s = *s_;
  if (s.failed.load(std::memory_order_relaxed)) return false;
  // Files the user put into the output directory must survive; a page may not replace one.
  if (!safe_rel(rel) || rel == kStampFile || rel == kWorkMarker)
    return s.fail("refusing to write `" + rel + "`: the path is not a plain file path inside " +
                  s.out.string());
  fs::path old = s.out / utf8_path(rel);
  bool ours = s.exists && s.old_manifest.count(rel);
  std::error_code ec;
  if (s.exists && !ours && fs::exists(fs::symlink_status(old, ec)))
    return s.fail("refusing to overwrite " + old.string() + ", which sitegen did not create");
  bool keep = ours && same_bytes(old, copy_from, bytes);
  if (!make_parents(rel)) return false;
  std::string why;
  bool ok = keep ? s.staging_dir.link_or_copy(old, rel.c_str(), old, &why)
            // Copied, never linked: a link would let a tool that edits the output in
            // place (an image optimizer, say) change the file in the content folder too.
            : !copy_from.empty() ? s.staging_dir.copy(utf8_path(copy_from), rel.c_str(), old, &why)
                                 : s.staging_dir.write(rel.c_str(), bytes, old, &why);
  if (!ok) return s.fail(why);
  if (keep) s.unchanged.fetch_add(1, std::memory_order_relaxed);
  return true;
}

bool OutputWriter::commit(const Output& output, WriteStats* stats, std::string* err) {
  State& s = *s_;
  auto fail = [&](const std::string& why) {
    std::error_code ec2;
    fs::remove_all(s.staging, ec2);
    s.staging.clear();
    *err = why + (s.exists ? "; " + s.out.string() + " is unchanged" : "; nothing was written");
    return false;
  };
  // The rest of the files on all cores (writing is mostly kernel time, which two threads
  // halve on two cores).
  std::vector<const std::pair<const std::string, OutputFile>*> rest;
  for (const auto& entry : output.files)
    if (!entry.second.written) rest.push_back(&entry);
  parallel_for(rest.size(), 64, [&](size_t i) {
    put(rest[i]->first, rest[i]->second.bytes, rest[i]->second.copy_from);
  });
  if (s.failed) return fail(s.failure);

  const std::map<std::string, OutputFile>& all = output.files;  // every file, written or not
  WriteStats st;
  st.unchanged = s.unchanged;
  st.written = all.size() - st.unchanged;
  std::string why;
  std::error_code ec;
  if (s.exists) {
    const fs::path& out = s.out;
    const std::set<std::string>& old = s.old_manifest;
    // A folder that cannot be read would leave the user's files in it behind: stop.
    std::error_code walk;
    auto unreadable = [&](const fs::path& dir) {
      return fail("cannot read " + dir.string() + ": " + walk.message());
    };
    for (const auto& entry : fs::directory_iterator(out, walk)) {
      std::string name = entry.path().filename().string();
      if (name == kStampFile || name == kWorkMarker) continue;
      // Everything at this level that sitegen never wrote is carried over as it is.
      std::string prefix = name + "/";
      bool ours = old.count(name) > 0;
      for (auto it = old.lower_bound(prefix);
           !ours && it != old.end() && it->compare(0, prefix.size(), prefix) == 0; ++it)
        ours = true;
      if (!ours && !carry_over(entry.path(), s.staging / name, &why)) return fail(why);
      if (ours && entry.is_directory()) {
        // Inside a folder sitegen wrote, keep the user's own files too.
        auto it = fs::recursive_directory_iterator(entry.path(), walk);
        for (; !walk && it != fs::recursive_directory_iterator(); it.increment(walk)) {
          // The path below `out` (fs::relative would resolve symlinks on every call).
          std::string rel = it->path().generic_string().substr(out.generic_string().size() + 1);
          if (old.count(rel) || all.count(rel)) continue;
          // A real folder holding something sitegen wrote is walked; any other folder,
          // and a symlink (to a folder too), is the user's and is carried over whole.
          std::error_code ec2;
          if (it->is_directory(ec2) && !it->is_symlink(ec2)) {
            std::string prefix = rel + "/";
            auto f = all.lower_bound(prefix);
            bool writes = f != all.end() && f->first.compare(0, prefix.size(), prefix) == 0;
            auto m = old.lower_bound(prefix);
            bool wrote = m != old.end() && m->compare(0, prefix.size(), prefix) == 0;
            if (writes || wrote) continue;
            it.disable_recursion_pending();
          }
          fs::create_directories((s.staging / utf8_path(rel)).parent_path(), ec);
          if (!carry_over(it->path(), s.staging / utf8_path(rel), &why)) return fail(why);
        }
        if (walk) return unreadable(entry.path());
      }
    }
    if (walk) return unreadable(out);
    for (const std::string& rel : old)
      if (!all.count(rel)) ++st.removed;
  }
  std::set<std::string> names;
  for (const auto& entry : all) names.insert(entry.first);
  std::string manifest = write_manifest(names);
  if (!s.staging_dir.write(kStampFile, manifest, s.out / kStampFile, &why)) return fail(why);

  // The previous site is marked before it moves out of the way, so that whatever a kill
  // leaves beside the output is known to be sitegen's; a mark left in the output by a
  // kill is dropped by the next build.
  if (s.exists && !mark(s.out, &why)) return fail(why);
  if (!s.exists) {
    fs::rename(s.staging, s.out, ec);
    if (ec) return fail("cannot move the new site into " + s.out.string() + ": " + ec.message());
    fs::remove(s.out / kWorkMarker, ec);
  } else if (swap_dirs(s.staging, s.out)) {
    fs::remove(s.out / kWorkMarker, ec);
    fs::remove_all(s.staging, ec);  // the previous build, now at the staging path
  } else {
    fs::path old = s.parent / old_dir_name(s.out.filename().string());
    auto unmark = [&] {
      std::error_code ec2;
      fs::remove(s.out / kWorkMarker, ec2);
    };
    if (!clear_leftover(old, &why)) {
      unmark();
      return fail(why);
    }
    fs::rename(s.out, old, ec);
    if (ec) unmark();
    if (ec == std::errc::device_or_resource_busy || ec == std::errc::cross_device_link)
      return fail("cannot replace " + s.out.string() + ": it is a mount point (" + ec.message() +
                  "); sitegen swaps in a complete new folder, so build into a folder inside it");
    if (ec) return fail("cannot replace " + s.out.string() + ": " + ec.message());
    fs::rename(s.staging, s.out, ec);
    if (ec) {
      fs::rename(old, s.out, ec);
      unmark();
      return fail("cannot replace " + s.out.string());
    }
    unmark();
    fs::remove_all(old, ec);
  }
  s.committed = true;
  if (stats) *stats = st;
  return true;
}

}  // namespace sitegen
