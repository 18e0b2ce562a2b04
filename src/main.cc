// sitegen's entry point: argv to the command table, nothing else.
#include <iostream>

#include "cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv, argv + argc);
  return sitegen::run_cli(args, {std::cout, std::cerr});
}
