// POSIX systems pass the arguments as the bytes typed, UTF-8 on every current system,
// and the terminal decodes what is written: nothing to do.
#include "cli/console.h"

namespace sitegen {

Console::Console(int argc, char** argv) : args_(argv, argv + argc) {}

Console::~Console() = default;

}  // namespace sitegen
