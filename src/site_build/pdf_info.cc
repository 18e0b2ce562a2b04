// Rewriting a PDF's Info dictionary without an incremental update: the object is
// replaced where it is, and every byte offset after it is moved by the difference.
#include "site_build/pdf_info.h"

#include <charconv>
#include <cstdio>
#include <vector>

#include "text/utf8.h"

namespace sitegen {

namespace {

bool is_pdf_space(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0';
}

bool is_pdf_delimiter(char c) {
  return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' ||
         c == '}' || c == '/' || c == '%';
}

// Skips white space and comments from `i` (white space only where a comment cannot
// be, as before "%%EOF").
size_t skip_space(std::string_view s, size_t i, bool comments = true) {
  while (i < s.size()) {
    if (is_pdf_space(s[i])) {
      ++i;
    } else if (comments && s[i] == '%') {
      while (i < s.size() && s[i] != '\n' && s[i] != '\r') ++i;
    } else {
      break;
    }
  }
  return i;
}

// The end of the one object (string, name, number, keyword, array or dictionary) that
// starts at `i`; npos when it does not end inside `s`.
size_t skip_object(std::string_view s, size_t i, int depth = 0) {
  if (i >= s.size() || depth > 64) return std::string_view::npos;
  char c = s[i];
  if (c == '(') {  // a literal string: balanced parentheses, backslash escapes
    int open = 0;
    for (; i < s.size(); ++i) {
      if (s[i] == '\\') {
        ++i;
      } else if (s[i] == '(') {
        ++open;
      } else if (s[i] == ')' && --open == 0) {
        return i + 1;
      }
    }
    return std::string_view::npos;
  }
  if (c == '<' && i + 1 < s.size() && s[i + 1] == '<') {  // a dictionary
    for (i = skip_space(s, i + 2); i < s.size(); i = skip_space(s, i)) {
      if (s.substr(i, 2) == ">>") return i + 2;
      i = skip_object(s, i, depth + 1);
      if (i == std::string_view::npos) return i;
    }
    return std::string_view::npos;
  }
  if (c == '<') {  // a hex string
    size_t end = s.find('>', i);
    return end == std::string_view::npos ? end : end + 1;
  }
  if (c == '[') {
    for (i = skip_space(s, i + 1); i < s.size(); i = skip_space(s, i)) {
      if (s[i] == ']') return i + 1;
      i = skip_object(s, i, depth + 1);
      if (i == std::string_view::npos) return i;
    }
    return std::string_view::npos;
  }
  if (c == ')' || c == '>' || c == ']' || c == '{' || c == '}') return std::string_view::npos;
  // A name (the '/' and what follows) or a number or keyword.
  size_t j = i + 1;
  while (j < s.size() && !is_pdf_space(s[j]) && !is_pdf_delimiter(s[j])) ++j;
  return j;
}

struct DictEntry {
  std::string_view key;    // "/Title"
  std::string_view value;  // "(...)", "<FEFF...>", "1 0 R"
};

// The entries of the dictionary at `i` ("<<"), and where it ends; false when it is not one.
bool read_dict(std::string_view s, size_t i, std::vector<DictEntry>* entries, size_t* end) {
  if (s.substr(i, 2) != "<<") return false;
  for (i = skip_space(s, i + 2); i < s.size();) {
    if (s.substr(i, 2) == ">>") {
      *end = i + 2;
      return true;
    }
    if (s[i] != '/') return false;
    size_t key_end = skip_object(s, i);
    size_t v = skip_space(s, key_end);
    size_t v_end = skip_object(s, v);
    if (v_end == std::string_view::npos) return false;
    // A value of several tokens: a reference, "12 0 R".
    for (size_t next = skip_space(s, v_end);
         next < s.size() && s[next] != '/' && s.substr(next, 2) != ">>";
         next = skip_space(s, v_end)) {
      v_end = skip_object(s, next);
      if (v_end == std::string_view::npos) return false;
    }
    entries->push_back({s.substr(i, key_end - i), s.substr(v, v_end - v)});
    i = skip_space(s, v_end);
  }
  return false;
}

// The number at `i` (after white space), advancing `i`; false when there is none.
bool read_number(std::string_view s, size_t& i, size_t* n) {
  i = skip_space(s, i);
  auto [p, ec] = std::from_chars(s.data() + i, s.data() + s.size(), *n);
  if (ec != std::errc() || p == s.data() + i) return false;
  i = static_cast<size_t>(p - s.data());
  return true;
}

// One in-use entry of the cross-reference table: where its 10-digit offset is written.
struct XrefEntry {
  size_t object = 0;
  size_t field = 0;   // position of the offset digits in the file
  size_t offset = 0;  // the object's position
};

bool fail(std::string* err, std::string why) {
  *err = std::move(why);
  return false;
}

}  // namespace

std::string pdf_text_string(std::string_view text) {
  bool plain = true;
  for (char c : text) plain = plain && c >= 0x20 && c < 0x7F;
  if (plain) {
    std::string out = "(";
    for (char c : text) {
      if (c == '(' || c == ')' || c == '\\') out += '\\';
      out += c;
    }
    return out + ")";
  }
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "<FEFF";
  auto unit = [&](unsigned u) {
    for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(u >> shift) & 0xF];
  };
  for (size_t i = 0; i < text.size();) {
    char32_t cp = decode_utf8(text, i);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      unit(0xD800 + static_cast<unsigned>(cp >> 10));
      unit(0xDC00 + static_cast<unsigned>(cp & 0x3FF));
    } else {
      unit(static_cast<unsigned>(cp));
    }
  }
  return out + ">";
}

bool set_pdf_info(std::string& pdf, const PdfInfo& info, std::string* err) {
  std::string_view s = pdf;
  // The end: "startxref\n<offset>\n%%EOF".
  size_t sx = s.rfind("startxref");
  if (sx == std::string_view::npos) return fail(err, "it has no `startxref`");
  size_t i = sx + 9, xref = 0;
  if (!read_number(s, i, &xref) || s.substr(skip_space(s, i, false), 5) != "%%EOF")
    return fail(err, "its `startxref` is not followed by an offset and `%%EOF`");
  if (xref >= sx || s.substr(xref, 4) != "xref")
    return fail(err, "it has no classic cross-reference table (a cross-reference stream?)");
  // The table: subsections of "first count" and count entries of 20 bytes each.
  std::vector<XrefEntry> entries;
  i = skip_space(s, xref + 4);
  while (i < sx && s.substr(i, 7) != "trailer") {
    size_t first = 0, count = 0;
    if (!read_number(s, i, &first) || !read_number(s, i, &count))
      return fail(err, "its cross-reference table is not well-formed");
    i = skip_space(s, i);
    if (count > (sx - i) / 20) return fail(err, "its cross-reference table is cut short");
    for (size_t k = 0; k < count; ++k, i += 20) {
      std::string_view e = s.substr(i, 20);
      size_t offset = 0;
      if (e[10] != ' ' || e[16] != ' ' || (e[17] != 'n' && e[17] != 'f') ||
          std::from_chars(e.data(), e.data() + 10, offset).ptr != e.data() + 10)
        return fail(err, "its cross-reference table has an entry of another form");
      if (e[17] == 'n') entries.push_back({first + k, i, offset});
    }
    i = skip_space(s, i);
  }
  std::vector<DictEntry> trailer;
  size_t trailer_end = 0;
  if (s.substr(i, 7) != "trailer" || !read_dict(s, skip_space(s, i + 7), &trailer, &trailer_end))
    return fail(err, "it has no trailer dictionary after its cross-reference table");
  size_t info_object = 0;
  bool has_info = false;
  for (const DictEntry& e : trailer) {
    if (e.key == "/Prev") return fail(err, "it was updated incrementally (`/Prev`)");
    if (e.key == "/Encrypt") return fail(err, "it is encrypted");
    if (e.key == "/Info") {
      size_t at = 0;
      has_info = read_number(e.value, at, &info_object);
    }
  }
  if (!has_info) return fail(err, "its trailer names no Info dictionary");
  // The Info object: "N G obj <<...>> endobj" and the line end after it.
  const XrefEntry* entry = nullptr;
  for (const XrefEntry& e : entries)
    if (e.object == info_object) entry = &e;
  if (!entry) return fail(err, "its Info dictionary is not in the cross-reference table");
  size_t start = entry->offset, n = 0, gen = 0;
  i = start;
  if (start >= xref || !read_number(s, i, &n) || n != info_object || !read_number(s, i, &gen) ||
      s.substr(skip_space(s, i), 3) != "obj")
    return fail(err, "its Info dictionary is not where the cross-reference table says");
  std::vector<DictEntry> dict;
  size_t dict_end = 0;
  if (!read_dict(s, skip_space(s, skip_space(s, i) + 3), &dict, &dict_end))
    return fail(err, "its Info object is not a dictionary");
  size_t end = skip_space(s, dict_end);
  if (s.substr(end, 6) != "endobj") return fail(err, "its Info object does not end with `endobj`");
  end += 6;
  while (end < s.size() && (s[end] == '\r' || s[end] == '\n')) ++end;
  for (const XrefEntry& e : entries)
    if (e.offset > start && e.offset < end)
      return fail(err, "another object starts inside its Info object");

  std::string object = std::to_string(n) + " " + std::to_string(gen) + " obj\n<<";
  bool first = true;
  auto add = [&](std::string_view key, std::string_view value) {
    object += first ? "" : "\n";
    object.append(key).append(" ").append(value);
    first = false;
  };
  bool author = false, creator = false;
  for (const DictEntry& e : dict) {
    if (e.key == "/CreationDate" || e.key == "/ModDate") continue;
    if (e.key == "/Author" && !info.author.empty()) {
      add(e.key, pdf_text_string(info.author));
      author = true;
    } else if (e.key == "/Creator" && !info.creator.empty()) {
      add(e.key, pdf_text_string(info.creator));
      creator = true;
    } else {
      add(e.key, e.value);
    }
  }
  if (!author && !info.author.empty()) add("/Author", pdf_text_string(info.author));
  if (!creator && !info.creator.empty()) add("/Creator", pdf_text_string(info.creator));
  object += ">>\nendobj\n";

  // Everything after the Info object moves by `shift` bytes.
  auto moved = [&](size_t at) { return at > start ? at - (end - start) + object.size() : at; };
  std::string out;
  out.reserve(pdf.size() + object.size());
  out.append(s.substr(0, start)).append(object).append(s.substr(end, sx - end));
  for (const XrefEntry& e : entries) {
    char digits[11];
    std::snprintf(digits, sizeof digits, "%010zu", moved(e.offset));
    out.replace(moved(e.field), 10, digits, 10);
  }
  out += "startxref\n" + std::to_string(moved(xref)) + "\n%%EOF\n";
  // Every object is where the table now says.
  for (const XrefEntry& e : entries) {
    std::string head = std::to_string(e.object) + " ";
    if (out.compare(moved(e.offset), head.size(), head) != 0)
      return fail(err,
                  "object " + std::to_string(e.object) + " would not be found after the rewrite");
  }
  pdf = std::move(out);
  return true;
}

void fix_pdf_dates(std::string& pdf) {
  // "D:20261126095557+00'00'": the date of printing; any length of it is replaced.
  for (std::string_view key : {"/CreationDate (D:", "/ModDate (D:"}) {
    for (size_t at = pdf.find(key); at != std::string::npos; at = pdf.find(key, at + 1)) {
      static constexpr std::string_view kFixed = "19700101000000+00'00'";
      size_t start = at + key.size();
      for (size_t i = 0; start + i < pdf.size() && pdf[start + i] != ')'; ++i)
        pdf[start + i] = i < kFixed.size() ? kFixed[i] : ' ';
    }
  }
}

}  // namespace sitegen
