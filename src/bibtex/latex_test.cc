// latex.h: each LaTeX spelling found in real .bib files, with the exact UTF-8 it becomes.
#include "bibtex/latex.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using sitegen::latex_to_utf8;
using sitegen::latex_verbatim;
using sitegen::LatexMode;
using sitegen::LatexUnknown;

namespace {
std::string md(std::string_view s) {
  return latex_to_utf8(s, LatexMode::kMarkdown);
}
}  // namespace

TEST_CASE("latex: accents in every common spelling, precomposed (NFC)") {
  CHECK(latex_to_utf8(R"({\"u})") == "ü");
  CHECK(latex_to_utf8(R"(\"{u})") == "ü");
  CHECK(latex_to_utf8(R"(\"u)") == "ü");
  CHECK(latex_to_utf8(R"(\'e)") == "é");
  CHECK(latex_to_utf8(R"(\'{e})") == "é");
  CHECK(latex_to_utf8(R"({\'{e}})") == "é");
  CHECK(latex_to_utf8(R"({\'e})") == "é");
  CHECK(latex_to_utf8(R"(\'E)") == "É");
  CHECK(latex_to_utf8(R"(\`e)") == "è");
  CHECK(latex_to_utf8(R"({\`{a}})") == "à");
  CHECK(latex_to_utf8(R"(\^e)") == "ê");
  CHECK(latex_to_utf8(R"({\^{o}})") == "ô");
  CHECK(latex_to_utf8(R"(\~n)") == "ñ");
  CHECK(latex_to_utf8(R"({\~{n}})") == "ñ");
  CHECK(latex_to_utf8(R"(\=a)") == "ā");
  CHECK(latex_to_utf8(R"(\.z)") == "ż");
  CHECK(latex_to_utf8(R"(\.{I})") == "İ");
  CHECK(latex_to_utf8(R"(\u{a})") == "ă");
  CHECK(latex_to_utf8(R"(\u a)") == "ă");
  CHECK(latex_to_utf8(R"(\u\i)") == "ĭ");
  CHECK(latex_to_utf8(R"(\v{c})") == "č");
  CHECK(latex_to_utf8(R"(\v c)") == "č");
  CHECK(latex_to_utf8(R"({\v{s}})") == "š");
  CHECK(latex_to_utf8(R"(\v{Z})") == "Ž");
  CHECK(latex_to_utf8(R"(\H{o})") == "ő");
  CHECK(latex_to_utf8(R"(\H{U})") == "Ű");
  CHECK(latex_to_utf8(R"(\c{c})") == "ç");
  CHECK(latex_to_utf8(R"({\c{C}})") == "Ç");
  CHECK(latex_to_utf8(R"({\c{t}}{\u{a}})") == "ţă");
  CHECK(latex_to_utf8(R"(\k{a})") == "ą");
  CHECK(latex_to_utf8(R"(\k{E})") == "Ę");
  CHECK(latex_to_utf8(R"(\r{a})") == "å");
  CHECK(latex_to_utf8(R"(\r{U})") == "Ů");
  CHECK(latex_to_utf8(R"(\d{s})") == "ṣ");
  CHECK(latex_to_utf8(R"(\b{t})") == "ṯ");
}

TEST_CASE("latex: stacked accents and decomposed text become one composed letter (NFC)") {
  // Vietnamese: a vowel with two marks, written as nested accents.
  CHECK(latex_to_utf8(R"(Nguy{\~{\^e}}n)") == "Nguy\u1EC5n");  // Nguyễn
  CHECK(latex_to_utf8(R"(Nguy\~{\^{e}}n)") == "Nguy\u1EC5n");
  CHECK(latex_to_utf8(R"(Nguy{\~{ê}}n)") == "Nguy\u1EC5n");
  CHECK(latex_to_utf8(R"(Tr{\`{\^a}}n)") == "Tr\u1EA7n");    // Trần
  CHECK(latex_to_utf8(R"(\d{\^a})") == "\u1EAD");            // ậ: below, then above
  CHECK(latex_to_utf8(R"(\'{\u{a}})") == "\u1EAF");          // ắ
  CHECK(latex_to_utf8(R"(Ph{\d{\u{a}}}m)") == "Ph\u1EB7m");  // Phặm
  CHECK(latex_to_utf8(R"(\v{\"u})") == "\u01DA");            // ǚ (pinyin)
  CHECK(latex_to_utf8(R"(\={\"u})") == "\u01D6");            // ǖ
  // Letters that only Unicode's compositions, not a short table, know.
  CHECK(latex_to_utf8(R"(\.{n}\d{h}\={\ae}\u{\"{u}})") == "\u1E45\u1E25\u01E3\u00FC\u0306");
  // Text pasted decomposed into a .bib gets the same spelling as the LaTeX accents.
  CHECK(latex_to_utf8("Nguye\u0302\u0303n") == "Nguy\u1EC5n");
  CHECK(latex_to_utf8("{Zoe\u0308} and $x$") == "Zo\u00EB and $x$");
  CHECK(latex_to_utf8("Nguye\u0302\u0303n \\emph{x}", LatexMode::kMarkdown) == "Nguy\u1EC5n *x*");
}

TEST_CASE("latex: accents on the dotless i and j") {
  CHECK(latex_to_utf8(R"({\'{\i}})") == "í");
  CHECK(latex_to_utf8(R"(\'\i)") == "í");
  CHECK(latex_to_utf8(R"(\'{\i})") == "í");
  CHECK(latex_to_utf8(R"(\"{\i})") == "ï");
  CHECK(latex_to_utf8(R"(Lo{\"{\i}}c)") == "Loïc");
  CHECK(latex_to_utf8(R"(Llu{\'{\i}}s)") == "Lluís");
  CHECK(latex_to_utf8(R"(\^\j)") == "ĵ");
  CHECK(latex_to_utf8(R"({\i})") == "ı");
}

TEST_CASE("latex: combining marks where Unicode has no precomposed letter") {
  CHECK(latex_to_utf8(R"(\'{x})") == "x\u0301");
  CHECK(latex_to_utf8(R"(\t{oo})") == "o\u0361o");
  CHECK(latex_to_utf8(R"(\v{\ae})") == "æ\u030C");
  CHECK(latex_to_utf8(R"(\c{\i})") == "ı\u0327");  // below the letter: the dotless i stays
}

TEST_CASE("latex: an accent with an empty argument is the accent itself") {
  CHECK(latex_to_utf8(R"(\^{})") == "^");
  CHECK(latex_to_utf8(R"(\~{})") == "~");
  CHECK(latex_to_utf8(R"(\'{})") == "´");
  CHECK(latex_to_utf8(R"(\")") == "¨");
}

TEST_CASE("latex: special letters") {
  CHECK(latex_to_utf8(R"({\ss})") == "ß");
  CHECK(latex_to_utf8(R"(Zarrie{\ss})") == "Zarrieß");
  CHECK(latex_to_utf8(R"(Deu\ss er)") == "Deußer");
  CHECK(latex_to_utf8(R"(\ss{}a)") == "ßa");
  CHECK(latex_to_utf8(R"({\aa})") == "å");
  CHECK(latex_to_utf8(R"(S{\aa}nga S{\"a}by)") == "Sånga Säby");
  CHECK(latex_to_utf8(R"({\AA})") == "Å");
  CHECK(latex_to_utf8(R"({\o})") == "ø");
  CHECK(latex_to_utf8(R"(H{\o}holdt)") == "Høholdt");
  CHECK(latex_to_utf8(R"({\O})") == "Ø");
  CHECK(latex_to_utf8(R"({\l})") == "ł");
  CHECK(latex_to_utf8(R"({\L}ukasz)") == "Łukasz");
  CHECK(latex_to_utf8(R"({\ae})") == "æ");
  CHECK(latex_to_utf8(R"({\AE})") == "Æ");
  CHECK(latex_to_utf8(R"({\oe}uvre)") == "œuvre");
  CHECK(latex_to_utf8(R"({\OE})") == "Œ");
  CHECK(latex_to_utf8(R"({\dh}{\th})") == "ðþ");
}

TEST_CASE("latex: \\cprime is the soft sign of transliterated Russian") {
  CHECK(latex_to_utf8(R"(Drinfel\cprime d)") == "Drinfelʹd");
  CHECK(latex_to_utf8(R"(Funktsional\cprime ny\u\i\ Analiz)") == "Funktsionalʹnyĭ Analiz");
  CHECK(latex_to_utf8(R"(Ob\cdprime em)") == "Obʺem");
}

TEST_CASE("latex: escaped specials") {
  CHECK(latex_to_utf8(R"(\& \% \$ \_ \# \{ \})") == "& % $ _ # { }");
  CHECK(latex_to_utf8(R"(AT\&T)") == "AT&T");
  CHECK(latex_to_utf8(R"(up to 54\%)") == "up to 54%");
  CHECK(latex_to_utf8(R"(APF\# and APF++)") == "APF# and APF++");
  CHECK(latex_to_utf8(R"(\textbackslash{}n)") == "\\n");
}

TEST_CASE("latex: dashes, ties and quotes") {
  CHECK(latex_to_utf8("pages 494--503") == "pages 494–503");
  CHECK(latex_to_utf8("yes---no") == "yes—no");
  CHECK(latex_to_utf8("non-iid") == "non-iid");
  CHECK(latex_to_utf8("Jean{-}Fran{\\c{c}}ois") == "Jean-François");
  CHECK(latex_to_utf8("{-}{-}") == "--");
  CHECK(latex_to_utf8("Fig.~3") == "Fig.\u00A03");
  CHECK(latex_to_utf8("http://x.org/~user") == "http://x.org/~user");
  CHECK(latex_to_utf8("``quoted''") == "“quoted”");
  CHECK(latex_to_utf8("d{'}une") == "d'une");
  CHECK(latex_to_utf8("Langlands' conjecture") == "Langlands' conjecture");
}

TEST_CASE("latex: font commands are unwrapped, protective braces dropped") {
  CHECK(latex_to_utf8(R"(\textit{a} \emph{b} \textbf{c} \textsc{d} \texttt{e} \mbox{f})") ==
        "a b c d e f");
  CHECK(latex_to_utf8(R"({\em emphasis} and {\bf bold} and {\it it})") ==
        "emphasis and bold and it");
  CHECK(latex_to_utf8("{B}ayesian {GPU}s") == "Bayesian GPUs");
  CHECK(latex_to_utf8("{{Nested}} {braces}") == "Nested braces");
  CHECK(latex_to_utf8(R"(Lissit\'e{} formelle)") == "Lissité formelle");
  CHECK(latex_to_utf8(R"(\textsuperscript{th})") == "th");
}

TEST_CASE("latex: math is kept verbatim, dollars included") {
  CHECK(latex_to_utf8(R"({$\overline{M}_{0,n}$})") == R"($\overline{M}_{0,n}$)");
  CHECK(latex_to_utf8(R"(Wild ramification and {$K(\pi, 1)$} spaces)") ==
        R"(Wild ramification and $K(\pi, 1)$ spaces)");
  CHECK(latex_to_utf8(R"({${\rm GL}(2)$})") == R"(${\rm GL}(2)$)");
  CHECK(latex_to_utf8(R"($\mathbb{P}^r$)") == R"($\mathbb{P}^r$)");
  CHECK(latex_to_utf8(R"({$n$-gram})") == "$n$-gram");
  CHECK(latex_to_utf8(R"($a--b$ -- c)") == "$a--b$ – c");
  CHECK(latex_to_utf8(R"($$x^2$$)") == "$$x^2$$");
  CHECK(latex_to_utf8(R"({\(\mathbb{Q}\)}-curves)") == R"($\mathbb{Q}$-curves)");
  CHECK(latex_to_utf8(R"(\[x\])") == "$$x$$");
  CHECK(latex_to_utf8(R"(\ensuremath{\alpha})") == R"($\alpha$)");
  CHECK(latex_to_utf8("costs $5") == "costs $5");  // no closing dollar: not math
}

TEST_CASE("latex: DBLP's escaped math decodes to the math it stands for") {
  CHECK(latex_to_utf8(
            R"({\textdollar}E({\textbackslash}mathbb\{F\}{\_}\{q{\^{}}\{5\}\}){\textdollar})") ==
        R"($E(\mathbb{F}_{q^{5}})$)");
}

TEST_CASE("latex: unknown commands show their argument only, and are reported") {
  CHECK(latex_to_utf8(R"({\Coq} proofs)") == "proofs");
  CHECK(latex_to_utf8(R"(\Coq{} proofs)") == "proofs");
  CHECK(latex_to_utf8(R"(\Coq proofs)") == "proofs");
  CHECK(latex_to_utf8(R"(in \Coq proofs)") == "in proofs");
  CHECK(latex_to_utf8(R"(\foo{bar})") == "bar");
  CHECK(latex_to_utf8(R"(\foo{\'e\textsterling})") == "é£");
  CHECK(md(R"(\foo{\emph{x}} \Coq)") == "*x*");
  CHECK(latex_to_utf8(R"($\alpha$ and \(\beta\))") == R"($\alpha$ and $\beta$)");  // math untouched

  std::vector<LatexUnknown> unknown;
  CHECK(latex_to_utf8(R"(A {\Coq} and \textsterlin{} and \emph{\zz{bar}}.)", LatexMode::kText,
                      &unknown) == "A and and bar.");
  REQUIRE(unknown.size() == 3);
  CHECK(unknown[0].name == R"(\Coq)");
  CHECK(unknown[0].offset == 3);
  CHECK_FALSE(unknown[0].has_arg);
  CHECK(unknown[1].name == R"(\textsterlin)");
  CHECK(unknown[1].offset == 13);
  CHECK(unknown[2].name == R"(\zz)");
  CHECK(unknown[2].offset == 38);
  CHECK(unknown[2].has_arg);
  CHECK(sitegen::latex_unknown_message(unknown[0]) == "unknown LaTeX command `\\Coq`: left out");
  CHECK(sitegen::latex_unknown_message(unknown[1]) ==
        "unknown LaTeX command `\\textsterlin` (did you mean `\\textsterling`?): left out");
  CHECK(sitegen::latex_unknown_message(unknown[2]) ==
        "unknown LaTeX command `\\zz`: only its argument is shown");

  unknown.clear();
  CHECK(latex_to_utf8(R"(\'e \textsterling{} \LaTeX{} \url{http://a.b})", LatexMode::kText,
                      &unknown) == "é £ LaTeX http://a.b");
  CHECK(unknown.empty());
}

TEST_CASE("latex: logos and the commands that take an argument") {
  CHECK(latex_to_utf8(R"(\LaTeX{} and \TeX)") == "LaTeX and TeX");
  CHECK(latex_to_utf8(R"(\url{http://a.b/c\_d})") == "http://a.b/c_d");
  CHECK(latex_to_utf8(R"(see \href{http://x.y}{the site})") == "see the site");
  CHECK(latex_to_utf8(R"(\noopsort{a}Zed)") == "Zed");
  CHECK(latex_to_utf8(R"(\ldots)") == "…");
}

TEST_CASE("latex: whitespace collapses in text") {
  CHECK(latex_to_utf8("  A title\n               wrapped\tacross lines  ") ==
        "A title wrapped across lines");
  CHECK(latex_to_utf8("Dynamic Scheduling  and Adaptive") == "Dynamic Scheduling and Adaptive");
  CHECK(latex_to_utf8("") == "");
}

TEST_CASE("latex: typographic ligatures pasted from PDFs are spelled out") {
  CHECK(latex_to_utf8("we ﬁnd that") == "we find that");
  CHECK(latex_to_utf8("ﬂow eﬀect ﬃ ﬄ") == "flow effect ffi ffl");
  CHECK(latex_to_utf8("workers’ load—by") == "workers’ load—by");  // other UTF-8 as is
}

TEST_CASE("latex: Markdown mode keeps lines and escapes what Markdown would read") {
  CHECK(md("up to 54\\%") == "up to 54%");
  CHECK(md(R"(\emph{very} \textbf{fast})") == "*very* **fast**");
  CHECK(md(R"(cost \$5 and $x^2$)") == R"(cost \$5 and $x^2$)");
  CHECK(md(R"(snake\_case)") == R"(snake\_case)");
  CHECK(md("line one\n      line two\n\n\n      para two\n") == "line one\nline two\n\npara two");
  CHECK(md(R"(\href{https://x.org}{the site})") == "[the site](https://x.org)");
  CHECK(md(R"(\url{https://x.org})") == "<https://x.org>");
  CHECK(md("[ENLSP](https://x.org/a_b)") == "[ENLSP](https://x.org/a_b)");
}

TEST_CASE("latex: verbatim values (URLs, DOIs, paths)") {
  CHECK(latex_verbatim(R"(https://x.org/a\_b\%20{c})") == "https://x.org/a_b%20c");
  CHECK(latex_verbatim(R"(\url{http://x.y/~me})") == "http://x.y/~me");
  CHECK(latex_verbatim("  10.1007/978-3-642-55220-5{\\_}1 ") == "10.1007/978-3-642-55220-5_1");
  CHECK(latex_verbatim("2024_iwqos_pas.pdf") == "2024_iwqos_pas.pdf");
}

TEST_CASE("latex: malformed input is decoded without crashing") {
  CHECK(latex_to_utf8("\\") == "");
  CHECK(latex_to_utf8("{\\'") == "´");
  CHECK(latex_to_utf8("\\emph{unclosed") == "unclosed");
  CHECK(latex_to_utf8("\\(x") == "$x$");
  std::string deep;
  for (int i = 0; i < 5000; ++i) deep += "\\emph{\\'{";
  deep += "e";
  CHECK_FALSE(md(deep).empty());
}

TEST_CASE("latex: text commands for currency, dashes, quotes and symbols") {
  CHECK(latex_to_utf8(R"({\textsterling}26.50)") == "£26.50");
  CHECK(latex_to_utf8(R"(\textsterling{}1 \texteuro{}2 \textyen{}3 4\textcent{} \textdollar{}5)") ==
        "£1 €2 ¥3 4¢ $5");
  CHECK(latex_to_utf8(R"(\pounds 1 \euro 2)") == "£1 €2");
  CHECK(latex_to_utf8(R"(1\textendash{}2 a\textemdash{}b)") == "1–2 a—b");
  CHECK(latex_to_utf8(
            R"(\textquoteleft{}a\textquoteright{} \textquotedblleft{}b\textquotedblright{})") ==
        "‘a’ “b”");
  CHECK(latex_to_utf8(R"(\guillemotleft{}c\guillemotright{} \lq{}d\rq{})") == "«c» ‘d’");
  CHECK(latex_to_utf8(R"(a\ldots{} b\dots{} c\textellipsis)") == "a… b… c…");
  CHECK(latex_to_utf8(R"(\textasciitilde{}\textasciicircum{}\textbackslash{}\textbar{})") ==
        "~^\\|");
  CHECK(latex_to_utf8(R"(\textless{}x\textgreater{} a\textunderscore{}b)") == "<x> a_b");
  CHECK(latex_to_utf8(R"(\S 3 \P 4 \dag\ddag{} \textdagger\textdaggerdbl)") == "§3 ¶4 †‡ †‡");
  CHECK(latex_to_utf8(R"(X\textregistered{} Y\texttrademark{} \textcopyright{} 2024)") ==
        "X® Y™ © 2024");
  CHECK(latex_to_utf8(
            R"(20\textdegree{}C 5\textperthousand{} \textbullet{} a\textperiodcentered{}b)") ==
        "20°C 5‰ • a·b");
  CHECK(latex_to_utf8(R"(\textmu{}s \textminus{}3 \texttimes{} \textonequarter)") == "µs −3 × ¼");
  CHECK(md(R"(\textasciitilde{}user and \textunderscore)") == R"(~user and \_)");
}
