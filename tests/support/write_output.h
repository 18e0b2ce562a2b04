// A whole Output written in one call, for tests that have one in memory: open(), then
// commit(). sitegen itself opens the writer before the build and streams pages into it.
#pragma once

#include <filesystem>
#include <string>

#include "output/writer.h"

namespace sitegen::testing {

inline bool write_output(const Output& output, const std::filesystem::path& out, WriteStats* stats,
                         std::string* err) {
  OutputWriter w;
  return w.open(out, err) && w.commit(output, stats, err);
}

}  // namespace sitegen::testing
