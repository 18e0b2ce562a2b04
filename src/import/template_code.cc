// Liquid and Hugo shortcodes taken out of Markdown (see template_code.h).
#include "import/template_code.h"

#include <algorithm>
#include <functional>
#include <map>

#include "text/strings.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

// One tag as written: `{% name args %}`, `{{ expr }}`, `{{< name args >}}`.
struct Tag {
  size_t start = 0, end = 0;  // text[start, end) is the whole tag
  bool output = false;        // Liquid {{ ... }}
  bool closing = false;       // a shortcode's {{< /name >}}
  std::string name;           // "include", "endif", "callout"
  std::string args;           // what follows the name, trimmed
  std::string inner;          // {% raw %}'s text; an escaped shortcode's text
};

bool is_alnum(char c) {
  return is_alpha(c) || is_digit(c);
}

std::string_view first_word(std::string_view s, std::string_view* rest) {
  s = trim(s);
  size_t end = 0;
  while (end < s.size() && !is_space(s[end])) ++end;
  *rest = trim(s.substr(end));
  return s.substr(0, end);
}

// `{%- x -%}`'s inside without the whitespace-control dashes.
std::string_view inside(std::string_view s) {
  s = trim(s);
  if (!s.empty() && s.front() == '-') s.remove_prefix(1);
  if (!s.empty() && s.back() == '-') s.remove_suffix(1);
  return trim(s);
}

// Where the tag `{% name %}` (any spacing, dashes) next starts at or after `from`, and ends.
std::pair<size_t, size_t> find_tag(std::string_view text, std::string_view name, size_t from) {
  for (size_t at = text.find("{%", from); at != std::string_view::npos;
       at = text.find("{%", at + 2)) {
    size_t close = text.find("%}", at + 2);
    if (close == std::string_view::npos) break;
    std::string_view rest;
    if (first_word(inside(text.substr(at + 2, close - at - 2)), &rest) == name)
      return {at, close + 2};
  }
  return {std::string_view::npos, std::string_view::npos};
}

std::vector<Tag> liquid_tags(std::string_view text) {
  std::vector<Tag> tags;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t a = text.find('{', pos);
    if (a == std::string_view::npos || a + 1 >= text.size()) break;
    char kind = text[a + 1];
    if (kind != '%' && kind != '{') {
      pos = a + 1;
      continue;
    }
    size_t close = text.find(kind == '%' ? "%}" : "}}", a + 2);
    if (close == std::string_view::npos) break;
    Tag t;
    t.start = a;
    t.end = close + 2;
    std::string_view body = inside(text.substr(a + 2, close - a - 2));
    if (kind == '{') {
      t.output = true;
      t.args = body;
    } else {
      std::string_view rest;
      t.name = first_word(body, &rest);
      t.args = rest;
      if (t.name == "raw" || t.name == "comment") {  // their text is no Liquid
        auto [end_at, end_end] = find_tag(text, "end" + t.name, t.end);
        if (end_at != std::string_view::npos) {
          t.inner = text.substr(t.end, end_at - t.end);
          t.end = end_end;
        }
      }
    }
    tags.push_back(std::move(t));
    pos = tags.back().end;
  }
  return tags;
}

// The index of the tag that closes tags[i] (`end<name>`, counting nested ones of the same
// name), or tags.size().
size_t matching_end(const std::vector<Tag>& tags, size_t i, std::string_view end_name) {
  int depth = 0;
  for (size_t k = i + 1; k < tags.size(); ++k) {
    if (tags[k].output || tags[k].closing) {
      if (tags[k].closing && tags[k].name == tags[i].name && end_name.empty()) {
        if (depth == 0) return k;
        --depth;
      }
      continue;
    }
    if (tags[k].name == tags[i].name) ++depth;
    if (!end_name.empty() && tags[k].name == end_name) {
      if (depth == 0) return k;
      --depth;
    }
  }
  return tags.size();
}

// The plain value of a Liquid output where it is certain: the site's base path (""), and a
// quoted path piped through the filters that put the base path in front of it.
std::optional<std::string> liquid_output(std::string_view expr) {
  std::vector<std::string_view> parts;
  for (size_t start = 0;;) {
    size_t bar = expr.find('|', start);
    parts.push_back(trim(expr.substr(start, bar == std::string_view::npos ? bar : bar - start)));
    if (bar == std::string_view::npos) break;
    start = bar + 1;
  }
  static const std::vector<std::string_view> kBase = {"site.baseurl", "site.url", "base_path",
                                                      "site.base_path"};
  auto is_base = [&](std::string_view v) {
    for (std::string_view b : kBase)
      if (v == b) return true;
    return false;
  };
  for (size_t i = 1; i < parts.size(); ++i) {
    std::string_view f = parts[i];
    if (f == "relative_url" || f == "absolute_url") continue;
    if (f.starts_with("prepend:") && is_base(trim(f.substr(8)))) continue;
    return std::nullopt;
  }
  std::string_view v = parts[0];
  if (is_base(v)) return std::string();
  if (v.size() >= 2 && (v.front() == '\'' || v.front() == '"') && v.back() == v.front())
    return std::string(v.substr(1, v.size() - 2));
  return std::nullopt;
}

std::string blockquote(std::string_view text) {
  std::string out;
  text = trim(text);
  for (size_t start = 0; start <= text.size();) {
    size_t nl = text.find('\n', start);
    std::string_view line = text.substr(start, nl == std::string_view::npos ? nl : nl - start);
    out += line.empty() ? ">\n" : "> " + std::string(line) + "\n";
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  return out;
}

std::string fenced(std::string_view lang, std::string_view code) {
  while (!code.empty() && (code.front() == '\n' || code.front() == '\r')) code.remove_prefix(1);
  while (!code.empty() && is_space(code.back())) code.remove_suffix(1);
  return "```" + std::string(lang) + "\n" + std::string(code) + "\n```";
}

// A shortcode's parameters: positional ("x", bare words) and named (key="value").
struct Params {
  std::vector<std::string> positional;
  std::map<std::string, std::string, std::less<>> named;
  std::string get(std::string_view key, size_t position) const {
    if (auto it = named.find(key); it != named.end()) return it->second;
    return position < positional.size() ? positional[position] : "";
  }
};

Params parse_params(std::string_view s) {
  Params p;
  size_t i = 0;
  auto value_at = [&](size_t& at) {
    std::string v;
    if (at < s.size() && (s[at] == '"' || s[at] == '`')) {
      char q = s[at++];
      while (at < s.size() && s[at] != q) {
        if (s[at] == '\\' && q == '"' && at + 1 < s.size()) ++at;
        v += s[at++];
      }
      ++at;
    } else {
      while (at < s.size() && !is_space(s[at])) v += s[at++];
    }
    return v;
  };
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    if (i >= s.size()) break;
    size_t eq = i;
    while (eq < s.size() && (is_alnum(s[eq]) || s[eq] == '_' || s[eq] == '-')) ++eq;
    if (eq > i && eq < s.size() && s[eq] == '=') {
      std::string key(s.substr(i, eq - i));
      size_t at = eq + 1;
      p.named[key] = value_at(at);
      i = at;
    } else {
      p.positional.push_back(value_at(i));
    }
  }
  return p;
}

std::vector<Tag> shortcode_tags(std::string_view text) {
  std::vector<Tag> tags;
  size_t pos = 0;
  while (true) {
    size_t a = text.find("{{", pos);
    if (a == std::string_view::npos || a + 2 >= text.size()) break;
    char kind = text[a + 2];
    if (kind != '<' && kind != '%') {
      pos = a + 2;
      continue;
    }
    std::string close = std::string(1, kind == '<' ? '>' : '%') + "}}";
    Tag t;
    t.start = a;
    size_t from = a + 3;
    while (from < text.size() && is_space(text[from])) ++from;
    if (text.substr(from, 2) == "/*") {  // {{</* x */>}}: shown as it is written, unrun
      size_t end = text.find("*/", from + 2);
      size_t stop = end == std::string_view::npos ? end : text.find(close, end);
      if (stop == std::string_view::npos) break;
      t.name = "/*";
      t.inner = std::string("{{") + kind + std::string(text.substr(from + 2, end - from - 2)) +
                std::string(1, kind == '<' ? '>' : '%') + "}}";
      t.end = stop + 3;
      tags.push_back(std::move(t));
      pos = tags.back().end;
      continue;
    }
    size_t stop = text.find(close, from);
    if (stop == std::string_view::npos) break;
    std::string_view body = trim(text.substr(from, stop - from));
    if (!body.empty() && body.front() == '/') {
      t.closing = true;
      body = trim(body.substr(1));
    }
    std::string_view rest;
    t.name = first_word(body, &rest);
    t.args = rest;
    t.end = stop + 3;
    tags.push_back(std::move(t));
    pos = tags.back().end;
  }
  return tags;
}

// The plain equivalent of a shortcode (with `inner`, the text between a pair's tags), or
// nullopt when there is none that is certain.
std::optional<std::string> shortcode_equivalent(const Tag& t, bool paired, std::string_view inner) {
  Params p = parse_params(t.args);
  const std::string& n = t.name;
  if (paired && (n == "callout" || n == "alert" || n == "note")) return blockquote(inner);
  if (paired && n == "math") return std::string(inner);
  if (paired && n == "spoiler") {
    std::string summary = p.get("text", 0);
    if (summary.empty()) return std::nullopt;
    return "<details><summary>" + summary + "</summary>\n\n" + std::string(trim(inner)) +
           "\n\n</details>";
  }
  if (paired && n == "staticref") {
    std::string path = p.get("path", 0);
    if (path.empty()) return std::nullopt;
    return "[" + std::string(trim(inner)) + "](" + (path[0] == '/' ? "" : "/") + path + ")";
  }
  if (paired && n == "highlight") return fenced(p.get("lang", 0), inner);
  if (!paired && n == "figure") {
    std::string src = p.get("src", 0);
    if (src.empty()) return std::nullopt;
    std::string alt = p.get("alt", 99);
    if (alt.empty()) alt = p.get("caption", 99);
    std::string out = "![" + alt + "](" + src + ")";
    if (std::string caption = p.get("caption", 99); !caption.empty() && caption != alt)
      out += "\n\n*" + caption + "*";
    return out;
  }
  if (!paired && (n == "youtube" || n == "vimeo")) {
    std::string id = p.get("id", 0);
    if (id.empty() || id.find_first_of("\"'<>()[] ") != std::string::npos) return std::nullopt;
    return n == "youtube" ? "[Video on YouTube](https://www.youtube.com/watch?v=" + id + ")"
                          : "[Video on Vimeo](https://vimeo.com/" + id + ")";
  }
  return std::nullopt;
}

bool is_code_fence(std::string_view line, std::string_view* fence) {
  line = trim(line);
  size_t n = 0;
  while (n < line.size() && (line[n] == '`' || line[n] == '~') && line[n] == line[0]) ++n;
  if (n < 3) return false;
  *fence = line.substr(0, n);
  return true;
}

const std::map<std::string, std::string, std::less<>>& emoji() {
  static const std::map<std::string, std::string, std::less<>> kEmoji = {
      {"+1", "👍"},
      {"1st_place_medal", "🥇"},
      {"airplane", "✈️"},
      {"blush", "😊"},
      {"book", "📖"},
      {"books", "📚"},
      {"bulb", "💡"},
      {"calendar", "📅"},
      {"clap", "👏"},
      {"coffee", "☕"},
      {"computer", "💻"},
      {"email", "📧"},
      {"eyes", "👀"},
      {"fire", "🔥"},
      {"grinning", "😀"},
      {"handshake", "🤝"},
      {"heart", "❤️"},
      {"joy", "😂"},
      {"laughing", "😆"},
      {"link", "🔗"},
      {"loudspeaker", "📢"},
      {"medal", "🏅"},
      {"mega", "📣"},
      {"memo", "📝"},
      {"microscope", "🔬"},
      {"mortar_board", "🎓"},
      {"muscle", "💪"},
      {"newspaper", "📰"},
      {"page_facing_up", "📄"},
      {"partying_face", "🥳"},
      {"pray", "🙏"},
      {"raised_hands", "🙌"},
      {"rocket", "🚀"},
      {"smile", "😄"},
      {"smiley", "😃"},
      {"sparkles", "✨"},
      {"star", "⭐"},
      {"star2", "🌟"},
      {"tada", "🎉"},
      {"thumbsup", "👍"},
      {"trophy", "🏆"},
      {"warning", "⚠️"},
      {"wave", "👋"},
      {"white_check_mark", "✅"},
      {"wink", "😉"},
      {"zap", "⚡"},
  };
  return kEmoji;
}

// One line outside code: emoji names and inline `$$` math, code spans left alone.
std::string plain_line(std::string_view line) {
  std::string out;
  size_t i = 0;
  while (i < line.size()) {
    if (line[i] == '`') {  // a code span: copied up to the closing run of as many backticks
      size_t run = 0;
      while (i + run < line.size() && line[i + run] == '`') ++run;
      size_t close = line.find(std::string(run, '`'), i + run);
      size_t end = close == std::string_view::npos ? i + run : close + run;
      out += line.substr(i, end - i);
      i = end;
      continue;
    }
    if (line[i] == ':') {
      size_t end = i + 1;
      while (end < line.size() && (is_alnum(line[end]) || line[end] == '_' || line[end] == '+'))
        ++end;
      if (end < line.size() && line[end] == ':' && end > i + 1) {
        auto it = emoji().find(line.substr(i + 1, end - i - 1));
        if (it != emoji().end()) {
          out += it->second;
          i = end + 1;
          continue;
        }
      }
    }
    if (line.substr(i, 2) == "$$" && !trim(line).starts_with("$$")) {
      size_t close = line.find("$$", i + 2);
      std::string_view math = close == std::string_view::npos
                                  ? std::string_view()
                                  : trim(line.substr(i + 2, close - i - 2));
      if (!math.empty() && math.find('$') == std::string_view::npos) {
        out += "$" + std::string(math) + "$";
        i = close + 2;
        continue;
      }
    }
    out += line[i++];
  }
  return out;
}

}  // namespace

std::string shorten(std::string_view s, size_t max) {
  std::string flat;
  for (char c : s) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    if (c == ' ' && !flat.empty() && flat.back() == ' ') continue;
    flat += c;
  }
  if (flat.size() <= max) return flat;
  size_t cut = max;
  while (cut > 0 && is_utf8_continuation(flat[cut])) --cut;
  return flat.substr(0, cut) + "…";
}

CleanedText remove_liquid(std::string_view text, const TagResolver& resolve) {
  CleanedText r;
  std::vector<Tag> tags = liquid_tags(text);
  size_t copied = 0;
  auto source = [&](const Tag& t) { return shorten(text.substr(t.start, t.end - t.start)); };
  for (size_t i = 0; i < tags.size();) {
    const Tag& t = tags[i];
    r.text += text.substr(copied, t.start - copied);
    copied = t.end;
    if (t.output) {
      if (std::optional<std::string> v = liquid_output(t.args))
        r.text += *v;
      else
        r.notes.push_back({t.start, 0, "left out Liquid `" + source(t) + "`"});
      ++i;
      continue;
    }
    if (t.name == "raw" || t.name == "comment") {
      if (t.name == "raw") r.text += t.inner;
      ++i;
      continue;
    }
    size_t j = matching_end(tags, i, "end" + t.name);
    if (j < tags.size()) {
      std::string_view inner = text.substr(t.end, tags[j].start - t.end);
      std::string_view rest;
      if (t.name == "highlight") {
        r.text += fenced(first_word(t.args, &rest), inner);
      } else if (t.name == "quote") {
        r.text += blockquote(inner);
      } else {
        r.notes.push_back({t.start, tags[j].start,
                           "left out Liquid `" + source(t) + "` … `" + source(tags[j]) + "`"});
      }
      copied = tags[j].end;
      i = j + 1;
      continue;
    }
    std::optional<std::string> v;
    if (resolve) v = resolve(t.name, t.args);
    if (v)
      r.text += *v;
    else
      r.notes.push_back({t.start, 0, "left out Liquid `" + source(t) + "`"});
    ++i;
  }
  r.text += text.substr(copied);
  return r;
}

CleanedText remove_shortcodes(std::string_view text) {
  CleanedText r;
  std::vector<Tag> tags = shortcode_tags(text);
  std::vector<bool> done(tags.size(), false);
  auto source = [&](const Tag& t) { return shorten(text.substr(t.start, t.end - t.start)); };
  // Writes text[from, to) with the tags in it handled; pairs whose closing tag lies inside.
  std::function<void(size_t, size_t, size_t, std::string&)> emit =
      [&](size_t from, size_t to, size_t first, std::string& out) {
        size_t copied = from;
        for (size_t i = first; i < tags.size() && tags[i].start < to;) {
          const Tag& t = tags[i];
          if (done[i]) {
            ++i;
            continue;
          }
          out += text.substr(copied, t.start - copied);
          copied = t.end;
          done[i] = true;
          if (t.name == "/*") {
            out += t.inner;
            ++i;
            continue;
          }
          if (t.closing) {
            r.notes.push_back({t.start, 0, "left out Hugo shortcode `" + source(t) + "`"});
            ++i;
            continue;
          }
          size_t j = matching_end(tags, i, "");
          if (j < tags.size() && tags[j].start < to) {
            std::string inner;
            emit(t.end, tags[j].start, i + 1, inner);
            done[j] = true;
            if (std::optional<std::string> v = shortcode_equivalent(t, true, inner)) {
              out += *v;
            } else {
              r.notes.push_back({t.start, tags[j].start,
                                 "left out Hugo shortcode `" + source(t) + "` … `" +
                                     source(tags[j]) + "` (the text between them kept)"});
              out += inner;
            }
            copied = tags[j].end;
            i = j + 1;
            continue;
          }
          if (std::optional<std::string> v = shortcode_equivalent(t, false, {}))
            out += *v;
          else
            r.notes.push_back({t.start, 0, "left out Hugo shortcode `" + source(t) + "`"});
          ++i;
        }
        out += text.substr(copied, to - copied);
      };
  emit(0, text.size(), 0, r.text);
  std::sort(r.notes.begin(), r.notes.end(),
            [](const TemplateNote& a, const TemplateNote& b) { return a.offset < b.offset; });
  return r;
}

std::string plain_markdown(std::string_view text) {
  std::string out;
  std::string_view fence;
  bool in_fence = false;
  for (size_t start = 0; start < text.size();) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    std::string_view line = text.substr(start, end - start);
    start = end;
    std::string_view f;
    if (in_fence) {
      if (is_code_fence(line, &f) && f.size() >= fence.size() && f[0] == fence[0]) in_fence = false;
      out += line;
      continue;
    }
    if (is_code_fence(line, &f)) {
      in_fence = true;
      fence = f;
      out += line;
      continue;
    }
    // GitHub's alert `> [!NOTE]`: md4c shows the brackets; a bold label says the same.
    std::string_view t = trim(line);
    if (t.starts_with("> [!") && t.find(']') != std::string_view::npos) {
      std::string_view kind = t.substr(4, t.find(']') - 4);
      bool word = !kind.empty();
      for (char c : kind) word = word && is_alpha(c);
      if (word) {
        std::string label = ascii_lower(kind);
        label[0] = static_cast<char>(label[0] - 'a' + 'A');
        std::string_view after = trim(t.substr(t.find(']') + 1));
        out += "> **" + label + "**" + (after.empty() ? "" : " " + std::string(after)) + "\n";
        continue;
      }
    }
    out += plain_line(line);
  }
  return out;
}

}  // namespace sitegen
