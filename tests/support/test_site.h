// Test helpers: build a content tree held in memory and look at the result.
#pragma once

#include <map>
#include <string>

#include "base/source.h"
#include "site_build/build.h"

namespace sitegen::testing {

inline const char* kMinimalSite = "[person]\nname = \"Ada Example\"\n";

inline BuildResult build_files(std::map<std::string, std::string> files, bool strict = false) {
  if (!files.count("site.toml")) files["site.toml"] = kMinimalSite;
  BuildOptions opts;
  opts.strict = strict;
  return build_site(MemorySource(std::move(files)), opts);
}

// The same with options of the command line (`drafts`, `base_url`, ...).
inline BuildResult build_files_with(std::map<std::string, std::string> files,
                                    const BuildOptions& opts) {
  if (!files.count("site.toml")) files["site.toml"] = kMinimalSite;
  return build_site(MemorySource(std::move(files)), opts);
}

// Every diagnostic as the terminal shows it.
inline std::string diagnostics_of(std::map<std::string, std::string> files, bool strict = false) {
  return build_files(std::move(files), strict).diags.format_all();
}

inline std::string page_of(const BuildResult& r, const std::string& path) {
  auto it = r.output.files.find(path);
  return it == r.output.files.end() ? std::string("<missing " + path + ">") : it->second.bytes;
}

// The part of a page inside <main>, where content goes.
inline std::string main_of(const std::string& page) {
  size_t start = page.find("<main");
  size_t end = page.find("</main>");
  if (start == std::string::npos || end == std::string::npos) return "<no main in " + page + ">";
  return page.substr(start, end + 7 - start);
}

}  // namespace sitegen::testing
