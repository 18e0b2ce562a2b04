// Rendering bounds as a build reports them: a page whose template passes the render
// limits is an error at the template's file.
#include "render/render.h"

#include <doctest/doctest.h>

#include "support/test_site.h"

namespace sitegen {

using testing::build_files;

namespace {

std::string twenty_selected() {
  std::string toml;
  for (int i = 0; i < 20; ++i)
    toml += "[[publication]]\nid = \"p" + std::to_string(i) + "\"\ntitle = \"T" +
            std::to_string(i) +
            "\"\nauthors = [\"Ada Example\"]\nyear = 2020\ntype = \"journal\"\nvenue = "
            "\"V\"\nselected = true\n";
  return toml;
}

std::string nested(int depth, const std::string& inside) {
  std::string t;
  for (int i = 0; i < depth; ++i) t += "{{#selected}}";
  t += inside;
  for (int i = 0; i < depth; ++i) t += "{{/selected}}";
  return t + "\n";
}

// `papers` papers with `tags` topics each (all the same ones), years 2000 to 2024, in the
// given languages: at 1,400 x 100 in ten languages, 2.2 GB of pages.
std::map<std::string, std::string> tagged_site(int papers, int tags,
                                               const std::vector<std::string>& languages) {
  std::string site = "title = \"Growth\"\n";
  if (languages.size() > 1) {
    site += "languages = [";
    for (size_t i = 0; i < languages.size(); ++i) site += (i ? ", \"" : "\"") + languages[i] + "\"";
    site += "]\n";
  }
  site += "[person]\nname = \"Ada Example\"\n";
  std::string tag_list;
  for (int t = 0; t < tags; ++t) tag_list += (t ? ", \"t" : "\"t") + std::to_string(t) + "\"";
  std::string pubs;
  for (int i = 0; i < papers; ++i)
    pubs += "[[publication]]\ntitle = \"Paper number " + std::to_string(i) +
            "\"\nauthors = [\"Ada Example\"]\nyear = " + std::to_string(2000 + i % 25) +
            "\nvenue = \"V\"\ntype = \"journal\"\ntags = [" + tag_list + "]\n";
  return {{"site.toml", site}, {"publications.toml", pubs}};
}

}  // namespace

// 100 topics on each of 1,400 papers made 218 MB in one language and 2.2 GB in ten: each
// topic's page lists every paper with it, in every language. The size is known from the
// default language's pages, so the build stops before rendering any, and before it makes
// the other languages' views.
TEST_CASE("render: a site that would list too many entries stops before any page is made") {
  std::vector<std::string> ten = {"en", "de", "fr", "es", "it", "pt", "ja", "zh", "ko", "nl"};
  BuildResult r = build_site(MemorySource(tagged_site(1400, 100, ten)), BuildOptions{});
  CHECK(r.diags.format_all() ==
        "content/site.toml: error: the site would list 1442000 publication entries, and a "
        "build stops past 500000: 1400 papers on the full list and on 126 type, year and topic "
        "pages (100 topics) make 144200 entries, in each of 10 languages; a topic's page lists "
        "every paper with that topic, so give papers fewer `tags`, or the site fewer "
        "`languages`\n");
  CHECK(r.pages == 0);
  CHECK(r.output.files.empty());
  // In one language the same papers are within the limit.
  BuildOptions names_only;
  names_only.pages_on_request = true;
  BuildResult one = build_site(MemorySource(tagged_site(1400, 100, {"en"})), names_only);
  CHECK(one.diags.format_all() == "");
  CHECK(one.pages == 1 + 1 + 126 + 1400 + 1);  // home, list, filters, papers, 404
}

TEST_CASE("render: a site with too many pages stops before any page is made") {
  BuildOptions opts;
  opts.site_limits.max_pages = 49;
  BuildResult r = build_site(MemorySource(tagged_site(10, 1, {"en", "de"})), opts);
  CHECK(r.diags.format_all() ==
        "content/site.toml: error: the site would have 50 pages, and a build stops past 49: 10 "
        "paper pages, 12 type, year and topic pages and 3 others, in each of 2 languages; give "
        "the site fewer `languages`\n");
  CHECK(r.output.files.empty());
  opts.site_limits.max_pages = 50;
  CHECK(build_site(MemorySource(tagged_site(10, 1, {"en", "de"})), opts).diags.format_all() == "");
}

TEST_CASE("load error: more languages than a site may have") {
  std::vector<std::string> many;
  for (char a = 'a'; a < 'a' + 21; ++a) many.push_back(std::string("x") + a);
  CHECK(testing::diagnostics_of(tagged_site(1, 1, many)) ==
        "content/site.toml:2:13: error: `languages` names 21 languages, and a site has at most "
        "20: every page is made in each language and links to all the others, so a site grows "
        "with the square of its languages\n"
        "  languages = [\"xa\", \"xb\", \"xc\", \"xd\", \"xe\", \"xf\", \"xg\", \"xh\", \"xi\", "
        "\"xj\",...\n"
        "              ^\n");
}

TEST_CASE("render: sections nested 8 deep over 20 papers are an error at the layout") {
  BuildResult r = build_files(
      {{"publications.toml", twenty_selected()}, {"layouts/home.mustache", nested(8, "x")}});
  CHECK(r.diags.format_all() ==
        "content/layouts/home.mustache: error: rendering `index.html` took more than 10000000 "
        "steps (section items entered and names looked up); a section over a list repeats "
        "everything inside it for each item, so sections over lists nested in each other "
        "multiply\n");
}

TEST_CASE("render: a page over the size limit is an error naming the theme's template") {
  BuildOptions opts;
  opts.render_limits.max_bytes = 1 << 20;
  std::map<std::string, std::string> files = {
      {"site.toml", testing::kMinimalSite},
      {"publications.toml", twenty_selected()},
      {"layouts/pub.mustache", nested(4, "\n" + std::string(100, 'y') + "\n")}};
  BuildResult r = build_site(MemorySource(files), opts);
  // The home page lists the selected papers with the `pub` partial: the page is its file.
  CHECK(r.diags.format_all() ==
        "themes/scholar/home.mustache: error: rendering `index.html` produced more than 1 MB; "
        "a section over a list repeats everything inside it for each item, so sections over "
        "lists nested in each other multiply\n");
}

}  // namespace sitegen
