// Fenced code blocks highlighted at build time ([code] highlight = true in site.toml):
// every block of every language's texts, in one run of Pygments (a Python program,
// https://pygments.org) for the whole build, its results kept in a cache folder so that
// rebuilds (`serve`) need no Python while the code is unchanged.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/diag.h"
#include "model/model.h"
#include "site_build/child_process.h"

namespace sitegen {

// How long Pygments may take for all of a site's blocks.
inline constexpr int kHighlightTimeoutSeconds = 60;

// A block to highlight, and what Pygments made of it: `html` (its token spans, the text
// escaped) when `known`; a language Pygments does not know stays plain.
struct CodeBlockHtml {
  std::string language;
  std::string code;
  bool known = false;
  std::string html;
};

// The blocks with a language of the site's Markdown texts (bio, pages, posts, projects,
// members, talks, CV details, abstracts) and of its translations, by code_block_key.
std::map<std::string, CodeBlockHtml> code_blocks_of(const Site& site,
                                                    const std::vector<Site>& translations);

// The program that runs Pygments on `blocks` (in order), and its input: `python` -c with
// a short script that asks Pygments for each block's lexer by name and formats it with
// its HtmlFormatter (nowrap: the <pre><code> stays sitegen's).
std::vector<std::string> pygments_command(const std::string& python);
std::string pygments_input(const std::vector<const CodeBlockHtml*>& blocks);

// Reads the script's answer into `blocks`, and Pygments' version into `*version`; false
// (with `*err`) when it is not one.
bool read_pygments_output(const std::string& out, const std::vector<CodeBlockHtml*>& blocks,
                          std::string* version, std::string* err);

// The cache entry of a block, <dir>/<16 hex digits>.html; false when it is not there
// whole, or is another block's.
bool read_cached_code(const std::string& dir, CodeBlockHtml& block);
bool write_cached_code(const std::string& dir, const CodeBlockHtml& block,
                       const std::string& version, std::string* err);

// Runs a program as run_child does (a seam for tests).
using RunChild = ChildRun (*)(const std::vector<std::string>&, std::string_view, int);

// With [code] highlight = true: highlights the site's blocks (from `cache_dir` when all
// are there, else by one run of Pygments, whose results are then cached) and gives
// `site` and each translation the HTML (Site::code_html). When Python or Pygments is
// missing or fails, a warning at the setting says so and what to install; the code
// stays plain (what the cache holds is used).
void highlight_code(Site& site, std::vector<Site>& translations, const std::string& cache_dir,
                    Diagnostics& diags, RunChild run = run_child);

}  // namespace sitegen
