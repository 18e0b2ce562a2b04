#include "base/whole_file.h"

#include <fstream>
#include <random>
#include <sstream>

namespace sitegen {

namespace fs = std::filesystem;

bool read_file_whole(const fs::path& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  *out = std::move(s).str();
  return !in.bad();
}

bool write_file_whole(const fs::path& path, std::string_view bytes, std::string* err) {
  // A random name, not the process id: two processes (two builds sharing the image
  // cache) may write the same file at once.
  std::random_device rd;
  fs::path tmp = path;
  tmp += ".sitegen-tmp-" + std::to_string(rd()) + std::to_string(rd());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    out.close();
    if (!out) {
      *err = "cannot write " + tmp.string();
      std::error_code ec;
      fs::remove(tmp, ec);  // ours, half written
      return false;
    }
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    *err = "cannot write " + path.string() + ": " + ec.message();
    fs::remove(tmp, ec);
    return false;
  }
  return true;
}

}  // namespace sitegen
