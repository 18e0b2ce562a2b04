// Author names out of citation strings (see citation_authors.h). The citation is someone's
// own formatting, so only what is certain is read: APA's "Last, F." pairs, a single
// "Last, First", and names separated by commas, semicolons, "and" and "&".
#include "import/citation_authors.h"

#include "text/html_scan.h"
#include "text/strings.h"

namespace sitegen {

namespace {

// The text of HTML, with the runs inside <b>/<strong> also collected.
std::string plain(std::string_view html, std::vector<std::string>* bold) {
  std::string out, current;
  int in_bold = 0;
  HtmlTokenizer t(html);
  for (HtmlToken tok = t.next(); tok.kind != HtmlTokenKind::kEnd; tok = t.next()) {
    std::string_view name = tok.name;
    bool is_bold = iequals(name, "b") || iequals(name, "strong");
    if (tok.kind == HtmlTokenKind::kStartTag && is_bold) {
      ++in_bold;
    } else if (tok.kind == HtmlTokenKind::kEndTag && is_bold && in_bold > 0) {
      if (--in_bold == 0 && !trim(current).empty()) bold->emplace_back(trim(current));
      current.clear();
    } else if (tok.kind == HtmlTokenKind::kText) {
      std::string text = decode_html_entities(html.substr(tok.start, tok.end - tok.start));
      out += text;
      if (in_bold) current += text;
    }
  }
  return out;
}

// "J.", "J. K.", "J.-P.", "JK": what APA writes for given names.
bool is_initials(std::string_view s) {
  s = trim(s);
  if (s.empty()) return false;
  bool upper = false;
  for (char c : s) {
    if (c >= 'A' && c <= 'Z') {
      upper = true;
      continue;
    }
    if (c != '.' && c != ' ' && c != '-') return false;
  }
  return upper && (s.find('.') != std::string_view::npos || s.size() <= 3);
}

bool is_et_al(std::string_view s) {
  s = trim(s);
  while (!s.empty() && (s.back() == '.' || s.back() == ',')) s.remove_suffix(1);
  return iequals(s, "others") || iequals(s, "et al") || iequals(s, "et. al");
}

std::vector<std::string> split(std::string_view s, std::string_view sep) {
  std::vector<std::string> out;
  for (size_t start = 0;;) {
    size_t at = s.find(sep, start);
    out.emplace_back(trim(s.substr(start, at == std::string_view::npos ? at : at - start)));
    if (at == std::string_view::npos) break;
    start = at + sep.size();
  }
  return out;
}

CitationAuthors names_of(std::string part) {
  CitationAuthors r;
  part = std::string(trim(part));
  while (!part.empty() && (part.back() == ',' || part.back() == ';')) part.pop_back();
  // One separator between names: "&", "and", ";" (with the commas around them).
  for (std::string_view sep : {", & ", " & ", ", and ", " and ", "; "}) {
    std::string joined;
    std::vector<std::string> pieces = split(part, sep);
    for (size_t i = 0; i < pieces.size(); ++i) joined += (i ? "\x1f" : "") + pieces[i];
    part = joined;
  }
  std::vector<std::string> chunks = split(part, "\x1f");
  for (const std::string& chunk : chunks) {
    std::vector<std::string> tokens = split(chunk, ", ");
    bool pairs = tokens.size() % 2 == 0;
    for (size_t i = 1; pairs && i < tokens.size(); i += 2) pairs = is_initials(tokens[i]);
    std::vector<std::string> names;
    if (pairs) {
      for (size_t i = 0; i < tokens.size(); i += 2)
        names.push_back(tokens[i + 1] + " " + tokens[i]);
    } else if (tokens.size() == 2 && chunks.size() == 1) {
      names.push_back(chunk);  // "Last, First": one name, kept as written
    } else {
      names = tokens;
    }
    for (std::string& n : names) {
      if (trim(n).empty()) continue;
      if (is_et_al(n)) {
        r.et_al = true;
        continue;
      }
      r.names.emplace_back(trim(n));
    }
  }
  return r;
}

}  // namespace

CitationAuthors authors_from_citation(std::string_view citation) {
  std::vector<std::string> bold;
  std::string text = plain(citation, &bold);
  // The names end at the year in parentheses (APA), else at the quoted title.
  size_t end = std::string::npos;
  int year = 0;
  for (size_t i = 0; i + 5 < text.size(); ++i) {
    if (text[i] != '(' || !is_digit(text[i + 1]) || !is_digit(text[i + 2]) ||
        !is_digit(text[i + 3]) || !is_digit(text[i + 4]))
      continue;
    end = i;
    year = std::stoi(text.substr(i + 1, 4));
    break;
  }
  for (std::string_view quote : {"\"", "\xE2\x80\x9C"}) {
    size_t q = text.find(quote);
    if (q != std::string::npos && q < end) end = q;
  }
  if (end == std::string::npos) return {};
  CitationAuthors r = names_of(text.substr(0, end));
  r.bold = std::move(bold);
  r.year = year;
  return r;
}

CitationAuthors authors_from_list(std::string_view html) {
  std::vector<std::string> bold;
  CitationAuthors r = names_of(plain(html, &bold));
  r.bold = std::move(bold);
  return r;
}

}  // namespace sitegen
