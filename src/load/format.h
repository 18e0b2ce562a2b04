// The content format's version (`format = N` in site.toml) and the steps that carry a
// content tree from one format to the next, for `sitegen upgrade`.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/diag.h"

namespace sitegen {

// The format this sitegen reads and writes. A tree without `format` is format 1.
inline constexpr int kContentFormat = 1;

// A content tree's text files (site.toml, *.md, *.toml), by path relative to it.
using ContentFiles = std::map<std::string, std::string>;

// One change of the format: rewrites the files of a tree in format `from` to format
// from + 1 as text, so comments and layout stay; says what it did in `notes`. A new
// format adds one step here (format.cc) and raises kContentFormat.
struct FormatStep {
  int from;
  void (*apply)(ContentFiles& files, std::vector<std::string>& notes);
};
const std::vector<FormatStep>& format_steps();

// The `format` of site.toml's text (1 when absent), or 0 after reporting an error
// (not an integer, less than 1).
int read_format(const std::string& site_toml, const std::string& display, Diagnostics& diags);

// The error for a tree newer than this sitegen, or "" when it can read `format`.
std::string format_too_new(int format);

struct UpgradeResult {
  int from = 1;
  int to = 1;
  std::vector<std::string> notes;    // one line per change
  std::vector<std::string> changed;  // files rewritten, relative to the tree
};

// Carries `files` from format `from` to the last format `steps` reach, then records it
// in site.toml (`format = N`: the line replaced where it is, else added at the top,
// after the opening comments). Nothing changes when the tree is current.
UpgradeResult upgrade_files(ContentFiles& files, int from, const std::vector<FormatStep>& steps);

// site.toml's text with `format = N` set, all else as it was.
std::string set_format(const std::string& site_toml, int format);

}  // namespace sitegen
