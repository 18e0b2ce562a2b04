// sitegen's entry point: argv to the command table, nothing else.
#include <iostream>

#include "cli/cli.h"
#include "cli/console.h"

#ifdef SITEGEN_JEMALLOC
// jemalloc reads this at its first allocation, before main: its memory is backed by
// transparent huge pages, so a big build takes one page fault per 2 MiB instead of
// one per 4 KiB (see CMakeLists.txt). One arena for all threads: each further arena
// starts on fresh pages of its own, while with one the render threads reuse what
// loading freed (a 1,000-entry .bib builds 12 ms faster; bench/README.md).
extern "C" const char* malloc_conf;
const char* malloc_conf = "thp:always,metadata_thp:always,narenas:1";
#endif

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  sitegen::Console console(argc, argv);
  return sitegen::run_cli(console.args(), {std::cout, std::cerr});
}
