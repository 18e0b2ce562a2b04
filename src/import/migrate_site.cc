// The helpers every template's reader shares (see migrate_site.h).
#include "import/migrate_site.h"

#include "import/markdown_edit.h"
#include "import/page_split.h"
#include "import/yaml_reader.h"
#include "text/html_scan.h"
#include "text/strings.h"
#include "text/url_path.h"
#include "text/url_scheme.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

// The first error of a reading, as a note, when there is one.
bool first_error(const Diagnostics& d, Migrator& m, const std::string& what) {
  for (const Diagnostic& e : d.all())
    if (e.severity == Severity::kError) {
      m.note(e.loc, what + ": " + e.message);
      return true;
    }
  return false;
}

// Line and column (1-based, in characters) of `offset` in `text`.
std::pair<int, int> line_col(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  int line = 1;
  size_t start = 0;
  for (size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') ++line, start = i + 1;
  return {line, 1 + static_cast<int>(utf8_length(text.substr(start, offset - start)))};
}

bool has_file_extension(std::string_view path) {
  std::string_view last = path.substr(path.rfind('/') + 1);
  size_t dot = last.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return false;
  std::string_view ext = last.substr(dot);
  return ext != ".html" && ext != ".htm";
}

}  // namespace

std::optional<std::string> Migrator::read_text(const std::string& rel) {
  std::string err;
  std::optional<std::string> text = old.read(rel, &err);
  if (!text) {
    skip(rel, "cannot be read: " + err);
    return std::nullopt;
  }
  if (size_t bad = invalid_utf8_at(*text); bad != std::string::npos) {
    auto [line, col] = line_col(*text, bad);
    note(rel, line, col, "not UTF-8 (save it as UTF-8 and migrate again); the file is skipped");
    return std::nullopt;
  }
  return text;
}

std::optional<Migrator::Doc> Migrator::read_doc(const std::string& rel) {
  std::optional<std::string> text = read_text(rel);
  if (!text) return std::nullopt;
  std::string why;
  std::optional<PageParts> parts = split_page(*text, &why);
  if (!parts) {
    note(rel, 1, 1, why + "; the file is skipped");
    return std::nullopt;
  }
  Doc d;
  d.rel = rel;
  d.has_front = parts->has_front;
  d.body = std::string(parts->body);
  d.body_line = parts->body_line;
  if (!parts->has_front) return d;
  Diagnostics diags;
  std::optional<TomlNode> front;
  if (parts->yaml)
    front = parse_yaml(parts->front, rel, diags, parts->front_line);
  else
    front = parse_toml(std::string(parts->front_line - 1, '\n') + std::string(parts->front), rel,
                       diags);
  if (first_error(diags, *this, "invalid front matter; the file is skipped") || !front)
    return std::nullopt;
  if (front->kind != TomlNode::Kind::kTable) {
    note(rel, parts->front_line, 1,
         "the front matter is not a mapping of keys to values; the file is skipped");
    return std::nullopt;
  }
  d.front = std::move(*front);
  return d;
}

std::optional<TomlNode> Migrator::read_yaml(const std::string& rel) {
  std::optional<std::string> text = read_text(rel);
  if (!text) return std::nullopt;
  Diagnostics diags;
  std::optional<TomlNode> root = parse_yaml(*text, rel, diags);
  if (first_error(diags, *this, "invalid YAML; the file is not migrated") || !root)
    return std::nullopt;
  return root;
}

void Migrator::skip(const std::string& rel, const std::string& why) {
  report.skipped.push_back(rel + ": " + why);
}

void Migrator::posts_as_pages(int posts, int projects) {
  auto count = [](int n, const char* what) {
    return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
  };
  std::string what = posts && projects ? count(posts, "post") + " and " + count(projects, "project")
                     : posts           ? count(posts, "post")
                                       : count(projects, "project");
  if (posts || projects)
    report.check.push_back("pages/: " + what + " became " +
                           (posts + projects == 1 ? "a page" : "pages") +
                           ": sitegen has no collections for posts and projects yet");
}

void Migrator::note(const std::string& rel, int line, int col, const std::string& what) {
  std::string at = rel;
  if (line > 0) at += ":" + std::to_string(line) + ":" + std::to_string(col > 0 ? col : 1);
  report.check.push_back(at + ": " + what);
}

void Migrator::note(const SourceLoc& at, const std::string& what) {
  note(at.path, at.line, at.col, what);
}

std::string Migrator::clean(std::string_view body, const std::string& rel, int first_line,
                            bool liquid, const TagResolver& resolve) {
  CleanedText c = liquid ? remove_liquid(body, resolve) : remove_shortcodes(body);
  for (const TemplateNote& n : c.notes) {
    auto [line, col] = line_col(body, n.offset);
    std::string what = n.what;
    if (n.end_offset > n.offset)
      what +=
          " (to line " + std::to_string(line_col(body, n.end_offset).first + first_line - 1) + ")";
    note(rel, line + first_line - 1, col, what);
  }
  return plain_markdown(c.text);
}

std::string Migrator::fix_file_links(const std::string& md, const std::string& rel,
                                     const std::string& page_url) {
  auto site_path = [&](std::string url, bool* relative) {
    *relative = url[0] != '/';
    if (!*relative && !old_base_path.empty() &&
        (url.starts_with(old_base_path + "/") || url == old_base_path))
      url = url.substr(old_base_path.size());
    if (url.empty()) url = "/";
    std::string joined = *relative ? page_url + url : url;
    std::string path;
    remove_dot_segments(joined.substr(0, joined.find_first_of("?#")), &path);
    path.insert(path.begin(), '/');  // a path from the root, as the link is made
    std::string rest = joined.find_first_of("?#") == std::string::npos
                           ? ""
                           : joined.substr(joined.find_first_of("?#"));
    return std::pair{path, rest};
  };
  auto local = [](const std::string& url) {
    return !url.empty() && url[0] != '#' && url.compare(0, 2, "//") != 0 && url_scheme(url).empty();
  };
  std::string out = edit_markdown_links(
      md,
      [&](const MarkdownLink& l) -> LinkChange {
        if (!local(l.url)) return {};
        bool relative = false;
        auto [path, rest] = site_path(l.url, &relative);
        if (has_file_extension(path)) {
          std::string file = old_file ? old_file(percent_decode(path.substr(1))) : "";
          if (file.empty()) {
            note(rel, 0, 0,
                 std::string(l.image ? "left out the image " : "left out the link to ") + "`" +
                     l.url + "`: the old site has no such file");
            return {LinkChange::kUnlink, ""};
          }
          site.copies["static" + percent_decode(path)] = file;
        }
        std::string url = path + rest;
        if (url == l.url) return {};
        return {LinkChange::kAddress, url};
      },
      [&](const MarkdownLink& l) {
        note(rel, 0, 0, "the link to `" + l.url + "` may not work in the new site: check it");
      });
  // Raw HTML in the Markdown: its files are copied when the old site has them.
  for (const std::string& url : html_urls(out)) {
    if (!local(url)) continue;
    bool relative = false;
    auto [path, rest] = site_path(url, &relative);
    if (!has_file_extension(path)) continue;
    std::string file = old_file ? old_file(percent_decode(path.substr(1))) : "";
    if (!file.empty() && !relative && url.starts_with(path))
      site.copies["static" + percent_decode(path)] = file;
    else
      note(rel, 0, 0, "HTML in the text links to `" + url + "`, which the new site does not have");
  }
  return out;
}

std::optional<Date> lenient_date(std::string_view text) {
  text = trim(text);
  if (iequals(text, "present") || iequals(text, "now") || iequals(text, "current"))
    return Date{0, 0, 0, true};
  size_t n = 0;
  while (n < text.size() && n < 10 && (is_digit(text[n]) || text[n] == '-')) ++n;
  std::string_view d = text.substr(0, n);
  while (!d.empty() && d.back() == '-') d.remove_suffix(1);
  if (d.size() != 4 && d.size() != 7 && d.size() != 10) return std::nullopt;
  std::string why;
  return parse_date(d, false, &why);
}

std::string html_to_text(std::string_view html) {
  std::string out;
  HtmlTokenizer t(html);
  for (HtmlToken tok = t.next(); tok.kind != HtmlTokenKind::kEnd; tok = t.next()) {
    if (tok.kind == HtmlTokenKind::kText)
      out += decode_html_entities(html.substr(tok.start, tok.end - tok.start));
    else if (tok.kind == HtmlTokenKind::kStartTag || tok.kind == HtmlTokenKind::kEndTag)
      out += ' ';
  }
  std::string flat;
  for (char c : out) {
    if (is_space(c)) c = ' ';
    if (c == ' ' && (flat.empty() || flat.back() == ' ')) continue;
    flat += c;
  }
  // A tag between a word and its punctuation ("<u>Hobbies:</u> x") left a space before it.
  std::string tidy;
  for (size_t i = 0; i < flat.size(); ++i) {
    if (flat[i] == ' ' && i + 1 < flat.size() &&
        (flat[i + 1] == ',' || flat[i + 1] == '.' || flat[i + 1] == ':' || flat[i + 1] == ';'))
      continue;
    tidy += flat[i];
  }
  return std::string(trim(tidy));
}

std::string url_path(std::string_view permalink) {
  std::string p(trim(permalink));
  if (p.empty() || p[0] != '/') p = "/" + p;
  return p;
}

std::string page_path_of(std::string_view url) {
  std::string p(trim(url));
  if (p.ends_with(".html")) p.resize(p.size() - 5);
  while (!p.empty() && p.front() == '/') p.erase(p.begin());
  while (!p.empty() && p.back() == '/') p.pop_back();
  return p;
}

}  // namespace sitegen
