// Windows: the arguments from the UTF-16 command line (argv holds them in the ANSI code
// page, which cannot spell every name), and the console's output code page set to UTF-8
// while sitegen runs, so messages quoting a title or a path show as written.
#include <windows.h>

#include <shellapi.h>

#include "base/wide_text_win32.h"
#include "cli/console.h"

namespace sitegen {

Console::Console(int argc, char** argv) {
  int n = 0;
  if (LPWSTR* wide = CommandLineToArgvW(GetCommandLineW(), &n)) {
    for (int i = 0; i < n; ++i) args_.push_back(from_wide(wide[i]));
    LocalFree(wide);
  } else {
    args_.assign(argv, argv + argc);
  }
  old_output_cp_ = GetConsoleOutputCP();
  SetConsoleOutputCP(CP_UTF8);
}

Console::~Console() {
  if (old_output_cp_ != 0) SetConsoleOutputCP(old_output_cp_);
}

}  // namespace sitegen
