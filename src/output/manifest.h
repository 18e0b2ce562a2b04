// The stamp file's text (kStampFile, site_output.h): the list of files sitegen wrote
// into an output folder, which later builds may replace or remove and nothing else.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace sitegen {

// One path a line, each with `%`, control bytes (newline too) and a leading `#`
// percent-encoded, so any file name reads back as itself.
std::string write_manifest(const std::set<std::string>& files);

// The paths a stamp lists. Also reads the stamps of sitegen before the encoding (one
// raw path a line), whose names hold no newline. False when the text is not a stamp or
// is damaged; *err says why ("line 3: `%4` is not a percent-escape").
bool read_manifest(std::string_view text, std::set<std::string>* files, std::string* err);

}  // namespace sitegen
