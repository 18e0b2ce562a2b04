// names.h: BibTeX name lists in each form BibTeX accepts, as display names and markers.
#include "bibtex/names.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using sitegen::AuthorList;
using sitegen::NameParts;
using sitegen::parse_author_list;
using sitegen::split_display_name;
using sitegen::split_name;
using sitegen::split_name_list;

namespace {

// "First|von|Last|Jr" for compact checks.
std::string parts(const NameParts& p) {
  return p.first + "|" + p.von + "|" + p.last + "|" + p.jr;
}

std::string names(const AuthorList& list) {
  std::string out;
  for (const sitegen::Author& a : list.authors) {
    if (!out.empty()) out += "; ";
    out += a.name;
    if (!a.markers.empty()) out += " [" + a.markers + "]";
  }
  if (list.et_al) out += "; et al.";
  return out;
}

std::string display(std::string_view bib) {
  return names(parse_author_list(bib));
}

}  // namespace

TEST_CASE("names: the list splits on `and` at brace depth 0, any case, any whitespace") {
  CHECK(split_name_list("A and B") == std::vector<std::string_view>{"A", "B"});
  CHECK(split_name_list("A AND B\n   and\tC") == std::vector<std::string_view>{"A", "B", "C"});
  CHECK(split_name_list("{Barnes and Noble} and Sandra Band") ==
        std::vector<std::string_view>{"{Barnes and Noble}", "Sandra Band"});
  CHECK(split_name_list("Alexander Andersen") ==
        std::vector<std::string_view>{"Alexander Andersen"});
  CHECK(split_name_list("  ") == std::vector<std::string_view>{});
}

TEST_CASE("names: First Last") {
  CHECK(parts(split_name("Leonard M. Adleman")) == "Leonard M.||Adleman|");
  CHECK(parts(split_name("Adleman")) == "||Adleman|");
  CHECK(display("Leonard M. Adleman") == "Leonard M. Adleman");
}

TEST_CASE("names: Last, First") {
  CHECK(parts(split_name("Chen, Chen")) == "Chen||Chen|");
  CHECK(parts(split_name("Olsson, Martin Christian")) == "Martin Christian||Olsson|");
  CHECK(display("Wang, Weiye and Chen, Chen") == "Weiye Wang; Chen Chen");
}

TEST_CASE("names: Last, Jr., First") {
  CHECK(parts(split_name("Eakin, Jr., Paul Mechlin")) == "Paul Mechlin||Eakin|Jr.");
  CHECK(display("Eakin, Jr., Paul Mechlin") == "Paul Mechlin Eakin, Jr.");
  CHECK(display("King, Jr, Martin Luther") == "Martin Luther King, Jr");
}

TEST_CASE("names: von parts") {
  CHECK(parts(split_name("Ludwig van Beethoven")) == "Ludwig|van|Beethoven|");
  CHECK(parts(split_name("van Beethoven, Ludwig")) == "Ludwig|van|Beethoven|");
  CHECK(parts(split_name("Ludwig~van Beethoven")) == "Ludwig|van|Beethoven|");
  CHECK(parts(split_name("Joop van de Pol")) == "Joop|van de|Pol|");
  CHECK(parts(split_name("Jean de La Fontaine")) == "Jean|de|La Fontaine|");
  CHECK(parts(split_name("de Jong, Aise Johan")) == "Aise Johan|de|Jong|");
  CHECK(display("Ludwig van Beethoven") == "Ludwig van Beethoven");
  CHECK(display("van Beethoven, Ludwig") == "Ludwig van Beethoven");
  CHECK(display("Ren{\\'{e}} van der Wal") == "René van der Wal");
}

TEST_CASE("names: a word's case is judged as BibTeX does") {
  // An accented capital inside a special-character group is uppercase, so not von.
  CHECK(parts(split_name("{\\'E}mile Zola")) == "{\\'E}mile||Zola|");
  CHECK(parts(split_name("\\'Emile Zola")) == "\\'Emile||Zola|");
  // A braced word has no case: `{von}` is not a von part.
  CHECK(parts(split_name("Hans {von} Trapp")) == "Hans {von}||Trapp|");
  CHECK(parts(split_name("Marta R. Costa{-}juss{\\`{a}}")) == "Marta R.||Costa{-}juss{\\`{a}}|");
}

TEST_CASE("names: braced corporate names stay whole") {
  CHECK(parts(split_name("{Barnes and Noble, Inc.}")) == "||{Barnes and Noble, Inc.}|");
  CHECK(display("{Barnes and Noble, Inc.} and Sandra Band") ==
        "Barnes and Noble, Inc.; Sandra Band");
  CHECK(display("{The ENCODE Project Consortium}") == "The ENCODE Project Consortium");
  CHECK(display("{Van de Ven}, Antonius") == "Antonius Van de Ven");
}

TEST_CASE("names: `and others` becomes et al.") {
  CHECK(display("Koll{\\'a}r, J{\\'a}nos and others") == "János Kollár; et al.");
  AuthorList l = parse_author_list("A. Author and Others");
  CHECK(l.authors.size() == 1);
  CHECK(l.et_al);
  CHECK_FALSE(parse_author_list("A. Author and B. Author").et_al);
}

TEST_CASE("names: accents decode after splitting") {
  CHECK(display("Thom{\\'{e}}, Emmanuel and Jean{-}Fran{\\c{c}}ois Biasse") ==
        "Emmanuel Thomé; Jean-François Biasse");
  CHECK(display("Musta{\\c{t}}{\\u{a}}, Mircea") == "Mircea Mustaţă");
  CHECK(display("Llu{\\'{\\i}}s M{\\`{a}}rquez") == "Lluís Màrquez");
  CHECK(display("Wen, Tsung-Hsien and Ga{\\v{s}}ic, Milica") == "Tsung-Hsien Wen; Milica Gašic");
  CHECK(display("Sina Zarrie{\\ss}") == "Sina Zarrieß");
  CHECK(display("Hu, Qinghao and 胡, 清昊") == "Qinghao Hu; 清昊 胡");
}

TEST_CASE("names: a trailing marker moves to Author::markers") {
  CHECK(display("Wang, Weiye and Chen*, Chen and Guo*, Minyi") ==
        "Weiye Wang; Chen Chen [*]; Minyi Guo [*]");
  CHECK(display("Qinghao Hu* and Shang Yang*") == "Qinghao Hu [*]; Shang Yang [*]");
  CHECK(display("Ada Lovelace*\\dag") == "Ada Lovelace [*†]");
  CHECK(display("Ada Lovelace$^\\dagger$ and Alan Turing$^{*}$") ==
        "Ada Lovelace [†]; Alan Turing [*]");
  CHECK(display("Ada Lovelace\\textsuperscript{\\#}") == "Ada Lovelace [#]");
  CHECK(display("Lovelace, Ada$^{*,\\ddagger}$") == "Ada Lovelace [*‡]");
  CHECK(display("Ada Lovelace $x$") == "Ada Lovelace $x$");  // math that is not a marker stays
}

TEST_CASE("names: empty names and stray `and`s are skipped") {
  CHECK(display("A. Author and  and B. Author") == "A. Author; B. Author");
  CHECK(display("") == "");
  CHECK(display("*") == "*");
}

TEST_CASE("names: display names split back into BibTeX parts") {
  CHECK(parts(split_display_name("Qinghao Hu")) == "Qinghao||Hu|");
  CHECK(parts(split_display_name("Ludwig van Beethoven")) == "Ludwig|van|Beethoven|");
  CHECK(parts(split_display_name("Paul Mechlin Eakin, Jr.")) == "Paul Mechlin||Eakin|Jr.");
  CHECK(parts(split_display_name("Hu, Qinghao")) == "Qinghao||Hu|");
  CHECK(parts(split_display_name("Aristotle")) == "||Aristotle|");
  CHECK(parts(split_display_name("Émile Zola")) == "Émile||Zola|");
  CHECK(parts(split_display_name("danah boyd")) == "|danah|boyd|");
}

TEST_CASE("names: BibTeX order turned into display order, for comparing names") {
  CHECK(sitegen::display_order("Li, W.") == "W. Li");
  CHECK(sitegen::display_order(" van Beethoven, Ludwig ") == "Ludwig van Beethoven");
  CHECK(sitegen::display_order("Martin Luther King, Jr.") == "Martin Luther King, Jr.");
  CHECK(sitegen::display_order("W. Li") == "W. Li");
}

TEST_CASE("names: a whole braced name is a group's") {
  AuthorList l = parse_author_list("{Barnes and Noble} and {\\'E}mile Zola and {Van de Ven}, A.");
  REQUIRE(l.authors.size() == 3);
  CHECK(l.authors[0].name == "Barnes and Noble");
  CHECK(l.authors[0].corporate);
  CHECK_FALSE(l.authors[1].corporate);
  CHECK_FALSE(l.authors[2].corporate);
  sitegen::Author braced{"{The ENCODE Project Consortium}", ""};
  sitegen::mark_corporate(braced);
  CHECK(braced.name == "The ENCODE Project Consortium");
  CHECK(braced.corporate);
  sitegen::Author with_and{"Johnson and Johnson", ""};
  sitegen::mark_corporate(with_and);
  CHECK(with_and.name == "Johnson and Johnson");
  CHECK(with_and.corporate);
  sitegen::Author person{"Ada Example", ""};
  sitegen::mark_corporate(person);
  CHECK_FALSE(person.corporate);
}
