// Recognising a built site's folders on disk.
#include "base/site_output.h"

namespace sitegen {

namespace {

constexpr std::string_view kStagingSuffix = ".sitegen-staging";
constexpr std::string_view kOldSuffix = ".sitegen-old";

}  // namespace

std::string staging_dir_name(std::string_view out_name) {
  return "." + std::string(out_name) + std::string(kStagingSuffix);
}

std::string old_dir_name(std::string_view out_name) {
  return "." + std::string(out_name) + std::string(kOldSuffix);
}

bool is_site_output_dir(const std::filesystem::path& dir) {
  std::string name = dir.filename().string();
  if (name.size() > 1 && name[0] == '.' &&
      (name.ends_with(kStagingSuffix) || name.ends_with(kOldSuffix)))
    return true;
  std::error_code ec;
  return std::filesystem::is_regular_file(dir / kStampFile, ec);
}

}  // namespace sitegen
