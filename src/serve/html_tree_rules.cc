// The HTML parser's rules for each tag (HTML's tree construction, the parts that move
// elements away from where they are written), as a table and two questions.
#include "serve/html_tree_rules.h"

#include <algorithm>
#include <iterator>

namespace sitegen {

namespace {

// Sorted by name, for a binary search.
constexpr TagInfo kTags[] = {
    {"a", 0, Tag::kA},
    {"address", kClosesP | kSpecial, Tag::kAddress},
    {"applet", kSpecial | kScopeEnd | kCellLike},
    {"area", kVoid | kSpecial},
    {"article", kClosesP | kSpecial},
    {"aside", kClosesP | kSpecial},
    {"b", kBreaksForeign},
    {"base", kVoid | kSpecial},
    {"basefont", kVoid | kSpecial},
    {"bgsound", kVoid | kSpecial},
    {"big", kBreaksForeign},
    {"blockquote", kClosesP | kSpecial | kBreaksForeign},
    {"body", kSpecial | kBreaksForeign, Tag::kBody},
    {"br", kVoid | kSpecial | kBreaksForeign},
    {"button", kSpecial | kScopeEnd, Tag::kButton},
    {"caption", kSpecial | kScopeEnd | kCellLike | kTableOnly, Tag::kCaption},
    {"center", kClosesP | kSpecial | kBreaksForeign},
    {"code", kBreaksForeign},
    {"col", kVoid | kSpecial | kTableOnly, Tag::kCol},
    {"colgroup", kSpecial | kTableOnly, Tag::kColgroup},
    {"dd", kClosesP | kSpecial | kBreaksForeign, Tag::kDd},
    {"desc", kScopeEnd | kIntegration},
    {"details", kClosesP | kSpecial},
    {"dialog", kClosesP},
    {"dir", kClosesP | kSpecial},
    {"div", kClosesP | kSpecial | kBreaksForeign, Tag::kDiv},
    {"dl", kClosesP | kSpecial | kBreaksForeign},
    {"dt", kClosesP | kSpecial | kBreaksForeign, Tag::kDt},
    {"em", kBreaksForeign},
    {"embed", kVoid | kSpecial | kBreaksForeign},
    {"fieldset", kClosesP | kSpecial},
    {"figcaption", kClosesP | kSpecial},
    {"figure", kClosesP | kSpecial},
    {"font", kBreaksForeign},
    {"footer", kClosesP | kSpecial},
    {"foreignobject", kSpecial | kScopeEnd | kIntegration},
    {"form", kClosesP | kSpecial, Tag::kForm},
    {"frame", kVoid | kSpecial},
    {"frameset", kSpecial, Tag::kFrameset},
    {"h1", kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h2", kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h3", kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h4", kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h5", kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"h6", kClosesP | kSpecial | kBreaksForeign | kHeading},
    {"head", kSpecial | kBreaksForeign, Tag::kHead},
    {"header", kClosesP | kSpecial},
    {"hgroup", kClosesP | kSpecial},
    {"hr", kVoid | kClosesP | kSpecial | kBreaksForeign},
    {"html", kSpecial | kScopeEnd, Tag::kHtml},
    {"i", kBreaksForeign},
    {"iframe", kRawText | kSpecial},
    {"img", kVoid | kSpecial | kBreaksForeign},
    {"input", kVoid | kSpecial},
    {"keygen", kVoid | kSpecial},
    {"li", kClosesP | kSpecial | kBreaksForeign, Tag::kLi},
    {"link", kVoid | kSpecial},
    {"listing", kClosesP | kSpecial | kBreaksForeign, Tag::kListing},
    {"main", kClosesP | kSpecial},
    {"marquee", kSpecial | kScopeEnd | kCellLike},
    {"math", kForeignRoot},
    {"menu", kClosesP | kSpecial | kBreaksForeign},
    {"meta", kVoid | kSpecial | kBreaksForeign},
    {"mi", kSpecial | kScopeEnd},
    {"mn", kSpecial | kScopeEnd},
    {"mo", kSpecial | kScopeEnd},
    {"ms", kSpecial | kScopeEnd},
    {"mtext", kSpecial | kScopeEnd},
    {"nav", kClosesP | kSpecial},
    {"nobr", kBreaksForeign, Tag::kNobr},
    {"noembed", kRawText | kSpecial},
    {"noframes", kRawText | kSpecial},
    {"noscript", kRawText | kSpecial},
    {"object", kSpecial | kScopeEnd | kCellLike},
    {"ol", kClosesP | kSpecial | kBreaksForeign},
    {"optgroup", 0, Tag::kOptgroup},
    {"option", 0, Tag::kOption},
    {"p", kClosesP | kSpecial | kBreaksForeign, Tag::kP},
    {"param", kVoid | kSpecial},
    {"plaintext", kRawText | kClosesP | kSpecial},
    {"pre", kClosesP | kSpecial | kBreaksForeign, Tag::kPre},
    {"ruby", kBreaksForeign},
    {"s", kBreaksForeign},
    {"script", kRawText | kSpecial, Tag::kScript},
    {"search", kClosesP | kSpecial},
    {"section", kClosesP | kSpecial},
    {"select", kSpecial, Tag::kSelect},
    {"small", kBreaksForeign},
    {"source", kVoid | kSpecial},
    {"span", kBreaksForeign},
    {"strike", kBreaksForeign},
    {"strong", kBreaksForeign},
    {"style", kRawText | kSpecial, Tag::kStyle},
    {"sub", kBreaksForeign},
    {"summary", kClosesP | kSpecial},
    {"sup", kBreaksForeign},
    {"svg", kForeignRoot},
    {"table", kClosesP | kSpecial | kBreaksForeign | kTablePart | kScopeEnd, Tag::kTable},
    {"tbody", kSpecial | kTablePart | kTableOnly, Tag::kTbody},
    {"td", kSpecial | kScopeEnd | kCellLike | kTableOnly, Tag::kTd},
    {"template", kSpecial | kScopeEnd | kCellLike, Tag::kTemplate},
    {"textarea", kRawText | kSpecial, Tag::kTextarea},
    {"tfoot", kSpecial | kTablePart | kTableOnly, Tag::kTfoot},
    {"th", kSpecial | kScopeEnd | kCellLike | kTableOnly, Tag::kTh},
    {"thead", kSpecial | kTablePart | kTableOnly, Tag::kThead},
    {"title", kRawText | kSpecial | kScopeEnd | kIntegration},
    {"tr", kSpecial | kTablePart | kTableOnly, Tag::kTr},
    {"track", kVoid | kSpecial},
    {"tt", kBreaksForeign},
    {"u", kBreaksForeign},
    {"ul", kClosesP | kSpecial | kBreaksForeign},
    {"var", kBreaksForeign},
    {"wbr", kVoid | kSpecial},
    {"xmp", kRawText | kClosesP | kSpecial},
};

}  // namespace

const TagInfo& tag_info(std::string_view lower_name) {
  static constexpr TagInfo kNone{};
  auto it = std::lower_bound(std::begin(kTags), std::end(kTags), lower_name,
                             [](const TagInfo& t, std::string_view n) { return t.name < n; });
  return it != std::end(kTags) && it->name == lower_name ? *it : kNone;
}

uint16_t state_inside(Tag tag, uint32_t bits, uint16_t outer) {
  uint16_t s = outer;
  if (bits & kScopeEnd) s &= static_cast<uint16_t>(~kInP);
  if (tag == Tag::kP) s |= kInP;
  bool item_stop = (bits & kSpecial) && tag != Tag::kAddress && tag != Tag::kDiv && tag != Tag::kP;
  if (item_stop) s &= static_cast<uint16_t>(~(kInLi | kInDdDt));
  if (tag == Tag::kLi) s |= kInLi;
  if (tag == Tag::kDd || tag == Tag::kDt) s |= kInDdDt;
  if (bits & kCellLike) s &= static_cast<uint16_t>(~(kInA | kInNobr));
  if (tag == Tag::kA) s |= kInA;
  if (tag == Tag::kNobr) s |= kInNobr;
  if (bits & kForeignRoot) s |= kInForeign;
  if ((outer & kInForeign) && (bits & kIntegration)) s &= static_cast<uint16_t>(~kInForeign);
  if (tag == Tag::kForm) s |= kInForm;
  if (tag == Tag::kButton) s |= kInButton;
  if (tag == Tag::kSelect) s |= kInSelect;
  return s;
}

bool placed_as_written(Tag t, uint32_t bits, const OpenElement& parent) {
  uint16_t st = parent.state;
  if (st & kInForeign) return !(bits & kBreaksForeign);
  Tag p = parent.tag;
  if (p == Tag::kTable)
    return t == Tag::kCaption || t == Tag::kColgroup || t == Tag::kThead || t == Tag::kTbody ||
           t == Tag::kTfoot || t == Tag::kScript || t == Tag::kTemplate || t == Tag::kStyle;
  if (p == Tag::kTbody || p == Tag::kThead || p == Tag::kTfoot)
    return t == Tag::kTr || t == Tag::kScript || t == Tag::kTemplate || t == Tag::kStyle;
  if (p == Tag::kTr)
    return t == Tag::kTd || t == Tag::kTh || t == Tag::kScript || t == Tag::kTemplate ||
           t == Tag::kStyle;
  if (p == Tag::kColgroup) return t == Tag::kCol || t == Tag::kTemplate;
  if (bits & kTableOnly) return false;
  if ((bits & kClosesP) && (st & kInP)) return false;
  if ((bits & kHeading) && (parent.bits & kHeading)) return false;
  if (t == Tag::kLi && (st & kInLi)) return false;
  if ((t == Tag::kDd || t == Tag::kDt) && (st & kInDdDt)) return false;
  if ((t == Tag::kA && (st & kInA)) || (t == Tag::kNobr && (st & kInNobr))) return false;
  if ((t == Tag::kForm && (st & kInForm)) || (t == Tag::kButton && (st & kInButton)) ||
      (t == Tag::kSelect && (st & kInSelect)))
    return false;
  if ((t == Tag::kOption || t == Tag::kOptgroup) && p == Tag::kOption) return false;
  if (t == Tag::kHtml || t == Tag::kFrameset) return parent.none && t == Tag::kHtml;
  // <head> and <body> only as written in a document: inside <html>, once each.
  if (t == Tag::kHead || t == Tag::kBody) return p == Tag::kHtml;
  return true;
}

}  // namespace sitegen
