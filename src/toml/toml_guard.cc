// The scan before toml++ parses (toml_guard.h): one pass over the text that knows just
// enough TOML to tell keys, values, strings and comments apart.
#include "toml/toml_guard.h"

#include <algorithm>
#include <vector>

#include "text/ascii.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

constexpr size_t kNone = std::string_view::npos;

// Skips a string starting at text[i] (a quote); returns the index after it. An
// unclosed string ends at its line (or, multi-line, at the end of the text), and is
// noted in *scan if it is the first.
size_t skip_string(std::string_view text, size_t i, TomlScan* scan) {
  size_t start = i;
  char q = text[i];
  bool multi = text.compare(i, 3, std::string(3, q)) == 0;
  i += multi ? 3 : 1;
  auto unclosed = [&](size_t at, std::string message) {
    if (!scan->unclosed) {
      scan->unclosed = TomlTrouble{at, std::move(message)};
      scan->unclosed_from = start;
    }
    return at;
  };
  while (i < text.size()) {
    char c = text[i];
    if (!multi && (c == '\n' || (c == '\r' && text.compare(i, 2, "\r\n") == 0)))
      return unclosed(i, std::string("expected `") + q +
                             "` to close the string, found the end of the line (use `" +
                             std::string(3, q) + "` for text over several lines)");
    if (c == '\\' && q == '"') {
      i += i + 1 < text.size() && text[i + 1] != '\n' && text[i + 1] != '\r' ? 2 : 1;
    } else if (c == q) {
      if (!multi) return i + 1;
      size_t run = 0;
      while (i + run < text.size() && text[i + run] == q && run < 5) ++run;
      i += run;
      if (run >= 3) return i;
    } else {
      ++i;
    }
  }
  if (multi) {
    unclosed(start, "multi-line string is never closed: expected `" + std::string(3, q) +
                        "` before the end of the file");
    return text.size();
  }
  return unclosed(
      i, std::string("expected `") + q + "` to close the string, found the end of the file");
}

TomlTrouble non_ascii(std::string_view text, size_t i) {
  unsigned char c = static_cast<unsigned char>(text[i]);
  size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;  // the text is valid UTF-8 by now
  return {i, "unexpected `" + std::string(text.substr(i, n)) +
                 "` outside a quoted string: TOML keys and values other than strings are "
                 "ASCII, so put it in quotes"};
}

TomlTrouble too_deep(size_t at) {
  return {at, "too deeply nested: more than " + std::to_string(kMaxTomlNesting) +
                  " levels of tables, arrays and dotted keys"};
}

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

bool is_bare_key_char(char c) {
  return is_alpha(c) || is_digit(c) || c == '_' || c == '-';
}

// A `[table]` or `[[array]]` header at text[*i]; moves *i past it and sets *level to
// the level of the table the lines below it fill.
std::optional<TomlTrouble> scan_header(std::string_view text, size_t* i, int* level,
                                       TomlScan* scan) {
  size_t p = *i;
  bool array = text.compare(p, 2, "[[") == 0;
  p += array ? 2 : 1;
  int parts = 1;
  size_t part_at = kNone;
  while (p < text.size() && text[p] != ']' && text[p] != '\n') {
    char c = text[p];
    if (is_blank(c)) {
      ++p;
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x80) return non_ascii(text, p);
    if (part_at == kNone) part_at = p;
    if (c == '"' || c == '\'') {
      p = skip_string(text, p, scan);
    } else if (c == '.') {
      if (parts > kMaxTomlNesting) return too_deep(part_at);
      ++parts;
      part_at = kNone;
      ++p;
    } else {
      ++p;
    }
  }
  // The last part: a table, or an array one level above its tables.
  *level = array ? parts + 1 : parts;
  if (*level > kMaxTomlNesting) return too_deep(part_at == kNone ? *i : part_at);
  std::string_view name = array ? text.substr(*i + 2, p - *i - 2) : std::string_view();
  if (array && text.compare(p, 2, "]]") == 0 && (*i == 0 || text[*i - 1] == '\n') &&
      !name.empty() && std::all_of(name.begin(), name.end(), is_bare_key_char))
    scan->list_headers.push_back({*i, name});
  if (p < text.size() && text[p] == ']') p += array && text.compare(p, 2, "]]") == 0 ? 2 : 1;
  *i = p;
  return std::nullopt;
}

std::optional<TomlTrouble> find_trouble(std::string_view text, TomlScan* scan) {
  if (size_t bad = invalid_utf8_at(text); bad != kNone)
    return TomlTrouble{
        bad, "invalid UTF-8 (is the file in Latin-1 or another encoding? save it as UTF-8)"};

  struct Open {
    char bracket;  // `[` or `{`
    int level;
  };
  std::vector<Open> open;  // the arrays and inline tables around the position
  int table_level = 0;     // of the table the last header opened (the root: 0)
  bool in_key = true;      // reading a key, or else a value
  int key_parts = 1;       // of the key being read
  size_t part_at = kNone;  // where its last part starts, once it has
  int value_level = 1;     // where an array or inline table opened here would be
  auto start_key = [&] {
    in_key = true;
    key_parts = 1;
    part_at = kNone;
  };
  auto key_level = [&] { return open.empty() ? table_level : open.back().level; };

  size_t i = byte_order_mark_size(text);  // toml++ skips a byte-order mark
  while (i < text.size()) {
    char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (is_blank(c)) {
      ++i;
      continue;
    }
    if (c == '\n') {
      if (open.empty()) start_key();
      ++i;
      continue;
    }
    if (static_cast<unsigned char>(c) >= 0x80) return non_ascii(text, i);
    if (c == '"' || c == '\'') {
      if (in_key && part_at == kNone) part_at = i;
      i = skip_string(text, i, scan);
      continue;
    }
    if (in_key) {
      if (c == '[' && open.empty() && key_parts == 1 && part_at == kNone) {
        if (auto trouble = scan_header(text, &i, &table_level, scan)) return trouble;
        in_key = false;  // anything after a header on its line is toml++'s to refuse
        value_level = table_level + 1;
        continue;
      }
      if (c == '.') {
        // The part before the dot is a table.
        if (key_level() + key_parts > kMaxTomlNesting)
          return too_deep(part_at == kNone ? i : part_at);
        ++key_parts;
        part_at = kNone;
      } else if (c == '=') {
        in_key = false;
        value_level = key_level() + key_parts;
      } else if (c == '}') {  // `{}`, or a comma before the brace
        if (!open.empty()) open.pop_back();
        in_key = false;
      } else if (part_at == kNone) {
        part_at = i;
      }
      ++i;
      continue;
    }
    if (c == '[' || c == '{') {
      if (value_level > kMaxTomlNesting) return too_deep(i);
      open.push_back({c, value_level});
      if (c == '[')
        ++value_level;  // its items
      else
        start_key();
    } else if (c == ']' || c == '}') {
      if (!open.empty()) open.pop_back();
    } else if (c == ',' && !open.empty()) {
      if (open.back().bracket == '{')
        start_key();
      else
        value_level = open.back().level + 1;
    }
    ++i;
  }
  return std::nullopt;
}

}  // namespace

TomlScan scan_toml(std::string_view text) {
  TomlScan scan;
  scan.trouble = find_trouble(text, &scan);
  return scan;
}

}  // namespace sitegen
