// The HTML md_html() would write, from md4c's callbacks, and on the way math kept as TeX
// for KaTeX (math.h), script URLs dropped, root-relative links rebased and tables wrapped
// (html_rules.h): md_html() offers no hooks for any of them.
#include "markdown/html_writer.h"

#include <algorithm>

#include "markdown/html_rules.h"
#include "markdown/math.h"
#include "markdown/md4c_escape.h"

namespace sitegen {

namespace {

using md4c_html::append_attribute;
using md4c_html::append_text;

// md4c-html.c's callbacks, in the same order and with the same output.
class HtmlWriter {
 public:
  HtmlWriter(std::string& out, const MarkdownOptions& opts, FootnoteRefs* notes)
      : out_(out),
        rules_(opts),
        notes_(notes),
        figures_(opts.figures),
        code_html_(opts.code_html && !opts.code_html->empty() ? opts.code_html : nullptr) {}

  static int enter_block(MD_BLOCKTYPE type, void* detail, void* self) {
    static_cast<HtmlWriter*>(self)->flush_text();
    static_cast<HtmlWriter*>(self)->enter_block(type, detail);
    return 0;
  }
  static int leave_block(MD_BLOCKTYPE type, void* detail, void* self) {
    static_cast<HtmlWriter*>(self)->flush_text();
    static_cast<HtmlWriter*>(self)->leave_block(type, detail);
    return 0;
  }
  static int enter_span(MD_SPANTYPE type, void* detail, void* self) {
    static_cast<HtmlWriter*>(self)->flush_text();
    static_cast<HtmlWriter*>(self)->enter_span(type, detail);
    return 0;
  }
  static int leave_span(MD_SPANTYPE type, void* detail, void* self) {
    static_cast<HtmlWriter*>(self)->flush_text();
    static_cast<HtmlWriter*>(self)->leave_span(type, detail);
    return 0;
  }
  static int text(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* self) {
    static_cast<HtmlWriter*>(self)->text(type, std::string_view(text, size));
    return 0;
  }

  // Writes the raw HTML still held back, and an equation md4c did not close as md_html()
  // writes it.
  void finish() {
    flush_text();
    sink();
    if (in_math_) {
      out_ += math_tag(math_display_);
      out_ += math_;
    }
  }

 private:
  // Text held back to find footnote references in: md4c may pass `[^1]` in pieces.
  void flush_text() {
    if (pending_.empty()) return;
    std::string& o = *to_;
    size_t done = 0;
    for (size_t at = 0; (at = pending_.find('[', at)) != std::string::npos; ++at) {
      size_t end = pending_.find(']', at + 1);
      if (end == std::string::npos) break;
      std::string_view inside = std::string_view(pending_).substr(at + 1, end - at - 1);
      std::string html;
      if (inside.starts_with('^'))
        html = footnote_ref(inside.substr(1));
      else if (inside.starts_with('@'))
        html = citation(inside);
      if (html.empty()) continue;
      append_text(o, std::string_view(pending_).substr(done, at - done));
      o += html;
      done = end + 1;
      at = end;
    }
    append_text(o, std::string_view(pending_).substr(done));
    pending_.clear();
  }

  // `[^label]`'s HTML, or "" when it names no footnote.
  std::string footnote_ref(std::string_view label) {
    if (label.empty() || label.find_first_of(" \t\n[") != std::string_view::npos) return "";
    const std::vector<std::string>& defined = notes_->labels;
    if (std::find(defined.begin(), defined.end(), label) == defined.end()) return "";
    auto it = std::find(notes_->order.begin(), notes_->order.end(), label);
    if (it == notes_->order.end()) {
      notes_->order.emplace_back(label);
      notes_->counts.push_back(0);
      it = notes_->order.end() - 1;
    }
    size_t index = static_cast<size_t>(it - notes_->order.begin());
    int nth = ++notes_->counts[index];
    std::string number = std::to_string(index + 1);
    std::string html =
        "<sup class=\"footnote-ref\"><a href=\"#fn-" + number + "\" id=\"fnref-" + number;
    if (nth > 1) html += "-" + std::to_string(nth);
    return html + "\" aria-describedby=\"footnotes-label\">" + number + "</a></sup>";
  }

  // `[@key]` or `[@key1; @key2]`'s HTML, or "" unless every key may be cited.
  std::string citation(std::string_view inside) {
    std::vector<size_t> keys;
    for (size_t at = 0; at <= inside.size();) {
      size_t end = std::min(inside.find(';', at), inside.size());
      std::string_view part = inside.substr(at, end - at);
      while (!part.empty() && (part.front() == ' ' || part.front() == '\n')) part.remove_prefix(1);
      while (!part.empty() && (part.back() == ' ' || part.back() == '\n')) part.remove_suffix(1);
      if (!part.starts_with('@')) return "";
      if (!notes_->cite_keys) return "";
      const std::vector<std::string>& known = *notes_->cite_keys;
      auto k = std::find(known.begin(), known.end(), part.substr(1));
      if (k == known.end()) return "";
      keys.push_back(static_cast<size_t>(k - known.begin()));
      at = end + 1;
    }
    std::string html = "<span class=\"citation\">[";
    for (size_t i = 0; i < keys.size(); ++i) {
      auto c = std::find(notes_->cited.begin(), notes_->cited.end(), keys[i]);
      if (c == notes_->cited.end()) c = notes_->cited.insert(c, keys[i]);
      std::string number = std::to_string(c - notes_->cited.begin() + 1);
      if (i > 0) html += ", ";
      html += "<a href=\"";
      append_html_escaped(html, (*notes_->cite_urls)[keys[i]]);
      html += "\" aria-describedby=\"references-label\">" + number + "</a>";
    }
    return html + "]</span>";
  }

  // Where the next bytes go (the page, or the TeX of an equation), once the raw HTML
  // held back has been written: a run of raw HTML is filtered whole, as a tag can
  // arrive in parts (one per line).
  std::string& sink() {
    if (!raw_.empty()) {
      rules_.append_raw_html(*to_, raw_, image_nesting_ > 0, open_raw_tables_);
      raw_.clear();
    }
    return *to_;
  }

  // md4c-html's tag for an equation.
  static std::string_view math_tag(bool display) {
    return display ? "<x-equation type=\"display\">" : "<x-equation>";
  }

  // A link's or image's URL: escaped as md4c-html does, then the rules.
  void write_url(std::string& o, const MD_ATTRIBUTE& url, bool link) {
    size_t start = o.size();
    append_attribute(o, url, true);
    rules_.fix_url(o, start, link);
  }

  void enter_block(MD_BLOCKTYPE type, void* detail) {
    switch (type) {
      case MD_BLOCK_DOC:
        break;
      case MD_BLOCK_QUOTE:
        sink() += "<blockquote>\n";
        break;
      case MD_BLOCK_UL:
        sink() += "<ul>\n";
        break;
      case MD_BLOCK_OL: {
        unsigned start = static_cast<const MD_BLOCK_OL_DETAIL*>(detail)->start;
        std::string& o = sink();
        if (start == 1) {
          o += "<ol>\n";
        } else {
          o += "<ol start=\"";
          o += std::to_string(start);
          o += "\">\n";
        }
        break;
      }
      case MD_BLOCK_LI: {
        const auto* d = static_cast<const MD_BLOCK_LI_DETAIL*>(detail);
        std::string& o = sink();
        if (!d->is_task) {
          o += "<li>";
          break;
        }
        o += "<li class=\"task-list-item\"><input type=\"checkbox\" "
             "class=\"task-list-item-checkbox\" disabled";
        bool done = d->task_mark == 'x' || d->task_mark == 'X';
        if (done) o += " checked";
        o += done ? rules_.task_done_attr : rules_.task_open_attr;
        o += '>';
        break;
      }
      case MD_BLOCK_HR:
        sink() += "<hr>\n";
        break;
      case MD_BLOCK_H: {
        std::string& o = sink();
        o += "<h";
        o += static_cast<char>('0' + static_cast<const MD_BLOCK_H_DETAIL*>(detail)->level);
        o += '>';
        break;
      }
      case MD_BLOCK_CODE: {
        const auto* d = static_cast<const MD_BLOCK_CODE_DETAIL*>(detail);
        std::string& o = sink();
        // A page's code block scrolls sideways on a narrow screen, as its tables do:
        // keyboard users reach it to scroll (WCAG 2.1.1).
        o += rules_.wrap_tables() ? "<pre tabindex=\"0\"><code" : "<pre><code";
        if (d->lang.text != nullptr) {
          o += " class=\"language-";
          append_attribute(o, d->lang, false);
          o += '"';
        }
        o += '>';
        // Its text is gathered too when a highlighted version may replace it.
        if (code_html_ && d->lang.text != nullptr && d->lang.size > 0) {
          in_code_ = true;
          code_at_ = o.size();
          code_ = std::string(d->lang.text, d->lang.size) + '\n';
        }
        break;
      }
      case MD_BLOCK_HTML:
        break;
      case MD_BLOCK_P:
        sink() += "<p>";
        paragraph_at_ = to_->size();
        break;
      case MD_BLOCK_TABLE:
        sink() += rules_.wrap_tables() ? std::string_view(rules_.table_open) : "<table>";
        *to_ += '\n';
        break;
      case MD_BLOCK_THEAD:
        sink() += "<thead>\n";
        break;
      case MD_BLOCK_TBODY:
        sink() += "<tbody>\n";
        break;
      case MD_BLOCK_TR:
        sink() += "<tr>\n";
        break;
      case MD_BLOCK_TH:
      case MD_BLOCK_TD: {
        std::string& o = sink();
        o += type == MD_BLOCK_TH ? "<th" : "<td";
        switch (static_cast<const MD_BLOCK_TD_DETAIL*>(detail)->align) {
          case MD_ALIGN_LEFT:
            o += " align=\"left\">";
            break;
          case MD_ALIGN_CENTER:
            o += " align=\"center\">";
            break;
          case MD_ALIGN_RIGHT:
            o += " align=\"right\">";
            break;
          default:
            o += '>';
            break;
        }
        break;
      }
    }
  }

  void leave_block(MD_BLOCKTYPE type, void* detail) {
    switch (type) {
      case MD_BLOCK_DOC:
        break;
      case MD_BLOCK_QUOTE:
        sink() += "</blockquote>\n";
        break;
      case MD_BLOCK_UL:
        sink() += "</ul>\n";
        break;
      case MD_BLOCK_OL:
        sink() += "</ol>\n";
        break;
      case MD_BLOCK_LI:
        sink() += "</li>\n";
        break;
      case MD_BLOCK_HR:
        break;
      case MD_BLOCK_H: {
        std::string& o = sink();
        o += "</h";
        o += static_cast<char>('0' + static_cast<const MD_BLOCK_H_DETAIL*>(detail)->level);
        o += ">\n";
        break;
      }
      case MD_BLOCK_CODE: {
        std::string& o = sink();
        if (in_code_) {
          in_code_ = false;
          if (auto it = code_html_->find(code_); it != code_html_->end()) {
            o.resize(code_at_);
            o += it->second;
          }
        }
        o += "</code></pre>\n";
        break;
      }
      case MD_BLOCK_HTML:
        break;
      case MD_BLOCK_P: {
        std::string& o = sink();
        // An image with a title alone in its paragraph is a figure, its title the caption.
        if (figures_ && to_ == &out_ && image_titled_ && image_at_ == paragraph_at_ &&
            image_end_ == o.size()) {
          std::string caption = o.substr(title_at_ + 9, image_end_ - 2 - (title_at_ + 9));
          o.resize(title_at_);
          o += "\"><figcaption>" + caption + "</figcaption></figure>\n";
          o.replace(paragraph_at_ - 3, 3, "<figure>");
        } else {
          o += "</p>\n";
        }
        break;
      }
      case MD_BLOCK_TABLE:
        sink() += rules_.wrap_tables() ? kTableClose : "</table>";
        *to_ += '\n';
        break;
      case MD_BLOCK_THEAD:
        sink() += "</thead>\n";
        break;
      case MD_BLOCK_TBODY:
        sink() += "</tbody>\n";
        break;
      case MD_BLOCK_TR:
        sink() += "</tr>\n";
        break;
      case MD_BLOCK_TH:
        sink() += "</th>\n";
        break;
      case MD_BLOCK_TD:
        sink() += "</td>\n";
        break;
    }
  }

  void enter_span(MD_SPANTYPE type, void* detail) {
    // In an image's alt text only the text is written (md4c-html, as CommonMark advises).
    if (image_nesting_ > 0) return;
    switch (type) {
      case MD_SPAN_EM:
        sink() += "<em>";
        break;
      case MD_SPAN_STRONG:
        sink() += "<strong>";
        break;
      case MD_SPAN_U:
        sink() += "<u>";
        break;
      case MD_SPAN_A: {
        const auto* d = static_cast<const MD_SPAN_A_DETAIL*>(detail);
        std::string& o = sink();
        ++link_nesting_;
        o += "<a href=\"";
        write_url(o, d->href, true);
        if (d->title.text != nullptr) {
          o += "\" title=\"";
          append_attribute(o, d->title, false);
        }
        o += "\">";
        break;
      }
      case MD_SPAN_IMG: {
        std::string& o = sink();
        image_at_ = o.size();
        o += "<img src=\"";
        write_url(o, static_cast<const MD_SPAN_IMG_DETAIL*>(detail)->src, false);
        o += "\" alt=\"";
        ++image_nesting_;
        break;
      }
      case MD_SPAN_CODE:
        sink() += "<code>";
        break;
      case MD_SPAN_DEL:
        sink() += "<del>";
        break;
      case MD_SPAN_LATEXMATH:
      case MD_SPAN_LATEXMATH_DISPLAY: {
        bool display = type == MD_SPAN_LATEXMATH_DISPLAY;
        // An equation in an equation (which md4c reports after some permissive autolinks)
        // is part of the first's TeX, as in md_html()'s HTML read up to its first end tag.
        if (in_math_) {
          math_ += math_tag(display);
          break;
        }
        sink();
        in_math_ = true;
        math_display_ = display;
        math_.clear();
        to_ = &math_;
        break;
      }
      case MD_SPAN_WIKILINK: {
        std::string& o = sink();
        o += "<x-wikilink data-target=\"";
        append_attribute(o, static_cast<const MD_SPAN_WIKILINK_DETAIL*>(detail)->target, false);
        o += "\">";
        break;
      }
    }
  }

  void leave_span(MD_SPANTYPE type, void* detail) {
    if (image_nesting_ > 0) {
      // md4c-html closes the tag at the end of any image at the first level (an image
      // in the alt text too: md_html() output has the same quirk).
      if (image_nesting_ == 1 && type == MD_SPAN_IMG) {
        const auto* d = static_cast<const MD_SPAN_IMG_DETAIL*>(detail);
        std::string& o = sink();
        title_at_ = o.size();
        image_titled_ = d->title.text != nullptr;
        if (d->title.text != nullptr) {
          o += "\" title=\"";
          append_attribute(o, d->title, false);
        }
        o += "\">";
        image_end_ = o.size();
        --image_nesting_;
      }
      return;
    }
    switch (type) {
      case MD_SPAN_EM:
        sink() += "</em>";
        break;
      case MD_SPAN_STRONG:
        sink() += "</strong>";
        break;
      case MD_SPAN_U:
        sink() += "</u>";
        break;
      case MD_SPAN_A:
        sink() += "</a>";
        --link_nesting_;
        break;
      case MD_SPAN_IMG:
        break;
      case MD_SPAN_CODE:
        sink() += "</code>";
        break;
      case MD_SPAN_DEL:
        sink() += "</del>";
        break;
      case MD_SPAN_LATEXMATH:
      case MD_SPAN_LATEXMATH_DISPLAY: {
        // md4c ends an equation it did not start after some permissive autolinks: the
        // end tag stays, as in md_html()'s HTML.
        if (!in_math_) {
          sink() += "</x-equation>";
          break;
        }
        // The TeX is text-escaped already, as append_math_html expects.
        to_ = &out_;
        append_math_html(sink(), math_, math_display_);
        in_math_ = false;
        break;
      }
      case MD_SPAN_WIKILINK:
        sink() += "</x-wikilink>";
        break;
    }
  }

  void text(MD_TEXTTYPE type, std::string_view s) {
    if (type != MD_TEXT_NORMAL) flush_text();
    if (in_code_) md4c_html::append_code_text(code_, type, s);
    switch (type) {
      case MD_TEXT_NULLCHAR:
        // Inside a run of raw HTML (a NUL in a tag) it stays part of the run.
        (raw_.empty() ? *to_ : raw_) += md4c_html::kReplacementChar;
        break;
      case MD_TEXT_BR:
        sink() += image_nesting_ == 0 ? "<br>\n" : " ";
        break;
      case MD_TEXT_SOFTBR:
        sink() += image_nesting_ == 0 ? "\n" : " ";
        break;
      case MD_TEXT_HTML:
        if (rules_.changes_raw_html())
          raw_ += s;
        else
          *to_ += s;
        break;
      case MD_TEXT_ENTITY:
        md4c_html::append_entity(sink(), s, false);
        break;
      default:
        if (notes_ && type == MD_TEXT_NORMAL && image_nesting_ == 0 && !in_math_ &&
            link_nesting_ == 0) {
          sink();
          pending_ += s;
          break;
        }
        append_text(sink(), s);
        break;
    }
  }

  std::string& out_;
  std::string* to_ = &out_;
  HtmlRules rules_;
  std::string math_;  // the TeX of the equation being read
  std::string raw_;   // raw HTML not yet written
  int image_nesting_ = 0;
  int open_raw_tables_ = 0;  // raw <table> tags wrapped and not yet closed
  bool in_math_ = false;     // math_ holds the TeX of an equation
  bool math_display_ = false;
  FootnoteRefs* notes_ = nullptr;  // footnotes are written: normal text is held in pending_
  std::string pending_;
  int link_nesting_ = 0;
  bool figures_ = false;
  // The last paragraph's and image's places in the output, to make a figure of an image
  // alone in its paragraph: where the paragraph's text starts, where the image starts,
  // where its title attribute starts and where it ends.
  size_t paragraph_at_ = std::string::npos;
  size_t image_at_ = std::string::npos;
  size_t title_at_ = 0;
  size_t image_end_ = 0;
  bool image_titled_ = false;
  // Highlighted code blocks (MarkdownOptions::code_html), and the block being read: its
  // key (code_block_key) and where its escaped text starts in the output.
  const std::map<std::string, std::string>* code_html_ = nullptr;
  bool in_code_ = false;
  std::string code_;
  size_t code_at_ = 0;
};

}  // namespace

void write_html(std::string_view md, unsigned parser_flags, const MarkdownOptions& opts,
                std::string& out, FootnoteRefs* notes) {
  HtmlWriter writer(out, opts, notes);
  MD_PARSER parser = {0,
                      parser_flags,
                      &HtmlWriter::enter_block,
                      &HtmlWriter::leave_block,
                      &HtmlWriter::enter_span,
                      &HtmlWriter::leave_span,
                      &HtmlWriter::text,
                      nullptr,
                      nullptr};
  md_parse(md.data(), static_cast<MD_SIZE>(md.size()), &parser, &writer);
  writer.finish();
}

}  // namespace sitegen
