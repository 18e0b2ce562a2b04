// Diagnostics: every user mistake as `path:line:col: error: message`, with the
// source line and a caret. Stages add to a Diagnostics; only main decides exit codes.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

struct SourceLoc {
  std::string path;  // as shown to the user, e.g. "content/site.toml"
  int line = 0;      // 1-based; 0 when the whole file is meant
  int col = 0;       // 1-based, in characters
};

// A note is a to-do rather than a mistake (a text not yet translated): shown after the
// errors and warnings, and never an error, even with --strict.
enum class Severity { kError, kWarning, kNote };

struct Diagnostic {
  Severity severity = Severity::kError;
  SourceLoc loc;
  std::string message;
};

class Diagnostics {
 public:
  // Registers a file's text so diagnostics can quote its lines; returns the text as
  // stored, valid while this object lives and the path is not registered again.
  std::string_view add_source(const std::string& path, std::string text);
  // Line and column (1-based, counting UTF-8 characters) of a byte offset in a registered file.
  SourceLoc loc_at(const std::string& path, size_t offset) const;

  void error(SourceLoc loc, std::string message);
  void warning(SourceLoc loc, std::string message);
  void note(SourceLoc loc, std::string message);
  // Warnings become errors (--strict).
  void set_strict(bool strict) { strict_ = strict; }
  void append(const Diagnostics& other);

  bool has_errors() const;
  size_t error_count() const;
  size_t warning_count() const;
  size_t note_count() const;
  const std::vector<Diagnostic>& all() const { return items_; }

  // One diagnostic as shown in a terminal: header line, source line, caret.
  std::string format(const Diagnostic& d) const;
  // Errors and warnings in the order they were found, then the notes.
  std::string format_all() const;

 private:
  // A file's text and where each of its lines starts, so quoting a line or placing an
  // offset costs the same for the 10,000th diagnostic of a file as for the first.
  struct Source {
    std::string text;
    std::vector<size_t> line_starts;
  };
  std::map<std::string, std::shared_ptr<const Source>> sources_;
  void add(Diagnostic d);

  std::vector<Diagnostic> items_;
  std::set<std::string> seen_;  // a problem reached twice (a partial in every page) is said once
  bool strict_ = false;
};

// The closest candidate within a small edit distance, or "" (for "did you mean").
std::string closest_match(std::string_view word, const std::vector<std::string_view>& candidates);
// " (did you mean `x`?)" or "".
std::string did_you_mean(std::string_view word, const std::vector<std::string_view>& candidates);

}  // namespace sitegen
