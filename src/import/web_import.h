// What `sitegen import dblp|orcid|openalex` and `sitegen update citations` write, made
// before anything is written: the fetched works checked and merged into the site's as
// text to append, and the content as it would be afterwards, built in memory, so an
// import never leaves a tree that fails to build.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/diag.h"
#include "base/source.h"
#include "import/merge.h"
#include "model/model.h"

namespace sitegen {

struct WebImportText {
  MergeResult merged;
  std::string added;  // appended after the target's old text; "" when nothing is added
};

// `fetched` (from one source, in its order) checked with check_imported (its warnings in
// `diags`, where the source's are, so they quote the answer as those do), merged into
// `existing`, and written as text for the target: BibTeX entries for a .bib (`bib`), else
// [[publication]] tables under the comment `header`, introduced as fits `old_text` (the
// target's text; `exists` false when there is no such file yet).
WebImportText web_import_text(const std::vector<Publication>& existing,
                              std::vector<Publication> fetched, const std::string& header,
                              const std::string& old_text, bool exists, bool bib,
                              Diagnostics& diags);

// The content folder with `files` (paths relative to it) replaced, built in memory (no
// cv.pdf): the diagnostics of a build that fails, "" for one that succeeds.
std::string build_errors_after(const Source& content,
                               const std::map<std::string, std::string>& files);

}  // namespace sitegen
