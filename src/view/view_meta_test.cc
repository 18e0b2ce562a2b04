// Head metadata, base-path rebasing of Markdown links, and the email markup. Paper pages
// against Google Scholar's inclusion guidelines: the required Highwire tags and their
// forms, and the ScholarlyArticle JSON-LD parsed back as JSON.
#include "view/view_meta.h"

#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <regex>
#include <vector>

#include "model/ui_strings.h"
#include "output/link_check.h"
#include "support/test_site.h"
#include "text/html_scan.h"
#include "text/utf8.h"

using namespace sitegen;
using sitegen::testing::build_files;
using sitegen::testing::page_of;

TEST_CASE("view_meta: root-relative Markdown links move under the base path") {
  Urls sub(parse_base_url("https://u.github.io/repo/"));
  CHECK(markdown_inline_to_html("[j](/join/) ![](/photo.png)",
                                page_markdown_options(sub, true, "Table")) ==
        "<a href=\"/repo/join/\">j</a> <img src=\"/repo/photo.png\" alt=\"\">");
  CHECK(markdown_inline_to_html("[j](/join/)", feed_markdown_options(sub)) ==
        "<a href=\"https://u.github.io/repo/join/\">j</a>");
  // Already under the base path, protocol-relative, relative, external, or only text.
  std::string kept =
      "[a](/repo/cv/)[b](//cdn.example/x)[c](cv/)[d](https://x.org/) x href=/y `href=\"/z\"`";
  CHECK(markdown_inline_to_html(kept, page_markdown_options(sub, true, "Table")) ==
        "<a href=\"/repo/cv/\">a</a><a href=\"//cdn.example/x\">b</a><a href=\"cv/\">c</a>"
        "<a href=\"https://x.org/\">d</a> x href=/y <code>href=&quot;/z&quot;</code>");
  // At the root nothing changes, in a feed too.
  CHECK(markdown_inline_to_html("[j](/join/)",
                                page_markdown_options(Urls(parse_base_url("/")), true, "Table")) ==
        "<a href=\"/join/\">j</a>");
  CHECK(markdown_inline_to_html("[j](/join/)",
                                feed_markdown_options(Urls(parse_base_url("https://u.org/")))) ==
        "<a href=\"/join/\">j</a>");
  // A feed of a site with a path-only base_url keeps links under the path.
  CHECK(markdown_inline_to_html("[j](/join/)",
                                feed_markdown_options(Urls(parse_base_url("/repo/")))) ==
        "<a href=\"/repo/join/\">j</a>");
}

TEST_CASE("view_meta: Markdown tables scroll in a focusable, labelled region") {
  CHECK(markdown_to_html("x\n\n| [a](/a/) |\n|---|\n",
                         page_markdown_options(Urls(parse_base_url("/repo/")), true, "Table")) ==
        "<p>x</p>\n<div class=\"table-scroll\" role=\"region\" aria-label=\"Table\" "
        "tabindex=\"0\"><table>\n<thead>\n<tr>\n<th><a href=\"/repo/a/\">a</a></th>\n</tr>\n"
        "</thead>\n</table></div>\n");
  // Not in a feed.
  CHECK(markdown_to_html("| a |\n|---|\n", feed_markdown_options(Urls(parse_base_url("/repo/")))) ==
        "<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n</table>\n");
}

TEST_CASE("view_meta: a task list's checkboxes are named in the page's language") {
  BuildResult r = build_files({{"site.toml", "language = \"de\"\n[person]\nname = \"Ada\"\n"},
                               {"bio.md", "- [x] Artikel\n- [ ] Buch\n"}});
  INFO(r.diags.format_all());
  REQUIRE_FALSE(r.diags.has_errors());
  std::string home = page_of(r, "index.html");
  CHECK(home.find("class=\"task-list-item-checkbox\" disabled checked "
                  "aria-label=\"Erledigt\">Artikel</li>") != std::string::npos);
  CHECK(home.find("class=\"task-list-item-checkbox\" disabled aria-label=\"Offen\">Buch</li>") !=
        std::string::npos);
}

TEST_CASE("view_meta: script URLs only in the owner's text, and only when the site allows them") {
  Urls allowing(parse_base_url("/"), true);
  CHECK(markdown_inline_to_html("[x](javascript:go())",
                                page_markdown_options(allowing, true, "Table")) ==
        "<a href=\"javascript:go()\">x</a>");
  CHECK(markdown_inline_to_html("[x](javascript:go())",
                                page_markdown_options(allowing, false, "Table")) ==
        "<a href=\"\">x</a>");
  CHECK(markdown_inline_to_html("[x](javascript:go())",
                                page_markdown_options(Urls(parse_base_url("/")), true, "Table")) ==
        "<a href=\"\">x</a>");
  CHECK(markdown_inline_to_html("<b>x</b>", page_markdown_options(allowing, false, "Table")) ==
        "&lt;b&gt;x&lt;/b&gt;");
}

TEST_CASE("view_meta: the email is readable but holds no harvestable address") {
  std::string html = obfuscated_email_html("ada.l@example.org");
  CHECK(html ==
        "<span class=\"email-address\" data-eu=\"l.ada\" data-ed=\"gro.elpmaxe\">"
        "&#97;&#100;&#97;&#46;&#108;<span class=\"email-decoy\" hidden> [remove this] </span>"
        "<span class=\"at\">&#64;</span>&#101;&#120;&#97;&#109;&#112;&#108;&#101;&#46;&#111;"
        "&#114;&#103;</span>");
  CHECK(html.find('@') == std::string::npos);
  // Decoding entities and dropping tags (what a text extractor does) still gives no address.
  std::string text;
  bool in_tag = false;
  for (char c : decode_html_entities(html)) {
    if (c == '<') in_tag = true;
    if (!in_tag) text += c;
    if (c == '>') in_tag = false;
  }
  CHECK(text == "ada.l [remove this] @example.org");
}

TEST_CASE("view_meta: every page has canonical, OpenGraph and Twitter tags, and 404 is noindex") {
  auto r = build_files({{"site.toml",
                         "base_url = \"https://ada.example.org/\"\ndescription = \"Compilers.\"\n"
                         "[person]\nname = \"Ada Example\"\nnative_name = \"Ада\"\n"
                         "interests = [\"Compilers\"]\n[person.links]\n"
                         "github = \"https://github.com/ada\"\n"},
                        {"news.toml", "[[news]]\ndate = 2025-01-02\ntext = \"Hello\"\n"}});
  std::string home = page_of(r, "index.html");
  CHECK(home.find("<link rel=\"canonical\" href=\"https://ada.example.org/\">") !=
        std::string::npos);
  CHECK(home.find("<meta property=\"og:type\" content=\"profile\">") != std::string::npos);
  CHECK(home.find("<meta name=\"twitter:card\" content=\"summary\">") != std::string::npos);
  CHECK(home.find("<meta name=\"description\" content=\"Compilers.\">") != std::string::npos);
  CHECK(home.find("\"@type\":\"Person\",\"name\":\"Ada Example\",\"alternateName\":\"Ада\"") !=
        std::string::npos);
  CHECK(home.find("\"sameAs\":[\"https://github.com/ada\"],\"knowsAbout\":[\"Compilers\"]") !=
        std::string::npos);
  std::string news = page_of(r, "news/index.html");
  CHECK(news.find("<link rel=\"canonical\" href=\"https://ada.example.org/news/\">") !=
        std::string::npos);
  CHECK(news.find("<meta property=\"og:url\" content=\"https://ada.example.org/news/\">") !=
        std::string::npos);
  std::string nf = page_of(r, "404.html");
  CHECK(nf.find("<meta name=\"robots\" content=\"noindex\">") != std::string::npos);
  CHECK(nf.find("rel=\"canonical\"") == std::string::npos);
}

namespace {

// ---- A small JSON reader: enough to prove the JSON-LD is valid JSON and to look inside.

struct Json {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  std::string str;  // string value (decoded), or the number as written
  bool boolean = false;
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> fields;

  // Declared here, defined below: clang 14 with libstdc++ 12 cannot check an implicit
  // constructor while `fields` names the incomplete pair<string, Json>.
  Json() noexcept;
  const Json* get(const std::string& key) const {
    for (const auto& [k, v] : fields)
      if (k == key) return &v;
    return nullptr;
  }
};

Json::Json() noexcept = default;

class JsonReader {
 public:
  explicit JsonReader(std::string_view s) : s_(s) {}
  // The value, or nullopt when the text is not exactly one JSON value; *why says where.
  std::optional<Json> parse(std::string* why) {
    Json v;
    if (!value(v, 0) || (space(), i_ != s_.size())) {
      *why = "invalid JSON at byte " + std::to_string(i_) + ": " + std::string(s_.substr(i_, 20));
      return std::nullopt;
    }
    return v;
  }

 private:
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r'))
      ++i_;
  }
  bool lit(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }
  bool hex4(unsigned* cp) {
    if (i_ + 4 > s_.size()) return false;
    *cp = 0;
    for (int k = 0; k < 4; ++k) {
      char c = s_[i_++];
      int d = c >= '0' && c <= '9'   ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                     : -1;
      if (d < 0) return false;
      *cp = *cp * 16 + static_cast<unsigned>(d);
    }
    return true;
  }
  bool string(std::string& out) {
    if (!lit("\"")) return false;
    while (i_ < s_.size()) {
      unsigned char c = static_cast<unsigned char>(s_[i_++]);
      if (c == '"') return true;
      if (c < 0x20) return false;
      if (c != '\\') {
        out += static_cast<char>(c);
        continue;
      }
      if (i_ >= s_.size()) return false;
      char e = s_[i_++];
      static const std::map<char, char> kEsc = {{'"', '"'},  {'\\', '\\'}, {'/', '/'},
                                                {'b', '\b'}, {'f', '\f'},  {'n', '\n'},
                                                {'r', '\r'}, {'t', '\t'}};
      if (auto it = kEsc.find(e); it != kEsc.end()) {
        out += it->second;
      } else if (e == 'u') {
        unsigned cp = 0;
        if (!hex4(&cp)) return false;
        if (cp >= 0xD800 && cp < 0xDC00) {
          unsigned lo = 0;
          if (!lit("\\u") || !hex4(&lo) || lo < 0xDC00 || lo > 0xDFFF) return false;
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        }
        append_utf8(out, cp);
      } else {
        return false;
      }
    }
    return false;
  }
  bool number(Json& v) {
    static const std::regex kNumber(R"(^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)");
    std::match_results<std::string_view::const_iterator> m;
    if (!std::regex_search(s_.begin() + static_cast<long>(i_), s_.end(), m, kNumber)) return false;
    v.kind = Json::Kind::kNumber;
    v.str = m.str();
    i_ += v.str.size();
    return true;
  }
  bool value(Json& v, int depth) {
    if (depth > 100) return false;
    space();
    if (i_ >= s_.size()) return false;
    char c = s_[i_];
    if (c == '{') {
      ++i_;
      v.kind = Json::Kind::kObject;
      space();
      if (lit("}")) return true;
      while (true) {
        space();
        std::string key;
        if (!string(key)) return false;
        space();
        if (!lit(":")) return false;
        Json item;
        if (!value(item, depth + 1)) return false;
        v.fields.emplace_back(std::move(key), std::move(item));
        space();
        if (lit("}")) return true;
        if (!lit(",")) return false;
      }
    }
    if (c == '[') {
      ++i_;
      v.kind = Json::Kind::kArray;
      space();
      if (lit("]")) return true;
      while (true) {
        Json item;
        if (!value(item, depth + 1)) return false;
        v.items.push_back(std::move(item));
        space();
        if (lit("]")) return true;
        if (!lit(",")) return false;
      }
    }
    if (c == '"') {
      v.kind = Json::Kind::kString;
      return string(v.str);
    }
    if (lit("true") || lit("false")) {
      v.kind = Json::Kind::kBool;
      v.boolean = s_[i_ - 1] == 'e' && s_[i_ - 2] == 'u';
      return true;
    }
    if (lit("null")) return true;
    return number(v);
  }

  std::string_view s_;
  size_t i_ = 0;
};

std::string unescape_html(std::string s) {
  for (auto [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}, {"&amp;", "&"}}) {
    for (size_t at = 0; (at = s.find(from, at)) != std::string::npos; at += to.size())
      s.replace(at, from.size(), to);
  }
  return s;
}

// The page's Highwire tags, in page order: name -> content (HTML entities decoded).
std::vector<std::pair<std::string, std::string>> citation_tags(const std::string& html) {
  std::vector<std::pair<std::string, std::string>> out;
  static const std::regex kMeta(R"re(<meta name="(citation_[a-z_]+)" content="([^"]*)">)re");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), kMeta);
       it != std::sregex_iterator(); ++it)
    out.emplace_back((*it)[1].str(), unescape_html((*it)[2].str()));
  return out;
}

std::vector<std::string> all_of(const std::vector<std::pair<std::string, std::string>>& tags,
                                const std::string& name) {
  std::vector<std::string> out;
  for (const auto& [n, v] : tags)
    if (n == name) out.push_back(v);
  return out;
}

std::string one_of(const std::vector<std::pair<std::string, std::string>>& tags,
                   const std::string& name) {
  std::vector<std::string> v = all_of(tags, name);
  return v.size() == 1 ? v[0] : "<" + std::to_string(v.size()) + " tags>";
}

// The ScholarlyArticle block of a page, parsed.
Json scholarly_article(const std::string& html) {
  const std::string open = "<script type=\"application/ld+json\">";
  for (size_t at = 0; (at = html.find(open, at)) != std::string::npos;) {
    size_t start = at + open.size();
    size_t end = html.find("</script>", start);
    REQUIRE(end != std::string::npos);
    std::string why;
    std::optional<Json> j =
        JsonReader(std::string_view(html).substr(start, end - start)).parse(&why);
    INFO(html.substr(start, end - start));
    REQUIRE_MESSAGE(j.has_value(), why);
    const Json* type = j->get("@type");
    if (type && type->str == "ScholarlyArticle") return *j;
    at = end;
  }
  FAIL("no ScholarlyArticle JSON-LD on the page");
  return {};
}

const char* kSite =
    "base_url = \"https://ada.example.org/\"\n"
    "[person]\nname = \"Ada Example\"\n";

const char* kPapers = R"(
[[publication]]
id = "lens2024"
title = "Seeing \"Through\" <Glass> & Lenses"
authors = ["Ada Example*", "Grace Hopper", "Émile Zola"]
venue = "J. Opt."
venue_full = "Journal of Optics"
date = "2024-03-09"
type = "journal"
volume = "12"
number = "3"
pages = "101–117"
publisher = "Optica"
doi = "10.1000/lens"
isbn = "978-3-16-148410-0"
[publication.links]
pdf = "papers/lens.pdf"
code = "https://github.com/ada/lens"

[[publication]]
id = "conf2023"
title = "A Conference Paper"
authors = ["Ada Example", "Alan Turing"]
venue_full = "Symposium on Examples"
date = "2023-05"
type = "conference"
[publication.links]
pdf = "https://arxiv.org/pdf/2301.00001"

[[publication]]
id = "thesis2020"
title = "A Thesis"
authors = ["Ada Example"]
year = 2020
type = "thesis"
school = "University of Examples"

[[publication]]
id = "tr2019"
title = "A Technical Report"
authors = ["Ada Example"]
year = 2019
type = "other"
bibtex_type = "techreport"
institution = "Example Labs"
number = "TR-7"
)";

}  // namespace

TEST_CASE("view_meta: a journal paper page carries Scholar's required Highwire tags") {
  auto r = build_files({{"site.toml", kSite}, {"publications.toml", kPapers}});
  REQUIRE_FALSE(r.diags.has_errors());
  auto tags = citation_tags(page_of(r, "publications/lens2024/index.html"));
  CHECK(one_of(tags, "citation_title") == "Seeing \"Through\" <Glass> & Lenses");
  // One tag per author, in order, names without their marks.
  CHECK(all_of(tags, "citation_author") ==
        std::vector<std::string>{"Ada Example", "Grace Hopper", "Émile Zola"});
  CHECK(one_of(tags, "citation_publication_date") == "2024/03/09");
  CHECK(one_of(tags, "citation_journal_title") == "Journal of Optics");
  CHECK(all_of(tags, "citation_conference_title").empty());
  CHECK(one_of(tags, "citation_volume") == "12");
  CHECK(one_of(tags, "citation_issue") == "3");
  CHECK(one_of(tags, "citation_firstpage") == "101");
  CHECK(one_of(tags, "citation_lastpage") == "117");
  CHECK(one_of(tags, "citation_publisher") == "Optica");
  CHECK(one_of(tags, "citation_doi") == "10.1000/lens");
  CHECK(one_of(tags, "citation_isbn") == "978-3-16-148410-0");
  // A relative PDF link becomes a full URL under base_url.
  CHECK(one_of(tags, "citation_pdf_url") == "https://ada.example.org/papers/lens.pdf");
  CHECK(one_of(tags, "citation_abstract_html_url") ==
        "https://ada.example.org/publications/lens2024/");
  // Every tag Scholar reads is in the order of the guideline's example: title first.
  REQUIRE_FALSE(tags.empty());
  CHECK(tags.front().first == "citation_title");
}

TEST_CASE("view_meta: venue tags by type, and dates Scholar accepts") {
  auto r = build_files({{"site.toml", kSite}, {"publications.toml", kPapers}});
  REQUIRE_FALSE(r.diags.has_errors());
  auto conf = citation_tags(page_of(r, "publications/conf2023/index.html"));
  CHECK(one_of(conf, "citation_conference_title") == "Symposium on Examples");
  CHECK(all_of(conf, "citation_journal_title").empty());
  // Year and month only: Scholar takes YYYY/MM/DD or YYYY, so the year.
  CHECK(one_of(conf, "citation_publication_date") == "2023");
  CHECK(one_of(conf, "citation_pdf_url") == "https://arxiv.org/pdf/2301.00001");

  auto thesis = citation_tags(page_of(r, "publications/thesis2020/index.html"));
  CHECK(one_of(thesis, "citation_dissertation_institution") == "University of Examples");
  CHECK(one_of(thesis, "citation_publication_date") == "2020");
  CHECK(all_of(thesis, "citation_conference_title").empty());

  auto tr = citation_tags(page_of(r, "publications/tr2019/index.html"));
  CHECK(one_of(tr, "citation_technical_report_institution") == "Example Labs");
  CHECK(one_of(tr, "citation_technical_report_number") == "TR-7");
  CHECK(all_of(tr, "citation_issue").empty());
  CHECK(all_of(tr, "citation_conference_title").empty());

  static const std::regex kDate(R"(^[0-9]{4}(/[0-9]{2}/[0-9]{2})?$)");
  for (const char* id : {"lens2024", "conf2023", "thesis2020", "tr2019"}) {
    CAPTURE(id);
    auto tags = citation_tags(page_of(r, std::string("publications/") + id + "/index.html"));
    CHECK(std::regex_match(one_of(tags, "citation_publication_date"), kDate));
    CHECK(all_of(tags, "citation_title").size() == 1);
    CHECK_FALSE(all_of(tags, "citation_author").empty());
  }
}

TEST_CASE("view_meta: no citation_pdf_url that is not a full URL") {
  // With a path-only base_url a relative PDF has no full URL: the tag is left out.
  auto r = build_files({{"site.toml", "base_url = \"/homepage/\"\n[person]\nname = \"Ada\"\n"},
                        {"publications.toml", kPapers}});
  REQUIRE_FALSE(r.diags.has_errors());
  auto lens = citation_tags(page_of(r, "publications/lens2024/index.html"));
  CHECK(all_of(lens, "citation_pdf_url").empty());
  CHECK(all_of(lens, "citation_abstract_html_url").empty());
  // An absolute PDF link is kept whatever the base_url.
  auto conf = citation_tags(page_of(r, "publications/conf2023/index.html"));
  CHECK(one_of(conf, "citation_pdf_url") == "https://arxiv.org/pdf/2301.00001");
}

TEST_CASE("view_meta: a protocol-relative URL is another host's, in every field") {
  // `//cdn.example.org/...` is external: no file is looked for, no base path put in front,
  // and its full form takes the site's scheme.
  auto r = build_files({{"site.toml",
                         "base_url = \"https://u.github.io/\"\n[person]\n"
                         "name = \"Ada\"\nphoto = \"//cdn.example.org/me.jpg\"\n"},
                        {"publications.toml",
                         "[[publication]]\nid = \"p\"\ntitle = \"P\"\n"
                         "authors = [\"Ada\"]\nyear = 2024\n"
                         "[publication.links]\npdf = \"//cdn.example.org/a.pdf\"\n"}});
  CHECK(r.diags.format_all() == "");
  auto tags = citation_tags(page_of(r, "publications/p/index.html"));
  CHECK(one_of(tags, "citation_pdf_url") == "https://cdn.example.org/a.pdf");
  std::string home = page_of(r, "index.html");
  CHECK(home.find("<meta property=\"og:image\" content=\"https://cdn.example.org/me.jpg\">") !=
        std::string::npos);
  CHECK(home.find("src=\"//cdn.example.org/me.jpg\"") != std::string::npos);
}

TEST_CASE("view_meta: the feed link in <head> is escaped") {
  // site.toml's base_url and languages are checked when they are read (load_test.cc,
  // translate_test.cc); the link is escaped all the same, as every other one is.
  Site site;
  site.title = "Ada";
  site.ui = builtin_ui_strings("en");
  site.news.push_back({});
  Urls urls(BaseUrl{"/a\"><svg onload=alert(1)>/", ""});
  urls.prefix = "x\"><svg\tonload=alert(1)>/";
  std::string head = head_html(site, urls, {"home", "Ada", "", ""});
  CHECK(head.find("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Ada — News\" "
                  "href=\"/a&quot;&gt;&lt;svg onload=alert(1)&gt;/x&quot;&gt;&lt;svg\tonload="
                  "alert(1)&gt;/news/feed.xml\">\n") != std::string::npos);
  CHECK(head.find("<svg") == std::string::npos);
}

TEST_CASE("view_meta: the ScholarlyArticle JSON-LD parses, with headline and authors") {
  auto r = build_files({{"site.toml", kSite}, {"publications.toml", kPapers}});
  REQUIRE_FALSE(r.diags.has_errors());
  for (const char* id : {"lens2024", "conf2023", "thesis2020", "tr2019"}) {
    CAPTURE(id);
    Json j = scholarly_article(page_of(r, std::string("publications/") + id + "/index.html"));
    REQUIRE(j.get("@context"));
    CHECK(j.get("@context")->str == "https://schema.org");
    REQUIRE(j.get("headline"));
    REQUIRE(j.get("author"));
    CHECK(j.get("author")->kind == Json::Kind::kArray);
  }
  Json lens = scholarly_article(page_of(r, "publications/lens2024/index.html"));
  CHECK(lens.get("headline")->str == "Seeing \"Through\" <Glass> & Lenses");
  std::vector<std::string> names;
  for (const Json& a : lens.get("author")->items) {
    REQUIRE(a.get("@type"));
    CHECK(a.get("@type")->str == "Person");
    names.push_back(a.get("name")->str);
  }
  CHECK(names == std::vector<std::string>{"Ada Example", "Grace Hopper", "Émile Zola"});
  REQUIRE(lens.get("datePublished"));
  CHECK(lens.get("datePublished")->str == "2024-03-09");
  REQUIRE(lens.get("sameAs"));
  CHECK(lens.get("sameAs")->str == "https://doi.org/10.1000/lens");
}

TEST_CASE("view_meta: the JSON reader of these tests rejects what is not JSON") {
  std::string why;
  for (const char* bad : {"{", "{\"a\":}", "[1,]", "{'a':1}", "\"\\x\"", "[1] 2", "01", "\"\t\""}) {
    CAPTURE(bad);
    CHECK_FALSE(JsonReader(bad).parse(&why).has_value());
  }
  std::optional<Json> ok =
      JsonReader(R"({"a":[1,-2.5e3,true,false,null,"\u00e9\ud83d\ude00"]})").parse(&why);
  REQUIRE(ok.has_value());
  CHECK(ok->get("a")->items[5].str == "é😀");
  CHECK(ok->get("a")->items[2].boolean);
  CHECK_FALSE(ok->get("a")->items[3].boolean);
}

TEST_CASE("view_meta: JSON strings escape what JSON and a <script> element cannot hold") {
  CHECK(sitegen::json_string("Ünïcode stays") == "\"Ünïcode stays\"");
  CHECK(sitegen::json_string("a\"b\\c\n\r\t") == "\"a\\\"b\\\\c\\n\\r\\t\"");
  CHECK(sitegen::json_string("</script><!--&") == "\"\\u003c/script\\u003e\\u003c!--\\u0026\"");
  CHECK(sitegen::json_string(std::string_view("\x01x\x1f", 3)) == "\"\\u0001x\\u001f\"");
}
