// The command line and the console as the platform hands them over (console_posix.cc,
// console_win32.cc): on Windows, the arguments are read as UTF-16 and the console shows
// UTF-8, so names like "Nguyễn" pass through as they do on Linux and macOS.
#pragma once

#include <string>
#include <vector>

namespace sitegen {

class Console {
 public:
  Console(int argc, char** argv);
  ~Console();  // gives the console back as it was
  Console(const Console&) = delete;
  Console& operator=(const Console&) = delete;

  // The arguments, argv[0] first, in UTF-8.
  const std::vector<std::string>& args() const { return args_; }

 private:
  std::vector<std::string> args_;
  [[maybe_unused]] unsigned old_output_cp_ = 0;  // Windows: the console's code page before
};

}  // namespace sitegen
