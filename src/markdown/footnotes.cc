// take_footnote_definitions and markdown_with_footnotes_to_html (footnotes.h).
#include "markdown/footnotes.h"

#include <algorithm>

#include <md4c.h>

#include "markdown/html_writer.h"

namespace sitegen {

namespace {

constexpr unsigned kParserFlags = MD_DIALECT_GITHUB | MD_FLAG_LATEXMATHSPANS;

size_t indent_of(std::string_view line) {
  size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

// The fence a line opens or closes ("```", "~~~~"), or "" when it is not one.
std::string_view fence_of(std::string_view line) {
  size_t i = indent_of(line);
  if (i > 3 || i >= line.size() || (line[i] != '`' && line[i] != '~')) return {};
  size_t j = i;
  while (j < line.size() && line[j] == line[i]) ++j;
  return j - i >= 3 ? line.substr(i, j - i) : std::string_view{};
}

// `[^label]: text` at the start of a line: the label and where the text starts.
bool definition_start(std::string_view line, std::string& label, size_t& text_at) {
  size_t i = indent_of(line);
  if (i > 3 || line.substr(i, 2) != "[^") return false;
  size_t end = line.find("]:", i + 2);
  if (end == std::string_view::npos || end == i + 2) return false;
  std::string_view l = line.substr(i + 2, end - i - 2);
  if (l.find_first_of(" \t[]") != std::string_view::npos) return false;
  label = std::string(l);
  text_at = end + 2;
  while (text_at < line.size() && (line[text_at] == ' ' || line[text_at] == '\t')) ++text_at;
  return true;
}

void replace_all(std::string& s, std::string_view what, std::string_view with) {
  for (size_t at = 0; (at = s.find(what, at)) != std::string::npos; at += with.size())
    s.replace(at, what.size(), with);
}

}  // namespace

std::string take_footnote_definitions(std::string_view md, std::vector<FootnoteDefinition>& defs) {
  std::vector<std::string_view> lines;
  for (size_t at = 0; at < md.size();) {
    size_t end = md.find('\n', at);
    if (end == std::string_view::npos) end = md.size();
    lines.push_back(md.substr(at, end - at));
    at = end + 1;
  }
  std::string out;
  out.reserve(md.size());
  std::string_view fence;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    bool last = i + 1 == lines.size() && !md.ends_with('\n');
    std::string_view f = fence_of(line);
    if (!fence.empty()) {
      if (!f.empty() && f[0] == fence[0] && f.size() >= fence.size()) fence = {};
    } else if (!f.empty()) {
      fence = f;
    }
    std::string label;
    size_t text_at = 0;
    if (f.empty() && fence.empty() && definition_start(line, label, text_at)) {
      FootnoteDefinition d{label, std::string(line.substr(text_at))};
      out += '\n';
      // Continued by lines indented four spaces, and by blank lines before such a line.
      while (i + 1 < lines.size()) {
        std::string_view next = lines[i + 1];
        bool blank = next.find_first_not_of(" \t\r") == std::string_view::npos;
        if (blank) {
          size_t k = i + 1;
          while (k < lines.size() && lines[k].find_first_not_of(" \t\r") == std::string_view::npos)
            ++k;
          if (k == lines.size() || indent_of(lines[k]) < 4) break;
          d.text += '\n';
          out += '\n';
          ++i;
          continue;
        }
        if (indent_of(next) < 4) break;
        d.text += '\n';
        d.text += next.substr(4);
        out += '\n';
        ++i;
      }
      bool known = std::any_of(defs.begin(), defs.end(),
                               [&](const FootnoteDefinition& e) { return e.label == d.label; });
      if (!known) defs.push_back(std::move(d));
      continue;
    }
    out += line;
    if (!last) out += '\n';
  }
  return out;
}

NotedHtml markdown_with_notes_to_html(std::string_view md, const MarkdownOptions& opts,
                                      const FootnoteWords& words, const Citable* citable) {
  std::vector<FootnoteDefinition> defs;
  std::string text = take_footnote_definitions(md, defs);
  if (defs.empty() && (!citable || md.find("[@") == std::string_view::npos))
    return {markdown_to_html(md, opts), {}};
  FootnoteRefs refs;
  for (const FootnoteDefinition& d : defs) refs.labels.push_back(d.label);
  if (citable) {
    refs.cite_keys = &citable->keys;
    refs.cite_urls = &citable->urls;
  }
  NotedHtml noted;
  std::string& out = noted.html;
  write_html(text, kParserFlags | (opts.allow_raw_html ? 0u : unsigned{MD_FLAG_NOHTML}), opts, out,
             &refs);
  noted.cited = std::move(refs.cited);
  if (refs.order.empty()) return noted;
  out += "<section class=\"footnotes\">\n<h2 id=\"footnotes-label\" class=\"visually-hidden\">";
  append_html_escaped(out, words.heading);
  out += "</h2>\n<ol>\n";
  for (size_t n = 0; n < refs.order.size(); ++n) {
    auto d = std::find_if(defs.begin(), defs.end(),
                          [&](const FootnoteDefinition& e) { return e.label == refs.order[n]; });
    std::string number = std::to_string(n + 1);
    std::string back;
    for (int k = 1; k <= refs.counts[n]; ++k) {
      std::string id = "fnref-" + number + (k > 1 ? "-" + std::to_string(k) : "");
      std::string label(words.back);
      replace_all(label, "{n}", k > 1 ? number + "." + std::to_string(k) : number);
      back += " <a href=\"#" + id + "\" class=\"footnote-back\" aria-label=\"";
      append_html_escaped(back, label);
      back += "\">↩\xEF\xB8\x8E</a>";
    }
    std::string note = markdown_to_html(d->text, opts);
    // The links back go at the end of the note's last paragraph, or after it.
    while (!note.empty() && note.back() == '\n') note.pop_back();
    if (note.ends_with("</p>"))
      note.insert(note.size() - 4, back);
    else
      note += back;
    out += "<li id=\"fn-" + number + "\">\n" + note + "\n</li>\n";
  }
  out += "</ol>\n</section>\n";
  return noted;
}

}  // namespace sitegen
