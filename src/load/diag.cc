// Diagnostics: positions, formatting with the source line and a caret, did-you-mean.
#include "load/diag.h"

#include <algorithm>

namespace sitegen {

namespace {

bool is_continuation(unsigned char c) {
  return (c & 0xC0) == 0x80;
}

// The text of 1-based line `line`, without its line ending.
std::string_view line_text(std::string_view text, int line) {
  size_t start = 0;
  for (int l = 1; l < line; ++l) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  size_t end = text.find('\n', start);
  if (end == std::string_view::npos) end = text.size();
  if (end > start && text[end - 1] == '\r') --end;
  return text.substr(start, end - start);
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
  std::shared_ptr<const std::string>& stored = sources_[path];
  stored = std::make_shared<const std::string>(std::move(text));
  return *stored;
}

SourceLoc Diagnostics::loc_at(const std::string& path, size_t offset) const {
  SourceLoc loc{path, 1, 1};
  auto it = sources_.find(path);
  if (it == sources_.end()) return loc;
  const std::string& text = *it->second;
  offset = std::min(offset, text.size());
  for (size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++loc.line;
      loc.col = 1;
    } else if (!is_continuation(static_cast<unsigned char>(text[i]))) {
      ++loc.col;
    }
  }
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

void Diagnostics::append(const Diagnostics& other) {
  for (const auto& [path, text] : other.sources_) sources_.emplace(path, text);
  for (const Diagnostic& d : other.items_) {
    Diagnostic copy = d;
    if (strict_) copy.severity = Severity::kError;
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
  return items_.size() - error_count();
}

std::string Diagnostics::format(const Diagnostic& d) const {
  std::string out = d.loc.path;
  if (d.loc.line > 0) {
    out += ":" + std::to_string(d.loc.line);
    if (d.loc.col > 0) out += ":" + std::to_string(d.loc.col);
  }
  out += d.severity == Severity::kError ? ": error: " : ": warning: ";
  out += d.message;
  out += '\n';
  auto it = sources_.find(d.loc.path);
  if (it == sources_.end() || d.loc.line <= 0) return out;
  std::string_view line = line_text(*it->second, d.loc.line);
  if (line.empty()) return out;
  out += "  ";
  out += line;
  out += "\n  ";
  // Tabs are kept so the caret lines up under the same column in a terminal.
  int col = 1;
  for (size_t i = 0; i < line.size() && col < d.loc.col; ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if (is_continuation(c)) continue;
    out += c == '\t' ? '\t' : ' ';
    ++col;
  }
  out += "^\n";
  return out;
}

std::string Diagnostics::format_all() const {
  std::string out;
  for (const Diagnostic& d : items_) out += format(d);
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
