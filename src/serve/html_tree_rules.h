// What a browser's HTML parser does with each tag as it builds the tree: the table of
// tags and their rules, and whether an element would be placed where it is written.
// The strict reader (strict_html.h) refuses markup these rules would restructure.
#pragma once

#include <cstdint>
#include <string_view>

namespace sitegen {

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

// The tags the rules name one by one; every other tag is kOther, with its bits.
enum class Tag : uint8_t {
  kOther,
  kA,
  kAddress,
  kBody,
  kButton,
  kCaption,
  kCol,
  kColgroup,
  kDd,
  kDiv,
  kDt,
  kForm,
  kFrameset,
  kHead,
  kHtml,
  kLi,
  kListing,
  kNobr,
  kOptgroup,
  kOption,
  kP,
  kPre,
  kScript,
  kSelect,
  kStyle,
  kTable,
  kTbody,
  kTd,
  kTemplate,
  kTextarea,
  kTfoot,
  kTh,
  kThead,
  kTr,
};

struct TagInfo {
  std::string_view name;  // lowercase
  uint32_t bits = 0;
  Tag tag = Tag::kOther;
};

// The rules of a tag by its lowercase name; tags not listed (custom elements, inline
// formatting) have none.
const TagInfo& tag_info(std::string_view lower_name);

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

// The innermost open element, where a start tag is read.
struct OpenElement {
  bool none = true;  // at the top of the document
  Tag tag = Tag::kOther;
  uint32_t bits = 0;
  uint16_t state = 0;  // what is open inside it
};

// What is open inside a new element `tag` (with `bits`), given what is open around it.
uint16_t state_inside(Tag tag, uint32_t bits, uint16_t outer);
// Would the parser place a new element `tag` inside `parent`, where it is written?
bool placed_as_written(Tag tag, uint32_t bits, const OpenElement& parent);

}  // namespace sitegen
