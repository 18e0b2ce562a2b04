// The onepage theme's home page, exactly: the introduction beside the photo, the research
// interests as a line, news as a short dated list and a paper with its teaser on the left.
#include <doctest/doctest.h>

#include "support/test_site.h"

using namespace sitegen;
using namespace sitegen::testing;

namespace {

const char* kSvg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 10\"/>";

std::map<std::string, std::string> onepage_site(const std::string& style = "") {
  return {{"site.toml", "title = \"Ada Example\"\ntheme = \"onepage\"\n" + style +
                            "[person]\nname = \"Ada Example\"\nposition = \"Assistant Professor\"\n"
                            "affiliation = \"Example University\"\nphoto = \"ada.svg\"\n"
                            "address = [\"Room 1\", \"Springfield\"]\n"
                            "interests = [\"Compilers\", \"Sparse tensors\"]\n"
                            "[person.links]\nGitHub = \"https://github.com/ada\"\n"},
          {"bio.md", "I build compilers.\n"},
          {"static/ada.svg", kSvg},
          {"static/fastpath.svg", kSvg},
          {"news.toml", "[[news]]\ndate = 2025-06-16\ntext = \"Fastpath won an award.\"\n"},
          {"publications.toml",
           "[[publication]]\nid = \"fastpath\"\ntitle = \"Fastpath\"\n"
           "authors = [\"Ada Example\", \"Ben Sample\"]\nyear = 2025\ntype = \"conference\"\n"
           "venue = \"PLDI\"\nselected = true\npreview = \"fastpath.svg\"\n"}};
}

// The text from the first `from` to the end of the first `to` after it.
std::string between(const std::string& page, const std::string& from, const std::string& to) {
  size_t at = page.find(from);
  if (at == std::string::npos) return "<no " + from + ">";
  size_t end = page.find(to, at);
  return end == std::string::npos ? "<no " + to + ">" : page.substr(at, end + to.size() - at);
}

}  // namespace

TEST_CASE("onepage: the home page's introduction, interests, news and a paper with its teaser") {
  BuildResult r = build_files(onepage_site());
  REQUIRE(r.diags.format_all() == "");
  std::string home = page_of(r, "index.html");
  // The photo beside the name, position, affiliation, a line of links and the address;
  // the bio, then the interests as one line (the stylesheet puts " · " between them).
  CHECK(between(home, "<div class=\"wrap op-home\">", "</section>") ==
        "<div class=\"wrap op-home\">\n"
        "<div class=\"op-intro\">\n"
        "<a class=\"op-photo-link\" href=\"/ada.svg\"><img class=\"op-photo\" src=\"/ada.svg\" "
        "alt=\"Ada Example\" width=\"240\" height=\"240\"></a>\n"
        "<h1 class=\"op-name\">Ada Example</h1>\n"
        "<p class=\"position\">Assistant Professor</p>\n"
        "<p class=\"affiliation\">Example University</p>\n"
        "\n"
        "<ul class=\"op-contact\">\n"
        "\n"
        "\n"
        "<li><a href=\"https://github.com/ada\">GitHub</a></li>\n"
        "</ul>\n"
        "<address class=\"op-address\"><span class=\"line\">Room 1</span> <span "
        "class=\"line\">Springfield</span> </address>\n"
        "</div>\n"
        "<div class=\"bio prose op-bio\">\n"
        "<p>I build compilers.</p>\n"
        "\n"
        "</div>\n"
        "<section class=\"op-interests\" aria-labelledby=\"interests-h\">\n"
        "<h2 id=\"interests-h\">Research interests</h2>\n"
        "<ul>\n"
        "<li>Compilers</li>\n"
        "<li>Sparse tensors</li>\n"
        "</ul>\n"
        "</section>");
  // News: the date, then the text.
  CHECK(between(home, "<section class=\"home-news\"", "</section>") ==
        "<section class=\"home-news\" aria-labelledby=\"news-h\">\n"
        "<h2 id=\"news-h\">News</h2>\n"
        "<ol class=\"news\">\n"
        "<li class=\"news-item\"><time datetime=\"2025-06-16\">Jun 16, 2025</time><div "
        "class=\"news-text\">Fastpath won an award.</div></li>\n"
        "\n"
        "</ol>\n"
        "<p class=\"see-all\"><a href=\"/news/\">All news →</a></p>\n"
        "</section>");
  // The paper: its teaser comes last in the entry, and the stylesheet puts it on the left;
  // the owner in bold.
  CHECK(between(home, "<section class=\"home-pubs\"", "</section>") ==
        "<section class=\"home-pubs\" aria-labelledby=\"pubs-h\">\n"
        "<h2 id=\"pubs-h\">Selected publications</h2>\n"
        "<ol class=\"pubs\">\n"
        "<li class=\"pub\" data-type=\"conference\" data-year=\"2025\" data-topics=\"\">\n"
        "<div class=\"pub-label\"><span class=\"pub-abbr\">PLDI</span></div>\n"
        "<div class=\"pub-body\">\n"
        "<p class=\"pub-title\"><a href=\"/publications/fastpath/\">Fastpath</a></p>\n"
        "\n"
        "<div class=\"pub-authors\"><span class=\"author\"><strong class=\"me\">Ada "
        "Example</strong></span>, <span class=\"author\">Ben Sample</span></div>\n"
        "<p class=\"pub-venue\">PLDI, 2025</p>\n"
        "\n"
        "<div class=\"pub-actions\">\n"
        "\n"
        "\n"
        "\n"
        "<details class=\"pub-toggle\"><summary class=\"btn\"><svg class=\"icon\" "
        "aria-hidden=\"true\" focusable=\"false\"><use "
        "href=\"/assets/icons.svg#bib\"/></svg>BibTeX</summary><div class=\"bibtex "
        "pub-bibtex\"><pre><code>@inproceedings{fastpath,\n"
        "  author    = {Example, Ada and Sample, Ben},\n"
        "  title     = {Fastpath},\n"
        "  booktitle = {PLDI},\n"
        "  year      = {2025}\n"
        "}\n"
        "</code></pre></div></details>\n"
        "</div>\n"
        "</div>\n"
        "<img class=\"pub-teaser\" src=\"/fastpath.svg\" alt=\"Fastpath\" width=\"160\" "
        "height=\"100\" loading=\"lazy\" decoding=\"async\">\n"
        "</li>\n"
        "\n"
        "</ol>\n"
        "\n"
        "<p class=\"see-all\"><a href=\"/publications/\">All publications →</a></p>\n"
        "</section>");
}

TEST_CASE("onepage: home_layout above and the order of home sections") {
  BuildResult r =
      build_files(onepage_site("[style]\nhome_layout = \"above\"\nhome = [\"news\", \"bio\"]\n"));
  REQUIRE(r.diags.format_all() == "");
  std::string home = page_of(r, "index.html");
  CHECK(home.find("<div class=\"wrap op-home op-above\">") != std::string::npos);
  size_t news = home.find("<section class=\"home-news\""), bio = home.find("<div class=\"bio ");
  CHECK(news < bio);
  CHECK(bio != std::string::npos);
  CHECK(home.find("op-interests") == std::string::npos);
  CHECK(home.find("home-pubs") == std::string::npos);
}
