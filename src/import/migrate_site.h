// What `sitegen migrate` reads out of an old site before anything is written: the content
// tree as plain data (MigratedSite), what the report says, and the helpers the readers of
// each template share (Migrator): front matter read leniently, template code taken out
// with a note at its line, and the files the pages link to found in the old site.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "base/source.h"
#include "import/template_code.h"
#include "import/toml_write.h"
#include "model/model.h"
#include "toml/toml_reader.h"

namespace sitegen {

struct MigratedPage {
  std::string path;  // "teaching", "blog/2015/math": pages/<path>.md, published at /<path>/
  std::string title;
  std::string description;
  bool nav = false;
  int order = 0;
  std::string body;  // Markdown
  std::string from;  // the old file, relative to the old site
};

struct MigratedSite {
  std::string title;
  std::string base_url;
  std::string language;
  std::string description;
  Person person;  // `photo` is a path under static/
  std::vector<std::string> bibtex;
  std::vector<Marker> markers;
  std::vector<TomlEntry> publications;
  std::vector<NewsItem> news;
  std::vector<Talk> talks;
  std::vector<CvSection> cv;
  std::vector<MigratedPage> pages;
  std::string bio;
  std::vector<std::string> nav;
  // Old address -> where the page is now ("/publication/x" -> "publications/x/"); the
  // migration keeps those that lead somewhere and take no page's place.
  std::vector<std::pair<std::string, std::string>> redirects;
  std::map<std::string, std::string> copies;  // path in the new tree -> file of the old site
};

struct MigrationReport {
  std::vector<std::pair<std::string, std::string>> imported;  // part -> what, in order
  std::vector<std::string> skipped;                           // "path: why"
  std::vector<std::string> check;                             // "path:line:col: what"
  std::vector<std::string> build;                             // the new site's diagnostics
};

// The old site's front matter documents and the notes they give, shared by the readers.
class Migrator {
 public:
  Migrator(const Source& old, MigratedSite& site, MigrationReport& report)
      : old(old), site(site), report(report) {}

  struct Doc {
    std::string rel;  // relative to the old site
    TomlNode front;   // an empty table without front matter
    bool has_front = false;
    std::string body;
    int body_line = 1;
  };

  // A page with YAML or TOML front matter. Front matter that cannot be read is a note at
  // its line and the file is skipped (nullopt); the rest of the site still migrates.
  std::optional<Doc> read_doc(const std::string& rel);
  // A YAML data file (_config.yml, _data/*.yml); nullopt, with a note, when unreadable.
  std::optional<TomlNode> read_yaml(const std::string& rel);
  // The text of a file; nullopt (with a note) when it cannot be read.
  std::optional<std::string> read_text(const std::string& rel);

  void skip(const std::string& rel, const std::string& why);
  // The one line that says posts and projects became pages (nothing when there are none):
  // sitegen has no collections for them yet, so they wait in pages/ to be moved.
  void posts_as_pages(int posts, int projects);
  void note(const std::string& rel, int line, int col, const std::string& what);
  void note(const SourceLoc& at, const std::string& what);

  // A page body as sitegen's Markdown: Liquid (`liquid`) or Hugo shortcodes taken out,
  // each left out noted at its line (the body starts on `first_line` of `rel`), and the
  // old Markdown dialect made plain (template_code.h).
  std::string clean(std::string_view body, const std::string& rel, int first_line, bool liquid,
                    const TagResolver& resolve = {});

  // The links of a Markdown text in `rel` (whose page was at `page_url`, "/a/b/"): those
  // under the old base path lose it; those to a file are kept when the old site has the
  // file (copied into static/ at the same address, `old_file` says where it is) and
  // otherwise left out with a note; those to pages are made root-relative.
  std::string fix_file_links(const std::string& md, const std::string& rel,
                             const std::string& page_url);

  const Source& old;
  MigratedSite& site;
  MigrationReport& report;
  std::string old_base_path;  // "/al-folio": the old site's path below its host, or ""
  // The old site's file at a URL path ("images/x.png"), or "" when it has none.
  std::function<std::string(const std::string& url_path)> old_file;
};

// An empty CV section with a title (and a style: "compact").
inline CvSection cv_section(std::string title, std::string style = "") {
  CvSection s;
  s.title = std::move(title);
  s.style = std::move(style);
  return s;
}

// The first date in a text such as "2015-10-22 15:59:00-0400" or "2030-06-01T13:00:00Z"
// ("YYYY", "YYYY-MM" or "YYYY-MM-DD"); "now" and "present" are the present.
std::optional<Date> lenient_date(std::string_view text);
// HTML to plain text: tags removed, character references decoded, white space collapsed.
std::string html_to_text(std::string_view html);
// The old address of a page, as a path from the site's root: "/", "/a/b/", "/a/b".
std::string url_path(std::string_view permalink);
// A page path for pages/ from an old address: "/teaching/x/" -> "teaching/x".
std::string page_path_of(std::string_view url);

}  // namespace sitegen
