// parse_base_url: the one place a base_url is normalised.
#include "load/base_url.h"

namespace sitegen {

BaseUrl parse_base_url(std::string_view text) {
  BaseUrl b;
  size_t scheme = text.find("://");
  if (scheme == std::string_view::npos) {
    b.root = text.starts_with('/') ? std::string(text) : "/" + std::string(text);
  } else {
    size_t path = text.find('/', scheme + 3);
    b.root = path == std::string_view::npos ? "/" : std::string(text.substr(path));
    b.abs = text;
    if (b.abs.back() != '/') b.abs += '/';
  }
  if (b.root.back() != '/') b.root += '/';
  return b;
}

}  // namespace sitegen
