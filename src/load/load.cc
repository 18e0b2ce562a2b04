// load_site: site.toml and bio.md here; the other content files in load_entries.cc,
// and the rules that tie entries together (ids, self-highlighting, numbering) in link.cc.
#include "load/load.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "bibtex/bibtex.h"
#include "load/analytics.h"
#include "load/comments.h"
#include "load/format.h"
#include "load/group.h"
#include "load/language_tag.h"
#include "load/math_flags.h"
#include "load/redirects.h"
#include "load/resolve.h"
#include "load/translate.h"
#include "text/ascii.h"
#include "text/escape.h"
#include "text/nfc.h"
#include "text/strings.h"
#include "text/url_scheme.h"
#include "text/utf8.h"

namespace sitegen {

bool publishable(const Source& source, const std::string& rel, const std::string& folder,
                 Diagnostics& diags) {
  if (source.inside_folder(rel, folder)) return true;
  diags.warning(SourceLoc{source.display(rel), 0, 0},
                "symlink leads outside " + folder + "/, so it is not copied; copy the file into " +
                    folder + "/ instead");
  return false;
}

namespace {

void load_person(const Source& source, const TomlNode& node, Person& p, Diagnostics& diags) {
  TableReader r(node, "[person]", diags);
  if (r.string("name", &p.name, true)) p.name_loc = r.find("name")->loc;
  r.string("native_name", &p.native_name);
  r.strings("aliases", &p.aliases);
  r.string("position", &p.position);
  r.string("affiliation", &p.affiliation);
  r.strings("address", &p.address);
  r.string("email", &p.email);
  r.string("phone", &p.phone);
  r.string("photo", &p.photo);
  check_static_file(source, r, "photo", p.photo);
  r.strings("interests", &p.interests);
  if (const TomlNode* links = r.table("links")) p.links = read_links(*links, diags);
  r.finish();
}

void load_pub_settings(const TomlNode& node, PublicationSettings& s, Diagnostics& diags) {
  TableReader r(node, "[publications]", diags);
  if (r.strings("bibtex", &s.bibtex)) s.bibtex_loc = r.find("bibtex")->loc;
  if (r.string("group_by", &s.group_by)) {
    static const std::vector<std::string_view> kGroups = {"type", "year", "none"};
    if (std::find(kGroups.begin(), kGroups.end(), s.group_by) == kGroups.end()) {
      diags.error(r.find("group_by")->loc, "unknown `group_by` value `" + s.group_by +
                                               "`: expected \"type\", \"year\" or \"none\"" +
                                               did_you_mean(s.group_by, kGroups));
      s.group_by = "type";
    }
  }
  if (r.string("order", &s.order)) {
    static const std::vector<std::string_view> kOrders = {"date", "source"};
    if (std::find(kOrders.begin(), kOrders.end(), s.order) == kOrders.end()) {
      diags.error(r.find("order")->loc, "unknown `order` value `" + s.order +
                                            "`: expected \"date\" or \"source\"" +
                                            did_you_mean(s.order, kOrders));
      s.order = "date";
    }
  }
  r.boolean("citations", &s.show_citations);
  if (const TomlNode* markers = r.table("markers")) {
    for (const auto& [symbol, text] : markers->fields) {
      std::string legend;
      if (read_string(text, symbol, diags, &legend)) s.markers.push_back({symbol, legend});
    }
  }
  if (const TomlNode* numbering = r.table("numbering")) {
    for (const auto& [type, prefix] : numbering->fields) {
      std::optional<PublicationType> known = publication_type_named(type);
      if (!known) {
        diags.error(prefix.key_loc, "unknown publication type `" + type +
                                        "` in [publications.numbering]" +
                                        did_you_mean(type, publication_type_names()));
        continue;
      }
      std::string text;
      if (read_string(prefix, type, diags, &text)) s.numbering[*known] = text;
    }
  }
  r.finish();
}

// What makes `name` not a host name (RFC 1123: dot-separated labels of ASCII letters,
// digits and inner hyphens, at most 63 characters each and 253 in all), or "".
std::string host_name_problem(std::string_view name) {
  if (name.size() > 253) return "it is longer than 253 characters";
  size_t start = 0;
  while (true) {
    size_t dot = std::min(name.find('.', start), name.size());
    std::string_view label = name.substr(start, dot - start);
    if (label.empty()) return "it has an empty label (two dots, or a dot at an end)";
    if (label.size() > 63)
      return "its label `" + std::string(label.substr(0, 20)) + "...` is longer than 63 characters";
    for (char c : label) {
      if (is_alpha(c) || is_digit(c) || c == '-') continue;
      auto u = static_cast<unsigned char>(c);
      if (u < 0x20 || u == 0x7F) {
        char code[8];
        std::snprintf(code, sizeof code, "U+%04X", u);
        return std::string("it holds the control character ") + code;
      }
      return "it holds `" + std::string(1, c) + "`";
    }
    if (label.front() == '-' || label.back() == '-')
      return "its label `" + std::string(label) + "` starts or ends with `-`";
    if (dot == name.size()) return "";
    start = dot + 1;
  }
}

// `language` or `languages` (`node`, read into `tags`): each a BCP 47 tag, none twice. A
// tag becomes a folder (/de/) and a suffix (title_de, bio.de.md), and `<html lang>` with
// anything else says nothing to a screen reader.
void check_language_tags(const TomlNode& node, const std::vector<std::string>& tags,
                         Diagnostics& diags) {
  bool array = node.kind == TomlNode::Kind::kArray;
  // The value to write, when every tag that is not one names a language.
  std::string fix;
  for (const std::string& tag : tags) {
    std::string t = is_language_tag(tag) ? tag : language_tag_for(tag);
    if (t.empty()) {
      fix.clear();
      break;
    }
    fix += (fix.empty() ? "\"" : ", \"") + t + "\"";
  }
  std::string hint = fix.empty() ? ""
                     : array     ? " (write languages = [" + fix + "])"
                                 : " (write language = " + fix + ")";
  for (size_t i = 0; i < tags.size(); ++i) {
    const std::string& tag = tags[i];
    const SourceLoc& loc = array && i < node.items.size() ? node.items[i].loc : node.loc;
    if (!is_language_tag(tag))
      diags.error(loc, std::string(array ? "`languages` holds `" : "`language` is `") + tag +
                           "`, which is not a BCP 47 language tag such as \"en\", \"de\" or "
                           "\"zh-Hant\"" +
                           hint);
    else if (std::find(tags.begin(), tags.begin() + static_cast<std::ptrdiff_t>(i), tag) !=
             tags.begin() + static_cast<std::ptrdiff_t>(i))
      diags.error(loc, "`languages` names `" + tag + "` twice");
  }
}

// [same_in_all_languages]: `fields` must name fields `check` may ask translations of.
void load_same_in_all_languages(const TomlNode& node, SameInAllLanguages& same,
                                Diagnostics& diags) {
  TableReader r(node, "[same_in_all_languages]", diags);
  if (r.string_array("fields", &same.fields)) {
    const TomlNode* list = r.find("fields");
    const std::vector<std::string_view>& known = translated_fields();
    std::string expected;
    for (size_t i = 0; i < known.size(); ++i)
      expected += std::string(i == 0                  ? ""
                              : i + 1 == known.size() ? " or "
                                                      : ", ") +
                  std::string(known[i]);
    for (size_t i = 0; i < same.fields.size() && i < list->items.size(); ++i)
      if (std::find(known.begin(), known.end(), same.fields[i]) == known.end())
        diags.warning(list->items[i].loc, "`" + same.fields[i] +
                                              "` is not a field `check` asks to translate: "
                                              "expected " +
                                              expected + did_you_mean(same.fields[i], known));
  }
  r.string_array("texts", &same.texts);
  r.finish();
}

// `cname` is written to CNAME as it is: anything but a host name would break the file.
void check_cname(const TomlNode& node, std::string& cname, Diagnostics& diags) {
  std::string problem = host_name_problem(cname);
  if (problem.empty()) return;
  std::string hint;
  if (size_t scheme = cname.find("://"); scheme != std::string::npos) {
    std::string_view host = std::string_view(cname).substr(scheme + 3);
    host = host.substr(0, host.find('/'));
    if (host_name_problem(host).empty()) hint = " (write cname = \"" + std::string(host) + "\")";
  }
  diags.error(node.loc,
              "`cname` must be a host name such as `ada.example.org`, but " + problem + hint);
  cname.clear();
}

void load_site_toml(const Source& source, const TomlNode& root, Site& site, Diagnostics& diags) {
  TableReader r(root, "site.toml", diags);
  int format = 1;
  if (r.integer("format", &format)) {
    if (format < 1)
      diags.error(r.find("format")->loc,
                  "`format` must be 1 or more, not " + std::to_string(format));
    else if (std::string newer = format_too_new(format); !newer.empty())
      diags.error(r.find("format")->loc, newer);
  }
  if (r.string("title", &site.title)) site.title_loc = r.find("title")->loc;
  std::string base_url;
  if (r.string("base_url", &base_url)) {
    if (std::string problem = base_url_problem(base_url); !problem.empty())
      diags.error(r.find("base_url")->loc,
                  "`base_url` must be a full address such as \"https://ada.example.org/\" or a "
                  "path such as \"/homepage/\", but " +
                      problem);
    else
      site.base_url = parse_base_url(base_url);
  }
  if (r.string("theme", &site.theme)) site.theme_loc = r.find("theme")->loc;
  std::string language;
  if (r.string("language", &language)) {
    site.language = language;
    check_language_tags(*r.find("language"), {language}, diags);
  }
  if (r.strings("languages", &site.languages) && !site.languages.empty()) {
    const TomlNode* node = r.find("languages");
    if (!language.empty())
      diags.error(r.find("language")->key_loc,
                  "`language` and `languages` are both set: the first of `languages` is the "
                  "default language; leave `language` out");
    check_language_tags(*node, site.languages, diags);
    if (site.languages.size() > kMaxLanguages)
      diags.error(node->loc, "`languages` names " + std::to_string(site.languages.size()) +
                                 " languages, and a site has at most " +
                                 std::to_string(kMaxLanguages) +
                                 ": every page is made in each language and links to all "
                                 "the others, so a site grows with the square of its languages");
    site.language = site.languages.front();
  }
  if (const TomlNode* same = r.table("same_in_all_languages"))
    load_same_in_all_languages(*same, site.same_in_all_languages, diags);
  r.string("description", &site.description);
  if (r.string("cname", &site.cname)) check_cname(*r.find("cname"), site.cname, diags);
  r.string("favicon", &site.favicon);
  check_static_file(source, r, "favicon", site.favicon);
  r.boolean("allow_javascript_urls", &site.allow_javascript_urls);
  const TomlNode* group = r.find("group") ? r.table("group") : nullptr;
  if (group) {
    load_group_table(source, *group, site, diags);
    note_links_table(site, *group);
    if (const TomlNode* person = r.find("person"))
      diags.error(person->key_loc,
                  "a group site has no [person]: the group is described in "
                  "[group], its members in people/");
  } else if (const TomlNode* person = r.table("person")) {
    load_person(source, *person, site.person, diags);
    note_links_table(site, *person);
  } else if (!r.find("person") && !r.find("group")) {
    diags.error(root.loc, "site.toml is missing the [person] table (at least `name`)");
  }
  if (const TomlNode* pubs = r.table("publications"))
    load_pub_settings(*pubs, site.pubs_settings, diags);
  if (const TomlNode* cv = r.table("cv")) {
    TableReader cr(*cv, "[cv]", diags);
    cr.boolean("pdf", &site.cv_settings.pdf);
    if (cr.string("paper", &site.cv_settings.paper)) {
      static const std::vector<std::string_view> kPapers = {"a4", "letter"};
      if (std::find(kPapers.begin(), kPapers.end(), site.cv_settings.paper) == kPapers.end()) {
        diags.error(cr.find("paper")->loc, "unknown `paper` value `" + site.cv_settings.paper +
                                               "`: expected \"a4\" or \"letter\"" +
                                               did_you_mean(site.cv_settings.paper, kPapers));
        site.cv_settings.paper = "a4";
      }
    }
    cr.string("browser", &site.cv_settings.browser);
    cr.finish();
  }
  if (const TomlNode* code = r.table("code")) {
    TableReader cr(*code, "[code]", diags);
    if (cr.boolean("highlight", &site.code.highlight))
      site.code.highlight_loc = cr.find("highlight")->loc;
    if (cr.string("python", &site.code.python)) site.code.python_loc = cr.find("python")->loc;
    cr.finish();
  }
  if (const TomlNode* style = r.table("style")) load_style(source, *style, site.style, diags);
  if (const TomlNode* comments = r.table("comments"))
    load_comments(*comments, site.comments, diags);
  if (const TomlNode* analytics = r.table("analytics"))
    load_analytics(*analytics, site.analytics, diags);
  if (const TomlNode* nav = r.table("nav")) {
    TableReader nr(*nav, "[nav]", diags);
    if (nr.string_array("items", &site.nav)) site.nav_loc = nr.find("items")->loc;
    nr.finish();
  }
  if (const TomlNode* redirects = r.table("redirects")) load_redirects(*redirects, site, diags);
  r.finish();
  if (site.title.empty()) site.title = site.person.name;
  if (site.languages.empty()) site.languages = {site.language};
}

// " (did you mean `papers.bib`?)" for a .bib file that is not there, naming one that is,
// in the same folder.
std::string bib_file_hint(const Source& source, const std::string& rel) {
  size_t slash = rel.rfind('/');
  std::string dir = slash == std::string::npos ? "" : rel.substr(0, slash);
  std::vector<std::string> names;
  for (const std::string& f : source.list(dir))
    if (f.ends_with(".bib") && f.rfind('/') == slash) names.push_back(f);
  std::string hint = did_you_mean(rel, {names.begin(), names.end()});
  if (hint.empty() && names.size() == 1) hint = " (the one .bib file there is `" + names[0] + "`)";
  return hint;
}

// The publications of every .bib file site.toml names, read first: publications.toml
// then overrides and extends them by id.
std::vector<Publication> load_bibtex(const Source& source, const PublicationSettings& settings,
                                     Diagnostics& diags) {
  // All files at once, so crossrefs and duplicate keys resolve across them.
  std::vector<BibEntry> entries;
  for (const std::string& rel : settings.bibtex) {
    if (std::filesystem::path(rel).is_absolute()) {
      diags.error(settings.bibtex_loc,
                  "BibTeX file `" + rel +
                      "` is an absolute path: sitegen reads only files inside the content "
                      "folder, named relative to it; copy the file into the folder");
      continue;
    }
    std::string err;
    std::optional<std::string> text = source.read(rel, &err);
    if (!text) {
      diags.error(settings.bibtex_loc, "cannot read BibTeX file `" + rel + "` (" +
                                           source.display(rel) + "): " + err +
                                           (source.exists(rel) ? "" : bib_file_hint(source, rel)));
      continue;
    }
    std::string display = source.display(rel);
    for (BibEntry& e : parse_bibtex(*text, display, diags)) entries.push_back(std::move(e));
    // Kept for the messages of the mapping below. Only afterwards: the parser registers
    // its own copy when it reports a mistake, which would free this one under it.
    diags.add_source(display, std::move(*text));
  }
  return bibtex_to_publications(entries, diags);
}

void list_static_and_layouts(const Source& source, Site& site, Diagnostics& diags) {
  for (const std::string& rel : source.list("static")) {
    // A symlink may point anywhere on the disk; only what stays inside static/ is
    // published (sitegen serve applies the same rule), so a link cannot leak a file.
    if (!publishable(source, rel, "static", diags)) continue;
    std::string why;
    std::string real = source.copy_path(rel, &why);
    if (real.empty() && !why.empty()) {
      diags.error(SourceLoc{source.display(rel), 0, 0}, "cannot copy static file: " + why);
      continue;
    }
    site.static_files.push_back({rel.substr(std::string("static/").size()), ""});
  }
  for (const std::string& rel : source.list("i18n")) {
    if (!rel.ends_with(".toml")) continue;
    std::string err;
    if (std::optional<std::string> text = source.read(rel, &err))
      site.i18n_files[rel.substr(std::string("i18n/").size())] = {source.display(rel),
                                                                  std::move(*text)};
    else
      diags.error(SourceLoc{source.display(rel), 0, 0}, "cannot read file: " + err);
  }
  for (const std::string& rel : source.list("layouts")) {
    // layouts/assets/ replaces the theme's assets, which are published as they are.
    if (rel.starts_with("layouts/assets/") && !publishable(source, rel, "layouts/assets", diags))
      continue;
    std::string err;
    if (std::optional<std::string> text = source.read(rel, &err))
      site.layouts[rel.substr(std::string("layouts/").size())] = std::move(*text);
    else
      diags.error(SourceLoc{source.display(rel), 0, 0}, "cannot read layout: " + err);
  }
}

}  // namespace

std::optional<TomlNode> read_content_toml(const Source& source, const std::string& rel, Site& site,
                                          Diagnostics& diags) {
  std::optional<TomlNode> root = read_toml_file(source, rel, diags);
  if (root && site.languages.size() > 1) {
    // Publications are shared by every language: a missing translation is no gap there.
    bool report = site.language != site.languages.front() && rel != "publications.toml";
    localize_toml(*root, site.languages, site.language, rel, report ? &site.untranslated : nullptr);
  }
  return root;
}

std::optional<TomlNode> read_toml_file(const Source& source, const std::string& rel,
                                       Diagnostics& diags) {
  if (!source.exists(rel)) return std::nullopt;
  std::string err;
  std::optional<std::string> text = source.read(rel, &err);
  if (!text) {
    diags.error(SourceLoc{source.display(rel), 0, 0}, "cannot read file: " + err);
    return std::nullopt;
  }
  return parse_toml(std::move(*text), source.display(rel), diags);
}

std::vector<Link> read_links(const TomlNode& table, Diagnostics& diags) {
  std::vector<Link> links;
  links.reserve(table.fields.size());
  for (const auto& [label, url] : table.fields) {
    std::string address;
    if (read_string(url, label, diags, &address)) links.push_back({label, std::move(address)});
  }
  return links;
}

void check_static_file(const Source& source, TableReader& r, std::string_view key,
                       const std::string& rel) {
  if (rel.empty() || is_external_url(rel) || source.exists("static/" + rel)) return;
  r.diags().error(r.find(key)->loc, "`" + std::string(key) + "` names `" + rel +
                                        "`, which does not exist: expected the file at " +
                                        source.display("static/" + rel));
}

void note_field_link(Site& site, TableReader& r, std::string_view key, const std::string& url) {
  if (const TomlNode* n = url.empty() ? nullptr : r.find(key))
    site.field_links.push_back({std::string(key), url, n->loc});
}

void warn_feed_characters(const SourceLoc& loc, std::string_view key, std::string_view value,
                          Diagnostics& diags) {
  if (loc.path.empty()) return;
  for (size_t i = 0; i < value.size(); ++i) {
    size_t n = xml_disallowed_at(value, i);
    if (n == 0) continue;
    char code[8];
    std::snprintf(code, sizeof code, "%04X",
                  n == 1 ? static_cast<unsigned>(static_cast<unsigned char>(value[i]))
                         : 0xFFFEu + (static_cast<unsigned char>(value[i + 2]) & 1));
    diags.warning(loc, "`" + std::string(key) + "` holds U+" + code +
                           ", a character XML 1.0 does not allow: the news feed leaves it out");
    return;  // once per value
  }
}

void note_links_table(Site& site, const TomlNode& owner) {
  for (const auto& [key, table] : owner.fields) {
    if (key != "links" || table.kind != TomlNode::Kind::kTable) continue;
    for (const auto& [label, url] : table.fields)
      if (url.kind == TomlNode::Kind::kString && !url.str.empty())
        site.field_links.push_back({label, url.str, url.loc});
  }
}

bool prepare_markdown_text(const std::string& display, std::string& text, Diagnostics& diags) {
  size_t bad = invalid_utf8_at(text);
  if (bad == std::string::npos) {
    to_nfc_in_place(text);
    return true;
  }
  diags.add_source(display, text);
  diags.error(diags.loc_at(display, bad),
              "invalid UTF-8 (is the file in Latin-1 or another encoding? save it as UTF-8)");
  return false;
}

// Each language but the first is published at /<tag>/: a tag named like a section or a
// page would put that language's pages where it is (`cv` would make /cv/ a home page).
static void check_language_folders(const TomlNode& site_root, const Site& site,
                                   Diagnostics& diags) {
  for (const auto& [key, node] : site_root.fields) {
    if (key != "languages" || node.kind != TomlNode::Kind::kArray) continue;
    for (size_t i = 1; i < node.items.size(); ++i) {
      const TomlNode& item = node.items[i];
      if (item.kind != TomlNode::Kind::kString) continue;
      std::string taken(section_named(item.str));
      for (const Page& p : site.pages)
        if (taken.empty() && iequals(p.slug, item.str)) taken = "the page pages/" + p.slug + ".md";
      if (!taken.empty())
        diags.error(item.loc, "`languages` holds `" + item.str + "`, whose pages would be at /" +
                                  item.str + "/, where " + taken +
                                  " is: a language other than the first is published at "
                                  "/<tag>/");
    }
  }
}

// The languages site.toml lists, read before the rest of it, which is read in one of them.
static std::vector<std::string> languages_of(const TomlNode& root) {
  std::vector<std::string> languages;
  for (const auto& [key, value] : root.fields)
    if (key == "languages" && value.kind == TomlNode::Kind::kArray)
      for (const TomlNode& item : value.items)
        if (item.kind == TomlNode::Kind::kString) languages.push_back(item.str);
  return languages;
}

Site load_site(const Source& source, Diagnostics& diags, const std::string& lang) {
  Site site;
  if (!source.exists("site.toml")) {
    diags.error(SourceLoc{source.display("site.toml"), 0, 0},
                "missing site.toml: every content directory needs one (try `sitegen new DIR`)");
    return site;
  }
  std::optional<TomlNode> site_root = read_toml_file(source, "site.toml", diags);
  if (site_root) {
    std::vector<std::string> languages = languages_of(*site_root);
    if (languages.size() > 1) {
      bool is_default = lang.empty() || lang == languages.front();
      localize_toml(*site_root, languages, is_default ? languages.front() : lang, "site.toml",
                    is_default ? nullptr : &site.untranslated);
    }
    load_site_toml(source, *site_root, site, diags);
    if (!lang.empty()) site.language = lang;
  }
  std::string bio_rel = "bio.md";
  if (!site.languages.empty() && site.language != site.languages.front()) {
    if (source.exists(translated_path(bio_rel, site.language)))
      bio_rel = translated_path(bio_rel, site.language);
    else if (source.exists(bio_rel))
      site.untranslated.push_back({SourceLoc{source.display(bio_rel), 0, 0}, "bio.md", "", {}});
  }
  if (source.exists(bio_rel)) {
    std::string err;
    if (std::optional<std::string> bio = source.read(bio_rel, &err)) {
      site.bio_path = source.display(bio_rel);
      if (prepare_markdown_text(site.bio_path, *bio, diags))
        site.bio = std::string(diags.add_source(site.bio_path, std::move(*bio)));
    } else
      diags.error(SourceLoc{source.display("bio.md"), 0, 0}, "cannot read file: " + err);
  }
  // Taken as a whole: a second array of a thousand publications would be fresh memory,
  // and first touches of memory are much of a large build's time.
  site.publications = load_bibtex(source, site.pubs_settings, diags);
  load_publications_toml(source, site, diags, site_root.has_value());
  load_citations(source, site, diags);
  load_news(source, site, diags);
  if (!site.news.empty()) {  // the feed's title and author
    warn_feed_characters(site.title_loc, "title", site.title, diags);
    warn_feed_characters(site.person.name_loc, "name", site.person.name, diags);
  }
  load_talks(source, site, diags);
  load_cv(source, site, diags);
  load_pages(source, site, diags);
  load_posts(source, site, diags);
  load_projects(source, site, diags);
  if (site_root && lang.empty()) check_language_folders(*site_root, site, diags);
  list_static_and_layouts(source, site, diags);
  if (!site.group.name.empty()) load_people(source, site, diags);
  link_site(site, diags);
  check_people_refs(site, diags);
  check_project_publications(site, diags);
  drop_same_in_all_languages(site, source.display("site.toml"));
  assign_paths(site);
  find_math(site);
  return site;
}

}  // namespace sitegen
