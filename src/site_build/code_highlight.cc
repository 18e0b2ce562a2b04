// highlight_code: the site's code blocks gathered, looked up in the cache, and the rest
// sent to Pygments at once.
#include "site_build/code_highlight.h"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <filesystem>

#include "base/whole_file.h"
#include "markdown/markdown.h"
#include "text/strings.h"

namespace sitegen {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kCacheHeader = "sitegen code cache 1";

// The script Python runs: Pygments' own lexers, looked up by the name after the fence,
// and its HTML formatter; nothing else. It reads each block as "<language bytes> <code
// bytes>\n" then the two, and answers "pygments <version>\n", then for each block
// "-\n" (no lexer of that name) or "<bytes>\n" and the HTML. Exit status 3: no Pygments.
constexpr const char* kPygmentsScript = R"(import sys
try:
    import pygments
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound
except ImportError as e:
    sys.stderr.write(str(e) + "\n")
    sys.exit(3)
data = sys.stdin.buffer.read()
formatter = HtmlFormatter(nowrap=True)
out = [b"pygments " + pygments.__version__.encode() + b"\n"]
at = 0
while at < len(data):
    nl = data.index(b"\n", at)
    n_language, n_code = map(int, data[at:nl].split())
    language = data[nl + 1:nl + 1 + n_language].decode("utf-8", "replace")
    code = data[nl + 1 + n_language:nl + 1 + n_language + n_code].decode("utf-8", "replace")
    at = nl + 1 + n_language + n_code
    try:
        lexer = get_lexer_by_name(language, stripnl=False, ensurenl=False)
    except ClassNotFound:
        out.append(b"-\n")
        continue
    html = highlight(code, lexer, formatter).encode("utf-8")
    out.append(str(len(html)).encode() + b"\n" + html)
sys.stdout.buffer.write(b"".join(out))
)";

// Every Markdown text of a site that may hold a fenced block.
template <class Fn>
void for_each_markdown(const Site& site, Fn fn) {
  fn(site.bio);
  for (const Member& m : site.members) fn(m.bio);
  for (const Page& p : site.pages) fn(p.body);
  for (const Post& p : site.posts) fn(p.body);
  for (const Project& p : site.projects) fn(p.body);
  for (const Talk& t : site.talks) fn(t.abstract);
  for (const CvSection& s : site.cv)
    for (const CvEntry& e : s.entries) fn(e.details);
  for (const Publication& p : site.publications) fn(p.abstract);
}

std::string cache_name(const CodeBlockHtml& block) {
  uint64_t h = fnv1a(code_block_key(block.language, block.code), fnv1a(kCacheHeader));
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return std::string(buf) + ".html";
}

// Each line of the entry before the code: the header, Pygments' version, the language,
// "html" or "plain", the code's size in bytes.
std::string cache_entry(const CodeBlockHtml& block, const std::string& version) {
  return std::string(kCacheHeader) + "\npygments " + version + "\n" + block.language + "\n" +
         (block.known ? "html" : "plain") + "\n" + std::to_string(block.code.size()) + "\n" +
         block.code + block.html;
}

std::string last_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  size_t nl = text.rfind('\n');
  return nl == std::string::npos ? text : text.substr(nl + 1);
}

constexpr std::string_view kInstall =
    "install Pygments (apt install python3-pygments, brew install pygments or pip install "
    "pygments)";

}  // namespace

std::map<std::string, CodeBlockHtml> code_blocks_of(const Site& site,
                                                    const std::vector<Site>& translations) {
  std::map<std::string, CodeBlockHtml> blocks;
  auto gather = [&](const std::string& text) {
    // Only a fence can open a block with a language.
    if (text.find("```") == std::string::npos && text.find("~~~") == std::string::npos) return;
    for (MarkdownCodeBlock& b : markdown_code_blocks(text)) {
      std::string key = code_block_key(b.language, b.code);
      blocks.try_emplace(std::move(key),
                         CodeBlockHtml{std::move(b.language), std::move(b.code), false, ""});
    }
  };
  for_each_markdown(site, gather);
  for (const Site& t : translations) for_each_markdown(t, gather);
  return blocks;
}

std::vector<std::string> pygments_command(const std::string& python) {
  return {python, "-c", kPygmentsScript};
}

std::string pygments_input(const std::vector<const CodeBlockHtml*>& blocks) {
  std::string in;
  for (const CodeBlockHtml* b : blocks)
    in += std::to_string(b->language.size()) + " " + std::to_string(b->code.size()) + "\n" +
          b->language + b->code;
  return in;
}

bool read_pygments_output(const std::string& out, const std::vector<CodeBlockHtml*>& blocks,
                          std::string* version, std::string* err) {
  std::string_view rest = out;
  auto line = [&](std::string_view* l) {
    size_t nl = rest.find('\n');
    if (nl == std::string_view::npos) return false;
    *l = rest.substr(0, nl);
    rest.remove_prefix(nl + 1);
    return true;
  };
  std::string_view first;
  if (!line(&first) || !first.starts_with("pygments ")) {
    *err = "its answer does not start with Pygments' version";
    return false;
  }
  for (size_t i = 0; i < blocks.size(); ++i) {
    std::string_view size;
    if (!line(&size)) {
      *err = "it answered for " + std::to_string(i) + " of the " + std::to_string(blocks.size()) +
             " blocks";
      return false;
    }
    blocks[i]->known = size != "-";
    blocks[i]->html.clear();
    if (!blocks[i]->known) continue;
    size_t n = 0;
    auto [end, ec] = std::from_chars(size.data(), size.data() + size.size(), n);
    if (ec != std::errc() || end != size.data() + size.size() || size.empty() || n > rest.size()) {
      *err = "its answer for block " + std::to_string(i + 1) + " is cut short";
      return false;
    }
    blocks[i]->html = rest.substr(0, n);
    rest.remove_prefix(n);
  }
  if (!rest.empty()) {
    *err = "it answered more blocks than the " + std::to_string(blocks.size()) + " asked for";
    return false;
  }
  *version = first.substr(9);
  return true;
}

bool read_cached_code(const std::string& dir, CodeBlockHtml& block) {
  if (dir.empty()) return false;
  std::string entry;
  if (!read_file_whole(fs::path(dir) / cache_name(block), &entry)) return false;
  // The header lines, then the code (checked: another block with the same hash is not
  // this one), then the HTML.
  std::string_view rest = entry;
  std::string_view lines[5];
  for (std::string_view& line : lines) {
    size_t nl = rest.find('\n');
    if (nl == std::string_view::npos) return false;
    line = rest.substr(0, nl);
    rest.remove_prefix(nl + 1);
  }
  if (lines[0] != kCacheHeader || !lines[1].starts_with("pygments ") ||
      lines[2] != block.language || (lines[3] != "html" && lines[3] != "plain") ||
      lines[4] != std::to_string(block.code.size()) || !rest.starts_with(block.code))
    return false;
  block.known = lines[3] == "html";
  block.html = rest.substr(block.code.size());
  return true;
}

bool write_cached_code(const std::string& dir, const CodeBlockHtml& block,
                       const std::string& version, std::string* err) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    *err = "cannot create " + dir + ": " + ec.message();
    return false;
  }
  return write_file_whole(fs::path(dir) / cache_name(block), cache_entry(block, version), err);
}

void highlight_code(Site& site, std::vector<Site>& translations, const std::string& cache_dir,
                    Diagnostics& diags, RunChild run) {
  if (!site.code.highlight) return;
  std::map<std::string, CodeBlockHtml> blocks = code_blocks_of(site, translations);
  std::vector<CodeBlockHtml*> missing;
  for (auto& [key, block] : blocks)
    if (!read_cached_code(cache_dir, block)) missing.push_back(&block);
  // Blocks in the cache are used as they are: Python runs only for blocks it lacks, so a
  // machine without Pygments rebuilds from it, and `serve` stays quick.
  if (!missing.empty()) {
    const std::string python = site.code.python.empty() ? "python3" : site.code.python;
    const SourceLoc& where =
        site.code.python.empty() ? site.code.highlight_loc : site.code.python_loc;
    std::vector<const CodeBlockHtml*> input(missing.begin(), missing.end());
    ChildRun r = run(pygments_command(python), pygments_input(input), kHighlightTimeoutSeconds);
    std::string version, err;
    std::string plain = missing.size() == blocks.size()
                            ? "; code blocks stay plain"
                            : "; code blocks not in the cache stay plain";
    if (!r.started) {
      diags.warning(where, "cannot run `" + python + "` (" + r.error +
                               ") to highlight code: install Python 3 and Pygments (apt install "
                               "python3-pygments), or name the Python that has Pygments with "
                               "`python` in [code]" +
                               plain);
    } else if (r.timed_out) {
      diags.warning(where, "Pygments (`" + python + "`) took longer than " +
                               std::to_string(kHighlightTimeoutSeconds) + " seconds" + plain);
    } else if (r.status == 3) {
      diags.warning(where, "`" + python + "` has no Pygments (" + last_line(r.err) +
                               "): " + std::string(kInstall) + plain);
    } else if (r.status != 0) {
      diags.warning(where, "Pygments (`" + python + "`) failed with exit status " +
                               std::to_string(r.status) + ": " + last_line(r.err) + plain);
    } else if (!read_pygments_output(r.out, missing, &version, &err)) {
      for (CodeBlockHtml* b : missing) b->known = false;  // none of a broken answer is used
      diags.warning(where, "Pygments (`" + python + "`) failed: " + err + plain);
    } else if (!cache_dir.empty()) {
      for (const CodeBlockHtml* b : missing)
        if (!write_cached_code(cache_dir, *b, version, &err)) {
          diags.note(where, "highlighted code is not kept for the next build: " + err);
          break;
        }
    }
  }
  std::map<std::string, std::string> html;
  for (auto& [key, block] : blocks)
    if (block.known) html.emplace(key, std::move(block.html));
  for (Site& t : translations) t.code_html = html;
  site.code_html = std::move(html);
}

}  // namespace sitegen
