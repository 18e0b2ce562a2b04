// A strict reading of the HTML sitegen writes: every element spelled out with its end
// tag, nested as written. Markup the HTML parser would restructure on its own (implied
// end tags, a block closing a paragraph, table rows without a section, ...) is not read
// at all, so a patch is only ever made where the browser's elements are the source's.
#include "serve/page_patch.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "text/ascii.h"
#include "view/view_meta.h"

namespace sitegen {

namespace {

// What the HTML parser does with a tag, as bits.
enum : uint32_t {
  kVoid = 1u << 0,           // no content, no end tag
  kRawText = 1u << 1,        // content is text up to the end tag
  kClosesP = 1u << 2,        // starting it closes an open <p>
  kSpecial = 1u << 3,        // HTML's "special" category
  kBreaksForeign = 1u << 4,  // starting it inside <svg> or <math> ends that
  kTablePart = 1u << 5,      // table, tbody, thead, tfoot, tr: text may not sit in it
  kScopeEnd = 1u << 6,       // bounds the search for an open <p> ("button scope")
  kHeading = 1u << 7,
  kCellLike = 1u << 8,      // td, th, caption, object, marquee, applet, template: bound <a>
  kIntegration = 1u << 9,   // foreignObject, desc, title inside <svg>: HTML again
  kForeignRoot = 1u << 10,  // svg, math
  kTableOnly = 1u << 11,    // caption, colgroup, col, thead, tbody, tfoot, tr, td, th
};

enum class Tag : uint8_t {
  kOther,
  kA,
  kAddress,
  kApplet,
  kArea,
  kArticle,
  kAside,
  kB,
  kBase,
  kBasefont,
  kBgsound,
  kBig,
  kBlockquote,
  kBody,
  kBr,
  kButton,
  kCaption,
  kCenter,
  kCode,
  kCol,
  kColgroup,
  kDd,
  kDesc,
  kDetails,
  kDialog,
  kDir,
  kDiv,
  kDl,
  kDt,
  kEm,
  kEmbed,
  kFieldset,
  kFigcaption,
  kFigure,
  kFont,
  kFooter,
  kForeignobject,
  kForm,
  kFrame,
  kFrameset,
  kH1,
  kH2,
  kH3,
  kH4,
  kH5,
  kH6,
  kHead,
  kHeader,
  kHgroup,
  kHr,
  kHtml,
  kI,
  kIframe,
  kImg,
  kInput,
  kKeygen,
  kLi,
  kLink,
  kListing,
  kMain,
  kMarquee,
  kMath,
  kMenu,
  kMeta,
  kMi,
  kMn,
  kMo,
  kMs,
  kMtext,
  kNav,
  kNobr,
  kNoembed,
  kNoframes,
  kNoscript,
  kObject,
  kOl,
  kOptgroup,
  kOption,
  kP,
  kParam,
  kPlaintext,
  kPre,
  kRuby,
  kS,
  kScript,
  kSearch,
  kSection,
  kSelect,
  kSmall,
  kSource,
  kSpan,
  kStrike,
  kStrong,
  kStyle,
  kSub,
  kSummary,
  kSup,
  kSvg,
  kTable,
  kTbody,
  kTd,
  kTemplate,
  kTextarea,
  kTfoot,
  kTh,
  kThead,
  kTitle,
  kTr,
  kTrack,
  kTt,
  kU,
  kUl,
  kVar,
  kWbr,
  kXmp,
};

struct TagInfo {
  std::string_view name;
  Tag tag;
  uint32_t bits;
};

// Sorted by name, for a binary search. Tags not listed (custom elements, inline
// formatting) have no special parsing rules.
constexpr TagInfo kTags[] = {
    {"a", Tag::kA, 0},
    {"address", Tag::kAddress, kClosesP | kSpecial},
    {"applet", Tag::kApplet, kSpecial | kScopeEnd | kCellLike},
    {"area", Tag::kArea, kVoid | kSpecial},
    {"article", Tag::kArticle, kClosesP | kSpecial},
    {"aside", Tag::kAside, kClosesP | kSpecial},
    {"b", Tag::kB, kBreaksForeign},
    {"base", Tag::kBase, kVoid | kSpecial},
    {"basefont", Tag::kBasefont, kVoid | kSpecial},
    {"bgsound", Tag::kBgsound, kVoid | kSpecial},
    {"big", Tag::kBig, kBreaksForeign},
    {"blockquote", Tag::kBlockquote, kClosesP | kSpecial | kBreaksForeign},
    {"body", Tag::kBody, kSpecial | kBreaksForeign},
    {"br", Tag::kBr, kVoid | kSpecial | kBreaksForeign},
    {"button", Tag::kButton, kSpecial | kScopeEnd},
    {"caption", Tag::kCaption, kSpecial | kScopeEnd | kCellLike | kTableOnly},
    {"center", Tag::kCenter, kClosesP | kSpecial | kBreaksForeign},
    {"code", Tag::kCode, kBreaksForeign},
    {"col", Tag::kCol, kVoid | kSpecial | kTableOnly},
    {"colgroup", Tag::kColgroup, kSpecial | kTableOnly},
    {"dd", Tag::kDd, kClosesP | kSpecial | kBreaksForeign},
    {"desc", Tag::kDesc, kScopeEnd | kIntegration},
    {"details", Tag::kDetails, kClosesP | kSpecial},
    {"dialog", Tag::kDialog, kClosesP},
    {"dir", Tag::kDir, kClosesP | kSpecial},
    {"div", Tag::kDiv, kClosesP | kSpecial | kBreaksForeign},
    {"dl", Tag::kDl, kClosesP | kSpecial | kBreaksForeign},
    {"dt", Tag::kDt, kClosesP | kSpecial | kBreaksForeign},
    {"em", Tag::kEm, kBreaksForeign},
    {"embed", Tag::kEmbed, kVoid | kSpecial | kBreaksForeign},
    {"fieldset", Tag::kFieldset, kClosesP | kSpecial},
    {"figcaption", Tag::kFigcaption, kClosesP | kSpecial},
    {"figure", Tag::kFigure, kClosesP | kSpecial},
    {"font", Tag::kFont, kBreaksForeign},
    {"footer", Tag::kFooter, kClosesP | kSpecial},
    {"foreignobject", Tag::kForeignobject, kSpecial | kScopeEnd | kIntegration},
    {"form", Tag::kForm, kClosesP | kSpecial},
    {"frame", Tag::kFrame, kVoid | kSpecial},
    {"frameset", Tag::kFrameset, kSpecial},
    {"h1", Tag::kH1, kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h2", Tag::kH2, kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h3", Tag::kH3, kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h4", Tag::kH4, kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h5", Tag::kH5, kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h6", Tag::kH6, kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"head", Tag::kHead, kSpecial | kBreaksForeign},
    {"header", Tag::kHeader, kClosesP | kSpecial},
    {"hgroup", Tag::kHgroup, kClosesP | kSpecial},
    {"hr", Tag::kHr, kVoid | kClosesP | kSpecial | kBreaksForeign},
    {"html", Tag::kHtml, kSpecial | kScopeEnd},
    {"i", Tag::kI, kBreaksForeign},
    {"iframe", Tag::kIframe, kRawText | kSpecial},
    {"img", Tag::kImg, kVoid | kSpecial | kBreaksForeign},
    {"input", Tag::kInput, kVoid | kSpecial},
    {"keygen", Tag::kKeygen, kVoid | kSpecial},
    {"li", Tag::kLi, kClosesP | kSpecial | kBreaksForeign},
    {"link", Tag::kLink, kVoid | kSpecial},
    {"listing", Tag::kListing, kClosesP | kSpecial | kBreaksForeign},
    {"main", Tag::kMain, kClosesP | kSpecial},
    {"marquee", Tag::kMarquee, kSpecial | kScopeEnd | kCellLike},
    {"math", Tag::kMath, kForeignRoot},
    {"menu", Tag::kMenu, kClosesP | kSpecial | kBreaksForeign},
    {"meta", Tag::kMeta, kVoid | kSpecial | kBreaksForeign},
    {"mi", Tag::kMi, kSpecial | kScopeEnd},
    {"mn", Tag::kMn, kSpecial | kScopeEnd},
    {"mo", Tag::kMo, kSpecial | kScopeEnd},
    {"ms", Tag::kMs, kSpecial | kScopeEnd},
    {"mtext", Tag::kMtext, kSpecial | kScopeEnd},
    {"nav", Tag::kNav, kClosesP | kSpecial},
    {"nobr", Tag::kNobr, kBreaksForeign},
    {"noembed", Tag::kNoembed, kRawText | kSpecial},
    {"noframes", Tag::kNoframes, kRawText | kSpecial},
    {"noscript", Tag::kNoscript, kRawText | kSpecial},
    {"object", Tag::kObject, kSpecial | kScopeEnd | kCellLike},
    {"ol", Tag::kOl, kClosesP | kSpecial | kBreaksForeign},
    {"optgroup", Tag::kOptgroup, 0},
    {"option", Tag::kOption, 0},
    {"p", Tag::kP, kClosesP | kSpecial | kBreaksForeign},
    {"param", Tag::kParam, kVoid | kSpecial},
    {"plaintext", Tag::kPlaintext, kRawText | kClosesP | kSpecial},
    {"pre", Tag::kPre, kClosesP | kSpecial | kBreaksForeign},
    {"ruby", Tag::kRuby, kBreaksForeign},
    {"s", Tag::kS, kBreaksForeign},
    {"script", Tag::kScript, kRawText | kSpecial},
    {"search", Tag::kSearch, kClosesP | kSpecial},
    {"section", Tag::kSection, kClosesP | kSpecial},
    {"select", Tag::kSelect, kSpecial},
    {"small", Tag::kSmall, kBreaksForeign},
    {"source", Tag::kSource, kVoid | kSpecial},
    {"span", Tag::kSpan, kBreaksForeign},
    {"strike", Tag::kStrike, kBreaksForeign},
    {"strong", Tag::kStrong, kBreaksForeign},
    {"style", Tag::kStyle, kRawText | kSpecial},
    {"sub", Tag::kSub, kBreaksForeign},
    {"summary", Tag::kSummary, kClosesP | kSpecial},
    {"sup", Tag::kSup, kBreaksForeign},
    {"svg", Tag::kSvg, kForeignRoot},
    {"table", Tag::kTable, kClosesP | kSpecial | kBreaksForeign | kTablePart | kScopeEnd},
    {"tbody", Tag::kTbody, kSpecial | kTablePart | kTableOnly},
    {"td", Tag::kTd, kSpecial | kScopeEnd | kCellLike | kTableOnly},
    {"template", Tag::kTemplate, kSpecial | kScopeEnd | kCellLike},
    {"textarea", Tag::kTextarea, kRawText | kSpecial},
    {"tfoot", Tag::kTfoot, kSpecial | kTablePart | kTableOnly},
    {"th", Tag::kTh, kSpecial | kScopeEnd | kCellLike | kTableOnly},
    {"thead", Tag::kThead, kSpecial | kTablePart | kTableOnly},
    {"title", Tag::kTitle, kRawText | kSpecial | kScopeEnd | kIntegration},
    {"tr", Tag::kTr, kSpecial | kTablePart | kTableOnly},
    {"track", Tag::kTrack, kVoid | kSpecial},
    {"tt", Tag::kTt, kBreaksForeign},
    {"u", Tag::kU, kBreaksForeign},
    {"ul", Tag::kUl, kClosesP | kSpecial | kBreaksForeign},
    {"var", Tag::kVar, kBreaksForeign},
    {"wbr", Tag::kWbr, kVoid | kSpecial},
    {"xmp", Tag::kXmp, kRawText | kClosesP | kSpecial},
};

const TagInfo& tag_info(std::string_view lower_name) {
  static constexpr TagInfo kOther{"", Tag::kOther, 0};
  auto it = std::lower_bound(std::begin(kTags), std::end(kTags), lower_name,
                             [](const TagInfo& t, std::string_view n) { return t.name < n; });
  return it != std::end(kTags) && it->name == lower_name ? *it : kOther;
}

// What is open at an element, inherited by what it contains: answers the parser's
// searches of the open elements without walking them.
enum : uint16_t {
  kInP = 1 << 0,     // a <p> is open in button scope
  kInLi = 1 << 1,    // an <li> would be closed by a new one
  kInDdDt = 1 << 2,  // a <dd> or <dt> would be closed by a new one
  kInA = 1 << 3,     // an <a> is open since the last cell-like element
  kInNobr = 1 << 4,
  kInForeign = 1 << 5,  // inside <svg> or <math>, not in an HTML integration point
  kInForm = 1 << 6,
  kInButton = 1 << 7,
  kInSelect = 1 << 8,
};

// Offsets are 32-bit (page_patch leaves larger pages whole): a big page has tens of
// thousands of elements, scanned twice per patch.
struct Element {
  std::string_view name;  // as written
  Tag tag = Tag::kOther;
  uint16_t state = 0;  // what is open inside this element
  uint32_t bits = 0;
  uint32_t start = 0, open_end = 0, close_start = 0, end = 0;
  int parent = -1;
  uint32_t index = 0;  // among its parent's element children
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (to_lower(a[i]) != to_lower(b[i])) return false;
  return true;
}

size_t find_ci(std::string_view s, std::string_view what, size_t from) {
  for (size_t i = from; i + what.size() <= s.size(); ++i) {
    size_t k = 0;
    while (k < what.size() && to_lower(s[i + k]) == what[k]) ++k;
    if (k == what.size()) return i;
  }
  return std::string_view::npos;
}

uint16_t state_inside(const Element& e, uint16_t outer) {
  uint16_t s = outer;
  if (e.bits & kScopeEnd) s &= static_cast<uint16_t>(~kInP);
  if (e.tag == Tag::kP) s |= kInP;
  bool item_stop =
      (e.bits & kSpecial) && e.tag != Tag::kAddress && e.tag != Tag::kDiv && e.tag != Tag::kP;
  if (item_stop) s &= static_cast<uint16_t>(~(kInLi | kInDdDt));
  if (e.tag == Tag::kLi) s |= kInLi;
  if (e.tag == Tag::kDd || e.tag == Tag::kDt) s |= kInDdDt;
  if (e.bits & kCellLike) s &= static_cast<uint16_t>(~(kInA | kInNobr));
  if (e.tag == Tag::kA) s |= kInA;
  if (e.tag == Tag::kNobr) s |= kInNobr;
  if (e.bits & kForeignRoot) s |= kInForeign;
  if ((outer & kInForeign) && (e.bits & kIntegration)) s &= static_cast<uint16_t>(~kInForeign);
  if (e.tag == Tag::kForm) s |= kInForm;
  if (e.tag == Tag::kButton) s |= kInButton;
  if (e.tag == Tag::kSelect) s |= kInSelect;
  return s;
}

class Scanner {
 public:
  explicit Scanner(std::string_view doc) : d_(doc) {}

  // False when the document is not markup this reading takes as it is.
  bool run() {
    elements_.reserve(d_.size() / 32);  // sitegen's pages: about one element per 40 bytes
    children_.reserve(d_.size() / 32);
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
  const Element* current() const {
    return stack_.empty() ? nullptr : &elements_[static_cast<size_t>(stack_.back())];
  }
  uint16_t state() const { return stack_.empty() ? 0 : current()->state; }

  // Text outside tags: only blanks may sit directly in a table's structure, where the
  // parser would move anything else out of the table.
  bool text(size_t from, size_t to) const {
    if (stack_.empty() || !(current()->bits & kTablePart)) return true;
    return std::all_of(d_.begin() + static_cast<std::ptrdiff_t>(from),
                       d_.begin() + static_cast<std::ptrdiff_t>(to), is_space);
  }

  std::string_view name_at(size_t* i) const {
    size_t from = *i;
    while (*i < d_.size() && !is_space(d_[*i]) && d_[*i] != '>' && d_[*i] != '/') ++*i;
    return d_.substr(from, *i - from);
  }

  // Would the parser place `e` where it is written?
  bool placed_as_written(const Element& e) const {
    uint16_t st = state();
    if (st & kInForeign) return !(e.bits & kBreaksForeign);
    Tag parent = stack_.empty() ? Tag::kOther : current()->tag;
    Tag t = e.tag;
    if (parent == Tag::kTable)
      return t == Tag::kCaption || t == Tag::kColgroup || t == Tag::kThead || t == Tag::kTbody ||
             t == Tag::kTfoot || t == Tag::kScript || t == Tag::kTemplate || t == Tag::kStyle;
    if (parent == Tag::kTbody || parent == Tag::kThead || parent == Tag::kTfoot)
      return t == Tag::kTr || t == Tag::kScript || t == Tag::kTemplate || t == Tag::kStyle;
    if (parent == Tag::kTr)
      return t == Tag::kTd || t == Tag::kTh || t == Tag::kScript || t == Tag::kTemplate ||
             t == Tag::kStyle;
    if (parent == Tag::kColgroup) return t == Tag::kCol || t == Tag::kTemplate;
    if (e.bits & kTableOnly) return false;
    if ((e.bits & kClosesP) && (st & kInP)) return false;
    if ((e.bits & kHeading) && !stack_.empty() && (current()->bits & kHeading)) return false;
    if (t == Tag::kLi && (st & kInLi)) return false;
    if ((t == Tag::kDd || t == Tag::kDt) && (st & kInDdDt)) return false;
    if ((t == Tag::kA && (st & kInA)) || (t == Tag::kNobr && (st & kInNobr))) return false;
    if ((t == Tag::kForm && (st & kInForm)) || (t == Tag::kButton && (st & kInButton)) ||
        (t == Tag::kSelect && (st & kInSelect)))
      return false;
    if ((t == Tag::kOption || t == Tag::kOptgroup) && parent == Tag::kOption) return false;
    if (t == Tag::kHtml || t == Tag::kFrameset) return stack_.empty() && t == Tag::kHtml;
    // <head> and <body> only as written in a document: inside <html>, once each.
    if (t == Tag::kHead || t == Tag::kBody) return parent == Tag::kHtml;
    return true;
  }

  bool start_tag(size_t lt, size_t* next) {
    size_t i = lt + 1;
    Element e;
    e.name = name_at(&i);
    char lowered[16];
    if (e.name.size() < sizeof lowered) {
      for (size_t k = 0; k < e.name.size(); ++k) lowered[k] = to_lower(e.name[k]);
      const TagInfo& info = tag_info(std::string_view(lowered, e.name.size()));
      e.tag = info.tag;
      e.bits = info.bits;
    }
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
    if (!placed_as_written(e)) return false;
    bool foreign = (state() & kInForeign) || (e.bits & kForeignRoot);
    if (foreign) e.bits &= ~static_cast<uint32_t>(kVoid | kRawText);  // SVG's own rules
    e.start = static_cast<uint32_t>(lt);
    e.open_end = static_cast<uint32_t>(i + 1);
    e.parent = stack_.empty() ? -1 : stack_.back();
    e.index = e.parent < 0 ? roots_++ : children_[static_cast<size_t>(e.parent)]++;
    e.state = state_inside(e, state());
    int id = static_cast<int>(elements_.size());
    elements_.push_back(e);
    children_.push_back(0);
    Element& added = elements_.back();
    if ((e.bits & kVoid) || (self_closing && foreign)) {
      added.close_start = added.end = e.open_end;
      *next = e.open_end;
      return true;
    }
    if (self_closing) return false;  // `<div/>` opens a div the parser never closes there
    if (e.bits & kRawText) {
      std::string end = "</";
      for (char c : e.name) end += to_lower(c);
      size_t close = find_ci(d_, end, e.open_end);
      if (close == std::string_view::npos) return false;
      size_t gt = d_.find('>', close);
      if (gt == std::string_view::npos) return false;
      added.close_start = static_cast<uint32_t>(close);
      added.end = static_cast<uint32_t>(gt + 1);
      *next = gt + 1;
      return true;
    }
    stack_.push_back(id);
    *next = e.open_end;
    return true;
  }

  bool end_tag(size_t lt, size_t* next) {
    size_t i = lt + 2;
    std::string_view name = name_at(&i);
    size_t gt = d_.find('>', i);
    if (gt == std::string_view::npos || stack_.empty()) return false;
    Element& e = elements_[static_cast<size_t>(stack_.back())];
    if (!same_name(e.name, name)) return false;
    e.close_start = static_cast<uint32_t>(lt);
    e.end = static_cast<uint32_t>(gt + 1);
    stack_.pop_back();
    *next = gt + 1;
    return true;
  }

  std::string_view d_;
  std::vector<Element> elements_;   // in the order their start tags appear
  std::vector<uint32_t> children_;  // per element: element children seen so far
  std::vector<int> stack_;          // open elements
  uint32_t roots_ = 0;
};

int find_body(const std::vector<Element>& els) {
  for (size_t i = 0; i < els.size(); ++i)
    if (els[i].tag == Tag::kBody && els[i].parent >= 0 &&
        els[static_cast<size_t>(els[i].parent)].tag == Tag::kHtml)
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
  if (std::max(before.size(), after.size()) >= UINT32_MAX) return std::nullopt;
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
                         ea[target].close_start < before_end || (eb[target].bits & kRawText)))
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
  Tag t = eb[target].tag;
  if (!keep && (t == Tag::kPre || t == Tag::kListing || t == Tag::kTextarea) && !added.empty() &&
      (added[0] == '\n' || added[0] == '\r'))
    return std::nullopt;

  PagePatch patch;
  for (int e = target; e != body; e = eb[e].parent) {
    patch.path.push_back(eb[e].index);
    std::string name;
    for (char c : eb[e].name) name += to_lower(c);
    patch.tags.push_back(std::move(name));
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
