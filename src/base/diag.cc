// Diagnostics: positions, formatting with the source line and a caret, did-you-mean.
#include "base/diag.h"

#include <algorithm>

#include "text/utf8.h"

namespace sitegen {

namespace {

// Lines longer than this are quoted in part: the caret's neighbourhood, cut on each
// side with `...`, so an error in a megabyte-long line prints a line, not a megabyte.
constexpr size_t kQuoteContext = 60;  // characters on each side of the caret

// The byte offset of character `chars` (0-based) of `line`, or line.size().
size_t char_offset(std::string_view line, size_t chars) {
  size_t i = 0;
  for (; i < line.size(); ++i) {
    if (is_utf8_continuation(line[i])) continue;
    if (chars-- == 0) break;
  }
  return i;
}

size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string_view Diagnostics::add_source(const std::string& path, std::string text) {
  auto source = std::make_shared<Source>();
  source->text = std::move(text);
  const std::string& t = source->text;
  source->line_starts.push_back(0);
  for (size_t nl = t.find('\n'); nl != std::string::npos; nl = t.find('\n', nl + 1))
    source->line_starts.push_back(nl + 1);
  sources_[path] = source;
  return source->text;
}

SourceLoc Diagnostics::loc_at(const std::string& path, size_t offset) const {
  SourceLoc loc{path, 1, 1};
  auto it = sources_.find(path);
  if (it == sources_.end()) return loc;
  const Source& source = *it->second;
  offset = std::min(offset, source.text.size());
  const std::vector<size_t>& starts = source.line_starts;
  size_t line = std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin();
  loc.line = static_cast<int>(line);
  // A byte-order mark is no column: editors do not show it, and toml++ skips it.
  size_t from = starts[line - 1];
  if (line == 1) from = std::min(byte_order_mark_size(source.text), offset);
  loc.col +=
      static_cast<int>(utf8_length(std::string_view(source.text).substr(from, offset - from)));
  return loc;
}

void Diagnostics::add(Diagnostic d) {
  std::string key = d.loc.path + ":" + std::to_string(d.loc.line) + ":" +
                    std::to_string(d.loc.col) + ":" + d.message;
  if (seen_.insert(std::move(key)).second) items_.push_back(std::move(d));
}

void Diagnostics::error(SourceLoc loc, std::string message) {
  add({Severity::kError, std::move(loc), std::move(message)});
}

void Diagnostics::warning(SourceLoc loc, std::string message) {
  add({strict_ ? Severity::kError : Severity::kWarning, std::move(loc), std::move(message)});
}

void Diagnostics::note(SourceLoc loc, std::string message) {
  add({Severity::kNote, std::move(loc), std::move(message)});
}

void Diagnostics::append(const Diagnostics& other) {
  for (const auto& [path, text] : other.sources_) sources_.emplace(path, text);
  for (const Diagnostic& d : other.items_) {
    Diagnostic copy = d;
    if (strict_ && copy.severity == Severity::kWarning) copy.severity = Severity::kError;
    add(std::move(copy));
  }
}

bool Diagnostics::has_errors() const {
  return error_count() > 0;
}

size_t Diagnostics::error_count() const {
  return std::count_if(items_.begin(), items_.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::kError; });
}

size_t Diagnostics::warning_count() const {
  return std::count_if(items_.begin(), items_.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::kWarning; });
}

size_t Diagnostics::note_count() const {
  return std::count_if(items_.begin(), items_.end(),
                       [](const Diagnostic& d) { return d.severity == Severity::kNote; });
}

std::string Diagnostics::format(const Diagnostic& d) const {
  std::string out = d.loc.path;
  if (d.loc.line > 0) {
    out += ":" + std::to_string(d.loc.line);
    if (d.loc.col > 0) out += ":" + std::to_string(d.loc.col);
  }
  out += d.severity == Severity::kError     ? ": error: "
         : d.severity == Severity::kWarning ? ": warning: "
                                            : ": note: ";
  out += d.message;
  out += '\n';
  auto it = sources_.find(d.loc.path);
  if (it == sources_.end() || d.loc.line <= 0) return out;
  const Source& source = *it->second;
  if (static_cast<size_t>(d.loc.line) > source.line_starts.size()) return out;
  size_t start = source.line_starts[d.loc.line - 1];
  size_t end = std::min(source.text.find('\n', start), source.text.size());
  if (end > start && source.text[end - 1] == '\r') --end;
  std::string_view line(source.text.data() + start, end - start);
  if (d.loc.line == 1) line.remove_prefix(byte_order_mark_size(line));
  if (line.empty()) return out;
  // Only the caret's neighbourhood of a long line: from kQuoteContext characters before
  // the caret to kQuoteContext after it, `...` where the line goes on.
  size_t caret = d.loc.col > 0 ? static_cast<size_t>(d.loc.col - 1) : 0;
  size_t first = caret > kQuoteContext ? caret - kQuoteContext : 0;
  size_t from = char_offset(line, first);
  size_t to = from + char_offset(line.substr(from), caret - first + kQuoteContext);
  out += "  ";
  if (from > 0) out += "...";
  out += line.substr(from, to - from);
  if (to < line.size()) out += "...";
  out += "\n  ";
  if (from > 0) out += "   ";
  // Tabs are kept so the caret lines up under the same column in a terminal.
  size_t col = first;
  for (size_t i = from; i < to && col < caret; ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if (is_utf8_continuation(static_cast<char>(c))) continue;
    out += c == '\t' ? '\t' : ' ';
    ++col;
  }
  out += "^\n";
  return out;
}

std::string Diagnostics::format_all() const {
  std::string out;
  for (const Diagnostic& d : items_)
    if (d.severity != Severity::kNote) out += format(d);
  for (const Diagnostic& d : items_)
    if (d.severity == Severity::kNote) out += format(d);
  return out;
}

std::string closest_match(std::string_view word, const std::vector<std::string_view>& candidates) {
  std::string_view best;
  size_t best_dist = word.size() / 3 + 2;  // allow roughly one typo per three characters
  for (std::string_view c : candidates) {
    size_t d = edit_distance(word, c);
    if (d < best_dist) {
      best_dist = d;
      best = c;
    }
  }
  return std::string(best);
}

std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates) {
  std::string m = closest_match(word, candidates);
  return m.empty() ? "" : " (did you mean `" + m + "`?)";
}

}  // namespace sitegen
