// `sitegen import hugo-blox`: the two Hugo Blox trees of ../shared/testdata/hugo-blox/
// (read in place; skipped when absent), and small trees in memory for each rule.
#include "import/hugo_blox.h"
#include "support/shared_data.h"
#include "support/skip.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;
using namespace sitegen;

namespace {

const fs::path& kHugoDir = testing::kHugoBloxDir;

std::string names(const Publication& p) {
  std::string out;
  for (const Author& a : p.authors) out += (out.empty() ? "" : ", ") + a.name + a.markers;
  return out;
}

std::string labels(const Publication& p) {
  std::string out;
  for (const Link& l : p.links) out += (out.empty() ? "" : " ") + l.label + "=" + l.url;
  return out;
}

const Publication& get(const HugoBloxImport& im, const std::string& id) {
  for (const TomlEntry& e : im.entries)
    if (e.pub.key == id) return e.pub;
  FAIL("no publication `" << id << "`");
  return im.entries.front().pub;
}

HugoBloxImport import_memory(std::map<std::string, std::string> files, Diagnostics& d,
                             std::string owner = "") {
  HugoBloxOptions o;
  o.owner_name = std::move(owner);
  return import_hugo_blox(MemorySource(std::move(files), "site"), o, d);
}

}  // namespace

TEST_CASE("hugo_blox: the current Hugo Blox tree") {
  if (testing::skip_without(kHugoDir)) return;
  Diagnostics d;
  HugoBloxImport im = import_hugo_blox(DiskSource((kHugoDir / "hugoblox-current").string()),
                                       HugoBloxOptions{"Nelson Bighetti"}, d);
  CHECK(d.format_all() == "");
  CHECK(im.sections == std::vector<std::string>{"content/publications"});
  REQUIRE(im.entries.size() == 3);
  // Newest first, as Hugo Blox lists them.
  CHECK(im.entries[0].pub.key == "preprint");
  CHECK(im.entries[1].pub.key == "journal-article");
  CHECK(im.entries[2].pub.key == "conference-paper");
  REQUIRE(im.markers.size() == 1);
  CHECK(im.markers[0].symbol == "*");
  CHECK(im.markers[0].text == "Equal contribution");

  const Publication& conf = get(im, "conference-paper");
  CHECK(conf.title == "An example conference paper");
  CHECK(names(conf) == "Nelson Bighetti*, Robert Ford*");
  CHECK(iso_date(conf.date) == "2013-07-01");
  CHECK(conf.year == 2013);
  CHECK(conf.type == PublicationType::kConference);
  CHECK(conf.venue == "ICW");
  CHECK(conf.venue_full == "HugoBlox Kit Conference");  // the page's, not cite.bib's
  CHECK(conf.selected);
  CHECK(conf.tags == std::vector<std::string>{"Large Language Models"});
  CHECK(conf.doi == "10.5555/123456");
  CHECK(conf.pages == "1–6");  // from cite.bib
  CHECK(labels(conf) ==
        "code=https://github.com/HugoBlox/kit dataset=https://github.com/HugoBlox/kit "
        "slides=https://www.slideshare.net/ source=https://github.com/HugoBlox/kit "
        "video=https://youtube.com");
  CHECK(conf.abstract.rfind("Lorem ipsum dolor sit amet", 0) == 0);

  const Publication& journal = get(im, "journal-article");
  CHECK(journal.title == "An example journal article");
  CHECK(names(journal) == "Nelson Bighetti*, Robert Ford*");
  CHECK(iso_date(journal.date) == "2015-09-01");
  CHECK(journal.type == PublicationType::kJournal);
  CHECK(journal.venue_full == "Journal of Source Themes");  // cite.bib's: the page adds 1(1)
  CHECK(journal.venue == "");
  CHECK(journal.volume == "1");
  CHECK(journal.number == "1");
  CHECK(journal.arxiv == "1512.04133v1");
  CHECK_FALSE(journal.selected);
  CHECK(labels(journal) ==
        "pdf=http://arxiv.org/pdf/1512.04133v1 code=https://github.com/HugoBlox/kit "
        "slides=https://www.slideshare.net/");

  const Publication& pre = get(im, "preprint");
  CHECK(pre.title == "An example preprint / working paper");
  CHECK(names(pre) == "Nelson Bighetti");
  CHECK(iso_date(pre.date) == "2019-04-07");
  CHECK(pre.type == PublicationType::kPreprint);
  CHECK(pre.venue_full == "");
  CHECK(pre.arxiv == "1512.04133v1");
  CHECK(labels(pre) ==
        "code=https://github.com/HugoBlox/kit slides=https://www.slideshare.net/ "
        "video=https://youtube.com Custom Link=http://example.org");
}

TEST_CASE("hugo_blox: the legacy Wowchemy tree") {
  if (testing::skip_without(kHugoDir)) return;
  Diagnostics d;
  HugoBloxImport im =
      import_hugo_blox(DiskSource((kHugoDir / "hugoblox-legacy").string()), HugoBloxOptions{}, d);
  // Without --name and without a profile, `admin` stays, with one warning.
  fs::path conf_md = kHugoDir / "hugoblox-legacy/content/publication/conference-paper/index.md";
  CHECK(d.format_all() ==
        conf_md.string() +
            ":8:5: warning: author `admin` is the site owner's profile, whose name was not "
            "found (no content/authors/admin/_index.md): pass --name \"Your Name\" to use "
            "your name\n"
            "    - admin\n"
            "      ^\n");
  CHECK(im.sections == std::vector<std::string>{"content/publication"});
  REQUIRE(im.entries.size() == 3);
  const Publication& conf = get(im, "conference-paper");
  CHECK(conf.title == "An example conference paper");
  CHECK(names(conf) == "admin*, Robert Ford*");
  CHECK(iso_date(conf.date) == "2013-07-01");
  CHECK(conf.type == PublicationType::kConference);
  CHECK(conf.venue == "ICW");
  CHECK(conf.venue_full == "Hugo Blox Builder Conference");
  CHECK(conf.doi == "");
  // url_pdf '' and url_poster '' are placeholders; url_* keep Wowchemy's order.
  CHECK(labels(conf) ==
        "code=https://github.com/HugoBlox/hugo-blox-builder "
        "dataset=https://github.com/HugoBlox/hugo-blox-builder "
        "source=https://github.com/HugoBlox/hugo-blox-builder video=https://youtube.com");

  const Publication& journal = get(im, "journal-article");
  CHECK(journal.title == "An example journal article");
  CHECK(names(journal) == "admin*, Robert Ford*");
  CHECK(iso_date(journal.date) == "2015-09-01");
  CHECK(journal.type == PublicationType::kJournal);
  CHECK(journal.venue_full == "Journal of Source Themes");

  const Publication& pre = get(im, "preprint");
  CHECK(pre.title == "An example preprint / working paper");
  CHECK(names(pre) == "admin");
  CHECK(iso_date(pre.date) == "2019-04-07");
  CHECK(pre.type == PublicationType::kPreprint);
  // '#' is a placeholder too; the `links` list comes after the url_* fields.
  CHECK(labels(pre) ==
        "pdf=http://arxiv.org/pdf/1512.04133v1 "
        "code=https://github.com/HugoBlox/hugo-blox-builder Custom Link=http://example.org");
}

TEST_CASE("hugo_blox: Wowchemy's numeric types, TOML front matter, profiles") {
  Diagnostics d;
  HugoBloxImport im = import_memory(
      {{"content/authors/admin/_index.md", "---\ntitle: Ada Lovelace\nrole: Professor\n---\n"},
       {"content/authors/gh/_index.md", "+++\ntitle = \"Grace Hopper\"\n+++\n"},
       {"content/publication/a/index.md",
        "---\ntitle: A\nauthors: [admin, gh, Alan Turing]\ndate: 2020-05-04\n"
        "publication_types: [\"1\"]\npublication: In *Proc. X*\n---\n"},
       {"content/publication/b/index.md",
        "+++\ntitle = \"B\"\nauthors = [\"admin\"]\ndate = 2019-01-02T00:00:00Z\n"
        "publication_types = [\"2\"]\nfeatured = true\nurl_pdf = \"files/b.pdf\"\n+++\nBody.\n"},
       {"content/publication/c.md",
        "---\ntitle: C\nauthors: [admin]\ndate: '2018'\npublication_types: ['7']\n---\n"},
       {"content/publication/d/index.md",
        "---\ntitle: D\nauthors: [admin]\npublication_types: ['4']\nsummary: Short.\n---\n"},
       {"content/publication/_index.md", "---\ntitle: Publications\n---\n"},
       {"content/post/p/index.md", "---\ntitle: Not a paper\n---\n"}},
      d);
  CHECK(d.format_all() == "");
  REQUIRE(im.entries.size() == 4);
  const Publication& a = get(im, "a");
  CHECK(names(a) == "Ada Lovelace, Grace Hopper, Alan Turing");
  CHECK(a.type == PublicationType::kConference);
  CHECK(a.venue_full == "Proc. X");
  CHECK(iso_date(a.date) == "2020-05-04");
  const Publication& b = get(im, "b");
  CHECK(b.type == PublicationType::kJournal);
  CHECK(b.selected);
  CHECK(iso_date(b.date) == "2019-01-02");
  CHECK(labels(b) == "pdf=files/b.pdf");
  const Publication& c = get(im, "c");  // a page file rather than a bundle
  CHECK(c.type == PublicationType::kThesis);
  CHECK(c.year == 2018);
  const Publication& d4 = get(im, "d");
  CHECK(d4.type == PublicationType::kOther);
  CHECK(d4.bibtex_type == "techreport");
  CHECK(d4.abstract == "Short.");  // summary, when there is no abstract
  CHECK(d4.year == 0);
  // --name wins over the profile.
  Diagnostics d2;
  HugoBloxImport named =
      import_memory({{"content/authors/admin/_index.md", "---\ntitle: Ada Lovelace\n---\n"},
                     {"content/publication/a/index.md", "---\ntitle: A\nauthors: [admin]\n---\n"}},
                    d2, "A. Lovelace");
  CHECK(names(get(named, "a")) == "A. Lovelace");
}

TEST_CASE("hugo_blox: the root may be the section itself") {
  Diagnostics d;
  HugoBloxImport im = import_memory(
      {{"x/index.md",
        "---\ntitle: X\nauthors: [Bo Li]\npublication_types: [article-journal]\n---\n"},
       {"_index.md", "---\ntitle: Publications\n---\n"}},
      d);
  CHECK(d.format_all() == "");
  REQUIRE(im.entries.size() == 1);
  CHECK(im.entries[0].pub.key == "x");
  CHECK(im.entries[0].pub.type == PublicationType::kJournal);
}

TEST_CASE("hugo_blox: script URLs are not imported") {
  Diagnostics d;
  HugoBloxImport im = import_memory(
      {{"content/publication/p/index.md",
        "---\ntitle: P\nurl_pdf: \"java\\tscript:alert(1)\"\nurl_code: https://example.org/c\n"
        "links:\n  - name: Demo\n    url: \" javascript:alert(2)\"\n---\n"}},
      d);
  CHECK(d.format_all() ==
        "site/content/publication/p/index.md:3:10: warning: `pdf` `java\tscript:alert(1)` is "
        "not imported: a page links only to http, https, mailto and tel URLs and relative "
        "paths\n"
        "  url_pdf: \"java\\tscript:alert(1)\"\n"
        "           ^\n"
        "site/content/publication/p/index.md:6:5: warning: `Demo` `javascript:alert(2)` is "
        "not imported: a page links only to http, https, mailto and tel URLs and relative "
        "paths\n"
        "    - name: Demo\n"
        "      ^\n");
  REQUIRE(im.entries.size() == 1);
  CHECK(labels(im.entries[0].pub) == "code=https://example.org/c");
}

TEST_CASE("hugo_blox: problems at file:line:col") {
  Diagnostics d;
  HugoBloxImport im =
      import_memory({{"content/publication/bad/index.md", "---\ntitle: A\n  oops: x\n---\n"},
                     {"content/publication/open/index.md", "---\ntitle: A\n"},
                     {"content/publication/none/index.md", "Just text.\n"},
                     {"content/publication/odd/index.md",
                      "---\ntitle: Odd\npublication_types: ['interpretive-dance']\ncolour: blue\n"
                      "date: last year\n---\n"}},
                    d);
  CHECK(d.format_all() ==
        "site/content/publication/bad/index.md:3:7: error: invalid YAML: mapping values are "
        "not allowed in this context\n"
        "    oops: x\n"
        "        ^\n"
        "site/content/publication/none/index.md:1:1: error: expected front matter: a first line "
        "`---` (YAML) or `+++` (TOML)\n"
        "  Just text.\n"
        "  ^\n"
        "site/content/publication/odd/index.md:5:7: warning: date is not imported: expected a "
        "date as \"YYYY\", \"YYYY-MM\" or \"YYYY-MM-DD\", got \"last year\"\n"
        "  date: last year\n"
        "        ^\n"
        "site/content/publication/odd/index.md:3:20: warning: unknown publication type "
        "`interpretive-dance`, imported as `other`\n"
        "  publication_types: ['interpretive-dance']\n"
        "                     ^\n"
        "site/content/publication/odd/index.md:4:1: warning: front matter key `colour` is not "
        "imported\n"
        "  colour: blue\n"
        "  ^\n"
        "site/content/publication/open/index.md:1:1: error: the front matter has no closing "
        "`---` line\n"
        "  ---\n"
        "  ^\n");
  REQUIRE(im.entries.size() == 1);
  CHECK(im.entries[0].pub.type == PublicationType::kOther);
}
