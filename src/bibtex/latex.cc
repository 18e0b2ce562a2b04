// LaTeX in BibTeX values to UTF-8 (see latex.h). One pass over the input;
// command arguments that need a transformation are decoded recursively, to a bounded depth.
#include "bibtex/latex.h"

#include <algorithm>
#include <cstring>

#include "base/diag.h"
#include "bibtex/latex_tables.h"
#include "text/ascii.h"
#include "text/nfc.h"
#include "text/utf8.h"

namespace sitegen {
namespace {

using latex::Accent;
using latex::CommandKind;
using latex::find_accent;
using latex::find_command;
using latex::find_symbol;
using latex::Symbol;
using latex::utf8_len;

// Deeper nesting is still decoded, only without the per-argument treatment, so
// hostile input cannot exhaust the stack.
constexpr int kMaxDepth = 32;

// Bytes the decoder acts on; runs of other bytes are copied as a block.
constexpr ByteSet kActive("\\{}$-~`'\xEF");
constexpr ByteSet kSpaces(" \t\n\r\f");

// Cedilla, ogonek, dot and bar below attach under the letter: `\c{\i}` keeps the dotless i.
bool accent_above(char command) {
  return !std::strchr("ckdb", command);
}

// The combining diacritical marks, where an accent's own mark comes from.
bool is_combining_mark(char32_t cp) {
  return cp >= 0x300 && cp <= 0x36F;
}

// The accent's mark goes after the first letter of its argument and the marks it has
// already; latex_to_utf8 then composes them (NFC): `\~{\^e}` is ễ, not ê + U+0303.
void apply_accent(char command, std::string_view arg, std::string& out) {
  const Accent* a = find_accent(command);
  if (arg.empty()) {
    out += a->spacing;
    return;
  }
  size_t n = std::min(utf8_len(static_cast<unsigned char>(arg[0])), arg.size());
  std::string_view first = arg.substr(0, n);
  if (accent_above(command) && first == "ı") first = "i";  // the accent takes the dot's place
  if (accent_above(command) && first == "ȷ") first = "j";
  size_t marks_end = n;
  for (size_t k = n; k < arg.size() && is_combining_mark(decode_utf8(arg, k));) marks_end = k;
  out += first;
  out += arg.substr(n, marks_end - n);
  append_utf8(out, a->combining);
  out += arg.substr(marks_end);
}

// The index of the `}` closing the `{` at `open`, or npos. Escaped braces do not count.
size_t match_brace(std::string_view s, size_t open) {
  int depth = 0;
  for (size_t j = open; j < s.size(); ++j) {
    char c = s[j];
    if (c == '\\') {
      ++j;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}' && --depth == 0) {
      return j;
    }
  }
  return std::string_view::npos;
}

class Decoder {
 public:
  Decoder(bool markdown, std::string_view whole, std::vector<LatexUnknown>* unknown)
      : md_(markdown), whole_(whole), unknown_(unknown) {}
  void decode(std::string_view s, std::string& out, int depth);

 private:
  void control(std::string_view s, size_t& i, std::string& out, int depth);
  void control_word(std::string_view s, size_t& i, std::string& out, int depth);
  void accent(char command, std::string_view s, size_t& i, std::string& out, int depth);
  void math(std::string_view s, size_t& i, std::string& out);
  // Takes the braced argument at i (if any) and returns its contents; i moves past it.
  bool take_arg(std::string_view s, size_t& i, std::string_view* arg);
  // A character that came from an escape: in Markdown it must stay literal.
  void literal(std::string_view text, std::string& out);

  bool md_;
  std::string_view whole_;  // arguments decoded recursively are views into it
  std::vector<LatexUnknown>* unknown_;
};

void Decoder::literal(std::string_view text, std::string& out) {
  if (md_ && text.size() == 1 && std::strchr("\\`*_[]<>#$|", text[0])) out += '\\';
  out += text;
}

bool Decoder::take_arg(std::string_view s, size_t& i, std::string_view* arg) {
  if (i >= s.size() || s[i] != '{') return false;
  size_t close = match_brace(s, i);
  if (close == std::string_view::npos) close = s.size();
  *arg = s.substr(i + 1, close - i - 1);
  i = std::min(close + 1, s.size());
  return true;
}

void Decoder::decode(std::string_view s, std::string& out, int depth) {
  size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    switch (c) {
      case '\\':
        control(s, i, out, depth);
        break;
      case '{':
      case '}':  // protective braces
        ++i;
        break;
      case '$':
        math(s, i, out);
        break;
      case '-':
        if (s.compare(i, 3, "---") == 0) {
          out += "—";
          i += 3;
        } else if (s.compare(i, 2, "--") == 0) {
          out += "–";
          i += 2;
        } else {
          out += '-';
          ++i;
        }
        break;
      case '~':  // a tie, except in a URL written as text (`/~user`)
        out += (i > 0 && s[i - 1] == '/') ? "~" : "\u00A0";
        ++i;
        break;
      case '`':
        if (s.compare(i, 2, "``") == 0) {
          out += "“";
          i += 2;
        } else {
          out += md_ ? "\\`" : "`";
          ++i;
        }
        break;
      case '\'':
        if (s.compare(i, 2, "''") == 0) {
          out += "”";
          i += 2;
        } else {
          out += '\'';
          ++i;
        }
        break;
      case '\xEF':  // U+FB00..FB06, typographic ligatures pasted from PDFs: spell them out
        if (i + 2 < s.size() && s[i + 1] == '\xAC' &&
            static_cast<unsigned char>(s[i + 2]) >= 0x80 &&
            static_cast<unsigned char>(s[i + 2]) <= 0x86) {
          static constexpr const char* kLigatures[] = {"ff", "fi", "fl", "ffi", "ffl", "st", "st"};
          out += kLigatures[static_cast<unsigned char>(s[i + 2]) - 0x80];
          i += 3;
        } else {
          out += c;
          ++i;
        }
        break;
      default: {
        size_t j = i + 1;
        while (j < s.size() && !kActive(s[j])) ++j;
        out.append(s, i, j - i);
        i = j;
      }
    }
  }
}

void Decoder::math(std::string_view s, size_t& i, std::string& out) {
  bool display = s.compare(i, 2, "$$") == 0;
  size_t j = i + (display ? 2 : 1);
  while (j < s.size() && s[j] != '$') j += s[j] == '\\' ? 2 : 1;
  if (j >= s.size()) {  // no closing dollar: a literal one
    literal("$", out);
    ++i;
    return;
  }
  size_t end = j + 1;
  if (display && end < s.size() && s[end] == '$') ++end;
  out.append(s.substr(i, end - i));
  i = end;
}

void Decoder::control(std::string_view s, size_t& i, std::string& out, int depth) {
  size_t j = i + 1;
  if (j >= s.size()) {  // a trailing backslash
    i = j;
    return;
  }
  char c = s[j];
  if (is_alpha(c)) {
    control_word(s, i, out, depth);
    return;
  }
  i = j + 1;
  switch (c) {
    case '\'':
    case '`':
    case '^':
    case '"':
    case '~':
    case '=':
    case '.':
      accent(c, s, i, out, depth);
      return;
    case '&':
    case '%':
    case '#':
    case '_':
    case '$':
    case '{':
    case '}':
      literal(std::string_view(&s[j], 1), out);
      return;
    case '\\':  // a line break
      out += '\n';
      return;
    case ',':
      out += "\u2009";
      return;
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case ';':
    case ':':
    case '>':
      out += ' ';
      return;
    case '-':  // discretionary hyphen, italic correction, spacing after a period
    case '/':
    case '@':
    case '!':
      return;
    case '(':
    case '[': {  // \( \) and \[ \] become $ and $$ math
      const char* close = c == '(' ? "\\)" : "\\]";
      size_t end = s.find(close, i);
      if (end == std::string_view::npos) end = s.size();
      const char* dollars = c == '(' ? "$" : "$$";
      out += dollars;
      out += s.substr(i, end - i);
      out += dollars;
      i = std::min(end + 2, s.size());
      return;
    }
    default:
      out += c;
  }
}

void Decoder::control_word(std::string_view s, size_t& i, std::string& out, int depth) {
  size_t k = i + 1;
  while (k < s.size() && is_alpha(s[k])) ++k;
  std::string_view name = s.substr(i + 1, k - i - 1);
  while (k < s.size() && is_space(s[k])) ++k;  // TeX swallows spaces after a control word
  i = k;
  if (name.size() == 1 && std::strchr("uvHckrdbt", name[0])) {
    accent(name[0], s, i, out, depth);
    return;
  }
  if (const Symbol* sym = find_symbol(name)) {
    literal(sym->text, out);
    if (s.compare(i, 2, "{}") == 0) i += 2;  // `\ss{}`
    return;
  }
  std::string_view arg;
  switch (find_command(name)) {
    case CommandKind::kSwitch:
      return;
    case CommandKind::kUnwrap:  // the braces that follow are dropped as protective ones
      return;
    case CommandKind::kItalic:
    case CommandKind::kBold: {
      if (!md_ || depth >= kMaxDepth || !take_arg(s, i, &arg)) return;
      std::string inner;
      decode(arg, inner, depth + 1);
      const char* mark = find_command(name) == CommandKind::kBold ? "**" : "*";
      if (inner.empty()) return;
      out += mark;
      out += inner;
      out += mark;
      return;
    }
    case CommandKind::kDropArg:
      take_arg(s, i, &arg);
      return;
    case CommandKind::kUrl:
      if (!take_arg(s, i, &arg)) return;
      if (md_ && arg.find("://") != std::string_view::npos) {
        out += '<' + latex_verbatim(arg) + '>';
      } else {
        out += latex_verbatim(arg);
      }
      return;
    case CommandKind::kHref: {
      std::string_view text;
      if (!take_arg(s, i, &arg)) return;
      while (i < s.size() && is_space(s[i])) ++i;
      if (!take_arg(s, i, &text)) text = arg;
      std::string label;
      if (depth < kMaxDepth) decode(text, label, depth + 1);
      if (md_) {
        out += '[' + label + "](" + latex_verbatim(arg) + ')';
      } else {
        out += label;
      }
      return;
    }
    case CommandKind::kMath:
      if (!take_arg(s, i, &arg)) return;
      out += '$';
      out += arg;
      out += '$';
      return;
    case CommandKind::kPar:
      out += "\n\n";
      return;
    case CommandKind::kUnknown:
      break;
  }
  // Unknown: a name in the output would read as a word of the title, so only the
  // argument is kept; the braces that follow are dropped as protective ones.
  if (unknown_) {
    bool has_arg = i < s.size() && s[i] == '{' && s.compare(i, 2, "{}") != 0;
    size_t offset = static_cast<size_t>(name.data() - whole_.data()) - 1;
    unknown_->push_back({"\\" + std::string(name), offset, has_arg});
  }
}

void Decoder::accent(char command, std::string_view s, size_t& i, std::string& out, int depth) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  std::string arg;
  std::string_view group;
  if (i >= s.size()) {
    // no argument: the spacing form
  } else if (take_arg(s, i, &group)) {
    if (depth < kMaxDepth) {
      decode(group, arg, depth + 1);
    } else {
      arg = group;
    }
  } else if (s[i] == '\\') {  // `\u\i`
    size_t j = i + 1;
    if (j < s.size() && is_alpha(s[j])) {
      while (j < s.size() && is_alpha(s[j])) ++j;
      std::string_view cs = s.substr(i, j - i);
      while (j < s.size() && is_space(s[j])) ++j;
      if (depth < kMaxDepth) decode(cs, arg, depth + 1);
    } else if (j < s.size()) {
      arg = s.substr(j, 1);
      ++j;
    }
    i = j;
  } else {
    size_t n = std::min(utf8_len(static_cast<unsigned char>(s[i])), s.size() - i);
    arg = s.substr(i, n);
    i += n;
  }
  apply_accent(command, arg, out);
}

std::string collapse_text(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  size_t i = 0;
  while (i < raw.size()) {
    size_t start = i;
    while (i < raw.size() && !kSpaces(raw[i])) ++i;
    if (i > start) {
      if (!out.empty()) out += ' ';
      out.append(raw, start, i - start);
    }
    while (i < raw.size() && kSpaces(raw[i])) ++i;
  }
  return out;
}

// Most values (names, years, plain titles) need no work at all.
bool plain_text(std::string_view s) {
  if (s.empty() || s.front() == ' ' || s.back() == ' ') return s.empty();
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (kActive(c) || (kSpaces(c) && (c != ' ' || s[i + 1] == ' '))) return false;
  }
  return true;
}

// Markdown keeps its line structure; the indentation of a wrapped .bib value goes.
std::string tidy_markdown(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  int blank_lines = 0;
  size_t pos = 0;
  while (pos <= raw.size()) {
    size_t nl = raw.find('\n', pos);
    if (nl == std::string_view::npos) nl = raw.size();
    std::string_view line = raw.substr(pos, nl - pos);
    while (!line.empty() && is_space(line.front())) line.remove_prefix(1);
    while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
    if (line.empty()) {
      ++blank_lines;
    } else {
      if (!out.empty()) out += blank_lines > 0 ? "\n\n" : "\n";
      out += line;
      blank_lines = 0;
    }
    pos = nl + 1;
  }
  return out;
}

}  // namespace

std::string latex_to_utf8(std::string_view latex, LatexMode mode,
                          std::vector<LatexUnknown>* unknown) {
  // NFC composes the accents' marks with their letters, and gives text pasted in a
  // decomposed form the one spelling that the rest of the site's text has.
  if (mode == LatexMode::kText && plain_text(latex)) return to_nfc(latex);
  std::string raw;
  raw.reserve(latex.size());
  Decoder(mode == LatexMode::kMarkdown, latex, unknown).decode(latex, raw, 0);
  std::string out = mode == LatexMode::kMarkdown ? tidy_markdown(raw) : collapse_text(raw);
  to_nfc_in_place(out);
  return out;
}

std::string latex_unknown_message(const LatexUnknown& u) {
  // Short names (`\o`, `\lq`, `\acro`) are a typo or two away from many others: no
  // guesses for or with them.
  std::vector<std::string_view> known;
  for (std::string_view name : latex::known_names()) {
    if (name.size() > 3) known.push_back(name);
  }
  std::string_view name = std::string_view(u.name).substr(u.name.starts_with('\\') ? 1 : 0);
  std::string guess = name.size() > 5 ? closest_match(name, known) : "";
  std::string msg = "unknown LaTeX command `" + u.name + "`";
  if (!guess.empty()) msg += " (did you mean `\\" + guess + "`?)";
  return msg + (u.has_arg ? ": only its argument is shown" : ": left out");
}

std::string latex_verbatim(std::string_view value) {
  if (value.substr(0, 5) == "\\url{") {
    size_t close = match_brace(value, 4);
    if (close != std::string_view::npos) value = value.substr(5, close - 5);
  }
  std::string out;
  out.reserve(value.size());
  for (size_t i = 0; i < value.size(); ++i) {
    char c = value[i];
    if (c == '{' || c == '}') continue;
    if (c == '\\' && i + 1 < value.size() && std::strchr("_%#&~${}", value[i + 1])) {
      out += value[++i];
      continue;
    }
    out += c;
  }
  return collapse_text(out);
}

}  // namespace sitegen
