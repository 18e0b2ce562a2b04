// The strict reader: the tokens of text/html_scan.h, each start tag checked against the
// parser's rules (html_tree_rules.h) before it is taken as written.
#include "serve/strict_html.h"

#include <algorithm>

#include "text/ascii.h"
#include "text/html_scan.h"
#include "text/strings.h"

namespace sitegen {

namespace {

class StrictReader {
 public:
  explicit StrictReader(std::string_view doc) : d_(doc), tokens_(doc) {}

  // False when the document is not markup this reading takes as it is.
  bool run() {
    elements_.reserve(d_.size() / 32);  // sitegen's pages: about one element per 40 bytes
    children_.reserve(d_.size() / 32);
    for (;;) {
      HtmlToken t = tokens_.next();
      switch (t.kind) {
        case HtmlTokenKind::kEnd:
          return stack_.empty();
        case HtmlTokenKind::kText:
          if (!text(t.start, t.end)) return false;
          break;
        case HtmlTokenKind::kStartTag:
          if (!start_tag(t)) return false;
          break;
        case HtmlTokenKind::kEndTag:
          if (!end_tag(t)) return false;
          break;
        case HtmlTokenKind::kComment:
        case HtmlTokenKind::kDeclaration:
        case HtmlTokenKind::kRawText:
          if (!t.terminated) return false;
          break;
      }
    }
  }

  std::vector<HtmlElement> take() { return std::move(elements_); }

 private:
  OpenElement open() const {
    if (stack_.empty()) return {};
    const HtmlElement& e = elements_[static_cast<size_t>(stack_.back())];
    return {false, e.tag, e.bits, e.state};
  }

  // Text outside tags: only blanks may sit directly in a table's structure, where the
  // parser would move anything else out of the table.
  bool text(size_t from, size_t to) const {
    if (stack_.empty() || !(elements_[static_cast<size_t>(stack_.back())].bits & kTablePart))
      return true;
    return std::all_of(d_.begin() + static_cast<std::ptrdiff_t>(from),
                       d_.begin() + static_cast<std::ptrdiff_t>(to), is_space);
  }

  bool start_tag(const HtmlToken& t) {
    if (!t.terminated) return false;
    HtmlElement e;
    e.name = t.name;
    char lowered[16];
    if (e.name.size() < sizeof lowered) {
      for (size_t k = 0; k < e.name.size(); ++k) lowered[k] = to_lower(e.name[k]);
      const TagInfo& info = tag_info(std::string_view(lowered, e.name.size()));
      e.tag = info.tag;
      e.bits = info.bits;
    }
    OpenElement parent = open();
    if (!placed_as_written(e.tag, e.bits, parent)) return false;
    bool foreign = (parent.state & kInForeign) || (e.bits & kForeignRoot);
    if (foreign) e.bits &= ~static_cast<uint32_t>(kVoid | kRawText);  // SVG's own rules
    e.start = static_cast<uint32_t>(t.start);
    e.open_end = static_cast<uint32_t>(t.end);
    e.parent = stack_.empty() ? -1 : stack_.back();
    e.index = e.parent < 0 ? roots_++ : children_[static_cast<size_t>(e.parent)]++;
    e.state = state_inside(e.tag, e.bits, parent.state);
    int id = static_cast<int>(elements_.size());
    elements_.push_back(e);
    children_.push_back(0);
    HtmlElement& added = elements_.back();
    if ((e.bits & kVoid) || (t.self_closing && foreign)) {
      added.close_start = added.end = e.open_end;
      return true;
    }
    if (t.self_closing) return false;  // `<div/>` opens a div the parser never closes there
    if (e.bits & kRawText) {
      HtmlToken text = tokens_.raw_text(e.name);
      HtmlToken close = tokens_.next();  // `</name...>`, as the text ends at `</name`
      if (!text.terminated || !close.terminated) return false;
      added.close_start = static_cast<uint32_t>(close.start);
      added.end = static_cast<uint32_t>(close.end);
      return true;
    }
    stack_.push_back(id);
    return true;
  }

  bool end_tag(const HtmlToken& t) {
    if (!t.terminated || stack_.empty()) return false;
    HtmlElement& e = elements_[static_cast<size_t>(stack_.back())];
    if (!iequals(e.name, t.name)) return false;
    e.close_start = static_cast<uint32_t>(t.start);
    e.end = static_cast<uint32_t>(t.end);
    stack_.pop_back();
    return true;
  }

  std::string_view d_;
  HtmlTokenizer tokens_;
  std::vector<HtmlElement> elements_;  // in the order their start tags appear
  std::vector<uint32_t> children_;     // per element: element children seen so far
  std::vector<int> stack_;             // open elements
  uint32_t roots_ = 0;
};

}  // namespace

std::optional<std::vector<HtmlElement>> read_strict_html(std::string_view doc) {
  if (doc.size() >= UINT32_MAX) return std::nullopt;
  StrictReader reader(doc);
  if (!reader.run()) return std::nullopt;
  return reader.take();
}

}  // namespace sitegen
