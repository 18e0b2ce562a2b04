// The list files of a content directory: publications.toml, news.toml, talks.toml,
// cv.toml and pages/*.md, each read into the model with located errors.
#include <algorithm>

#include "bibtex/bibtex.h"
#include "bibtex/bibtex_write.h"
#include "load/language_tag.h"
#include "load/load.h"
#include "load/markdown_file.h"
#include "load/translate.h"
#include "text/strings.h"
#include "text/utf8.h"

namespace sitegen {

namespace {

// False when `key` is not given; an unknown value is reported and becomes the first allowed.
bool check_one_of(TableReader& r, std::string_view key, std::string* value,
                  const std::vector<std::string_view>& allowed, std::string_view what) {
  if (!r.string(key, value)) return false;
  if (std::find(allowed.begin(), allowed.end(), *value) != allowed.end()) return true;
  std::string list;
  for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  r.diags().error(r.find(key)->loc, "unknown " + std::string(what) + " `" + *value + "`" +
                                        did_you_mean(*value, allowed) +
                                        "; expected one of: " + list);
  *value = std::string(allowed.front());
  return true;
}

void read_publication(const TomlNode& node, bool from_bibtex, Publication& p, Diagnostics& diags) {
  TableReader r(node, "[[publication]]", diags);
  r.accept("id");
  p.loc = node.key_loc;
  r.string("title", &p.title, !from_bibtex);
  std::vector<std::string> authors;
  if (r.string_array("authors", &authors, !from_bibtex)) {
    p.authors.clear();
    p.authors.reserve(authors.size());
    for (std::string& a : authors) p.authors.push_back({std::move(a), "", false});
  }
  r.string("venue", &p.venue);
  r.string("venue_full", &p.venue_full);
  r.integer("year", &p.year);
  if (r.date("date", &p.date) && p.year == 0) p.year = p.date.year;
  std::string name;
  if (check_one_of(r, "type", &name, publication_type_names(), "publication type"))
    p.type = *publication_type_named(name);
  if (check_one_of(r, "status", &name, publication_status_names(), "publication status"))
    p.status = *publication_status_named(name);
  r.boolean("selected", &p.selected);
  r.strings("award", &p.awards);
  // Text written here is the site owner's: its raw HTML is kept, unless `raw_html = false`
  // (which `sitegen import bibtex` writes for text that came from a .bib file).
  if (r.string("note", &p.note)) p.note_trusted = true;
  if (r.strings("tags", &p.tags)) {
    const TomlNode* tags = r.find("tags");
    p.tag_locs.clear();
    if (tags->kind == TomlNode::Kind::kString) {
      // `tags = "systems, scheduling"` is two tags, split as BibTeX `keywords` are.
      p.tags.clear();
      for (std::string_view tag : split_keyword_list(tags->str)) {
        p.tags.emplace_back(tag);
        p.tag_locs.push_back(tags->loc);
      }
    } else {
      for (size_t i = 0; i < p.tags.size(); ++i) p.tag_locs.push_back(tags->items[i].loc);
    }
  }
  if (r.string("abstract", &p.abstract)) p.abstract_trusted = true;
  bool raw_html = true;
  if (r.boolean("raw_html", &raw_html)) p.abstract_trusted = p.note_trusted = raw_html;
  r.string("doi", &p.doi);
  r.string("arxiv", &p.arxiv);
  r.string("dblp", &p.dblp);
  if (const TomlNode* links = r.table("links")) {
    for (Link& l : read_links(*links, diags)) {
      auto same = std::find_if(p.links.begin(), p.links.end(),
                               [&](const Link& x) { return x.label == l.label; });
      if (same != p.links.end())
        same->url = l.url;
      else
        p.links.push_back(std::move(l));
    }
  }
  r.string("publisher", &p.publisher);
  r.string("volume", &p.volume);
  r.string("number", &p.number);
  if (r.string("pages", &p.pages)) p.pages = page_range(p.pages);
  r.string("address", &p.address);
  r.string("school", &p.school);
  r.string("institution", &p.institution);
  r.string("url", &p.url);
  r.string("isbn", &p.isbn);
  r.string("series", &p.series);
  std::string bibtex_type;
  if (r.string("bibtex_type", &bibtex_type)) {
    // It becomes `@<type>{` in the generated BibTeX.
    if (is_bibtex_type_word(bibtex_type))
      p.bibtex_type = bibtex_type;
    else
      diags.error(r.find("bibtex_type")->loc,
                  "`bibtex_type` must be a BibTeX entry type (a lowercase word such as "
                  "\"techreport\"), not \"" +
                      bibtex_type + "\"");
  }
  r.string("preview", &p.preview);
  r.string("abbr", &p.abbr);
  r.finish();
}

// "Did you mean" compares with every BibTeX key: only the first few misses get one, so
// a long publications.toml cannot make loading quadratic.
constexpr int kMaxSuggestions = 20;

void report_unmatched_extension(const std::string& id, const SourceLoc& loc, const Site& site,
                                size_t from_bib, int& suggestions_left, Diagnostics& diags) {
  std::string hint;
  if (suggestions_left > 0) {
    --suggestions_left;
    std::vector<std::string_view> keys;
    keys.reserve(from_bib);
    for (size_t i = 0; i < from_bib; ++i) keys.push_back(site.publications[i].key);
    hint = did_you_mean(id, keys);
  }
  std::string files;
  for (const std::string& f : site.pubs_settings.bibtex) files += (files.empty() ? "" : ", ") + f;
  diags.error(loc, "`" + id + "` is not a key in " + files + hint +
                       ": a [[publication]] without `title` and `authors` adds to the BibTeX "
                       "entry its `id` names");
}

// The .bib files in the content folder that site.toml does not list, with their keys:
// read only once an extension matches no listed file, to say which file holds its key.
class UnlistedBibKeys {
 public:
  UnlistedBibKeys(const Source& source, const Site& site) : source_(source), site_(site) {}

  // The unlisted file that has `key`, or "".
  std::string file_with(const std::string& key) {
    if (!read_) read_all();
    for (const auto& [file, keys] : files_)
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) return file;
    return "";
  }

 private:
  void read_all() {
    read_ = true;
    const std::vector<std::string>& listed = site_.pubs_settings.bibtex;
    for (const std::string& rel : source_.list("")) {
      if (!rel.ends_with(".bib") || std::find(listed.begin(), listed.end(), rel) != listed.end())
        continue;
      std::string err;
      std::optional<std::string> text = source_.read(rel, &err);
      if (!text) continue;
      Diagnostics ignored;  // the file is not part of the site: its mistakes are not reported
      std::vector<std::string> keys;
      for (BibEntry& e : parse_bibtex(*text, rel, ignored)) keys.push_back(std::move(e.key));
      files_.emplace_back(rel, std::move(keys));
    }
  }

  const Source& source_;
  const Site& site_;
  bool read_ = false;
  std::vector<std::pair<std::string, std::vector<std::string>>> files_;
};

void report_unlisted_bib(const std::string& id, const SourceLoc& loc, const std::string& file,
                         const Site& site, Diagnostics& diags) {
  std::string list;
  for (const std::string& f : site.pubs_settings.bibtex) list += "\"" + f + "\", ";
  diags.error(loc, "`" + id + "` is a key in " + file +
                       ", which site.toml does not list: add it under [publications] as "
                       "bibtex = [" +
                       list + "\"" + file + "\"]");
}

}  // namespace

void load_publications_toml(const Source& source, Site& site, Diagnostics& diags,
                            bool bibtex_known) {
  std::optional<TomlNode> root = read_content_toml(source, "publications.toml", site, diags);
  if (!root) return;
  TableReader top(*root, "publications.toml", diags);
  // Entries from BibTeX come first; an entry here with the same id overrides and extends one.
  size_t from_bib = site.publications.size();
  std::vector<const TomlNode*> nodes = top.tables("publication");
  int suggestions_left = kMaxSuggestions;
  UnlistedBibKeys unlisted(source, site);
  site.publications.reserve(from_bib + nodes.size());
  for (const TomlNode* node : nodes) {
    note_links_table(site, *node);
    TableReader id_reader(*node, "[[publication]]", diags);
    std::string id;
    id_reader.string("id", &id);
    auto bib = std::find_if(site.publications.begin(), site.publications.begin() + from_bib,
                            [&](const Publication& p) { return !id.empty() && p.key == id; });
    if (bib != site.publications.begin() + from_bib) {
      read_publication(*node, true, *bib, diags);
      continue;
    }
    if (!bibtex_known && !id.empty()) {
      Publication unknown;  // perhaps an extension of an entry of an unread .bib file
      read_publication(*node, true, unknown, diags);
      continue;
    }
    bool extension = !id.empty() && !(id_reader.find("title") && id_reader.find("authors"));
    if (extension) {
      // Its key in a .bib file the site does not use: say how to use it.
      if (std::string file = unlisted.file_with(id); !file.empty()) {
        report_unlisted_bib(id, id_reader.find("id")->loc, file, site, diags);
        Publication unmatched;
        read_publication(*node, true, unmatched, diags);
        continue;
      }
    }
    if (extension && !site.pubs_settings.bibtex.empty()) {
      // Meant to add to a BibTeX entry, whose key is spelled otherwise or is gone (say, a
      // starter site's papers.bib replaced by one's own): say that, not "missing title".
      report_unmatched_extension(id, id_reader.find("id")->loc, site, from_bib, suggestions_left,
                                 diags);
      Publication unmatched;
      read_publication(*node, true, unmatched, diags);
      continue;
    }
    Publication& p = site.publications.emplace_back();
    p.key = id;
    p.id_given = !id.empty();
    if (p.id_given) p.id_loc = id_reader.find("id")->loc;
    read_publication(*node, false, p, diags);
    from_bib = std::min(from_bib, site.publications.size());
  }
  top.finish();
}

void load_news(const Source& source, Site& site, Diagnostics& diags) {
  std::optional<TomlNode> root = read_content_toml(source, "news.toml", site, diags);
  if (!root) return;
  TableReader top(*root, "news.toml", diags);
  for (const TomlNode* node : top.tables("news")) {
    TableReader r(*node, "[[news]]", diags);
    NewsItem n;
    n.loc = node->key_loc;
    r.date("date", &n.date, false, true);
    if (r.string("text", &n.text, true))
      warn_feed_characters(r.find("text")->loc, "text", n.text, diags);
    if (r.string("link", &n.link)) warn_feed_characters(r.find("link")->loc, "link", n.link, diags);
    note_field_link(site, r, "link", n.link);
    if (r.strings("people", &n.people)) n.people_loc = r.find("people")->loc;
    r.finish();
    site.news.push_back(std::move(n));
  }
  top.finish();
  // Newest first; items of the same date keep their file order.
  std::stable_sort(site.news.begin(), site.news.end(),
                   [](const NewsItem& a, const NewsItem& b) { return b.date < a.date; });
}

void load_talks(const Source& source, Site& site, Diagnostics& diags) {
  std::optional<TomlNode> root = read_content_toml(source, "talks.toml", site, diags);
  if (!root) return;
  TableReader top(*root, "talks.toml", diags);
  for (const TomlNode* node : top.tables("talk")) {
    TableReader r(*node, "[[talk]]", diags);
    Talk t;
    t.loc = node->key_loc;
    note_links_table(site, *node);
    r.string("title", &t.title, true);
    r.string("slides", &t.slides);
    note_field_link(site, r, "slides", t.slides);
    r.string("video", &t.video);
    note_field_link(site, r, "video", t.video);
    r.string("abstract", &t.abstract);
    if (const TomlNode* links = r.table("links")) t.links = read_links(*links, diags);
    if (r.strings("people", &t.people)) t.people_loc = r.find("people")->loc;
    for (const TomlNode* g : r.tables("given")) {
      TableReader gr(*g, "[[talk.given]]", diags);
      TalkEvent e;
      gr.string("event", &e.event, true);
      gr.string("location", &e.location);
      gr.date("date", &e.date);
      gr.string("link", &e.link);
      note_field_link(site, gr, "link", e.link);
      gr.finish();
      t.given.push_back(std::move(e));
    }
    r.finish();
    site.talks.push_back(std::move(t));
  }
  top.finish();
}

void load_cv(const Source& source, Site& site, Diagnostics& diags) {
  std::optional<TomlNode> root = read_content_toml(source, "cv.toml", site, diags);
  if (!root) return;
  TableReader top(*root, "cv.toml", diags);
  for (const TomlNode* node : top.tables("section")) {
    TableReader r(*node, "[[section]]", diags);
    CvSection s;
    s.loc = node->key_loc;
    check_one_of(r, "include", &s.include, {"publications", "talks"}, "section include");
    r.string("title", &s.title, s.include.empty());
    // Untitled included sections are named in the page's language, by the view.
    check_one_of(r, "style", &s.style, {"", "compact"}, "section style");
    if (s.include == "publications") {
      check_one_of(r, "group_by", &s.group_by, {"type", "year", "none"}, "`group_by` value");
      r.boolean("selected", &s.selected_only);
      std::vector<std::string> types;
      if (r.strings("types", &types)) {
        for (const std::string& t : types) {
          if (std::optional<PublicationType> known = publication_type_named(t))
            s.types.push_back(*known);
          else
            diags.error(r.find("types")->loc, "unknown publication type `" + t + "` in `types`" +
                                                  did_you_mean(t, publication_type_names()));
        }
      }
    }
    if (!s.include.empty() && r.find("entry"))
      diags.error(r.find("entry")->key_loc, "a section with `include = \"" + s.include +
                                                "\"` is filled from your " + s.include +
                                                "; it has no [[section.entry]]");
    for (const TomlNode* e : r.tables("entry")) {
      TableReader er(*e, "[[section.entry]]", diags);
      CvEntry entry;
      er.string("what", &entry.what, true);
      er.string("where", &entry.where);
      er.string("location", &entry.location);
      er.date("start", &entry.start);
      er.date("end", &entry.end, true);
      er.date("date", &entry.date);
      er.string("details", &entry.details);
      er.finish();
      s.entries.push_back(std::move(entry));
    }
    r.finish();
    site.cv.push_back(std::move(s));
  }
  top.finish();
}

// Why a page's name (its path below pages/ without .md) cannot be its URL path, or "".
// The page is published at /<name>/ as written, so the name may hold only what a URL
// path keeps as it is: `?` and `#` would end the path, `%` would be read as an escape
// (`%2e%2e` is `..` to a server), a browser reads `\` as `/`, drops tabs and newlines,
// and the rest are not allowed in a link at all.
std::string page_name_problem(std::string_view name) {
  if (invalid_utf8_at(name) != std::string_view::npos) return "it is not UTF-8";
  std::string why;
  for (size_t start = 0; start <= name.size() && why.empty();) {
    size_t end = std::min(name.find('/', start), name.size());
    std::string_view part = name.substr(start, end - start);
    if (part.empty())
      why = "it has no name before `.md`";
    else if (part == "." || part == "..")
      why = "a URL reads its part `" + std::string(part) + "` as a folder";
    start = end + 1;
  }
  std::vector<std::string> found;
  for (char c : name) {
    auto u = static_cast<unsigned char>(c);
    std::string what;
    if (c == ' ') {
      what = "a space";
    } else if (c == '\t') {
      what = "a tab";
    } else if (c == '\n' || c == '\r') {
      what = "a line break";
    } else if (u < 0x20 || u == 0x7F) {
      static const char* kHex = "0123456789ABCDEF";
      what = std::string("the control character U+00") + kHex[u >> 4] + kHex[u & 15];
    } else if (std::string_view("\"#%<>?[\\]^`{|}").find(c) != std::string_view::npos) {
      what = "`" + std::string(1, c) + "`";
    }
    if (!what.empty() && std::find(found.begin(), found.end(), what) == found.end())
      found.push_back(std::move(what));
  }
  if (found.empty()) return why;
  std::string list;
  for (size_t i = 0; i < found.size(); ++i)
    list += (i == 0 ? "" : i + 1 == found.size() ? " and " : ", ") + found[i];
  return (why.empty() ? "" : why + ", and ") + "it holds " + list;
}

// pages/teaching.zh.md is pages/teaching.md in Chinese, not a page of its own; so is
// pages/teaching.de.md when the site has no German: said, rather than published at
// /teaching.de/. The same holds for posts/.
bool is_language_version(const Source& source, const Site& site, const std::string& base_rel,
                         std::string_view what, Diagnostics& diags) {
  bool is_default = site.languages.empty() || site.language == site.languages.front();
  std::string_view lang = translation_suffix(base_rel);
  if (lang.empty()) return false;
  std::string original = std::string(base_rel.substr(0, base_rel.size() - lang.size() - 4)) + ".md";
  bool ours = site.languages.size() > 1 && is_translation(base_rel, site.languages);
  if (!ours && !is_two_letter_language_tag(lang)) return false;
  if (is_default && !ours) {
    std::string listed;
    for (const std::string& l : site.languages) listed += (listed.empty() ? "`" : ", `") + l + "`";
    diags.warning(SourceLoc{source.display(base_rel), 0, 0},
                  "`" + std::string(lang) + "` is not one of the site's languages (" + listed +
                      "), so this version of " + original + " is not published: add \"" +
                      std::string(lang) + "\" to `languages` in site.toml, or rename the file");
  } else if (is_default && !source.exists(original)) {
    diags.warning(SourceLoc{source.display(base_rel), 0, 0},
                  "there is no " + original + ", so its " + std::string(lang) +
                      " version is not published: a " + std::string(what) +
                      " is in every language, and " + original + " is the default language's");
  }
  return true;
}

void load_pages(const Source& source, Site& site, Diagnostics& diags) {
  for (const std::string& base_rel : source.list("pages")) {
    if (base_rel.size() < 3 || base_rel.compare(base_rel.size() - 3, 3, ".md") != 0) continue;
    if (is_language_version(source, site, base_rel, "page", diags)) continue;
    std::string name = base_rel.substr(std::string("pages/").size(), base_rel.size() - 9);
    if (std::string why = page_name_problem(name); !why.empty()) {
      diags.error(SourceLoc{source.display(base_rel), 0, 0},
                  "this file's name cannot be a page's URL: " + why +
                      "; rename the file: a page's name may hold letters and digits of any "
                      "script and `-_.~!$&'()*+,;=:@`, with `/` between folders");
      continue;
    }
    std::optional<MarkdownFile> file = read_markdown_file(source, site, base_rel, "page", diags);
    if (!file) continue;
    Page page;
    page.loc = file->loc;
    page.slug = std::move(name);
    page.body = std::move(file->body);
    page.body_offset = file->body_offset;
    if (const std::optional<TomlNode>& front = file->front) {
      TableReader r(*front, "front matter", diags);
      r.string("title", &page.title);
      r.string("description", &page.description);
      r.boolean("nav", &page.nav);
      r.integer("order", &page.order);
      r.finish();
    }
    if (page.title.empty()) {
      diags.error(page.loc, "page is missing `title` in its `+++` front matter");
      page.title = page.slug;
    }
    site.pages.push_back(std::move(page));
  }
}

}  // namespace sitegen
