// Reading HTML: the one tokenizer (tags with their attributes and offsets, comments,
// raw text), and on top of it the URLs and ids of a page and character references.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sitegen {

enum class HtmlTokenKind {
  kText,
  kStartTag,
  kEndTag,
  kComment,      // <!-- ... -->
  kDeclaration,  // <!doctype ...>, <?...>, and any other <!...>
  kRawText,      // an element's content that is not markup (HtmlTokenizer::raw_text)
  kEnd,          // the end of the document
};

struct HtmlToken {
  HtmlTokenKind kind = HtmlTokenKind::kEnd;
  size_t start = 0, end = 0;  // html[start, end): the whole token, `<` to `>`
  std::string_view name;      // tags: the name as written (any case)
  bool self_closing = false;  // start tags: `/` right before the `>`
  bool terminated = true;     // false when the document ends inside the token
};

// An attribute of a start tag; views into the document. `value` is as written, without
// its quotes and with character references left in (decode_html_entities); without a
// value, it is empty and starts where the name ends.
struct HtmlAttr {
  std::string_view name;
  std::string_view value;
};

// Splits a document into tokens from its start, as browsers' tokenizer does for
// well-formed markup. A `<` that opens no tag is text; `</`, `<!` and `<?` run to the
// next `>`, a comment to the next `-->`. Attribute values are quoted with `"` or `'`
// (a `>` inside them does not end the tag) or run to a space or `>`; a quoted value
// without its closing quote runs to the end of the document.
class HtmlTokenizer {
 public:
  explicit HtmlTokenizer(std::string_view html) : html_(html) {}

  HtmlToken next();
  // Right after a start tag: the element's content as text, up to `</name` in any case
  // (the end tag is the next token) or, unterminated, to the end. Which elements hold
  // raw text depends on where they are (not in <svg>), so the caller asks for it.
  HtmlToken raw_text(std::string_view name);
  // The attributes of the last start tag, in order; those without a name are left out.
  const std::vector<HtmlAttr>& attributes() const { return attrs_; }

 private:
  size_t start_tag(size_t lt, HtmlToken& t);

  std::string_view html_;
  size_t pos_ = 0;
  std::vector<HtmlAttr> attrs_;
};

// The URLs of one HTML document: values of href, src, poster and each srcset candidate,
// with character references decoded. Script and style contents and comments are skipped.
std::vector<std::string> html_urls(std::string_view html);
// Character references decoded: numeric ones and the few named ones HTML writers use
// (&amp; &lt; &gt; &quot; &apos; &nbsp; dashes, quotes, ...). Others stay as written.
std::string decode_html_entities(std::string_view html);
// The values of every id attribute (and <a name>), for #fragment checks.
std::vector<std::string> html_ids(std::string_view html);

}  // namespace sitegen
