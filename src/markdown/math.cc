// A small recursive-descent pass over TeX math: groups, scripts, commands.
#include "markdown/math.h"

#include <map>

namespace sitegen {

namespace {

const std::map<std::string_view, std::string_view>& symbols() {
  static const std::map<std::string_view, std::string_view> kSymbols = {
      {"alpha", "α"},      {"beta", "β"},       {"gamma", "γ"},      {"delta", "δ"},
      {"epsilon", "ε"},    {"varepsilon", "ε"}, {"zeta", "ζ"},       {"eta", "η"},
      {"theta", "θ"},      {"iota", "ι"},       {"kappa", "κ"},      {"lambda", "λ"},
      {"mu", "μ"},         {"nu", "ν"},         {"xi", "ξ"},         {"pi", "π"},
      {"rho", "ρ"},        {"sigma", "σ"},      {"tau", "τ"},        {"upsilon", "υ"},
      {"phi", "φ"},        {"varphi", "φ"},     {"chi", "χ"},        {"psi", "ψ"},
      {"omega", "ω"},      {"Gamma", "Γ"},      {"Delta", "Δ"},      {"Theta", "Θ"},
      {"Lambda", "Λ"},     {"Xi", "Ξ"},         {"Pi", "Π"},         {"Sigma", "Σ"},
      {"Phi", "Φ"},        {"Psi", "Ψ"},        {"Omega", "Ω"},      {"times", "×"},
      {"cdot", "·"},       {"div", "÷"},        {"pm", "±"},         {"mp", "∓"},
      {"le", "≤"},         {"leq", "≤"},        {"ge", "≥"},         {"geq", "≥"},
      {"neq", "≠"},        {"ne", "≠"},         {"approx", "≈"},     {"sim", "∼"},
      {"equiv", "≡"},      {"propto", "∝"},     {"infty", "∞"},      {"to", "→"},
      {"rightarrow", "→"}, {"leftarrow", "←"},  {"Rightarrow", "⇒"}, {"Leftrightarrow", "⇔"},
      {"mapsto", "↦"},     {"in", "∈"},         {"notin", "∉"},      {"subset", "⊂"},
      {"subseteq", "⊆"},   {"cup", "∪"},        {"cap", "∩"},        {"emptyset", "∅"},
      {"forall", "∀"},     {"exists", "∃"},     {"partial", "∂"},    {"nabla", "∇"},
      {"sum", "∑"},        {"prod", "∏"},       {"int", "∫"},        {"sqrt", "√"},
      {"ldots", "…"},      {"cdots", "⋯"},      {"dots", "…"},       {"prime", "′"},
      {"circ", "∘"},       {"star", "⋆"},       {"ell", "ℓ"},        {"log", "log"},
      {"ln", "ln"},        {"exp", "exp"},      {"min", "min"},      {"max", "max"},
      {"sin", "sin"},      {"cos", "cos"},      {"lim", "lim"},      {"det", "det"},
      {"Pr", "Pr"},        {"lvert", "|"},      {"rvert", "|"},      {"mid", "|"},
      {"{", "{"},          {"}", "}"},          {"%", "%"},          {"$", "$"},
      {"_", "_"},          {",", " "},          {";", " "},          {"quad", " "},
      {"qquad", "  "},     {" ", " "},          {"!", ""},           {"left", ""},
      {"right", ""},       {"big", ""},         {"Big", ""},         {"bigl", ""},
      {"bigr", ""},        {"langle", "⟨"},     {"rangle", "⟩"},     {"lfloor", "⌊"},
      {"rfloor", "⌋"},     {"lceil", "⌈"},      {"rceil", "⌉"},      {"N", "ℕ"},
      {"R", "ℝ"},          {"Z", "ℤ"},
  };
  return kSymbols;
}

// Commands whose argument is shown upright as plain text.
bool is_text_command(std::string_view c) {
  return c == "mathrm" || c == "text" || c == "textrm" || c == "operatorname" || c == "mathit" ||
         c == "mathbf" || c == "textbf" || c == "mathsf" || c == "mathtt" || c == "mathcal" ||
         c == "mathbb" || c == "boldsymbol" || c == "emph" || c == "textit";
}

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  // The whole formula; a stray closing brace is dropped rather than ending it.
  std::string parse_all() {
    std::string out;
    while (i_ < s_.size()) {
      out += parse_until_close();
      if (i_ < s_.size()) ++i_;
    }
    return out;
  }

  std::string parse_until_close() {
    std::string out;
    while (i_ < s_.size() && s_[i_] != '}') out += atom();
    return out;
  }

 private:
  // One unit: a group, a command, a script, or a character (UTF-8 sequences whole).
  std::string atom() {
    char c = s_[i_];
    if (c == '{') return group();
    if (c == '\\') return command();
    if (c == '^' || c == '_') {
      ++i_;
      std::string arg = i_ < s_.size() ? argument() : "";
      return c == '^' ? "<sup>" + arg + "</sup>" : "<sub>" + arg + "</sub>";
    }
    size_t len = 1;
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0xF0)
      len = 4;
    else if (u >= 0xE0)
      len = 3;
    else if (u >= 0xC0)
      len = 2;
    std::string out(s_.substr(i_, len));
    i_ += len;
    return out;
  }

  std::string group() {
    ++i_;  // {
    std::string out = parse_until_close();
    if (i_ < s_.size()) ++i_;  // }
    return out;
  }

  // The argument of a command or script: a group, or a single atom.
  std::string argument() {
    while (i_ < s_.size() && s_[i_] == ' ') ++i_;
    if (i_ >= s_.size()) return "";
    return s_[i_] == '{' ? group() : atom();
  }

  std::string command() {
    ++i_;  // backslash
    size_t start = i_;
    while (i_ < s_.size() && ((s_[i_] >= 'a' && s_[i_] <= 'z') || (s_[i_] >= 'A' && s_[i_] <= 'Z')))
      ++i_;
    if (i_ == start && i_ < s_.size()) ++i_;  // a one-character command: \{ \, \%
    std::string_view name = s_.substr(start, i_ - start);
    if (is_text_command(name)) return argument();
    if (name == "frac" || name == "dfrac" || name == "tfrac") {
      std::string num = argument();
      std::string den = argument();
      return wrap(num) + "/" + wrap(den);
    }
    if (name == "sqrt") return "√" + wrap(argument());
    auto it = symbols().find(name);
    if (it != symbols().end()) return std::string(it->second);
    return "\\" + std::string(name);  // unknown: shown as written
  }

  static std::string wrap(const std::string& s) {
    return s.size() <= 1 || s.find_first_of("+-−*/ ") == std::string::npos ? s : "(" + s + ")";
  }

  std::string_view s_;
  size_t i_ = 0;
};

}  // namespace

std::string math_to_html(std::string_view tex) {
  return Parser(tex).parse_all();
}

}  // namespace sitegen
