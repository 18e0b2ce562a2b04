// The HTML tokenizer: kinds, offsets, names and attributes of each token.
#include "text/html_scan.h"

#include <doctest/doctest.h>

namespace sitegen {

namespace {

// One line per token: kind, [start,end), then the name, attributes and flags.
// `raw` names the elements whose content is read as raw text.
std::string tokens_of(std::string_view html, std::vector<std::string_view> raw = {}) {
  static const char* kKinds[] = {"text", "start", "end", "comment", "decl", "raw", "eof"};
  HtmlTokenizer tokens(html);
  std::string out;
  for (;;) {
    HtmlToken t = tokens.next();
    bool raw_after = false;
    for (;;) {
      out += kKinds[static_cast<int>(t.kind)];
      out += " " + std::to_string(t.start) + "-" + std::to_string(t.end);
      if (t.kind == HtmlTokenKind::kStartTag || t.kind == HtmlTokenKind::kEndTag)
        out += " " + std::string(t.name);
      if (t.kind == HtmlTokenKind::kStartTag) {
        for (const HtmlAttr& a : tokens.attributes())
          out += " " + std::string(a.name) + "=[" + std::string(a.value) + "]@" +
                 std::to_string(a.value.data() - html.data());
        for (std::string_view r : raw) raw_after = raw_after || r == t.name;
      }
      if (t.self_closing) out += " self-closing";
      if (!t.terminated) out += " unterminated";
      out += "\n";
      if (t.kind == HtmlTokenKind::kEnd) return out;
      if (!raw_after) break;
      raw_after = false;
      t = tokens.raw_text(t.name);
    }
  }
}

}  // namespace

TEST_CASE("html tokens: tags, attributes and text with their offsets") {
  CHECK(tokens_of("<!DOCTYPE html>\n<P Class=\"a b\" id='x>y' hidden data-n=3>Hi</p>") ==
        "decl 0-15\n"
        "text 15-16\n"
        "start 16-56 P Class=[a b]@26 id=[x>y]@35 hidden=[]@46 data-n=[3]@54\n"
        "text 56-58\n"
        "end 58-62 p\n"
        "eof 62-62\n");
}

TEST_CASE("html tokens: self-closing tags, and a slash that is part of a value") {
  CHECK(tokens_of("<br/><img src=\"a.png\" /><a href=/x/>x</a><br / >") ==
        "start 0-5 br self-closing\n"
        "start 5-24 img src=[a.png]@15 self-closing\n"
        "start 24-36 a href=[/x/]@32\n"
        "text 36-37\n"
        "end 37-41 a\n"
        "start 41-48 br\n"
        "eof 48-48\n");
}

TEST_CASE("html tokens: comments, declarations, and a < that opens no tag") {
  CHECK(tokens_of("a < b <3 <!-- <p> --> <?xml x?><!x>c<") ==
        "text 0-9\n"
        "comment 9-21\n"
        "text 21-22\n"
        "decl 22-31\n"
        "decl 31-35\n"
        "text 35-37\n"
        "eof 37-37\n");
}

TEST_CASE("html tokens: raw text up to its end tag, in any case") {
  CHECK(tokens_of("<script>if (a <b) x('</p>');</SCRIPT >!", {"script"}) ==
        "start 0-8 script\n"
        "raw 8-28\n"
        "end 28-38 SCRIPT\n"
        "text 38-39\n"
        "eof 39-39\n");
  // Unasked, the same content is markup.
  CHECK(tokens_of("<script><b></script>") ==
        "start 0-8 script\nstart 8-11 b\nend 11-20 script\neof 20-20\n");
}

TEST_CASE("html tokens: unterminated input runs to the end") {
  CHECK(tokens_of("<!-- x") == "comment 0-6 unterminated\neof 6-6\n");
  CHECK(tokens_of("<!doctype") == "decl 0-9 unterminated\neof 9-9\n");
  CHECK(tokens_of("x</p") == "text 0-1\nend 1-4 p unterminated\neof 4-4\n");
  CHECK(tokens_of("<a href=\"x>y") == "start 0-12 a href=[x>y]@9 unterminated\neof 12-12\n");
  CHECK(tokens_of("<a b") == "start 0-4 a b=[]@4 unterminated\neof 4-4\n");
  CHECK(tokens_of("<style>a{}", {"style"}) ==
        "start 0-7 style\nraw 7-10 unterminated\neof 10-10\n");
  CHECK(tokens_of("") == "eof 0-0\n");
}

TEST_CASE("html tokens: attributes without a name are left out") {
  CHECK(tokens_of("<a =\"x\" b/c d>") == "start 0-14 a b/c=[]@11 d=[]@13\neof 14-14\n");
}

}  // namespace sitegen
