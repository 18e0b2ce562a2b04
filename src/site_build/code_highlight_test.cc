#include "site_build/code_highlight.h"

#include <doctest/doctest.h>

#include <filesystem>

#include "markdown/markdown.h"
#include "support/skip.h"
#include "support/test_dir.h"
#include "support/test_site.h"

namespace sitegen {
namespace {

using testing::build_files_with;
using testing::main_of;
using testing::page_of;

// Whether `python3` on PATH has Pygments; the test is skipped, saying so, when not.
bool skip_without_pygments() {
  ChildRun r = run_child(pygments_command("python3"), "", kHighlightTimeoutSeconds);
  if (r.started && r.status == 0) return false;
  testing::skip("python3 with Pygments not found (apt install python3-pygments)");
  return true;
}

const char* kHighlightSite = "[person]\nname = \"Ada Example\"\n\n[code]\nhighlight = true\n";

const char* kPythonBio =
    "Some code:\n\n```python\nif a < b and ok:  # \"less\"\n    print(1)\n```\n\n"
    "```nosuchlanguage\nif a < b\n```\n\n```\nno language <here>\n```\n";

// Pygments' HTML for the Python block (the same from 2.14 to 2.20), inside sitegen's
// <pre><code>.
const char* kPythonHtml =
    "<pre tabindex=\"0\"><code class=\"language-python\"><span class=\"k\">if</span> <span "
    "class=\"n\">a</span> <span class=\"o\">&lt;</span> <span class=\"n\">b</span> <span "
    "class=\"ow\">and</span> <span class=\"n\">ok</span><span class=\"p\">:</span>  <span "
    "class=\"c1\"># &quot;less&quot;</span>\n    <span class=\"nb\">print</span><span "
    "class=\"p\">(</span><span class=\"mi\">1</span><span class=\"p\">)</span>\n"
    "</code></pre>\n";

// The two blocks Pygments leaves alone, as sitegen writes them without [code] (a page's
// <pre> is focusable, to be scrolled sideways from the keyboard).
const char* kPlainHtml =
    "<pre tabindex=\"0\"><code class=\"language-nosuchlanguage\">if a &lt; b\n</code></pre>\n"
    "<pre tabindex=\"0\"><code>no language &lt;here&gt;\n</code></pre>\n";

TEST_CASE("code blocks: a block's language and text are gathered as the writer reads them") {
  std::vector<MarkdownCodeBlock> blocks = markdown_code_blocks(
      "a\n\n```cpp {.x}\nint a;\n\nb\n```\n\n~~~\nplain\n~~~\n\n    indented\n");
  REQUIRE(blocks.size() == 1);
  CHECK(blocks[0].language == "cpp");
  CHECK(blocks[0].code == "int a;\n\nb\n");
  std::map<std::string, std::string> html = {{code_block_key("cpp", "int a;\n\nb\n"), "<b>x</b>"}};
  MarkdownOptions o;
  o.code_html = &html;
  CHECK(markdown_to_html("```cpp\nint a;\n\nb\n```\n\n```cpp\nother\n```\n", o) ==
        "<pre><code class=\"language-cpp\"><b>x</b></code></pre>\n"
        "<pre><code class=\"language-cpp\">other\n</code></pre>\n");
}

TEST_CASE("code highlight: without [code] highlight = true, code blocks stay as they were") {
  BuildResult r = testing::build_files({{"bio.md", kPythonBio}});
  CHECK(main_of(page_of(r, "index.html"))
            .find("<pre tabindex=\"0\"><code class=\"language-python\">if a &lt; b") !=
        std::string::npos);
}

TEST_CASE("code highlight: a fenced block with a language gets Pygments' spans, others stay") {
  if (skip_without_pygments()) return;
  BuildOptions opts;
  BuildResult r =
      build_files_with({{"site.toml", kHighlightSite},
                        {"bio.md", kPythonBio},
                        {"posts/code.md", "+++\ntitle = \"Code\"\ndate = 2024-05-01\n+++\n\n" +
                                              std::string(kPythonBio)}},
                       opts);
  CHECK(r.diags.format_all() == "");
  std::string home = main_of(page_of(r, "index.html"));
  CHECK(home.find(std::string(kPythonHtml) + kPlainHtml) != std::string::npos);
  std::string post = main_of(page_of(r, "posts/code/index.html"));
  CHECK(post.find(std::string(kPythonHtml) + kPlainHtml) != std::string::npos);
  // The same bytes again.
  BuildResult again =
      build_files_with({{"site.toml", kHighlightSite},
                        {"bio.md", kPythonBio},
                        {"posts/code.md", "+++\ntitle = \"Code\"\ndate = 2024-05-01\n+++\n\n" +
                                              std::string(kPythonBio)}},
                       opts);
  REQUIRE(again.output.files.size() == r.output.files.size());
  for (const auto& [rel, file] : r.output.files) CHECK(again.output.files[rel].bytes == file.bytes);
}

TEST_CASE("code highlight: the cache serves a rebuild without Python") {
  if (skip_without_pygments()) return;
  testing::TempDir tmp;
  BuildOptions opts;
  opts.code_cache_dir = (tmp.path / "code").string();
  BuildResult first =
      build_files_with({{"site.toml", kHighlightSite}, {"bio.md", kPythonBio}}, opts);
  CHECK(first.diags.format_all() == "");
  // One entry per block with a language: Python's, and the unknown one (kept plain).
  size_t entries = 0;
  for (const auto& e : std::filesystem::directory_iterator(tmp.path / "code"))
    entries += e.path().extension() == ".html";
  CHECK(entries == 2);
  std::string no_python = std::string(kHighlightSite) + "python = \"/nonexistent/python3\"\n";
  BuildResult cached = build_files_with({{"site.toml", no_python}, {"bio.md", kPythonBio}}, opts);
  CHECK(cached.diags.format_all() == "");
  CHECK(page_of(cached, "index.html") == page_of(first, "index.html"));
  // A block the cache lacks needs Python: without it, a warning at `python`, and the
  // new block stays plain while the cached one is still highlighted.
  BuildResult more = build_files_with(
      {{"site.toml", no_python}, {"bio.md", std::string(kPythonBio) + "\n```cpp\nint x;\n```\n"}},
      opts);
  CHECK(more.diags.format_all() ==
        "content/site.toml:6:10: warning: cannot run `/nonexistent/python3` (No such file or "
        "directory) to highlight code: install Python 3 and Pygments (apt install "
        "python3-pygments), or name the Python that has Pygments with `python` in [code]; code "
        "blocks not in the cache stay plain\n"
        "  python = \"/nonexistent/python3\"\n"
        "           ^\n");
  std::string home = main_of(page_of(more, "index.html"));
  CHECK(home.find(kPythonHtml) != std::string::npos);
  CHECK(home.find("<pre tabindex=\"0\"><code class=\"language-cpp\">int x;\n</code></pre>") !=
        std::string::npos);
}

// A Python without Pygments, as the script reports it (exit status 3).
ChildRun no_pygments(const std::vector<std::string>&, std::string_view, int) {
  ChildRun r;
  r.started = true;
  r.status = 3;
  r.err = "No module named 'pygments'\n";
  return r;
}

TEST_CASE("code highlight: a Python without Pygments is a warning at `highlight`") {
  Site site;
  site.code.highlight = true;
  site.code.highlight_loc = SourceLoc{"content/site.toml", 12, 13};
  site.bio = "```python\nx = 1\n```\n";
  std::vector<Site> translations(1);
  translations[0].bio = "```toml\nx = 1\n```\n";
  Diagnostics diags;
  highlight_code(site, translations, "", diags, no_pygments);
  CHECK(diags.format_all() ==
        "content/site.toml:12:13: warning: `python3` has no Pygments (No module named "
        "'pygments'): install Pygments (apt install python3-pygments, brew install pygments or "
        "pip install pygments); code blocks stay plain\n");
  CHECK(site.code_html.empty());
  CHECK(translations[0].code_html.empty());
}

// A Pygments whose answer breaks off in the second block.
ChildRun cut_short(const std::vector<std::string>&, std::string_view, int) {
  ChildRun r;
  r.started = true;
  r.status = 0;
  r.out = "pygments 2.14.0\n8\n<b>x</b>99\n<i>";
  return r;
}

TEST_CASE("code highlight: a broken answer is a warning, and none of it is used") {
  Site site;
  site.code.highlight = true;
  site.code.python = "/opt/py/bin/python3";
  site.code.python_loc = SourceLoc{"content/site.toml", 7, 10};
  site.bio = "```python\nx = 1\n```\n\n```toml\nx = 1\n```\n";
  std::vector<Site> translations;
  Diagnostics diags;
  highlight_code(site, translations, "", diags, cut_short);
  CHECK(diags.format_all() ==
        "content/site.toml:7:10: warning: Pygments (`/opt/py/bin/python3`) failed: its answer for "
        "block 2 is cut short; code blocks stay plain\n");
  CHECK(site.code_html.empty());
}

TEST_CASE("code highlight: Pygments' answer is read into each block, in order") {
  CodeBlockHtml a{"python", "x\n", false, ""}, b{"nosuch", "y\n", false, ""};
  std::vector<CodeBlockHtml*> blocks = {&a, &b};
  CHECK(pygments_input({&a, &b}) == "6 2\npythonx\n6 2\nnosuchy\n");
  std::string version, err;
  REQUIRE(read_pygments_output("pygments 2.14.0\n25\n<span class=\"n\">x</span>\n-\n", blocks,
                               &version, &err));
  CHECK(version == "2.14.0");
  CHECK(a.known);
  CHECK(a.html == "<span class=\"n\">x</span>\n");
  CHECK_FALSE(b.known);
  CHECK_FALSE(read_pygments_output("pygments 2.14.0\n-\n", blocks, &version, &err));
  CHECK(err == "it answered for 1 of the 2 blocks");
  CHECK_FALSE(read_pygments_output("pygments 2.14.0\n99\nx-\n", blocks, &version, &err));
  CHECK(err == "its answer for block 1 is cut short");
  CHECK_FALSE(read_pygments_output("Traceback\n", blocks, &version, &err));
  CHECK(err == "its answer does not start with Pygments' version");
}

}  // namespace
}  // namespace sitegen
