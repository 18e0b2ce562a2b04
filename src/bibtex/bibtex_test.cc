// bibtex.h: the parser (syntax, locations, every error message as the user sees it),
// the mapping onto Publication, and the real-world files in ../shared/testdata/bib/.
#include "bibtex/bibtex.h"
#include "support/shared_data.h"
#include "support/skip.h"
#include "text/utf8.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

using sitegen::BibEntry;
using sitegen::Diagnostics;
using sitegen::Publication;
using sitegen::PublicationStatus;
using sitegen::PublicationType;

namespace {

// Diagnostics as `path:line:col: severity: message` lines.
std::string lines(const Diagnostics& d) {
  std::string out;
  for (const sitegen::Diagnostic& x : d.all()) {
    out += x.loc.path + ":" + std::to_string(x.loc.line) + ":" + std::to_string(x.loc.col) +
           (x.severity == sitegen::Severity::kError ? ": error: " : ": warning: ") + x.message +
           "\n";
  }
  return out;
}

std::vector<BibEntry> parse(std::string_view text, Diagnostics& d) {
  return sitegen::parse_bibtex(text, "refs.bib", d);
}

std::vector<Publication> pubs(std::string_view text, Diagnostics& d) {
  return sitegen::bibtex_to_publications(parse(text, d), d);
}

Publication one(std::string_view text) {
  Diagnostics d;
  std::vector<Publication> p = pubs(text, d);
  REQUIRE(p.size() == 1);
  CHECK(lines(d) == "");
  return p[0];
}

std::string value(const BibEntry& e, std::string_view field) {
  const sitegen::BibField* f = e.find(field);
  return f ? f->value : "<none>";
}

std::string authors(const Publication& p) {
  std::string out;
  for (const sitegen::Author& a : p.authors) {
    if (!out.empty()) out += "; ";
    out += a.name + a.markers;
  }
  return out;
}

}  // namespace

TEST_CASE("bibtex: text outside entries, @comment and @preamble are ignored") {
  Diagnostics d;
  std::vector<BibEntry> e = parse(
      "---\n---\n"
      "Free text, an address a@b.org, and % a comment.\n"
      "@comment{ignored {nested} text with @article{x, inside}}\n"
      "@preamble{\"\\newcommand{\\noopsort}[1]{}\" # \"x\"}\n"
      "@Comment jabref-meta: databaseType:bibtex;\n"
      "@article{k1, title = {T}}\n",
      d);
  CHECK(lines(d) == "");
  REQUIRE(e.size() == 1);
  CHECK(e[0].key == "k1");
}

TEST_CASE("bibtex: @string macros, month macros, `#` concatenation and bare numbers") {
  Diagnostics d;
  std::vector<BibEntry> e = parse(
      "@string{conf = \"Proceedings of \" # {the Conference}}\n"
      "@STRING(Short = {Conf})\n"
      "@inproceedings{k, booktitle = conf # { on Things}, note = short,\n"
      "  year = 2024, month = sep, day = \"1\" # 9, pages = \"1--2\"}\n",
      d);
  CHECK(lines(d) == "");
  REQUIRE(e.size() == 1);
  CHECK(value(e[0], "booktitle") == "Proceedings of the Conference on Things");
  CHECK(value(e[0], "note") == "Conf");
  CHECK(value(e[0], "year") == "2024");
  CHECK(value(e[0], "month") == "September");
  CHECK(value(e[0], "day") == "19");
  CHECK(value(e[0], "pages") == "1--2");
}

TEST_CASE("bibtex: braced and quoted values keep their raw LaTeX") {
  Diagnostics d;
  std::vector<BibEntry> e = parse(
      "@article{k,\n"
      "  title = {A {Nested {Deep}} Title},\n"
      "  author = \"M{\\\"u}ller, J. and {\\\"O}zt{\\\"u}rk, A.\",\n"
      "  note = \"a {\"}quoted{\"} word\",\n"
      "  abstract = {Line one\n   line two},\n"
      "}\n",
      d);
  CHECK(lines(d) == "");
  REQUIRE(e.size() == 1);
  CHECK(value(e[0], "title") == "A {Nested {Deep}} Title");
  CHECK(value(e[0], "author") == "M{\\\"u}ller, J. and {\\\"O}zt{\\\"u}rk, A.");
  CHECK(value(e[0], "note") == "a {\"}quoted{\"} word");
  CHECK(value(e[0], "abstract") == "Line one\n   line two");
}

TEST_CASE("bibtex: delimiters, trailing commas, case, empty entries") {
  Diagnostics d;
  std::vector<BibEntry> e = parse(
      "@article(paren, title = {P})\n"
      "@misc{trailing, title = {X},}\n"
      "@misc{nofields}\n"
      "@ARTICLE{Upper:Key/2013-1, TITLE = {Up}}\n"
      "@misc{commented,\n"
      "  % note = {a field commented out},\n"
      "  title = {C}}\n",
      d);
  CHECK(lines(d) == "");
  REQUIRE(e.size() == 5);
  CHECK(e[0].key == "paren");
  CHECK(value(e[0], "title") == "P");
  CHECK(value(e[1], "title") == "X");
  CHECK(e[2].fields.empty());
  CHECK(e[3].type == "article");
  CHECK(e[3].key == "Upper:Key/2013-1");
  CHECK(value(e[3], "title") == "Up");
  CHECK(value(e[4], "note") == "<none>");
  CHECK(value(e[4], "title") == "C");
}

TEST_CASE("bibtex: locations are 1-based and count UTF-8 characters") {
  Diagnostics d;
  std::vector<BibEntry> e = parse("\n  @misc{ключ, title = {x},\n\tnote = {y}}", d);
  REQUIRE(e.size() == 1);
  CHECK(e[0].loc.path == "refs.bib");
  CHECK(e[0].loc.line == 2);
  CHECK(e[0].loc.col == 3);
  CHECK(e[0].fields[0].loc.line == 2);
  CHECK(e[0].fields[0].loc.col == 15);
  CHECK(e[0].fields[1].loc.line == 3);
  CHECK(e[0].fields[1].loc.col == 2);
}

TEST_CASE("bibtex: each syntax error is reported at its place, and parsing goes on") {
  Diagnostics d;
  std::vector<BibEntry> e = parse(
      "@article{good1, title = {Fine}}\n"
      "@article{bad1, title = {Missing comma} author = {X}}\n"
      "@article{good2, title = {Also fine}}\n"
      "@article{bad2, title {no equals}}\n"
      "@article{, title = {no key}}\n"
      "@article{bad3, title = }\n"
      "@article{bad4, title = {unclosed\n"
      "@article{good3, title = {Recovered}}\n"
      "@article{bad5 title = {x}}\n"
      "@article{bad6, title = \"unbalanced } brace\"}\n"
      "@article{bad7, title = {x}, = {y}}\n"
      "@book\n"
      "@article{good4, title = {Last}, year = undefinedmacro # 1}\n"
      "@article{bad8, title = {x} # }\n"
      "@article(bad9, title = {x}}\n"
      "@article{bad10, title = {never closed}",
      d);
  CHECK(lines(d) ==
        "refs.bib:2:40: error: expected `,` or `}` after field `title`\n"
        "refs.bib:4:22: error: expected `=` after field name `title`\n"
        "refs.bib:5:10: error: expected an entry key after `@article{`\n"
        "refs.bib:6:24: error: expected a value for field `title`\n"
        "refs.bib:7:24: error: unclosed `{` in the value of field `title`: the next entry "
        "starts at line 8:1\n"
        "refs.bib:9:15: error: expected `,` after entry key `bad5`\n"
        "refs.bib:10:36: error: unbalanced `}` in the value of field `title`\n"
        "refs.bib:11:29: error: expected a field name or `}` in entry `bad7`\n"
        "refs.bib:12:6: error: expected `{` or `(` after `@book`\n"
        "refs.bib:13:40: warning: undefined string `undefinedmacro`\n"
        "refs.bib:14:30: error: expected a value after `#` in field `title`\n"
        "refs.bib:15:27: error: expected `,` or `)` after field `title`\n"
        "refs.bib:16:9: error: unclosed `{` of entry `bad10`: the file ended at line 16\n");
  std::vector<std::string> keys;
  for (const BibEntry& x : e) keys.push_back(x.key);
  CHECK(keys == std::vector<std::string>{"good1", "good2", "good3", "good4"});
  CHECK(value(e[3], "year") == "1");
}

TEST_CASE("bibtex: an unclosed value at the end of the file points at its brace") {
  Diagnostics d;
  parse("@misc{k,\n  title = {x,\n  note = \"y\"\n", d);
  CHECK(lines(d) ==
        "refs.bib:2:11: error: unclosed `{` in the value of field `title`: the file ended at "
        "line 3\n");
  Diagnostics q;
  parse("@misc{k, title = \"x}\n", q);
  CHECK(lines(q) == "refs.bib:1:20: error: unbalanced `}` in the value of field `title`\n");
}

TEST_CASE("bibtex: an entry that never closes is reported at its brace, with where it ended") {
  Diagnostics d;
  std::vector<BibEntry> e = parse(
      "@article{a,\n"
      "  title = {A},\n"
      "  year = 2020\n"
      "\n"
      "@article{b, title = {B}}\n"
      "@misc(c, title = {C},\n"
      "  @book{d, title = {D}}\n"
      "@misc{e,\n"
      "@misc{f}\n"
      "@inproceedings{g, title = {G},\n"
      "  note = {n}\n\n",
      d);
  CHECK(d.format_all() ==
        "refs.bib:1:9: error: unclosed `{` of entry `a`: the next entry starts at line 5:1\n"
        "  @article{a,\n"
        "          ^\n"
        "refs.bib:6:6: error: unclosed `(` of entry `c`: the next entry starts at line 7:3\n"
        "  @misc(c, title = {C},\n"
        "       ^\n"
        "refs.bib:8:6: error: unclosed `{` of entry `e`: the next entry starts at line 9:1\n"
        "  @misc{e,\n"
        "       ^\n"
        "refs.bib:10:15: error: unclosed `{` of entry `g`: the file ended at line 12\n"
        "  @inproceedings{g, title = {G},\n"
        "                ^\n");
  std::vector<std::string> keys;
  for (const BibEntry& x : e) keys.push_back(x.key);
  CHECK(keys == std::vector<std::string>{"b", "d", "f"});
  Diagnostics q;
  parse("@article{\n", q);
  CHECK(lines(q) == "refs.bib:1:9: error: unclosed `{` of `@article`: the file ended at line 1\n");
}

TEST_CASE("bibtex: errors in @string say which string") {
  Diagnostics d;
  parse("@string{ = {x}}\n@string{name {x}}\n@string{name = {x} junk}\n@string{ok = {y}}\n", d);
  CHECK(lines(d) ==
        "refs.bib:1:10: error: expected a string name after `@string`\n"
        "refs.bib:2:14: error: expected `=` after string name `name`\n"
        "refs.bib:3:20: error: expected `}` after the value of string `name`\n");
}

TEST_CASE("bibtex: a repeated field warns and keeps the first value") {
  Diagnostics d;
  std::vector<BibEntry> e = parse("@misc{d, title = {A},\n  TITLE = {B}}", d);
  CHECK(lines(d) ==
        "refs.bib:2:3: warning: duplicate field `TITLE` in entry `d`; the first one is kept\n");
  CHECK(value(e[0], "title") == "A");
}

TEST_CASE("bibtex: the diagnostics quote the .bib line") {
  Diagnostics d;
  parse("@misc{k, title = {x} note = {y}}\n", d);
  CHECK(d.format_all() ==
        "refs.bib:1:22: error: expected `,` or `}` after field `title`\n"
        "  @misc{k, title = {x} note = {y}}\n"
        "                       ^\n");
}

TEST_CASE("bibtex: a file that is not UTF-8 is an error at its first bad byte (found by fuzzing)") {
  Diagnostics d;
  std::vector<BibEntry> e = parse("@misc{k,\n  title = {M\xfcller}}\n", d);
  CHECK(e.empty());
  CHECK(d.format_all() ==
        "refs.bib:2:13: error: invalid UTF-8 (is the file in Latin-1 or another encoding? save "
        "it as UTF-8)\n"
        "    title = {M\xfcller}}\n"
        "              ^\n");
  Diagnostics ok;
  CHECK(parse("@misc{k, title = {M\xc3\xbcller \xf0\x9f\x93\x9a}}", ok).size() == 1);
  CHECK_FALSE(ok.has_errors());
}

TEST_CASE("utf8: ill-formed sequences") {
  CHECK(sitegen::invalid_utf8_at("plain ascii") == std::string_view::npos);
  CHECK(sitegen::invalid_utf8_at("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80") == std::string_view::npos);
  CHECK(sitegen::invalid_utf8_at("a\xc3") == 1);             // truncated
  CHECK(sitegen::invalid_utf8_at("ab\xc0\xaf") == 2);        // overlong '/'
  CHECK(sitegen::invalid_utf8_at("\xe0\x80\xaf") == 0);      // overlong, three bytes
  CHECK(sitegen::invalid_utf8_at("\xed\xa0\x80") == 0);      // a surrogate
  CHECK(sitegen::invalid_utf8_at("\xf4\x90\x80\x80") == 0);  // past U+10FFFF
  CHECK(sitegen::invalid_utf8_at("x\x80") == 1);             // a lone continuation byte
  CHECK(sitegen::invalid_utf8_at("\xe2\x82x") == 0);
}

TEST_CASE("bibtex: entry types map onto publication types") {
  auto type = [](std::string_view bib) { return std::string(info(one(bib).type).name); };
  CHECK(type("@inproceedings{k, title={T}}") == "conference");
  CHECK(type("@conference{k, title={T}}") == "conference");
  CHECK(type("@article{k, title={T}, journal={J. ACM}}") == "journal");
  CHECK(type("@article{k, title={T}, journal={arXiv preprint arXiv:2603.10353}}") == "preprint");
  CHECK(type("@article{k, title={T}, journal={CoRR}, volume={abs/1409.4526}}") == "preprint");
  CHECK(type("@misc{k, title={T}, eprint={2401.00001}, archivePrefix={arXiv}}") == "preprint");
  CHECK(type("@misc{k, title={T}, arxiv={2401.00001}}") == "preprint");
  CHECK(type("@unpublished{k, title={T}, eprint={2401.00001}}") == "preprint");
  CHECK(type("@online{k, title={T}, eprint={2401.00001}, eprinttype={arXiv}}") == "preprint");
  CHECK(type("@misc{k, title={T}, howpublished={bioRxiv}}") == "preprint");
  CHECK(type("@misc{k, title={T}, howpublished={\\url{https://x.org}}}") == "other");
  CHECK(type("@phdthesis{k, title={T}}") == "thesis");
  CHECK(type("@mastersthesis{k, title={T}}") == "thesis");
  // BibTeX has no type for a workshop paper: the booktitle says it is one.
  CHECK(type("@inproceedings{k, title={T}, booktitle={Proceedings of the 3rd Workshop on "
             "Machine Learning and Systems}}") == "workshop");
  CHECK(type("@inproceedings{k, title={T}, booktitle={{IEEE/CVF} {CVPR} Workshops}}") ==
        "workshop");
  CHECK(type("@conference{k, title={T}, booktitle={NeurIPS 2024 WORKSHOP on Efficient "
             "Systems}}") == "workshop");
  CHECK(type("@inproceedings{k, title={T}, booktitle={Symposium on Operating Systems "
             "Principles}}") == "conference");
  // Only a conference entry: a journal named "... Workshop ..." stays a journal.
  CHECK(type("@article{k, title={T}, journal={Workshop Notes}}") == "journal");
  CHECK(one("@inproceedings{k, title={T}, booktitle={Workshop on X}}").bibtex_type ==
        "inproceedings");
  CHECK(type("@patent{k, title={T}}") == "patent");
  CHECK(type("@book{k, title={T}}") == "book");
  CHECK(type("@techreport{k, title={T}}") == "other");
  CHECK(one("@INPROCEEDINGS{k, title={T}}").bibtex_type == "inproceedings");
  CHECK(one("@m0sc{k, title={T}}").bibtex_type == "m0sc");
  CHECK(one("@mi$c{k, title={T}}").bibtex_type == "");  // cannot be written back: derived
}

TEST_CASE("bibtex: fields map onto the model") {
  Publication p = one(R"(@inproceedings{hu2026taming,
  title = {Taming the {Long-Tail}: {E}fficient {RL} --- with {$\alpha$}},
  author = {Hu*, Qinghao and Yang*, Shang and Han, Song and others},
  booktitle = {Architectural Support for Programming Languages and Operating Systems},
  year = {2026}, month = mar,
  doi = {https://doi.org/10.1145/3000000.3000001},
  url = {https://example.org/paper\_1},
  eprint = {arXiv:2511.00000}, archivePrefix = {arXiv},
  abstract = {We show \emph{how}.

    Second paragraph with 54\%.},
  keywords = {reinforcement learning; LLM, systems},
  publisher = {ACM}, volume = {1}, number = {2}, pages = {1--15},
  address = {Pittsburgh, PA}, note = {Invited to {\it ;login:}},
  bibtex_show = {true}, unknownfield = {ignored},
})");
  CHECK(p.key == "hu2026taming");
  CHECK(p.id_given);
  CHECK(p.slug == "");
  CHECK(p.loc.line == 1);
  CHECK(p.loc.col == 1);
  CHECK(p.title == "Taming the Long-Tail: Efficient RL — with $\\alpha$");
  CHECK(authors(p) == "Qinghao Hu*; Shang Yang*; Song Han");
  CHECK(p.et_al);
  CHECK(p.venue_full == "Architectural Support for Programming Languages and Operating Systems");
  CHECK(p.type == PublicationType::kConference);
  CHECK(p.year == 2026);
  CHECK(p.date.year == 2026);
  CHECK(p.date.month == 3);
  CHECK(p.date.day == 0);
  CHECK(p.doi == "10.1145/3000000.3000001");
  CHECK(p.url == "https://example.org/paper_1");
  CHECK(p.arxiv == "2511.00000");
  CHECK(p.abstract == "We show *how*.\n\nSecond paragraph with 54%.");
  CHECK(p.tags == std::vector<std::string>{"reinforcement learning", "LLM", "systems"});
  CHECK(p.publisher == "ACM");
  CHECK(p.volume == "1");
  CHECK(p.number == "2");
  CHECK(p.pages == "1–15");
  CHECK(p.address == "Pittsburgh, PA");
  CHECK(p.note == "Invited to ;login:");
  CHECK(p.status == PublicationStatus::kPublished);
  CHECK_FALSE(p.selected);
  CHECK(p.links.empty());
}

TEST_CASE("bibtex: venues from journal, fjournal, shortjournal, school and howpublished") {
  Publication a = one("@ARTICLE{k, JOURNAL = {Math. Ann.}, FJOURNAL = {Mathematische Annalen}}");
  CHECK(a.venue_full == "Mathematische Annalen");
  CHECK(a.venue == "Math. Ann.");
  Publication b = one("@article{k, SHORTJOURNAL = {J. AMS}, JOURNAL = {Journal of the AMS}}");
  CHECK(b.venue_full == "Journal of the AMS");
  CHECK(b.venue == "J. AMS");
  Publication t = one("@phdthesis{k, school = {MIT}}");
  CHECK(t.venue_full == "MIT");
  CHECK(t.school == "MIT");
  CHECK(one("@misc{k, howpublished = {Talk at Foo}}").venue_full == "Talk at Foo");
  CHECK(one("@article{k, journal = {arXiv preprint math/0409584}}").arxiv == "math/0409584");
  CHECK(one("@article{k, journal = {CoRR}, volume = {abs/1409.4526}}").arxiv == "1409.4526");
}

TEST_CASE("bibtex: year, month and date") {
  CHECK(one("@misc{k, year = {2024}, month = {12}}").date.month == 12);
  CHECK(one("@misc{k, year = 2024, month = {Sept.}}").date.month == 9);
  CHECK(one("@misc{k, year = 2024, month = may, day = {18}}").date.day == 18);
  Publication d = one("@misc{k, date = {2023-07-05}}");
  CHECK(d.year == 2023);
  CHECK(d.date.month == 7);
  CHECK(d.date.day == 5);
  CHECK(one("@misc{k, year = 2024}").date.empty());

  Diagnostics diags;
  std::vector<Publication> p = pubs("@misc{k,\n  year = {to appear},\n  month = {Fall}}", diags);
  CHECK(lines(diags) == "refs.bib:2:3: warning: year `to appear` of entry `k` is not a number\n");
  CHECK(p[0].year == 0);
  Diagnostics m;
  pubs("@misc{k, year = 2020,\n  month = {Fall}}", m);
  CHECK(lines(m) == "refs.bib:2:3: warning: unknown month `Fall` in entry `k`\n");

  Diagnostics feb;
  std::vector<Publication> f = pubs("@misc{k, year = 2023, month = feb,\n  day = {29}}", feb);
  CHECK(lines(feb) == "refs.bib:2:3: warning: day `29` of entry `k` is not a day of 2023-02\n");
  CHECK(f[0].date.month == 2);
  CHECK(f[0].date.day == 0);
  CHECK(one("@misc{k, year = 2024, month = feb, day = {29}}").date.day == 29);
  Diagnostics iso;
  std::vector<Publication> g = pubs("@misc{k,\n date = {2024-04-31}}", iso);
  CHECK(lines(iso) == "refs.bib:2:2: warning: day `31` of entry `k` is not a day of 2024-04\n");
  CHECK(g[0].date.day == 0);
}

TEST_CASE("bibtex: al-folio fields") {
  Publication p = one(R"(@inproceedings{di2024retrieval,
  abbr={ENLSP},
  title={RetrievalAttention},
  author={Liu, Di and Lu*, Baotong and Chen*, Chen},
  selected={true},
  award={Awarded the best paper by [ENLSP](https://neurips2024-enlsp.github.io/index.html)},
  award_name={:trophy: Best Paper Award},
  pdf={2024_RetrievalAttention.pdf},
  html={https://example.org/ra}, code={https://github.com/x/ra}, slides={ra.pdf},
  poster={ra-poster.pdf}, video={https://youtu.be/x}, website={https://ra.org},
  supp={ra-supp.pdf}, blog={https://blog.org/ra},
  preview={ra.png}, bibtex_show={true}, altmetric={true},
})");
  CHECK(p.abbr == "ENLSP");
  CHECK(p.venue == "ENLSP");
  CHECK(p.selected);
  CHECK(authors(p) == "Di Liu; Baotong Lu*; Chen Chen*");
  CHECK(p.awards == std::vector<std::string>{"Best Paper Award"});
  CHECK(p.note ==
        "Awarded the best paper by [ENLSP](https://neurips2024-enlsp.github.io/index.html)");
  std::string links;
  for (const sitegen::Link& l : p.links) links += l.label + "=" + l.url + " ";
  CHECK(links ==
        "pdf=2024_RetrievalAttention.pdf html=https://example.org/ra code=https://github.com/x/ra "
        "slides=ra.pdf poster=ra-poster.pdf video=https://youtu.be/x website=https://ra.org "
        "supp=ra-supp.pdf blog=https://blog.org/ra ");
  CHECK(p.preview == "ra.png");

  Publication old =
      one("@misc{k, award = {[Best poster](https://x.org) of 2024}, selected = {false}}");
  CHECK(old.awards == std::vector<std::string>{"Best poster of 2024"});
  CHECK_FALSE(old.selected);
}

TEST_CASE("bibtex: crossref fills missing fields, and the target is not a publication") {
  Diagnostics d;
  std::vector<Publication> p = pubs(R"(@inproceedings{paper,
  author = {Ada Lovelace}, title = {Notes}, pages = {1--9},
  crossref = {DBLP:conf/x/2024}, doi = {10.1/paper}}
@inproceedings{paper2, title = {Other}, booktitle = {Own Booktitle}, crossref = {dblp:CONF/x/2024}}
@proceedings{DBLP:conf/x/2024,
  editor = {Charles Babbage}, title = {Proceedings of {X} 2024},
  publisher = {Springer}, volume = {42}, year = {2024},
  doi = {10.1/volume}, url = {https://volume.org}, isbn = {978-0}, note = {volume note}}
@book{standalone, title = {Edited Volume}, editor = {Ada Lovelace}}
)",
                                    d);
  CHECK(lines(d) == "");
  REQUIRE(p.size() == 3);
  CHECK(p[0].key == "paper");
  CHECK(p[0].venue_full == "Proceedings of X 2024");
  CHECK(p[0].publisher == "Springer");
  CHECK(p[0].volume == "42");
  CHECK(p[0].year == 2024);
  CHECK(p[0].doi == "10.1/paper");
  CHECK(p[0].url == "");
  CHECK(p[0].note == "");
  CHECK(p[0].title == "Notes");
  CHECK(p[1].venue_full == "Own Booktitle");  // keys match case-insensitively, as in BibTeX
  CHECK(p[1].publisher == "Springer");
  CHECK(p[1].doi == "");
  CHECK(p[2].key == "standalone");
}

TEST_CASE("bibtex: a crossref to a missing key warns with a suggestion") {
  Diagnostics d;
  std::vector<Publication> p = pubs(
      "@inproceedings{a, title = {A},\n  crossref = {conf2O24}}\n@proceedings{conf2024, title = "
      "{C}}",
      d);
  CHECK(lines(d) ==
        "refs.bib:2:3: warning: crossref `conf2O24` of entry `a` names no entry "
        "(did you mean `conf2024`?)\n");
  REQUIRE(p.size() == 2);
  CHECK(p[0].venue_full == "");
}

TEST_CASE("bibtex: a crossref to the entry itself is ignored with a warning") {
  Diagnostics d;
  std::vector<Publication> p =
      pubs("@inproceedings{a, author = {Ada Lovelace}, title = {A},\n  crossref = {A}}\n", d);
  CHECK(lines(d) == "refs.bib:2:3: warning: entry `a` names itself in `crossref`; ignored\n");
  REQUIRE(p.size() == 1);
  CHECK(p[0].title == "A");
}

TEST_CASE("bibtex: a crossref cycle warns with every link and keeps the papers") {
  Diagnostics d;
  std::vector<Publication> p = pubs(
      "@proceedings{a, title = {A}, year = 2020,\n  crossref = {b}}\n"
      "@proceedings{b, title = {B},\n  crossref = {a}}\n"
      "@inproceedings{c, author = {Ada Lovelace}, title = {C}, crossref = {d}}\n"
      "@inproceedings{d, author = {Ada Lovelace}, title = {D}, crossref = {e}}\n"
      "@inproceedings{e, author = {Ada Lovelace}, title = {E}, crossref = {c}}\n"
      "@inproceedings{f, author = {Ada Lovelace}, title = {F}, crossref = {c}}\n",
      d);
  CHECK(lines(d) ==
        "refs.bib:2:3: warning: crossref cycle: entry `a` names `b` (refs.bib:2:3), entry `b` "
        "names `a` (refs.bib:4:3), so none of them takes fields from another; all are kept\n"
        "refs.bib:5:57: warning: crossref cycle: entry `c` names `d` (refs.bib:5:57), entry `d` "
        "names `e` (refs.bib:6:57), entry `e` names `c` (refs.bib:7:57), so none of them takes "
        "fields from another; all are kept\n");
  REQUIRE(p.size() == 6);
  CHECK(p[0].title == "A");
  CHECK(p[1].title == "B");
  CHECK(p[1].year == 0);  // nothing inherited along the cycle
  CHECK(p[5].title == "F");
  CHECK(p[5].venue_full == "C");  // an entry outside the cycle still inherits
}

TEST_CASE("bibtex: @string expansion is bounded by size") {
  // Each string doubles the one before: 2^30 bytes from a few hundred.
  std::string bib = "@string{s0 = {xxxxxxxxxxxxxxxx}}\n";
  for (int i = 1; i <= 30; ++i)
    bib += "@string{s" + std::to_string(i) + " = s" + std::to_string(i - 1) + " # s" +
           std::to_string(i - 1) + "}\n";
  bib += "@misc{k, title = s30}\n@misc{ok, title = s3}\n";
  Diagnostics d;
  std::vector<BibEntry> e = parse(bib, d);
  CHECK(lines(d) ==
        "refs.bib:18:21: error: the value of string `s17` passes 1 MB (are @string definitions "
        "doubling each other?)\n");
  REQUIRE(e.size() == 2);
  CHECK(value(e[0], "title") == "");  // s17 and all made from it are empty
  CHECK(value(e[1], "title").size() == 128);

  // Each copy is below the bound, but together they pass 64 MB.
  std::string wide = "@string{big = {" + std::string(1000000, 'x') + "}}\n";
  for (int i = 0; i < 70; ++i) wide += "@misc{k" + std::to_string(i) + ", note = big}\n";
  Diagnostics w;
  CHECK(parse(wide, w).size() == 67);
  CHECK(lines(w) ==
        "refs.bib:69:19: error: expanding string `big` in field `note` of entry "
        "`k67` makes this file's @string expansions pass 64 MB\n");
}

TEST_CASE("bibtex: braces nested 100,000 deep are an error at the 101st") {
  Diagnostics d;
  std::string deep = std::string(100000, '{') + "x" + std::string(100000, '}');
  std::vector<BibEntry> e = parse(
      "@article{deep, title = {T},\n  abstract = {" + deep + "}}\n@misc{next, title={N}}\n", d);
  CHECK(lines(d) ==
        "refs.bib:2:114: error: braces nested more than 100 levels deep in the "
        "value of field `abstract`\n");
  REQUIRE(e.size() == 1);
  CHECK(e[0].key == "next");
}

TEST_CASE("bibtex: duplicate keys: a copy is merged silently, a different entry is dropped") {
  Diagnostics d;
  std::vector<Publication> p = pubs(
      "@inproceedings{a, author = {Ada Lovelace}, title = {A}, crossref = {P}}\n"
      "@proceedings{P, title = {Proc of X}, year = {2001},\n"
      "  timestamp = {Mon, 01 Jan 2001}}\n"
      "@proceedings{P,\n"
      "  title     = {Proc\n"
      "               of X},\n"
      "  year      = {2001},\n"
      "  timestamp = {Tue, 02 Jan 2001},\n"
      "  biburl    = {https://dblp.org/rec/conf/x/2001.bib},\n"
      "  bibsource = {dblp computer science bibliography, https://dblp.org}\n"
      "}\n"
      "@proceedings{P, title = {Proc of X}, year = {2002}}\n"
      "@misc{k, title = {First}}\n"
      "@misc{k, title = {Second}, year = 2020}\n"
      "@article{k, title = {First}}\n"
      "@misc{k, title = {First}, a = 1, b = 2, c = 3, d = 4}\n",
      d);
  CHECK(lines(d) ==
        "refs.bib:12:1: warning: duplicate key `P`: this entry differs from the one at "
        "refs.bib:2:1 (in `year`); the first one is kept and this one is ignored\n"
        "refs.bib:14:1: warning: duplicate key `k`: this entry differs from the one at "
        "refs.bib:13:1 (in `title`, `year`); the first one is kept and this one is ignored\n"
        "refs.bib:15:1: warning: duplicate key `k`: this entry differs from the one at "
        "refs.bib:13:1 (in the entry type); the first one is kept and this one is ignored\n"
        "refs.bib:16:1: warning: duplicate key `k`: this entry differs from the one at "
        "refs.bib:13:1 (in `a`, `b`, `c`, ...); the first one is kept and this one is ignored\n");
  std::vector<std::string> got;
  for (const Publication& x : p) got.push_back(x.key + "=" + x.title + "/" + x.venue_full);
  CHECK(got == std::vector<std::string>{"a=A/Proc of X", "k=First/"});
}

TEST_CASE("bibtex: a crossref target is left out only when it is a volume with no author") {
  Diagnostics d;
  std::vector<Publication> p = pubs(
      "@incollection{ch1, author = {Ada Lovelace}, title = {One}, crossref = {bk}}\n"
      "@book{bk, author = {Grace Hopper}, title = {A Book}}\n"
      "@incollection{ch2, author = {Ada Lovelace}, title = {Two}, crossref = {ed}}\n"
      "@collection{ed, editor = {Grace Hopper}, title = {Edited}}\n"
      "@book{ed2, editor = {Grace Hopper}, title = {Edited Too}}\n"
      "@inbook{ch3, author = {Ada Lovelace}, title = {Three}, crossref = {ed2}}\n"
      "@inproceedings{ext, author = {Ada Lovelace}, title = {Long}, crossref = {base}}\n"
      "@inproceedings{base, author = {Ada Lovelace}, title = {Short}, booktitle = {Conf}}\n",
      d);
  CHECK(lines(d) == "");
  std::vector<std::string> got;
  for (const Publication& x : p) got.push_back(x.key + "=" + x.title + "/" + x.venue_full);
  CHECK(got == std::vector<std::string>{"ch1=One/A Book", "bk=A Book/", "ch2=Two/Edited",
                                        "ch3=Three/Edited Too", "ext=Long/Conf",
                                        "base=Short/Conf"});
}

// ---- The real-world files in ../shared/testdata/bib/ (see SOURCES.md there), read in
// place. A user's clone has no ../shared: these tests then report themselves skipped.

namespace {

using sitegen::testing::kBibDir;

struct Loaded {
  size_t entries = 0;
  std::vector<Publication> pubs;
  Diagnostics diags;
};

// Parses one file under its bare name, so diagnostics read `name.bib:line:col`.
void load(const std::string& name, Loaded& out) {
  std::ifstream in(kBibDir / name, std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  std::vector<BibEntry> entries = sitegen::parse_bibtex(text.str(), name, out.diags);
  out.entries = entries.size();
  out.pubs = sitegen::bibtex_to_publications(entries, out.diags);
}

const Publication& get(const Loaded& l, std::string_view key) {
  for (const Publication& p : l.pubs) {
    if (p.key == key) return p;
  }
  FAIL("no publication `" << key << "`");
  return l.pubs.front();
}

std::string type_counts(const Loaded& l) {
  std::map<std::string, int> n;
  for (const Publication& p : l.pubs) ++n[std::string(info(p.type).name)];
  std::string out;
  for (const auto& [type, count] : n) out += type + "=" + std::to_string(count) + " ";
  return out;
}

// Titles, names and venues never show LaTeX: no backslash or brace outside `$math$`.
void check_decoded(const Loaded& l) {
  auto clean = [](const std::string& s) {
    bool math = false;
    for (char c : s) {
      if (c == '$') math = !math;
      if (!math && (c == '\\' || c == '{' || c == '}')) return false;
    }
    return true;
  };
  for (const Publication& p : l.pubs) {
    INFO("entry " << p.key);
    CHECK(clean(p.title));
    CHECK(clean(p.venue_full));
    CHECK(p.abstract.find("ﬁ") == std::string::npos);
    for (const sitegen::Author& a : p.authors) CHECK(clean(a.name));
  }
}

}  // namespace

TEST_CASE("bibtex files: homepage-alfolio-user.bib, an al-folio papers.bib") {
  if (sitegen::testing::skip_without(kBibDir)) return;
  Loaded l;
  load("homepage-alfolio-user.bib", l);
  CHECK(lines(l.diags) ==
        "homepage-alfolio-user.bib:277:1: warning: duplicate key `zuo2024pas`: this entry "
        "differs from the one at homepage-alfolio-user.bib:266:1 (in `abbr`, `title`, "
        "`author`, ...); the first one is kept and this one is ignored\n");
  CHECK(l.entries == 51);
  REQUIRE(l.pubs.size() == 50);
  CHECK(type_counts(l) == "conference=29 journal=15 preprint=4 workshop=2 ");
  CHECK(std::count_if(l.pubs.begin(), l.pubs.end(), [](auto& p) { return p.selected; }) == 13);
  check_decoded(l);

  const Publication& sanic = l.pubs[0];
  CHECK(sanic.key == "wang2026sanic");
  CHECK(sanic.loc.line == 6);
  CHECK(sanic.title == "Towards Efficient Serving of Network-intensive LLM Inferences");
  REQUIRE(sanic.authors.size() == 10);
  CHECK(sanic.authors[0].name == "Weiye Wang");
  CHECK(sanic.authors[1].name == "Chen Chen");
  CHECK(sanic.authors[1].markers == "*");
  CHECK(sanic.authors[9].name == "Minyi Guo");
  CHECK(sanic.venue == "APNet");
  CHECK(sanic.venue_full == "10th Asia-Pacific Workshop on Networking");
  CHECK(sanic.year == 2026);
  REQUIRE(sanic.links.size() == 1);
  CHECK(sanic.links[0].label == "pdf");
  CHECK(sanic.links[0].url == "2026_arxiv_calvo.pdf");

  CHECK(get(l, "zuo2024pas").title ==
        "PAS: Towards Accurate and Efficient Federated Learning with Parameter-Adaptive "
        "Synchronization");
  CHECK(authors(get(l, "zuo2024pas")) ==
        "Zuo Gan; Chen Chen*; Jiayi Zhang; Gaoxiong Zeng; Yifei Zhu*; Jieru Zhao; Quan Chen; "
        "Minyi Guo*");
  CHECK(std::none_of(l.pubs.begin(), l.pubs.end(), [](const Publication& p) {
    return p.title == "Towards Efficient Compound Large Language Model System Serving in the Wild";
  }));  // the second `zuo2024pas`: only the first entry under a key is kept

  const Publication& best = get(l, "di2024retrieval");
  CHECK(best.awards == std::vector<std::string>{"Best Paper Award"});
  CHECK(best.venue_full ==
        "the 4th NeurIPS Workshop on Efficient Natural Language and Speech Processing (Spotlight)");
  CHECK(get(l, "wang2025semantic").awards == std::vector<std::string>{"Excellent Paper Award"});

  const Publication& edas = get(l, "zhao2025edas");
  CHECK(edas.et_al);
  CHECK(edas.authors.size() == 10);
  CHECK(edas.publisher == "ACM New York, NY");

  const Publication& shplb = get(l, "liu2026s");
  CHECK(shplb.type == PublicationType::kPreprint);
  CHECK(shplb.bibtex_type == "article");
  CHECK(shplb.arxiv == "2603.10353");
  CHECK(shplb.venue == "Arxiv");

  const Publication& apf = get(l, "chen_communication-efficient_2021");
  CHECK(apf.title == "Communication-Efficient Federated Learning with Adaptive Parameter Freezing");
  CHECK(apf.abstract.find("In this paper, we find that it is unnecessary") != std::string::npos);
  CHECK(apf.abstract.find("Specifically, the freezing periods") != std::string::npos);
  REQUIRE(apf.links.size() == 2);
  CHECK(apf.links[0].label == "video");
  CHECK(apf.links[1].label == "pdf");

  const Publication& parrot = get(l, "lin_parrot_2024");
  CHECK(parrot.title ==
        "Parrot: Efficient Serving of LLM-based Applications with Semantic Variable");
  CHECK(parrot.abstract.find("provided by today’s public LLM services") != std::string::npos);
  CHECK(authors(parrot) ==
        "Chaofan Lin; Zhenhua Han*; Chengruidong Zhang; Yuqing Yang*; Fan Yang; Chen Chen*; "
        "Lili Qiu");

  const Publication& cfq = get(l, "chen_cluster_2017");
  CHECK(cfq.title == "Cluster fair queueing: Speeding up data-parallel jobs with delay guarantees");
  CHECK(cfq.publisher == "IEEE");
  CHECK(cfq.pages == "1–9");
  CHECK(cfq.address == "Atlanta, GA, USA");
  CHECK(cfq.doi == "10.1109/INFOCOM.2017.8056948");
  CHECK(cfq.url == "http://ieeexplore.ieee.org/document/8056948/");
  CHECK(get(l, "chen_gift_2023").abstract.find("accuracy by up to 10.7% with") !=
        std::string::npos);
}

TEST_CASE("bibtex files: dblp-export.bib, a DBLP export with crossrefs") {
  if (sitegen::testing::skip_without(kBibDir)) return;
  Loaded l;
  load("dblp-export.bib", l);
  CHECK(lines(l.diags) == "");  // line 608 repeats the @proceedings of line 283
  CHECK(l.entries == 66);
  REQUIRE(l.pubs.size() == 44);  // the 22 @proceedings are crossref targets only
  CHECK(type_counts(l) == "conference=15 journal=17 preprint=5 workshop=7 ");
  check_decoded(l);
  for (const Publication& p : l.pubs) {
    INFO("entry " << p.key);
    CHECK(p.bibtex_type != "proceedings");
    if (p.type == PublicationType::kConference) {  // publisher comes from the @proceedings
      CHECK_FALSE(p.publisher.empty());
      CHECK_FALSE(p.venue_full.empty());
    }
  }

  const Publication& adleman = l.pubs[0];
  CHECK(adleman.key == "DBLP:conf/focs/Adleman80");
  CHECK(adleman.venue_full ==
        "21st Annual Symposium on Foundations of Computer Science, Syracuse, New York, USA, "
        "13-15 October 1980");
  CHECK(adleman.publisher == "IEEE Computer Society");
  CHECK(adleman.pages == "387–406");

  const Publication& qpa = get(l, "DBLP:conf/eurocrypt/BarbulescuGJT14");
  CHECK(authors(qpa) == "Razvan Barbulescu; Pierrick Gaudry; Antoine Joux; Emmanuel Thomé");
  CHECK(qpa.publisher == "Springer");
  CHECK(qpa.volume == "8441");                      // inherited from the volume
  CHECK(qpa.doi == "10.1007/978-3-642-55220-5_1");  // its own, not the volume's
  CHECK(qpa.title ==
        "A Heuristic Quasi-Polynomial Algorithm for Discrete Logarithm in Finite Fields of Small "
        "Characteristic");

  const Publication& ooh = get(l, "DBLP:conf/ches/BengerPSY14");
  CHECK(ooh.title ==
        "\"Ooh Aah... Just a Little Bit\" : A Small Amount of Side Channel Can Go a Long Way");
  CHECK(authors(ooh) == "Naomi Benger; Joop van de Pol; Nigel P. Smart; Yuval Yarom");
  CHECK(authors(get(l, "DBLP:journals/amco/Biasse10")) == "Jean-François Biasse");
  CHECK(get(l, "DBLP:journals/joc/JouxV13").title ==
        "Elliptic Curve Discrete Logarithm Problem over Small Degree Extension Fields - "
        "Application to the Static Diffie-Hellman Problem on $E(\\mathbb{F}_{q^{5}})$");
  const Publication& smith = get(l, "DBLP:conf/asiacrypt/Smith13");
  CHECK(smith.title == "Families of Fast Elliptic Curves from $\\mathbb{Q}$-curves");
  CHECK(smith.venue_full.ends_with("Proceedings, Part I"));
  const Publication& corr = get(l, "DBLP:journals/corr/Smith14c");
  CHECK(corr.type == PublicationType::kPreprint);
  CHECK(corr.arxiv == "1409.4526");
  CHECK(get(l, "DBLP:conf/crypto/BonehF01").volume == "2139");
}

TEST_CASE("bibtex files: accents-math-stacks.bib, the Stacks project bibliography") {
  if (sitegen::testing::skip_without(kBibDir)) return;
  Loaded l;
  load("accents-math-stacks.bib", l);
  CHECK(lines(l.diags) == "");
  CHECK(l.entries == 704);
  REQUIRE(l.pubs.size() == 704);
  CHECK(type_counts(l) == "book=130 chapter=74 conference=8 journal=431 other=19 preprint=42 ");
  check_decoded(l);
  CHECK(std::count_if(l.pubs.begin(), l.pubs.end(), [](const Publication& p) {
          return p.title.find('$') != std::string::npos;
        }) == 54);

  CHECK(get(l, "Abbes").title == "Éléments de géométrie rigide. Volume I");
  CHECK(get(l, "Abbes").publisher == "Birkhäuser/Springer Basel AG, Basel");
  CHECK(get(l, "Abbes-ssr").title ==
        "Réduction semi-stable des courbes d'après Artin, Deligne, Grothendieck, Mumford, Saito, "
        "Winters, $\\ldots$");
  CHECK(get(l, "Achinger").title == "Wild ramification and $K(\\pi, 1)$ spaces");
  CHECK(get(l, "Drinfeld-number").venue_full ==
        "Akademiya Nauk SSSR. Funktsionalʹnyĭ Analiz i ego Prilozheniya");
  CHECK(authors(get(l, "Drinfeld-number")) ==
        "Sergei Georgievich Vlèduţ; Vladimir Gershonovich Drinfel'd");
  CHECK(authors(get(l, "EMY")) == "Lawrence Ein; Mircea Mustaţă; Takehiko Yasuda");
  const Publication& eakin = get(l, "Eakin");
  CHECK(authors(eakin) == "Paul Mechlin Eakin, Jr.");
  CHECK(eakin.venue_full == "Mathematische Annalen");
  CHECK(eakin.venue == "Math. Ann.");
  CHECK(get(l, "K+92").et_al);
  CHECK(authors(get(l, "K+92")) == "János Kollár");
  const Publication& av = get(l, "abramovich-vistoli");
  CHECK(av.type == PublicationType::kJournal);
  CHECK(av.arxiv == "math/9908167");
  CHECK(av.venue == "J. Amer. Math. Soc.");
}

TEST_CASE("bibtex files: thesis-references.bib, a thesis reference list") {
  if (sitegen::testing::skip_without(kBibDir)) return;
  Loaded l;
  load("thesis-references.bib", l);
  CHECK(lines(l.diags) == "");
  CHECK(l.entries == 392);
  REQUIRE(l.pubs.size() == 392);
  CHECK(type_counts(l) ==
        "book=8 chapter=1 conference=211 journal=77 other=13 preprint=61 "
        "workshop=21 ");
  check_decoded(l);

  const Publication& woolley = get(l, "woolley-1969-automatic");
  CHECK(woolley.date.year == 1969);
  CHECK(woolley.date.month == 9);
  CHECK(woolley.address == "Sånga Säby, Sweden");
  CHECK(woolley.venue_full ==
        "International Conference on Computational Linguistics COLING 1969: Preprint No. 37");
  const Publication& kasner = get(l, "kasnerTrainHardFinetune2020");
  CHECK(kasner.date.month == 12);
  CHECK(authors(kasner) == "Zdeněk Kasner; Ondřej Dušek");
  CHECK(authors(get(l, "zarriess2021decoding")) == "Sina Zarrieß; Henrik Voigt; Simeon Schüz");
  CHECK(authors(get(l, "cho2014learning")) ==
        "Kyunghyun Cho; Bart van Merrienboer; Çaglar Gülçehre; Dzmitry Bahdanau; Fethi Bougares; "
        "Holger Schwenk; Yoshua Bengio");
  CHECK(get(l, "doddington2002automatic").title ==
        "Automatic Evaluation of Machine Translation Quality using $n$-gram Co-Occurrence "
        "Statistics");
  CHECK(get(l, "sheridan1955research").year == 1955);
}
