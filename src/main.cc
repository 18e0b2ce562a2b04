// sitegen's entry point: argv to the command table, nothing else.
#include <iostream>

#include "cli.h"

#ifdef SITEGEN_JEMALLOC
// jemalloc reads this at its first allocation, before main: its memory is backed by
// transparent huge pages, so a big build takes one page fault per 2 MiB instead of
// one per 4 KiB (see CMakeLists.txt).
extern "C" const char* malloc_conf;
const char* malloc_conf = "thp:always,metadata_thp:always";
#endif

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv, argv + argc);
  return sitegen::run_cli(args, {std::cout, std::cerr});
}
