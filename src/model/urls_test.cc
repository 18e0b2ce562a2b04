#include "model/urls.h"

#include <doctest/doctest.h>

#include "model/model.h"
#include "model/taxonomy.h"

using namespace sitegen;

TEST_CASE("urls: the paths of sections, entries and filter pages") {
  CHECK(paths::publication("smith24") == "publications/smith24/");
  CHECK(paths::bibtex("smith24") == "publications/smith24/smith24.bib");
  CHECK(paths::member("ada") == "people/ada/");
  CHECK(paths::page("teaching") == "teaching/");
  CHECK(paths::type_filter("conference") == "publications/type/conference/");
  CHECK(paths::year_filter(paths::year_key(2024)) == "publications/year/2024/");
  CHECK(paths::year_filter(paths::year_key(0)) == "publications/year/undated/");
  CHECK(paths::tag_filter(paths::tag_key("Large Language Models")) ==
        "publications/tag/large-language-models/");
  CHECK(paths::tag_key("!!") == "");
  CHECK(paths::language("zh") == "zh/");
  CHECK(paths::file_of(paths::kNews) == "news/index.html");
  CHECK(paths::file_of("") == "index.html");
  CHECK(paths::file_of(paths::kNewsFeed) == "news/feed.xml");
}

TEST_CASE("urls: pages and shared files start with the base path") {
  Urls urls(parse_base_url("https://ada.example.org/repo"));
  urls.prefix = "zh/";
  CHECK(urls.page(paths::kNews) == "/repo/zh/news/");
  CHECK(urls.absolute(paths::kNews) == "https://ada.example.org/repo/zh/news/");
  CHECK(urls.shared(paths::kAllBibtex) == "/repo/publications.bib");
  CHECK(Urls(parse_base_url("/repo/")).absolute("news/") == "");
}

TEST_CASE("urls: content URLs point into the site root") {
  Urls urls(parse_base_url("https://ada.example.org/repo/"));
  CHECK(urls.content("papers/x.pdf") == "/repo/papers/x.pdf");
  CHECK(urls.content("/papers/x.pdf") == "/repo/papers/x.pdf");
  CHECK(urls.content("#top") == "#top");
  CHECK(urls.content("") == "");
  CHECK(urls.content("https://doi.org/10.1/x") == "https://doi.org/10.1/x");
  CHECK(urls.content("//cdn.example.org/x.pdf") == "//cdn.example.org/x.pdf");
  CHECK(urls.content("javascript:alert(1)") == "");
  CHECK(Urls(parse_base_url("/"), true).content("javascript:alert(1)") == "javascript:alert(1)");
  CHECK(Urls(parse_base_url("/"), true).content("javascript:alert(1)", false) == "");
}

TEST_CASE("urls: full addresses for feeds, <head> and the sitemap") {
  for (const char* base : {"https://ada.example.org/repo", "https://ada.example.org/repo/"}) {
    CAPTURE(base);
    Urls urls(parse_base_url(base));
    CHECK(urls.full(urls.page("news/")) == "https://ada.example.org/repo/news/");
    CHECK(urls.full(urls.content("papers/x.pdf#page=2")) ==
          "https://ada.example.org/repo/papers/x.pdf#page=2");
    CHECK(urls.full(urls.content("/cv/")) == "https://ada.example.org/repo/cv/");
    // Addresses with a scheme stay; a protocol-relative one gets the site's scheme.
    CHECK(urls.full("http://other.example.org/x") == "http://other.example.org/x");
    CHECK(urls.full("mailto:ada@example.org") == "mailto:ada@example.org");
    CHECK(urls.full("//cdn.example.org/x.pdf") == "https://cdn.example.org/x.pdf");
    CHECK(urls.full("#top") == "#top");
    CHECK(urls.full("") == "");
  }
  // At the root of a host, with a port; http stays http.
  Urls root(parse_base_url("http://localhost:8080"));
  CHECK(root.full(root.page("")) == "http://localhost:8080/");
  CHECK(root.full(root.content("cv.pdf")) == "http://localhost:8080/cv.pdf");
  CHECK(root.full("//cdn.example.org/x") == "http://cdn.example.org/x");
  // A base_url that is only a path has no full addresses: URLs stay as pages hold them.
  Urls path_only(parse_base_url("/repo/"));
  CHECK(path_only.full(path_only.page("news/")) == "/repo/news/");
  CHECK(path_only.full("//cdn.example.org/x") == "//cdn.example.org/x");
}

TEST_CASE("urls: the model carries each entry's path and the filter pages") {
  Site site;
  Publication a, b;
  a.slug = "a24";
  a.year = 2024;
  a.type = PublicationType::kConference;
  a.tags = {"LLM", "Graphs"};
  b.slug = "b";
  b.type = PublicationType::kJournal;
  b.tags = {"llm"};
  site.publications = {a, b};
  Member m;
  m.id = "ada";
  site.members = {m};
  Page pg;
  pg.slug = "teaching";
  site.pages = {pg};
  assign_paths(site);
  CHECK(site.publications[0].path == "publications/a24/");
  CHECK(site.members[0].path == "people/ada/");
  CHECK(site.pages[0].path == "teaching/");
  std::string filters;
  for (const PublicationFilter& f : site.filters) {
    filters += f.kind + " " + f.value + " " + f.key + " " + f.path + " [";
    for (size_t i : f.pubs) filters += std::to_string(i);
    filters += "]\n";
  }
  CHECK(filters ==
        "type conference conference publications/type/conference/ [0]\n"
        "type journal journal publications/type/journal/ [1]\n"
        "year 2024 2024 publications/year/2024/ [0]\n"
        "year  undated publications/year/undated/ [1]\n"
        "tag Graphs graphs publications/tag/graphs/ [0]\n"
        "tag LLM llm publications/tag/llm/ [01]\n");
}
