// The built site in memory: output path -> bytes, the product of rendering that
// `sitegen build` writes (output/writer.h), `check` inspects and `serve` serves.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace sitegen {

struct OutputFile {
  std::string bytes;        // the content, unless copy_from is set
  std::string copy_from;    // a file on disk to copy verbatim (static files)
  bool written = false;     // already handed to a FileSink; bytes were let go
  bool on_request = false;  // a page rendered when asked for (sitegen serve): no bytes here
};

// Takes each file as soon as it is made, so it need not be kept in an Output; false
// stops the build (the sink knows why).
using FileSink = std::function<bool(const std::string& rel, std::string_view bytes)>;

struct Output {
  // Key: path relative to the output root, '/'-separated: "index.html",
  // "publications/x/index.html".
  std::map<std::string, OutputFile> files;
};

}  // namespace sitegen
