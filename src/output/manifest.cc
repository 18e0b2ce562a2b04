// The output manifest's encoding. A file name may hold any byte but NUL and `/`, so
// the separator (newline) and the escape (`%`) are always escaped in it.
#include "output/manifest.h"

#include "text/url_path.h"

namespace sitegen {

namespace {

// The first line of each format; the old one is a prefix of neither line's remainder.
constexpr std::string_view kHeader =
    "# sitegen output manifest 2: files this directory holds that sitegen wrote, one a "
    "line, percent-encoded\n";
constexpr std::string_view kOldHeader = "# sitegen";

bool needs_escape(unsigned char c, bool first) {
  return c < 0x20 || c == 0x7f || c == '%' || (first && c == '#');
}

}  // namespace

std::string write_manifest(const std::set<std::string>& files) {
  std::string out(kHeader);
  for (const std::string& f : files) {
    bool first = true;
    out += percent_encode(f, [&first](unsigned char c) {
      bool escape = needs_escape(c, first);
      first = false;
      return escape;
    });
    out += '\n';
  }
  return out;
}

bool read_manifest(std::string_view text, std::set<std::string>* files, std::string* err) {
  bool encoded = text.starts_with(kHeader);
  if (!encoded && !text.starts_with(kOldHeader)) {
    *err = "it does not begin with sitegen's header";
    return false;
  }
  files->clear();
  size_t line_no = 0;
  for (size_t pos = 0; pos < text.size();) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (line.empty() || line[0] == '#') continue;
    if (!encoded) {
      files->emplace(line);
      continue;
    }
    std::string path;
    path.reserve(line.size());
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] != '%') {
        path += line[i];
        continue;
      }
      int hi = i + 2 < line.size() ? hex_digit(line[i + 1]) : -1;
      int lo = hi >= 0 ? hex_digit(line[i + 2]) : -1;
      if (lo < 0) {
        *err = "line " + std::to_string(line_no) + ": `" +
               std::string(line.substr(i, std::min<size_t>(3, line.size() - i))) +
               "` is not a percent-escape";
        return false;
      }
      path += static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    files->insert(std::move(path));
  }
  return true;
}

}  // namespace sitegen
