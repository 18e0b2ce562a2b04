// The content format: which version a tree is in, and `sitegen upgrade`'s steps.
#include "load/format.h"

#include "text/strings.h"
#include "toml/toml_reader.h"

namespace sitegen {

const std::vector<FormatStep>& format_steps() {
  // Format 1 is the first: no step yet. The step to format 2 will be {1, to_format_2}.
  static const std::vector<FormatStep> kSteps = {};
  return kSteps;
}

std::string format_too_new(int format) {
  if (format <= kContentFormat) return "";
  return "this site is in content format " + std::to_string(format) + ", but sitegen " +
         SITEGEN_VERSION + " reads format " + std::to_string(kContentFormat) +
         " and older: upgrade sitegen";
}

int read_format(const std::string& site_toml, const std::string& display, Diagnostics& diags) {
  std::optional<TomlNode> root = parse_toml(std::string_view(site_toml), display, diags);
  if (!root) return 0;
  for (const auto& [key, value] : root->fields) {
    if (key != "format") continue;
    int format = 0;
    if (!read_integer(value, key, diags, &format)) return 0;
    if (format < 1) {
      diags.error(value.loc, "`format` must be 1 or more, not " + std::to_string(format));
      return 0;
    }
    return format;
  }
  return 1;
}

namespace {

// The key of a `key = value` line, or "" for a comment, blank or table line.
std::string_view line_key(std::string_view line) {
  line = trim(line);
  size_t eq = line.find('=');
  if (line.empty() || line[0] == '#' || line[0] == '[' || eq == std::string_view::npos) return "";
  return trim(line.substr(0, eq));
}

}  // namespace

std::string set_format(const std::string& site_toml, int format) {
  std::string line_text = "format = " + std::to_string(format);
  std::vector<std::string_view> lines;
  std::string_view rest = site_toml;
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    lines.push_back(rest.substr(0, nl == std::string_view::npos ? rest.size() : nl + 1));
    rest.remove_prefix(lines.back().size());
  }
  // A `format` line before the first table: its value replaced, its comment kept.
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view t = trim(lines[i]);
    if (!t.empty() && t[0] == '[') break;
    if (line_key(lines[i]) != "format") continue;
    std::string_view line = lines[i];
    size_t hash = line.find('#');
    std::string out;
    for (size_t j = 0; j < lines.size(); ++j) {
      if (j != i) {
        out += lines[j];
        continue;
      }
      out += line_text;
      if (hash != std::string_view::npos) out += " " + std::string(trim(line.substr(hash)));
      if (line.ends_with('\n')) out += '\n';
    }
    return out;
  }
  // None: after the comments that open the file when a blank line ends them (they
  // describe the file), else first (they describe the key that follows them).
  size_t at = 0;
  while (at < lines.size() && trim(lines[at]).starts_with('#')) ++at;
  if (at == lines.size() || !trim(lines[at]).empty()) at = 0;
  std::string out;
  for (size_t j = 0; j < lines.size(); ++j) {
    if (j == at) out += line_text + "\n" + (at == 0 ? "\n" : "");
    out += lines[j];
  }
  if (lines.empty()) out = line_text + "\n";
  return out;
}

UpgradeResult upgrade_files(ContentFiles& files, int from, const std::vector<FormatStep>& steps) {
  UpgradeResult result;
  result.from = result.to = from;
  ContentFiles before = files;
  for (const FormatStep& step : steps) {
    if (step.from != result.to) continue;
    step.apply(files, result.notes);
    result.to = step.from + 1;
  }
  if (result.to != from) files["site.toml"] = set_format(files["site.toml"], result.to);
  for (const auto& [rel, text] : files) {
    auto old = before.find(rel);
    if (old == before.end() || old->second != text) result.changed.push_back(rel);
  }
  return result;
}

}  // namespace sitegen
