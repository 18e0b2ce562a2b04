// `sitegen import`: the command line, and the round trip that matters to a user: a site
// built from the imported publications.toml is byte for byte the site built from the
// .bib. Small fixtures here; the real files of ../shared/testdata/bib/ when present.
#include <doctest/doctest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli.h"
#include "site_build/build.h"
#include "support/run_cli.h"
#include "support/shared_data.h"
#include "support/skip.h"
#include "support/test_dir.h"

namespace fs = std::filesystem;
using namespace sitegen;

using sitegen::testing::Run;
using sitegen::testing::run;

namespace {

using testing::kBibDir;

const std::string kSiteToml =
    "base_url = \"https://qh.example.org/\"\n"
    "[person]\nname = \"Qinghao Hu\"\naliases = [\"Chen Chen\"]\n"
    "[publications]\ngroup_by = \"type\"\n"
    "[publications.markers]\n\"*\" = \"Equal contribution\"\n"
    "[publications.numbering]\nconference = \"C\"\njournal = \"J\"\n";

// Builds the .bib as it is, and its import, and checks that every output file is the same.
void check_round_trip(const std::string& bib_name, const std::string& bib) {
  testing::TempDir tmp;
  const fs::path& dir = tmp.path;
  fs::path bib_path = dir / bib_name;
  testing::write_file(bib_path, bib);
  Run imp = run({"import", "bibtex", bib_path.string()});
  REQUIRE_MESSAGE(imp.code == 0, imp.err);
  std::string toml = imp.out;

  BuildOptions opts;
  std::string site_bib = kSiteToml;
  site_bib.insert(site_bib.find("group_by"), "bibtex = [\"" + bib_name + "\"]\n");
  BuildResult from_bib = build_site(MemorySource({{"site.toml", site_bib}, {bib_name, bib}}), opts);
  BuildResult from_toml =
      build_site(MemorySource({{"site.toml", kSiteToml}, {"publications.toml", toml}}), opts);
  REQUIRE_FALSE(from_bib.diags.has_errors());
  INFO(from_toml.diags.format_all());
  REQUIRE_FALSE(from_toml.diags.has_errors());
  // Loading publications.toml says nothing the .bib did not already say: no unknown keys.
  CHECK(from_toml.diags.format_all().find("unknown key") == std::string::npos);

  REQUIRE(from_bib.output.files.size() == from_toml.output.files.size());
  size_t pages = 0;
  for (const auto& entry : from_bib.output.files) {
    const std::string& path = entry.first;  // not a structured binding: CAPTURE takes it
    const OutputFile& file = entry.second;
    CAPTURE(path);
    auto it = from_toml.output.files.find(path);
    REQUIRE(it != from_toml.output.files.end());
    if (file.bytes != it->second.bytes) {
      // The first differing line, rather than two whole pages.
      std::istringstream a(file.bytes), b(it->second.bytes);
      std::string la, lb;
      while (std::getline(a, la) && std::getline(b, lb) && la == lb) {
      }
      FAIL_CHECK("differs: from the .bib `" << la << "`, from the import `" << lb << "`");
    }
    pages += path.rfind("publications/", 0) == 0 && path.find("/index.html") != std::string::npos;
  }
  CHECK(pages > 0);
  fs::remove_all(dir);
}

// Every case the writer has to get right: quotes and backslashes, `'''` and a trailing
// quote in abstracts, raw HTML, math, markers and "others", several awards, entry types
// BibTeX has and we do not, missing titles and authors, dates, identifiers.
const char* kFixture = R"bib(
@string{icml = "International Conference on Machine Learning"}

@inproceedings{hu2024fast,
  author = {Hu*, Qinghao and M{\"u}ller, J{\"o}rg and Garc{\'\i}a, Ana and others},
  title = {Fast {GPU} Scheduling: ``Quotes'', "double" \& a back\textbackslash{}slash},
  booktitle = icml # " (ICML)",
  year = 2024, month = jul,
  abbr = {ICML}, selected = {true},
  award_name = {:trophy: Best Paper}, award = {See [the talk](https://example.org/talk)},
  pdf = {papers/hu2024.pdf}, code = {https://github.com/example/fast},
  slides = {https://example.org/slides.pdf},
  abstract = {We show $\alpha + \beta$ and a path C:\textbackslash{}dir.

A second paragraph with '{}'{}' three quotes, <script>alert(1)</script> and <img src=x onerror=alert(2)>.},
  note = {Oral, <b>top 1\%</b>},
  keywords = {scheduling; GPU},
  doi = {https://doi.org/10.1145/12345.67890},
}

@article{chen2023journal,
  author = {Chen*, Chen and van der Berg, Jan and King, Jr., Martin Luther},
  title = {A Journal Article About It's},
  journal = {IEEE Trans. Parallel Distrib. Syst.},
  fjournal = {IEEE Transactions on Parallel and Distributed Systems},
  volume = {34}, number = {2}, pages = {100--120}, year = {2023}, month = {2}, day = {14},
  publisher = {IEEE},
  abstract = {It ends with a 'quote'},
}

@techreport{tr2020,
  author = {Ada Example}, title = {A Report}, institution = {Example Labs},
  number = {TR-7}, year = {2020}, address = {Cambridge, MA},
}

@phdthesis{thesis2019, author = {Ada Example}, title = {A Thesis}, school = {University of Examples}, year = {2019}, isbn = {978-3-16-148410-0}}

@misc{pre2024, author = {Bo Li and Li Bo}, title = {A Preprint}, eprint = {2401.00001}, archivePrefix = {arXiv}, primaryClass = {cs.LG}, year = {2024}, url = {https://arxiv.org/abs/2401.00001}}

@book{book2010, author = {Zed Writer}, title = {The Book}, publisher = {Press}, address = {City}, year = {2010}, edition = {2}}

@incollection{chap2011, author = {Zed Writer}, title = {A Chapter}, booktitle = {Collected Works}, editor = {Ed Itor}, pages = {1--10}, year = 2011}

@article{noauthors, title = {Anonymous}, journal = {Journal}, year = {2001}}
@misc{notitle, author = {Xavier Yu}}
@unpublished{tabs, author = {Tab Person}, title = {Tabs	and "quotes"}, note = {In preparation}, year = {2025}}
@inproceedings{dup, author = {A B}, title = {First}, booktitle = {Conf}, year = {2020}}
@inproceedings{dup, author = {A B}, title = {Second}, booktitle = {Conf}, year = {2021}}
@misc{Case-Key, author = {A B}, title = {Upper}, year = {2022}}
@misc{case_key, author = {A B}, title = {Lower}, year = {2022}}
)bib";

}  // namespace

TEST_CASE("import: --help, and usage errors exit 2") {
  Run h = run({"import", "--help"});
  CHECK(h.code == 0);
  CHECK(h.out.rfind("usage: sitegen import bibtex FILE.bib", 0) == 0);
  Run none = run({"import"});
  CHECK(none.code == 2);
  CHECK(none.err ==
        "sitegen: import needs a source kind: `sitegen import bibtex FILE.bib`, `sitegen import "
        "hugo-blox DIR`, or `sitegen import dblp|orcid|openalex ID`; see --help\n");
  Run nofile = run({"import", "bibtex"});
  CHECK(nofile.code == 2);
  CHECK(nofile.err == "sitegen: import bibtex needs a .bib file; see --help\n");
  Run opt = run({"import", "bibtex", "x.bib", "--name", "A"});  // --name is for hugo-blox
  CHECK(opt.code == 2);
  CHECK(opt.err == "sitegen: unknown option `--name`; see --help\n");
}

TEST_CASE("import bibtex: stdout, -o, and no overwriting without --force") {
  testing::TempDir tmp;
  const fs::path& dir = tmp.path;
  testing::write_file(
      dir / "papers.bib",
      "@article{k1,\n  author = {Ada Example},\n  title = {One},\n  journal = {J},\n"
      "  year = {2020},\n}\n");
  std::string expected =
      "# Publications imported from papers.bib by `sitegen import bibtex`.\n"
      "# One [[publication]] per BibTeX entry. `id` is the BibTeX key, so a paper's page is\n"
      "# /publications/<id>/. Edit freely (see docs/content-format.md): `selected = true` puts\n"
      "# a paper on the home page; add `award`, `tags`, `note` or links under\n"
      "# [publication.links]. Marks after author names (`*`, `†`) are explained in site.toml\n"
      "# under [publications.markers]. If site.toml still lists papers.bib, each entry here\n"
      "# extends the BibTeX entry with the same key instead of adding a second copy.\n"
      "\n"
      "[[publication]]  # " +
      (dir / "papers.bib").string() +
      ":1\n"
      "id = \"k1\"\n"
      "title = \"One\"\n"
      "authors = [\"Ada Example\"]\n"
      "venue_full = \"J\"\n"
      "year = 2020\n"
      "type = \"journal\"\n";
  Run out = run({"import", "bibtex", (dir / "papers.bib").string()});
  CHECK(out.code == 0);
  CHECK(out.out == expected);
  CHECK(out.err == "imported 1 publication from " + (dir / "papers.bib").string() + "\n");

  fs::path toml = dir / "publications.toml";
  Run to_file = run({"import", "bibtex", (dir / "papers.bib").string(), "-o", toml.string()});
  CHECK(to_file.code == 0);
  CHECK(to_file.out == "imported 1 publication from " + (dir / "papers.bib").string() + " into " +
                           toml.string() + "\n");
  CHECK(testing::slurp(toml) == expected);

  testing::write_file(toml, "# mine\n");
  Run refused = run({"import", "bibtex", (dir / "papers.bib").string(), "-o", toml.string()});
  CHECK(refused.code == 1);
  CHECK(refused.err == "sitegen: error: " + toml.string() +
                           " already exists; choose another file or pass --force to replace it\n");
  CHECK(testing::slurp(toml) == "# mine\n");
  Run forced =
      run({"import", "bibtex", (dir / "papers.bib").string(), "-o", toml.string(), "--force"});
  CHECK(forced.code == 0);
  CHECK(testing::slurp(toml) == expected);
  fs::remove_all(dir);
}

TEST_CASE("import bibtex: script URLs are left out, with a warning") {
  testing::TempDir tmp;
  const fs::path& dir = tmp.path;
  testing::write_file(
      dir / "papers.bib",
      "@misc{k1,\n  title = {One},\n  year = {2020},\n  url = {JavaScript:alert(1)},\n"
      "  pdf = {JAVASCRIPT:alert(2)},\n  code = {https://example.org/code},\n}\n");
  fs::path toml = dir / "publications.toml";
  Run r = run({"import", "bibtex", (dir / "papers.bib").string(), "-o", toml.string()});
  CHECK(r.code == 0);
  std::string bib = (dir / "papers.bib").string();
  CHECK(r.err == bib +
                     ":1:1: warning: `pdf` `JAVASCRIPT:alert(2)` is not imported: a page links "
                     "only to http, https, mailto and tel URLs and relative paths\n"
                     "  @misc{k1,\n  ^\n" +
                     bib +
                     ":1:1: warning: `url` `JavaScript:alert(1)` is not imported: a page "
                     "links only to http, https, mailto and tel URLs and relative paths\n"
                     "  @misc{k1,\n  ^\n");
  std::string written = testing::slurp(toml);
  CHECK(written.find("alert") == std::string::npos);
  CHECK(written.find("https://example.org/code") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("import bibtex: errors in the .bib exit 1 with file:line:col, and write nothing") {
  testing::TempDir tmp;
  const fs::path& dir = tmp.path;
  fs::path bib = dir / "broken.bib";
  testing::write_file(
      bib, "@article{ok, title = {Fine}, year = 2020}\n\n@article{bad,\n  title = {Open\n");
  fs::path toml = dir / "out.toml";
  Run r = run({"import", "bibtex", bib.string(), "-o", toml.string()});
  CHECK(r.code == 1);
  CHECK(r.err == bib.string() +
                     ":4:11: error: unclosed `{` in the value of field `title`: the file "
                     "ended at line 4\n"
                     "    title = {Open\n"
                     "            ^\n"
                     "sitegen: 1 error(s); nothing was written\n");
  CHECK_FALSE(fs::exists(toml));
  Run missing = run({"import", "bibtex", (dir / "nope.bib").string()});
  CHECK(missing.code == 1);
  CHECK(missing.err ==
        "sitegen: error: cannot read BibTeX file " + (dir / "nope.bib").string() + "\n");
  fs::remove_all(dir);
}

TEST_CASE("import bibtex: the imported TOML builds the same site as the .bib (fixtures)") {
  check_round_trip("papers.bib", kFixture);
}

TEST_CASE("import bibtex: an imported entry keeps its fields as written") {
  testing::TempDir tmp;
  const fs::path& dir = tmp.path;
  testing::write_file(dir / "papers.bib", kFixture);
  Run imp = run({"import", "bibtex", (dir / "papers.bib").string()});
  REQUIRE(imp.code == 0);
  auto entry = [&](const std::string& id) {
    size_t at = imp.out.find("id = \"" + id + "\"\n");
    REQUIRE(at != std::string::npos);
    size_t end = imp.out.find("\n[[publication]]", at);
    return imp.out.substr(at, end == std::string::npos ? end : end - at);
  };
  CHECK(entry("hu2024fast") == R"toml(id = "hu2024fast"
title = "Fast GPU Scheduling: “Quotes”, \"double\" & a back\\slash"
authors = ["Qinghao Hu*", "Jörg Müller", "Ana García", "et al."]
venue = "ICML"
venue_full = "International Conference on Machine Learning (ICML)"
date = "2024-07"
type = "conference"
selected = true  # shown on the home page
award = "Best Paper"
note = "Oral, <b>top 1%</b> — See [the talk](https://example.org/talk)"
tags = ["scheduling", "GPU"]
doi = "10.1145/12345.67890"
raw_html = false  # HTML in the abstract and note is shown as text, and script links dropped, as from BibTeX
abstract = """
We show $\\alpha + \\beta$ and a path C:\\\\dir.

A second paragraph with ''' three quotes, <script>alert(1)</script> and <img src=x onerror=alert(2)>."""
[publication.links]
pdf = "papers/hu2024.pdf"
code = "https://github.com/example/fast"
slides = "https://example.org/slides.pdf"
)toml");
  CHECK(entry("tr2020") ==
        "id = \"tr2020\"\n"
        "title = \"A Report\"\n"
        "authors = [\"Ada Example\"]\n"
        "year = 2020\n"
        "type = \"other\"\n"
        "bibtex_type = \"techreport\"\n"
        "number = \"TR-7\"\n"
        "address = \"Cambridge, MA\"\n"
        "institution = \"Example Labs\"\n");
  CHECK(entry("notitle") ==
        "id = \"notitle\"\n"
        "title = \"\"  # missing in the source\n"
        "authors = [\"Xavier Yu\"]\n"
        "type = \"other\"\n");
  CHECK(entry("chen2023journal").find("abstract = '''\nIt ends with a 'quote'''") ==
        std::string::npos);  // a trailing quote needs the escaped form
  CHECK(entry("chen2023journal").find("abstract = \"\"\"\nIt ends with a 'quote'\"\"\"") !=
        std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("import bibtex: the real files build the same sites from the import") {
  if (testing::skip_without(kBibDir)) return;
  for (const char* name : {"homepage-alfolio-user.bib", "dblp-export.bib",
                           "accents-math-stacks.bib", "thesis-references.bib"}) {
    CAPTURE(name);
    check_round_trip(name, testing::slurp(kBibDir / name));
  }
}

TEST_CASE("import hugo-blox: the command, and a tree without publications") {
  testing::TempDir tmp;
  const fs::path& dir = tmp.path;
  fs::create_directories(dir / "site/content/publication/paper");
  testing::write_file(
      dir / "site/content/publication/paper/index.md",
      "---\ntitle: A Paper\nauthors: [admin, Bo Li]\nauthor_notes: ['Equal contribution', "
      "'Equal contribution']\ndate: '2021-06-01T00:00:00Z'\npublication_types: ['2']\n"
      "publication: '*Journal of Things*'\nfeatured: true\nurl_pdf: files/paper.pdf\n---\n");
  Run r = run({"import", "hugo-blox", (dir / "site").string() + "/", "--name", "Ada Lovelace"});
  CHECK(r.code == 0);
  CHECK(r.err == "imported 1 publication from " + (dir / "site").string() + "/\n");
  CHECK(r.out == "# Publications imported from " + (dir / "site").string() +
                     " (content/publication) by `sitegen import hugo-blox`.\n"
                     "# One [[publication]] per page, newest first. `id` is the page's folder "
                     "name, so a paper's\n"
                     "# page is /publications/<id>/. Edit freely (see docs/content-format.md): "
                     "`selected = true`\n"
                     "# (Hugo Blox's `featured`) puts a paper on the home page.\n"
                     "#\n"
                     "# Author notes became marks after names. To show their legend, add to "
                     "site.toml:\n"
                     "#   [publications.markers]\n"
                     "#   \"*\" = \"Equal contribution\"\n"
                     "\n"
                     "[[publication]]  # " +
                     (dir / "site/content/publication/paper/index.md").string() +
                     ":1\n"
                     "id = \"paper\"\n"
                     "title = \"A Paper\"\n"
                     "authors = [\"Ada Lovelace*\", \"Bo Li*\"]\n"
                     "venue_full = \"Journal of Things\"\n"
                     "date = \"2021-06-01\"\n"
                     "type = \"journal\"\n"
                     "selected = true  # shown on the home page\n"
                     "[publication.links]\n"
                     "pdf = \"files/paper.pdf\"\n");

  // The output builds as it is, beside the PDF it links to.
  BuildResult built = build_site(MemorySource({{"site.toml", "[person]\nname = \"Ada Lovelace\"\n"},
                                               {"static/files/paper.pdf", "%PDF"},
                                               {"publications.toml", r.out}}),
                                 BuildOptions{});
  CHECK(built.diags.format_all() == "");
  CHECK(built.output.files.count("publications/paper/index.html"));

  fs::create_directories(dir / "empty/content/post");
  Run none = run({"import", "hugo-blox", (dir / "empty").string()});
  CHECK(none.code == 1);
  CHECK(none.err == "sitegen: error: no publication pages found in " + (dir / "empty").string() +
                        " (expected content/publication/<slug>/index.md or "
                        "content/publications/<slug>/index.md)\n");
  Run missing = run({"import", "hugo-blox", (dir / "nope").string()});
  CHECK(missing.code == 1);
  CHECK(missing.err == "sitegen: error: directory " + (dir / "nope").string() + " not found\n");
  fs::remove_all(dir);
}

TEST_CASE("import hugo-blox: imported text cannot add keys, nor keep a script link") {
  // A `publication:` with a newline, quoted in a comment, once added the line after it as a
  // key; an abstract's script link was kept wherever site.toml allowed the owner's.
  testing::TempDir tmp;
  const fs::path& dir = tmp.path;
  fs::create_directories(dir / "site/content/publication/p");
  testing::write_file(
      dir / "site/content/publication/p/index.md",
      "---\ntitle: P\nauthors: [Bo Li]\ndate: '2021-06-01'\n"
      "publication: \"Journal of X, 1(1)\\nabstract = '<img src=x onerror=alert(1)>'\"\n"
      "summary: \"See [this](javascript:alert(2)) and <b>that</b>.\"\n---\n");
  testing::write_file(
      dir / "site/content/publication/p/cite.bib",
      "@article{p, title = {P}, author = {Bo Li}, journal = {Journal of X}, year = 2021}\n");
  fs::create_directories(dir / "content");
  testing::write_file(dir / "content/site.toml",
                      "allow_javascript_urls = true\n[person]\nname = \"Bo Li\"\n");
  fs::path toml = dir / "content/publications.toml";
  Run r = run({"import", "hugo-blox", (dir / "site").string(), "-o", toml.string()});
  REQUIRE_MESSAGE(r.code == 0, r.err);
  std::string page = (dir / "site/content/publication/p/index.md").string();
  CHECK(r.err.find(
            page +
            ":1:1: warning: `abstract` has a link that is not http, https, mailto, tel or "
            "relative: imported as someone else's text (raw_html = false), which drops it\n") !=
        std::string::npos);
  std::string written = testing::slurp(toml);
  CHECK(written.find("# the page's `publication` is \"Journal of X, 1(1)\\nabstract = "
                     "'<img src=x onerror=alert(1)>'\"; venue_full is cite.bib's\n") !=
        std::string::npos);
  CHECK(written.find("\nabstract = '<img") == std::string::npos);
  CHECK(written.find("raw_html = false") != std::string::npos);
  fs::path out = dir / "public";
  Run build = run({"build", (dir / "content").string(), "-o", out.string(), "-q"});
  REQUIRE_MESSAGE(build.code == 0, build.err);
  std::string html = testing::slurp(out / "publications/p/index.html");
  CHECK(html.find("javascript:") == std::string::npos);
  CHECK(html.find("onerror") == std::string::npos);
  CHECK(html.find("See <a href=\"\">this</a> and &lt;b&gt;that&lt;/b&gt;.") != std::string::npos);
  fs::remove_all(dir);
}
