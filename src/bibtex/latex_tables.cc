// The tables of the LaTeX decoder (see latex_tables.h), sorted where they are searched.
#include "bibtex/latex_tables.h"

#include <algorithm>
#include <iterator>

namespace sitegen::latex {

size_t utf8_len(unsigned char c) {
  if (c < 0x80) return 1;
  if (c < 0xE0) return 2;
  if (c < 0xF0) return 3;
  return 4;
}

// The letters they make come from Unicode's compositions (latex.cc puts its output in
// NFC), not from a table here.
constexpr Accent kAccents[] = {
    {'\'', 0x0301, "´"}, {'`', 0x0300, "`"}, {'^', 0x0302, "^"}, {'"', 0x0308, "¨"},
    {'~', 0x0303, "~"},  {'=', 0x0304, "¯"}, {'.', 0x0307, "˙"}, {'u', 0x0306, "˘"},
    {'v', 0x030C, "ˇ"},  {'H', 0x030B, "˝"}, {'c', 0x0327, "¸"}, {'k', 0x0328, "˛"},
    {'r', 0x030A, "˚"},  {'d', 0x0323, "."}, {'b', 0x0331, "_"}, {'t', 0x0361, "͡"},
};

const Accent* find_accent(char command) {
  for (const Accent& a : kAccents) {
    if (a.command == command) return &a;
  }
  return nullptr;
}

// Control words that stand for text. Sorted by name (checked below) for binary search.
// clang-format off
constexpr Symbol kSymbols[] = {
    {"AA", "Å"}, {"AE", "Æ"}, {"BibTeX", "BibTeX"}, {"DH", "Ð"}, {"DJ", "Đ"}, {"L", "Ł"},
    {"LaTeX", "LaTeX"}, {"LaTeXe", "LaTeX2ε"}, {"NG", "Ŋ"}, {"O", "Ø"}, {"OE", "Œ"}, {"P", "¶"},
    {"S", "§"}, {"SS", "SS"}, {"TH", "Þ"}, {"TeX", "TeX"}, {"aa", "å"}, {"ae", "æ"},
    {"cdprime", "ʺ"}, {"copyright", "©"}, {"cprime", "ʹ"}, {"dag", "†"}, {"ddag", "‡"},
    {"dh", "ð"}, {"dj", "đ"}, {"dots", "…"}, {"enspace", " "}, {"euro", "€"},
    {"guillemotleft", "«"}, {"guillemotright", "»"}, {"guilsinglleft", "‹"},
    {"guilsinglright", "›"}, {"i", "ı"}, {"j", "ȷ"}, {"l", "ł"}, {"ldots", "…"}, {"lq", "‘"},
    {"ng", "ŋ"}, {"nobreakspace", "\u00A0"}, {"o", "ø"}, {"oe", "œ"}, {"pounds", "£"},
    {"qquad", " "}, {"quad", " "}, {"quotedblbase", "„"}, {"quotesinglbase", "‚"}, {"rq", "’"},
    {"slash", "/"}, {"space", " "}, {"ss", "ß"}, {"textacutedbl", "˝"}, {"textasciiacute", "´"},
    {"textasciibreve", "˘"}, {"textasciicaron", "ˇ"}, {"textasciicircum", "^"},
    {"textasciidieresis", "¨"}, {"textasciigrave", "`"}, {"textasciimacron", "¯"},
    {"textasciitilde", "~"}, {"textasteriskcentered", "∗"}, {"textbackslash", "\\"},
    {"textbaht", "฿"}, {"textbar", "|"}, {"textbardbl", "‖"}, {"textbigcircle", "◯"},
    {"textblank", "␢"}, {"textbraceleft", "{"}, {"textbraceright", "}"}, {"textbrokenbar", "¦"},
    {"textbullet", "•"}, {"textcelsius", "℃"}, {"textcent", "¢"}, {"textcentoldstyle", "¢"},
    {"textcircledP", "℗"}, {"textcolonmonetary", "₡"}, {"textcompwordmark", ""},
    {"textcopyright", "©"}, {"textcurrency", "¤"}, {"textdagger", "†"}, {"textdaggerdbl", "‡"},
    {"textdblhyphen", "⹀"}, {"textdegree", "°"}, {"textdiscount", "⁒"}, {"textdiv", "÷"},
    {"textdollar", "$"}, {"textdollaroldstyle", "$"}, {"textdong", "₫"}, {"textdownarrow", "↓"},
    {"textellipsis", "…"}, {"textemdash", "—"}, {"textendash", "–"}, {"textestimated", "℮"},
    {"texteuro", "€"}, {"textexclamdown", "¡"}, {"textflorin", "ƒ"}, {"textfractionsolidus", "⁄"},
    {"textgreater", ">"}, {"textguarani", "₲"}, {"textinterrobang", "‽"}, {"textlangle", "⟨"},
    {"textleftarrow", "←"}, {"textless", "<"}, {"textlira", "₤"}, {"textlnot", "¬"},
    {"textmho", "℧"}, {"textminus", "−"}, {"textmu", "µ"}, {"textmusicalnote", "♪"},
    {"textnaira", "₦"}, {"textnumero", "№"}, {"textohm", "Ω"}, {"textonehalf", "½"},
    {"textonequarter", "¼"}, {"textonesuperior", "¹"}, {"textopenbullet", "◦"},
    {"textordfeminine", "ª"}, {"textordmasculine", "º"}, {"textparagraph", "¶"},
    {"textperiodcentered", "·"}, {"textpertenthousand", "‱"}, {"textperthousand", "‰"},
    {"textpeso", "₱"}, {"textpm", "±"}, {"textquestiondown", "¿"}, {"textquotedbl", "\""},
    {"textquotedblleft", "“"}, {"textquotedblright", "”"}, {"textquoteleft", "‘"},
    {"textquoteright", "’"}, {"textquotesingle", "'"}, {"textquotestraightbase", "‚"},
    {"textquotestraightdblbase", "„"}, {"textrangle", "⟩"}, {"textrecipe", "℞"},
    {"textreferencemark", "※"}, {"textregistered", "®"}, {"textrightarrow", "→"},
    {"textsection", "§"}, {"textservicemark", "℠"}, {"textsterling", "£"}, {"textsurd", "√"},
    {"textthreequarters", "¾"}, {"textthreesuperior", "³"}, {"texttildelow", "~"},
    {"texttimes", "×"}, {"texttrademark", "™"}, {"texttwosuperior", "²"}, {"textunderscore", "_"},
    {"textuparrow", "↑"}, {"textvisiblespace", "␣"}, {"textwon", "₩"}, {"textyen", "¥"},
    {"th", "þ"}, {"thinspace", "\u2009"},
};
// clang-format on

static_assert(std::is_sorted(std::begin(kSymbols), std::end(kSymbols),
                             [](const Symbol& a, const Symbol& b) { return a.name < b.name; }));

const Symbol* find_symbol(std::string_view name) {
  auto it = std::lower_bound(std::begin(kSymbols), std::end(kSymbols), name,
                             [](const Symbol& s, std::string_view n) { return s.name < n; });
  return it != std::end(kSymbols) && it->name == name ? it : nullptr;
}

// clang-format off
constexpr Command kCommands[] = {
    {"Large", CommandKind::kSwitch}, {"MakeLowercase", CommandKind::kUnwrap}, {"MakeUppercase", CommandKind::kUnwrap},
    {"NoCaseChange", CommandKind::kUnwrap}, {"SortNoop", CommandKind::kDropArg}, {"allowbreak", CommandKind::kSwitch},
    {"bf", CommandKind::kSwitch}, {"bfseries", CommandKind::kSwitch}, {"em", CommandKind::kSwitch},
    {"emph", CommandKind::kItalic}, {"ensuremath", CommandKind::kMath}, {"footnotesize", CommandKind::kSwitch},
    {"hbox", CommandKind::kUnwrap}, {"href", CommandKind::kHref}, {"it", CommandKind::kSwitch},
    {"itshape", CommandKind::kSwitch}, {"large", CommandKind::kSwitch}, {"mbox", CommandKind::kUnwrap},
    {"md", CommandKind::kSwitch}, {"mdseries", CommandKind::kSwitch}, {"newblock", CommandKind::kSwitch},
    {"nocite", CommandKind::kDropArg}, {"noindent", CommandKind::kSwitch}, {"nolinkurl", CommandKind::kUrl},
    {"noopsort", CommandKind::kDropArg}, {"normalfont", CommandKind::kSwitch}, {"normalsize", CommandKind::kSwitch},
    {"par", CommandKind::kPar}, {"protect", CommandKind::kSwitch}, {"relax", CommandKind::kSwitch},
    {"rm", CommandKind::kSwitch}, {"rmfamily", CommandKind::kSwitch}, {"sc", CommandKind::kSwitch},
    {"scriptsize", CommandKind::kSwitch}, {"scshape", CommandKind::kSwitch}, {"sf", CommandKind::kSwitch},
    {"sffamily", CommandKind::kSwitch}, {"sl", CommandKind::kSwitch}, {"slshape", CommandKind::kSwitch},
    {"small", CommandKind::kSwitch}, {"sortnoop", CommandKind::kDropArg}, {"text", CommandKind::kUnwrap},
    {"textbf", CommandKind::kBold}, {"textit", CommandKind::kItalic}, {"textmd", CommandKind::kUnwrap},
    {"textnormal", CommandKind::kUnwrap}, {"textrm", CommandKind::kUnwrap}, {"textsc", CommandKind::kUnwrap},
    {"textsf", CommandKind::kUnwrap}, {"textsl", CommandKind::kItalic}, {"textsubscript", CommandKind::kUnwrap},
    {"textsuperscript", CommandKind::kUnwrap}, {"texttt", CommandKind::kUnwrap}, {"textup", CommandKind::kUnwrap},
    {"tiny", CommandKind::kSwitch}, {"tt", CommandKind::kSwitch}, {"ttfamily", CommandKind::kSwitch},
    {"underline", CommandKind::kUnwrap}, {"unskip", CommandKind::kSwitch}, {"upshape", CommandKind::kSwitch},
    {"url", CommandKind::kUrl}, {"xspace", CommandKind::kSwitch},
};
// clang-format on

static_assert(std::is_sorted(std::begin(kCommands), std::end(kCommands),
                             [](const Command& a, const Command& b) { return a.name < b.name; }));

CommandKind find_command(std::string_view name) {
  auto it = std::lower_bound(std::begin(kCommands), std::end(kCommands), name,
                             [](const Command& c, std::string_view n) { return c.name < n; });
  return it != std::end(kCommands) && it->name == name ? it->kind : CommandKind::kUnknown;
}

std::vector<std::string_view> known_names() {
  std::vector<std::string_view> names;
  names.reserve(std::size(kSymbols) + std::size(kCommands));
  for (const Symbol& sym : kSymbols) names.push_back(sym.name);
  for (const Command& c : kCommands) names.push_back(c.name);
  return names;
}

}  // namespace sitegen::latex
