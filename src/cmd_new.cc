// `sitegen new DIR`: writes the starter site compiled into the binary.
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <string_view>

#include "cli.h"

namespace fs = std::filesystem;

namespace sitegen {

const std::map<std::string, std::string_view>& embedded_starter_files();

int cmd_new(const std::vector<std::string>& args, Io io) {
  if (args.size() != 1 || args[0].empty() || args[0][0] == '-') {
    io.err << "usage: sitegen new DIR\n";
    return kExitUsage;
  }
  fs::path dir = args[0];
  std::error_code ec;
  if (fs::exists(dir, ec) && (!fs::is_directory(dir, ec) || !fs::is_empty(dir, ec))) {
    io.err << "sitegen: error: " << dir.string()
           << " already exists and is not empty; choose a new directory\n";
    return kExitErrors;
  }
  for (const auto& [rel, bytes] : embedded_starter_files()) {
    fs::path p = dir / rel;
    fs::create_directories(p.parent_path(), ec);
    std::ofstream f(p, std::ios::binary);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!f) {
      io.err << "sitegen: error: cannot write " << p.string() << "\n";
      return kExitErrors;
    }
  }
  io.out << "created a starter site in " << dir.string() << "\n"
         << "next: edit " << (dir / "site.toml").string() << ", then run\n"
         << "  sitegen build " << dir.string() << " -o public\n";
  return kExitOk;
}

}  // namespace sitegen
