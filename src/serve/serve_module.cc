// The entry point of the serve module (see serve_loader.cc): `sitegen serve` as a
// plain C symbol, so the binary can find it with dlsym.
#include "cli/cli.h"

extern "C" __attribute__((visibility("default"))) int sitegen_serve_main(
    const std::vector<std::string>* args, sitegen::Io* io) {
  return sitegen::cmd_serve(*args, *io);
}
