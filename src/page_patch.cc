// A strict reading of the HTML sitegen writes: every element spelled out with its end
// tag, nested as written. Markup the HTML parser would restructure on its own (implied
// end tags, a block closing a paragraph, table rows without a section, ...) is not read
// at all, so a patch is only ever made where the browser's elements are the source's.
#include "page_patch.h"

#include <algorithm>
#include <array>
#include <cstring>

#include "view_meta.h"

namespace sitegen {

namespace {

struct Element {
  std::string tag;  // lowercase
  size_t start = 0, open_end = 0, close_start = 0, end = 0;
  int parent = -1;
  size_t index = 0;  // among its parent's element children
};

bool is_one_of(std::string_view tag, std::initializer_list<std::string_view> set) {
  return std::find(set.begin(), set.end(), tag) != set.end();
}

bool is_void(std::string_view tag) {
  return is_one_of(
      tag, {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
            "source", "track", "wbr", "keygen", "basefont", "bgsound", "frame"});
}

// Elements whose content is text to the parser, up to their own end tag.
bool is_raw_text(std::string_view tag) {
  return is_one_of(tag, {"script", "style", "textarea", "title", "xmp", "iframe", "noembed",
                         "noframes", "noscript", "plaintext"});
}

// Start tags that close an open <p> (HTML's "in body" insertion mode).
bool closes_p(std::string_view tag) {
  return is_one_of(
      tag, {"address", "article",   "aside",   "blockquote", "center",     "details", "dialog",
            "dir",     "div",       "dl",      "fieldset",   "figcaption", "figure",  "footer",
            "form",    "h1",        "h2",      "h3",         "h4",         "h5",      "h6",
            "header",  "hgroup",    "hr",      "main",       "menu",       "nav",     "ol",
            "p",       "pre",       "section", "summary",    "table",      "ul",      "listing",
            "xmp",     "plaintext", "li",      "dd",         "dt",         "search"});
}

// HTML elements that end <svg> or <math> content when they start inside it.
bool breaks_out_of_foreign(std::string_view tag) {
  return is_one_of(
      tag, {"b",      "big",  "blockquote", "body",  "br",   "center", "code",    "dd",   "div",
            "dl",     "dt",   "em",         "embed", "h1",   "h2",     "h3",      "h4",   "h5",
            "h6",     "head", "hr",         "i",     "img",  "li",     "listing", "menu", "meta",
            "nobr",   "ol",   "p",          "pre",   "ruby", "s",      "small",   "span", "strong",
            "strike", "sub",  "sup",        "table", "tt",   "u",      "ul",      "var",  "font"});
}

// HTML's "special" elements, which bound the parser's searches for open elements.
bool is_special(std::string_view tag) {
  return is_one_of(tag, {"address",
                         "applet",
                         "area",
                         "article",
                         "aside",
                         "base",
                         "basefont",
                         "bgsound",
                         "blockquote",
                         "body",
                         "br",
                         "button",
                         "caption",
                         "center",
                         "col",
                         "colgroup",
                         "dd",
                         "details",
                         "dir",
                         "div",
                         "dl",
                         "dt",
                         "embed",
                         "fieldset",
                         "figcaption",
                         "figure",
                         "footer",
                         "form",
                         "frame",
                         "frameset",
                         "h1",
                         "h2",
                         "h3",
                         "h4",
                         "h5",
                         "h6",
                         "head",
                         "header",
                         "hgroup",
                         "hr",
                         "html",
                         "iframe",
                         "img",
                         "input",
                         "keygen",
                         "li",
                         "link",
                         "listing",
                         "main",
                         "marquee",
                         "menu",
                         "meta",
                         "nav",
                         "noembed",
                         "noframes",
                         "noscript",
                         "object",
                         "ol",
                         "p",
                         "param",
                         "plaintext",
                         "pre",
                         "script",
                         "search",
                         "section",
                         "select",
                         "source",
                         "style",
                         "summary",
                         "table",
                         "tbody",
                         "td",
                         "template",
                         "textarea",
                         "tfoot",
                         "th",
                         "thead",
                         "title",
                         "tr",
                         "track",
                         "ul",
                         "wbr",
                         "xmp",
                         "mi",
                         "mo",
                         "mn",
                         "ms",
                         "mtext",
                         "annotation-xml",
                         "foreignobject",
                         "desc"});
}

bool is_table_part(std::string_view tag) {
  return is_one_of(tag, {"table", "tbody", "thead", "tfoot", "tr"});
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

size_t find_ci(std::string_view s, std::string_view what, size_t from) {
  for (size_t i = from; i + what.size() <= s.size(); ++i) {
    size_t k = 0;
    while (k < what.size() && lower(s[i + k]) == what[k]) ++k;
    if (k == what.size()) return i;
  }
  return std::string_view::npos;
}

class Scanner {
 public:
  explicit Scanner(std::string_view doc) : d_(doc) {}

  // False when the document is not markup this reading takes as it is.
  bool run() {
    size_t i = 0;
    while (i < d_.size()) {
      size_t lt = d_.find('<', i);
      if (!text(i, lt == std::string_view::npos ? d_.size() : lt)) return false;
      if (lt == std::string_view::npos) break;
      i = lt;
      if (d_.compare(i, 4, "<!--") == 0) {
        size_t close = d_.find("-->", i + 4);
        if (close == std::string_view::npos) return false;
        i = close + 3;
      } else if (d_.compare(i, 2, "<!") == 0 || d_.compare(i, 2, "<?") == 0) {
        size_t gt = d_.find('>', i);
        if (gt == std::string_view::npos) return false;
        i = gt + 1;
      } else if (d_.compare(i, 2, "</") == 0) {
        if (!end_tag(i, &i)) return false;
      } else if (i + 1 < d_.size() && is_alpha(d_[i + 1])) {
        if (!start_tag(i, &i)) return false;
      } else {
        ++i;  // a `<` that opens no tag is text
      }
    }
    return stack_.empty();
  }

  const std::vector<Element>& elements() const { return elements_; }

 private:
  // Text outside tags: only blanks may sit directly in a table's structure, where the
  // parser would move anything else out of the table.
  bool text(size_t from, size_t to) const {
    if (stack_.empty() || !is_table_part(elements_[stack_.back()].tag)) return true;
    return std::all_of(d_.begin() + static_cast<std::ptrdiff_t>(from),
                       d_.begin() + static_cast<std::ptrdiff_t>(to), is_space);
  }

  std::string name_at(size_t* i) const {
    std::string name;
    while (*i < d_.size() && !is_space(d_[*i]) && d_[*i] != '>' && d_[*i] != '/')
      name += lower(d_[(*i)++]);
    return name;
  }

  bool in_foreign() const {
    for (size_t k = stack_.size(); k-- > 0;) {
      const std::string& t = elements_[stack_[k]].tag;
      if (t == "svg" || t == "math") return true;
      if (t == "foreignobject" || t == "desc" || t == "title") return false;
    }
    return false;
  }

  bool open(std::string_view tag) const {
    for (int e : stack_)
      if (elements_[e].tag == tag) return true;
    return false;
  }

  // Would a new <li> (or <dd>, <dt>) close one of `items` that is open? The parser looks
  // down the open elements until the first "special" element other than address, div, p.
  bool closes_item(std::initializer_list<std::string_view> items) const {
    for (size_t k = stack_.size(); k-- > 0;) {
      const std::string& t = elements_[stack_[k]].tag;
      if (is_one_of(t, items)) return true;
      if (is_special(t) && !is_one_of(t, {"address", "div", "p"})) return false;
    }
    return false;
  }

  // Is an `a` (or `nobr`) open since the last table cell, caption or object began?
  bool formatting_open(std::string_view tag) const {
    for (size_t k = stack_.size(); k-- > 0;) {
      const std::string& t = elements_[stack_[k]].tag;
      if (t == tag) return true;
      if (is_one_of(t, {"td", "th", "caption", "object", "marquee", "applet", "template"}))
        return false;
    }
    return false;
  }

  // A <p> that a new block would close: open, with no scope boundary above it.
  bool p_in_button_scope() const {
    for (size_t k = stack_.size(); k-- > 0;) {
      const std::string& t = elements_[stack_[k]].tag;
      if (t == "p") return true;
      if (is_one_of(t, {"applet", "caption", "html", "table", "td", "th", "marquee", "object",
                        "template", "button", "foreignobject", "desc", "title", "mi", "mo", "mn",
                        "ms", "mtext", "annotation-xml"}))
        return false;
    }
    return false;
  }

  // Would the parser place a `tag` element where it is written?
  bool placed_as_written(std::string_view tag) const {
    std::string_view parent = stack_.empty() ? "" : std::string_view(elements_[stack_.back()].tag);
    if (in_foreign()) return !breaks_out_of_foreign(tag);
    if (parent == "table")
      return is_one_of(
          tag, {"caption", "colgroup", "thead", "tbody", "tfoot", "script", "template", "style"});
    if (is_one_of(parent, {"tbody", "thead", "tfoot"}))
      return is_one_of(tag, {"tr", "script", "template", "style"});
    if (parent == "tr") return is_one_of(tag, {"td", "th", "script", "template", "style"});
    if (parent == "colgroup") return tag == "col" || tag == "template";
    if (is_one_of(tag, {"caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "td", "th"}))
      return false;
    if (closes_p(tag) && p_in_button_scope()) return false;
    if (is_one_of(tag, {"h1", "h2", "h3", "h4", "h5", "h6"}) && !stack_.empty() &&
        is_one_of(parent, {"h1", "h2", "h3", "h4", "h5", "h6"}))
      return false;
    if (tag == "li" && closes_item({"li"})) return false;
    if ((tag == "dd" || tag == "dt") && closes_item({"dd", "dt"})) return false;
    if ((tag == "a" || tag == "nobr") && formatting_open(tag)) return false;
    if (is_one_of(tag, {"form", "button", "select"}) && open(tag)) return false;
    if (is_one_of(tag, {"option", "optgroup"}) && !stack_.empty() && is_one_of(parent, {"option"}))
      return false;
    if (is_one_of(tag, {"html", "head", "body", "frameset"}) && !stack_.empty()) {
      // Only as written in a document: <html>, then <head> and <body> inside it.
      return tag != "html" && parent == "html" && !open(tag);
    }
    return true;
  }

  bool start_tag(size_t lt, size_t* next) {
    size_t i = lt + 1;
    std::string tag = name_at(&i);
    // Attributes: quoted values may hold `>`.
    while (i < d_.size() && d_[i] != '>') {
      if (d_[i] == '"' || d_[i] == '\'') {
        size_t close = d_.find(d_[i], i + 1);
        if (close == std::string_view::npos) return false;
        i = close + 1;
      } else {
        ++i;
      }
    }
    if (i >= d_.size()) return false;
    bool self_closing = d_[i - 1] == '/';
    if (!placed_as_written(tag)) return false;
    bool foreign = in_foreign() || tag == "svg" || tag == "math";
    Element e;
    e.tag = tag;
    e.start = lt;
    e.open_end = i + 1;
    e.parent = stack_.empty() ? -1 : stack_.back();
    e.index = e.parent < 0 ? roots_++ : children_[e.parent]++;
    int id = static_cast<int>(elements_.size());
    elements_.push_back(e);
    children_.push_back(0);
    if (is_void(tag) || (self_closing && foreign)) {
      elements_.back().close_start = elements_.back().end = e.open_end;
      *next = e.open_end;
      return true;
    }
    if (self_closing) return false;  // `<div/>` opens a div the parser never closes there
    if (is_raw_text(tag) && !foreign) {
      size_t close = find_ci(d_, "</" + tag, e.open_end);
      if (close == std::string_view::npos) return false;
      size_t gt = d_.find('>', close);
      if (gt == std::string_view::npos) return false;
      elements_.back().close_start = close;
      elements_.back().end = gt + 1;
      *next = gt + 1;
      return true;
    }
    stack_.push_back(id);
    *next = e.open_end;
    return true;
  }

  bool end_tag(size_t lt, size_t* next) {
    size_t i = lt + 2;
    std::string tag = name_at(&i);
    size_t gt = d_.find('>', i);
    if (gt == std::string_view::npos || stack_.empty()) return false;
    Element& e = elements_[stack_.back()];
    if (e.tag != tag) return false;
    e.close_start = lt;
    e.end = gt + 1;
    stack_.pop_back();
    *next = gt + 1;
    return true;
  }

  std::string_view d_;
  std::vector<Element> elements_;  // in the order their start tags appear
  std::vector<size_t> children_;   // per element: element children seen so far
  std::vector<int> stack_;         // open elements
  size_t roots_ = 0;
};

int find_body(const std::vector<Element>& els) {
  for (size_t i = 0; i < els.size(); ++i)
    if (els[i].tag == "body" && els[i].parent >= 0 && els[els[i].parent].tag == "html")
      return static_cast<int>(i);
  return -1;
}

std::vector<size_t> children_of(const std::vector<Element>& els, int parent) {
  std::vector<size_t> out;
  for (size_t i = static_cast<size_t>(parent) + 1; i < els.size(); ++i) {
    if (els[i].start >= els[parent].close_start) break;
    if (els[i].parent == parent) out.push_back(i);
  }
  return out;
}

bool has_script(std::string_view html) {
  return find_ci(html, "<script", 0) != std::string_view::npos;
}

}  // namespace

std::optional<std::vector<PagePatch>> page_patch(std::string_view before, std::string_view after) {
  if (before == after) return std::vector<PagePatch>{};
  size_t limit = std::min(before.size(), after.size());
  size_t p = 0;
  while (p < limit && before[p] == after[p]) ++p;
  size_t s = 0;
  while (s < limit - p && before[before.size() - 1 - s] == after[after.size() - 1 - s]) ++s;
  size_t before_end = before.size() - s, after_end = after.size() - s;

  Scanner a(before), b(after);
  if (!a.run() || !b.run()) return std::nullopt;
  const std::vector<Element>& ea = a.elements();
  const std::vector<Element>& eb = b.elements();
  int body = find_body(eb);
  if (body < 0 || find_body(ea) != body || p < eb[body].open_end) return std::nullopt;

  // The innermost element whose content holds the whole change in both documents.
  // Elements that start before the change are the same in both, at the same index.
  int target = -1;
  for (size_t i = 0; i < eb.size() && eb[i].start < p; ++i)
    if (eb[i].open_end <= p && p <= eb[i].close_start) target = static_cast<int>(i);
  while (target >= 0 && (eb[target].close_start < after_end ||
                         ea[target].close_start < before_end || is_raw_text(eb[target].tag)))
    target = eb[target].parent;
  if (target < body) return std::nullopt;

  std::vector<size_t> ca = children_of(ea, target), cb = children_of(eb, target);
  size_t keep = 0;
  while (keep < ca.size() && keep < cb.size() && eb[cb[keep]].end <= p) ++keep;
  // The children after the change: the same bytes from their start to the target's end.
  // Compared as written rather than cut at the common suffix, so a new item between two
  // others replaces neither.
  size_t tail = 0;
  while (keep + tail < ca.size() && keep + tail < cb.size()) {
    const Element& x = ea[ca[ca.size() - 1 - tail]];
    const Element& y = eb[cb[cb.size() - 1 - tail]];
    size_t x_end = tail ? ea[ca[ca.size() - tail]].start : ea[target].close_start;
    size_t y_end = tail ? eb[cb[cb.size() - tail]].start : eb[target].close_start;
    if (before.substr(x.start, x_end - x.start) != after.substr(y.start, y_end - y.start)) break;
    ++tail;
  }
  size_t from_a = keep ? ea[ca[keep - 1]].end : ea[target].open_end;
  size_t to_a = tail ? ea[ca[ca.size() - tail]].start : ea[target].close_start;
  size_t from_b = keep ? eb[cb[keep - 1]].end : eb[target].open_end;
  size_t to_b = tail ? eb[cb[cb.size() - tail]].start : eb[target].close_start;
  std::string_view removed = before.substr(from_a, to_a - from_a);
  std::string_view added = after.substr(from_b, to_b - from_b);
  if (has_script(removed) || has_script(added)) return std::nullopt;
  // The parser drops a newline right after <pre>'s start tag; in a fragment it would not.
  if (!keep && is_one_of(eb[target].tag, {"pre", "listing", "textarea"}) && !added.empty() &&
      (added[0] == '\n' || added[0] == '\r'))
    return std::nullopt;

  PagePatch patch;
  for (int e = target; e != body; e = eb[e].parent) {
    patch.path.push_back(eb[e].index);
    patch.tags.push_back(eb[e].tag);
  }
  std::reverse(patch.path.begin(), patch.path.end());
  std::reverse(patch.tags.begin(), patch.tags.end());
  patch.children = ca.size();
  patch.keep = keep;
  patch.remove = ca.size() - keep - tail;
  patch.html = std::string(added);
  return std::vector<PagePatch>{std::move(patch)};
}

std::string page_patch_json(const std::vector<PagePatch>& patches) {
  std::string out = "[";
  for (const PagePatch& p : patches) {
    if (out.size() > 1) out += ',';
    out += "{\"path\":[";
    for (size_t i = 0; i < p.path.size(); ++i) out += (i ? "," : "") + std::to_string(p.path[i]);
    out += "],\"tags\":[";
    for (size_t i = 0; i < p.tags.size(); ++i) out += (i ? "," : "") + json_string(p.tags[i]);
    out += "],\"children\":" + std::to_string(p.children) + ",\"keep\":" + std::to_string(p.keep) +
           ",\"remove\":" + std::to_string(p.remove) + ",\"html\":" + json_string(p.html) + "}";
  }
  return out + "]";
}

}  // namespace sitegen
