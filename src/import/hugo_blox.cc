// Hugo Blox / Wowchemy publication pages -> publications (see hugo_blox.h).
#include "import/hugo_blox.h"

#include <algorithm>
#include <map>
#include <set>

#include "bibtex/bibtex.h"
#include "bibtex/bibtex_write.h"
#include "import/node_values.h"
#include "import/page_split.h"
#include "import/safe_urls.h"
#include "import/yaml_reader.h"
#include "text/nfc.h"
#include "text/strings.h"
#include "text/url_scheme.h"

namespace sitegen {

namespace {

// Front matter keys with no place in sitegen: skipped without a word.
const std::set<std::string_view> kIgnoredKeys = {
    "publishDate", "lastmod",    "draft",     "image",       "projects",      "slides",
    "weight",      "categories", "share",     "commentable", "reading_time",  "show_related",
    "header",      "math",       "diagram",   "aliases",     "view",          "banner",
    "cms_exclude", "type",       "layout",    "toc",         "profile",       "url",
    "expiryDate",  "subtitle",   "show_date", "editable",    "authors_notes", "sharing"};

// Keys this reader uses.
const std::set<std::string_view> kUsedKeys = {"title",
                                              "authors",
                                              "author_notes",
                                              "date",
                                              "publication_types",
                                              "publication",
                                              "publication_short",
                                              "abstract",
                                              "summary",
                                              "featured",
                                              "tags",
                                              "doi",
                                              "hugoblox",
                                              "links",
                                              "url_pdf",
                                              "url_code",
                                              "url_dataset",
                                              "url_poster",
                                              "url_project",
                                              "url_slides",
                                              "url_source",
                                              "url_video",
                                              "url_preprint"};

// Wowchemy's flat link fields, in the order its pages show them.
constexpr const char* kUrlKeys[][2] = {
    {"url_pdf", "pdf"},         {"url_preprint", "preprint"}, {"url_code", "code"},
    {"url_dataset", "dataset"}, {"url_poster", "poster"},     {"url_project", "project"},
    {"url_slides", "slides"},   {"url_source", "source"},     {"url_video", "video"}};

constexpr const char* kMarkSymbols[] = {"*", "†", "‡", "§", "¶"};

bool is_et_al(std::string_view name) {
  return iequals(name, "others") || iequals(name, "et al.") || iequals(name, "et al");
}

bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         static_cast<unsigned char>(c) >= 0x80;
}

// "In *ICW*" -> "ICW": venues are plain text here, and Hugo Blox adds the "In" itself.
std::string plain_venue(std::string_view md) {
  std::string out;
  for (size_t i = 0; i < md.size(); ++i) {
    char c = md[i];
    if (c == '*') continue;
    if (c == '_') {
      bool inner = i > 0 && i + 1 < md.size() && is_word_char(md[i - 1]) && is_word_char(md[i + 1]);
      if (!inner) continue;
    }
    out += c;
  }
  out = trim(out);
  if (out.rfind("In ", 0) == 0) out = trim(out.substr(3));
  return out;
}

class Importer {
 public:
  Importer(const Source& source, const HugoBloxOptions& options, Diagnostics& diags)
      : source_(source), options_(options), diags_(diags) {}
  HugoBloxImport run();

 private:
  void read_page(const std::string& rel, const std::string& slug, const std::string& content);
  std::optional<TomlNode> front_matter(const std::string& rel, std::string* body);
  std::string author_name(const std::string& author, const std::string& content,
                          const TomlNode& at);
  std::string mark_for(const std::string& note);
  void add_link(Publication& p, const std::string& label, const std::string& url,
                const TomlNode& at);
  void merge_cite_bib(const std::string& rel, TomlEntry& entry);

  const Source& source_;
  const HugoBloxOptions& options_;
  Diagnostics& diags_;
  HugoBloxImport out_;
  std::map<std::string, std::string> profiles_;  // slug -> name, looked up once
  std::set<std::string> warned_slugs_;
};

HugoBloxImport Importer::run() {
  std::vector<std::string> files = source_.list("");
  // Which folder holds the content: content/ under a site, else the root itself.
  std::string content = source_.exists("content") ? "content/" : "";
  std::set<std::string> sections;
  for (const std::string& f : files) {
    if (f.compare(0, content.size(), content) != 0) continue;
    std::string_view rest = std::string_view(f).substr(content.size());
    size_t slash = rest.find('/');
    if (slash != std::string_view::npos && rest.substr(0, 11) == "publication")
      sections.insert(content + std::string(rest.substr(0, slash)));
  }
  if (sections.empty() && content.empty()) sections.insert("");  // the root is the section
  std::vector<std::pair<std::string, std::string>> pages;        // rel, slug
  for (const std::string& section : sections) {
    out_.sections.push_back(section.empty() ? "." : section);
    std::string prefix = section.empty() ? "" : section + "/";
    for (const std::string& f : files) {
      if (f.compare(0, prefix.size(), prefix) != 0) continue;
      std::string rest = f.substr(prefix.size());
      size_t slash = rest.rfind('/');
      std::string name = slash == std::string::npos ? rest : rest.substr(slash + 1);
      if (name == "index.md" && slash != std::string::npos) {
        std::string dir = rest.substr(0, slash);
        pages.emplace_back(f, dir.substr(dir.rfind('/') + 1));
      } else if (slash == std::string::npos && name.size() > 3 &&
                 name.compare(name.size() - 3, 3, ".md") == 0 && name[0] != '_') {
        pages.emplace_back(f, name.substr(0, name.size() - 3));
      }
    }
  }
  std::string content_dir = content.empty() ? "" : "content";
  for (const auto& [rel, slug] : pages) read_page(rel, slug, content_dir);
  // Hugo Blox lists publications newest first.
  std::stable_sort(out_.entries.begin(), out_.entries.end(),
                   [](const TomlEntry& a, const TomlEntry& b) {
                     const Date& x = a.pub.date;
                     const Date& y = b.pub.date;
                     return x.empty() || y.empty() ? a.pub.year > b.pub.year : y < x;
                   });
  return std::move(out_);
}

std::optional<TomlNode> Importer::front_matter(const std::string& rel, std::string* body) {
  std::string display = source_.display(rel);
  std::string err;
  std::optional<std::string> text = source_.read(rel, &err);
  if (!text) {
    diags_.error(SourceLoc{display, 0, 0}, "cannot read page: " + err);
    return std::nullopt;
  }
  to_nfc_in_place(*text);  // the body; the front matter's readers normalise their escapes
  diags_.add_source(display, *text);
  std::optional<PageParts> s = split_page(*text, &err);
  if (s && !s->has_front) err = "expected front matter: a first line `---` (YAML) or `+++` (TOML)";
  if (!s || !s->has_front) {
    diags_.error(SourceLoc{display, 1, 1}, err);
    return std::nullopt;
  }
  *body = std::string(s->body);
  std::optional<TomlNode> fm;
  if (s->yaml) {
    fm = parse_yaml(s->front, display, diags_, s->front_line);
  } else {
    fm = parse_toml(std::string(1, '\n') + std::string(s->front), display, diags_);
    diags_.add_source(display, *text);  // quote the file itself, not the padded front matter
  }
  if (fm && fm->kind != TomlNode::Kind::kTable) {
    diags_.error(SourceLoc{display, 2, 1}, "the front matter must be a mapping of keys to values");
    return std::nullopt;
  }
  return fm;
}

std::string Importer::author_name(const std::string& author, const std::string& content,
                                  const TomlNode& at) {
  bool owner = author == "admin" || author == "me";
  if (owner && !options_.owner_name.empty()) return options_.owner_name;
  // A profile slug: one lowercase word, as Hugo Blox names the folders under authors/.
  bool slug =
      !author.empty() && author.find(' ') == std::string::npos &&
      std::none_of(author.begin(), author.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
  if (!slug) return author;
  auto cached = profiles_.find(author);
  if (cached == profiles_.end()) {
    std::string name;
    std::string profile =
        (content.empty() ? "" : content + "/") + "authors/" + author + "/_index.md";
    if (source_.exists(profile)) {
      std::string body;
      if (std::optional<TomlNode> fm = front_matter(profile, &body)) {
        name = text(field(*fm, "title"));
        if (name.empty()) name = text(field(*fm, "name"));
      }
    }
    cached = profiles_.emplace(author, name).first;
  }
  if (!cached->second.empty()) return cached->second;
  if (owner && warned_slugs_.insert(author).second)
    diags_.warning(at.loc, "author `" + author +
                               "` is the site owner's profile, whose name was not found "
                               "(no content/authors/" +
                               author + "/_index.md): pass --name \"Your Name\" to use your name");
  return author;
}

std::string Importer::mark_for(const std::string& note) {
  for (const Marker& m : out_.markers)
    if (m.text == note) return m.symbol;
  if (out_.markers.size() >= std::size(kMarkSymbols)) return "";
  out_.markers.push_back({kMarkSymbols[out_.markers.size()], note});
  return out_.markers.back().symbol;
}

void Importer::add_link(Publication& p, const std::string& label, const std::string& url,
                        const TomlNode& at) {
  if (url.empty() || url == "#") return;  // Hugo Blox's placeholders
  if (!is_safe_link(url)) {
    diags_.warning(at.loc, unsafe_url_message(label, url));
    return;
  }
  for (const Link& l : p.links) {
    if (l.label != label) continue;
    if (l.url != url)
      diags_.warning(at.loc, "second `" + label + "` link `" + url + "` is not imported (the " +
                                 "first is `" + l.url + "`)");
    return;
  }
  p.links.push_back({label, url});
}

void Importer::merge_cite_bib(const std::string& rel, TomlEntry& entry) {
  std::string err;
  std::optional<std::string> text = source_.read(rel, &err);
  std::string display = source_.display(rel);
  if (!text) {
    diags_.error(SourceLoc{display, 0, 0}, "cannot read file: " + err);
    return;
  }
  diags_.add_source(display, *text);
  std::vector<Publication> pubs =
      bibtex_to_publications(parse_bibtex(*text, display, diags_), diags_);
  if (pubs.empty()) return;
  const Publication& b = pubs.front();
  Publication& p = entry.pub;
  // The page's venue is what the site showed; cite.bib's is cleaner where the page only
  // adds volume and issue to it ("Journal of X, 1(1)"), which the details keep anyway.
  if (p.venue_full.empty() || (!b.venue_full.empty() && p.venue_full != b.venue_full &&
                               p.venue_full.rfind(b.venue_full, 0) == 0)) {
    if (!p.venue_full.empty())
      entry.comments.push_back("the page's `publication` is \"" + p.venue_full +
                               "\"; venue_full is cite.bib's");
    p.venue_full = b.venue_full;
  } else if (!b.venue_full.empty() && b.venue_full != p.venue_full) {
    entry.comments.push_back("cite.bib names the venue \"" + b.venue_full + "\"");
  }
  if (p.title.empty()) p.title = b.title;
  if (p.authors.empty()) p.authors = b.authors, p.et_al = b.et_al;
  if (p.year == 0) p.year = b.year, p.date = b.date;
  if (p.abstract.empty()) {
    p.abstract = b.abstract;
    p.abstract_trusted = b.abstract_trusted;
  }
  if (p.doi.empty()) p.doi = b.doi;
  if (p.arxiv.empty()) p.arxiv = b.arxiv;
  if (b.bibtex_type != info(p.type).bibtex_type) p.bibtex_type = b.bibtex_type;
  for (auto [dst, src] : {std::pair{&p.publisher, &b.publisher},
                          {&p.volume, &b.volume},
                          {&p.number, &b.number},
                          {&p.pages, &b.pages},
                          {&p.address, &b.address},
                          {&p.school, &b.school},
                          {&p.institution, &b.institution},
                          {&p.isbn, &b.isbn},
                          {&p.url, &b.url}}) {
    if (dst->empty()) *dst = *src;
  }
}

void Importer::read_page(const std::string& rel, const std::string& slug,
                         const std::string& content) {
  std::string body;
  std::optional<TomlNode> fm = front_matter(rel, &body);
  if (!fm) return;
  std::string display = source_.display(rel);
  TomlEntry entry;
  Publication& p = entry.pub;
  p.loc = SourceLoc{display, 1, 1};
  p.key = slug;
  p.id_given = true;
  p.title = text(field(*fm, "title"));
  if (p.title.empty()) diags_.warning(p.loc, "page has no `title`");

  std::vector<std::string> notes;
  if (const TomlNode* n = field(*fm, "author_notes")) notes = texts(n);
  if (const TomlNode* authors = field(*fm, "authors")) {
    std::vector<const TomlNode*> nodes;  // each name, for messages that point at it
    if (authors->kind == TomlNode::Kind::kArray)
      for (const TomlNode& item : authors->items) nodes.push_back(&item);
    else
      nodes.push_back(authors);
    std::erase_if(nodes, [](const TomlNode* n) { return trim(text(n)).empty(); });
    for (size_t i = 0; i < nodes.size(); ++i) {
      // " others" (or "Others", "et al") ends a list of names: it is no author.
      std::string name(trim(text(nodes[i])));
      Author a{author_name(name, content, *nodes[i]), "", false};
      if (i < notes.size() && !trim(notes[i]).empty())
        a.markers = mark_for(std::string(trim(notes[i])));
      if (is_et_al(a.name))
        p.et_al = true;
      else
        p.authors.push_back(std::move(a));
    }
  }

  if (const TomlNode* d = field(*fm, "date")) {
    std::string why;
    std::string s = text(d);
    std::optional<Date> date = parse_date(s.substr(0, std::min<size_t>(s.size(), 10)), false, &why);
    if (date) {
      p.date = *date;
      p.year = date->year;
    } else if (!s.empty()) {
      diags_.warning(d->loc, "date is not imported: " + why);
    }
  }

  if (const TomlNode* types = field(*fm, "publication_types")) {
    std::vector<std::string> list = texts(types);
    if (!list.empty()) {
      std::optional<PublicationType> type = publication_type_from(ForeignTypes::kHugoBlox, list[0]);
      p.type = type.value_or(PublicationType::kOther);
      if (list[0] == "report" || list[0] == "4") p.bibtex_type = "techreport";
      if (!type)
        diags_.warning(types->loc,
                       "unknown publication type `" + list[0] + "`, imported as `other`");
    }
  } else {
    p.type = PublicationType::kOther;
  }
  p.venue_full = plain_venue(text(field(*fm, "publication")));
  p.venue = plain_venue(text(field(*fm, "publication_short")));
  if (p.venue == p.venue_full) p.venue.clear();
  p.abstract = trim(text(field(*fm, "abstract")));
  if (p.abstract.empty()) p.abstract = trim(text(field(*fm, "summary")));
  if (const TomlNode* f = field(*fm, "featured"))
    p.selected = f->kind == TomlNode::Kind::kBool && f->boolean;
  p.tags = texts(field(*fm, "tags"));
  p.doi = text(field(*fm, "doi"));
  if (const TomlNode* hb = field(*fm, "hugoblox")) {
    if (const TomlNode* ids = field(*hb, "ids")) {
      if (p.doi.empty()) p.doi = text(field(*ids, "doi"));
      p.arxiv = text(field(*ids, "arxiv"));
    }
  }
  for (const auto& [key, label] : kUrlKeys)
    if (const TomlNode* u = field(*fm, key)) add_link(p, label, std::string(trim(text(u))), *u);
  if (const TomlNode* links = field(*fm, "links"); links && links->kind == TomlNode::Kind::kArray) {
    for (const TomlNode& l : links->items) {
      std::string type = text(field(l, "type"));
      std::string url(trim(text(field(l, "url"))));
      std::string label = text(field(l, "name"));
      if (label.empty()) label = text(field(l, "label"));
      if (label.empty()) label = type;
      if (type == "preprint" && text(field(l, "provider")) == "arxiv" && url.empty()) {
        if (p.arxiv.empty()) p.arxiv = text(field(l, "id"));
        continue;
      }
      if (label.empty()) label = "link";
      add_link(p, label, url, l);
    }
  }
  if (p.doi.rfind("https://doi.org/", 0) == 0) p.doi = p.doi.substr(16);

  std::string dir = rel.substr(0, rel.rfind('/') + 1);
  if (rel.size() >= 9 && rel.compare(rel.size() - 9, 9, "/index.md") == 0 &&
      source_.exists(dir + "cite.bib"))
    merge_cite_bib(dir + "cite.bib", entry);

  for (const auto& [key, value] : fm->fields) {
    if (kUsedKeys.count(key) || kIgnoredKeys.count(key)) continue;
    diags_.warning(value.key_loc, "front matter key `" + key + "` is not imported");
  }
  if (!trim(body).empty())
    entry.comments.push_back(
        "not imported: the page's Markdown body (publications here have "
        "an abstract and a note)");
  check_imported(entry.pub, diags_);  // what cite.bib brought, script links in text, dates
  out_.entries.push_back(std::move(entry));
}

}  // namespace

HugoBloxImport import_hugo_blox(const Source& source, const HugoBloxOptions& options,
                                Diagnostics& diags) {
  return Importer(source, options, diags).run();
}

}  // namespace sitegen
