// The mapping of BibTeX entries onto Publication (see bibtex.h): crossref
// inheritance, duplicate keys, entry types, dates, identifiers and al-folio fields.
#include <algorithm>
#include <cstring>
#include <unordered_map>

#include "base/date.h"
#include "base/parallel.h"
#include "bibtex/bibtex.h"
#include "bibtex/latex.h"
#include "bibtex/names.h"
#include "text/ascii.h"
#include "text/strings.h"

namespace sitegen {
namespace {

// "Did you mean" compares with every candidate: only the first few misses get one, so a
// hostile file cannot make the mapping quadratic.
constexpr int kMaxSuggestions = 20;

std::string loc_text(const SourceLoc& loc) {
  return loc.path + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

// Fields of a crossref target that describe the target itself, not the paper in it.
bool inheritable(std::string_view field) {
  static constexpr std::string_view kOwn[] = {
      "abbr",   "abstract", "archiveprefix", "arxiv",    "award",    "award_name", "bibsource",
      "biburl", "blog",     "code",          "crossref", "doi",      "eprint",     "eprinttype",
      "html",   "ids",      "isbn",          "issn",     "keywords", "note",       "pdf",
      "poster", "preview",  "selected",      "slides",   "supp",     "timestamp",  "title",
      "url",    "urldate",  "video",         "website"};
  for (std::string_view f : kOwn) {
    if (f == field) return false;
  }
  return true;
}

// Decodes a field's LaTeX; a command it does not know is warned about where it is written.
std::string decode(const BibField& f, LatexMode mode, Diagnostics& diags) {
  std::vector<LatexUnknown> unknown;
  std::string out = latex_to_utf8(f.value, mode, &unknown);
  for (const LatexUnknown& u : unknown)
    diags.warning(f.loc_in_value(u.offset), latex_unknown_message(u));
  return out;
}

// An entry seen through its crossref.
struct View {
  const BibEntry& e;
  const BibEntry* parent;
  Diagnostics& diags;

  const BibField* get(std::string_view name) const {
    if (const BibField* f = e.find(name)) return f;
    if (!parent || !inheritable(name)) return nullptr;
    if (const BibField* f = parent->find(name)) return f;
    return name == "booktitle" ? parent->find("title") : nullptr;
  }
  std::string text(std::string_view name) const {
    const BibField* f = get(name);
    return f ? decode(*f, LatexMode::kText, diags) : std::string();
  }
  std::string markdown(std::string_view name) const {
    const BibField* f = get(name);
    return f ? decode(*f, LatexMode::kMarkdown, diags) : std::string();
  }
  std::string verbatim(std::string_view name) const {
    const BibField* f = get(name);
    return f ? latex_verbatim(f->value) : std::string();
  }
  std::string first_text(std::initializer_list<std::string_view> names) const {
    for (std::string_view n : names) {
      std::string t = text(n);
      if (!t.empty()) return t;
    }
    return {};
  }
};

bool is_preprint_venue(std::string_view venue) {
  std::string v = ascii_lower(venue);  // arXiv, bioRxiv, medRxiv, IACR ePrint, DBLP's CoRR
  return v.find("rxiv") != std::string::npos || v.find("preprint") != std::string::npos ||
         v.find("eprint archive") != std::string::npos || v == "corr";
}

// "Workshop on ...", "ICDE Workshops", "NeurIPS 2024 Workshop on ...": BibTeX has no
// entry type for a workshop paper, its booktitle says so.
bool is_workshop_venue(std::string_view venue) {
  return ascii_lower(venue).find("workshop") != std::string::npos;
}

// The entry type's row of the one table (publication_type.h).
PublicationType map_type(const std::string& t, const View& v, const std::string& venue) {
  const BibtexEntryTypeInfo* row = bibtex_entry_type_info(t);
  if (!row) return PublicationType::kOther;
  bool eprint = v.get("eprint") || v.get("arxiv") || v.get("archiveprefix");
  bool preprint =
      (row->preprint == PreprintRule::kByVenue && is_preprint_venue(venue)) ||
      (row->preprint == PreprintRule::kByEprint && (eprint || is_preprint_venue(venue)));
  if (preprint) return PublicationType::kPreprint;
  if (row->type == PublicationType::kConference && is_workshop_venue(venue))
    return PublicationType::kWorkshop;
  return row->type;
}

int parse_month(std::string_view m) {
  m = trim(m);
  if (!m.empty() && is_digit(m[0])) {
    int n = 0;
    for (char c : m) n = is_digit(c) && n < 100 ? n * 10 + (c - '0') : 100;
    return n >= 1 && n <= 12 ? n : 0;
  }
  static constexpr const char* kNames[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                           "jul", "aug", "sep", "oct", "nov", "dec"};
  std::string l = ascii_lower(m.substr(0, 3));
  for (int i = 0; i < 12; ++i) {
    if (l == kNames[i]) return i + 1;
  }
  return 0;
}

// Leading digits as a number, or -1 when s does not start with one.
int leading_number(std::string_view s, size_t* len) {
  size_t i = 0;
  int n = 0;
  while (i < s.size() && is_digit(s[i]) && i < 6) n = n * 10 + (s[i++] - '0');
  *len = i;
  return i ? n : -1;
}

void map_date(const View& v, Publication& p, Diagnostics& diags) {
  std::string year = v.text("year");
  std::string month = v.text("month");
  std::string day = v.text("day");
  if (year.empty()) {  // biblatex: date = {2024-05-12}
    std::string date = v.text("date");
    year = date.substr(0, 4);
    if (date.size() >= 7) month = date.substr(5, 2);
    if (date.size() >= 10) day = date.substr(8, 2);
  }
  if (year.empty()) return;
  size_t len = 0;
  int y = leading_number(year, &len);
  if (len != 4) {
    if (const BibField* f = v.get("year")) {
      diags.warning(f->loc, "year `" + year + "` of entry `" + p.key + "` is not a number");
    }
    return;
  }
  p.year = y;
  if (month.empty()) return;
  int m = parse_month(month);
  if (m == 0) {
    if (const BibField* f = v.get("month")) {
      diags.warning(f->loc, "unknown month `" + month + "` in entry `" + p.key + "`");
    }
    return;
  }
  p.date.year = y;
  p.date.month = m;
  if (day.empty()) return;
  int d = leading_number(day, &len);
  std::string why;
  if (d >= 1 && make_date(y, m, d, &why)) {
    p.date.day = d;
  } else if (const BibField* f = v.get("day") ? v.get("day") : v.get("date")) {
    // February 31 would sort and print as a day that never was: keep the month only.
    diags.warning(f->loc, "day `" + day + "` of entry `" + p.key + "` is not a day of " +
                              std::to_string(y) + "-" + (m < 10 ? "0" : "") + std::to_string(m));
  }
}

// DBLP's record key, from its `biburl` (https://dblp.org/rec/KEY.bib) or a `DBLP:KEY` key.
std::string dblp_key(std::string_view key, std::string_view biburl) {
  size_t at = biburl.find("dblp.org/rec/");
  if (at != std::string_view::npos && biburl.ends_with(".bib"))
    return std::string(biburl.substr(at + 13, biburl.size() - at - 13 - 4));
  if (key.starts_with("DBLP:")) return std::string(key.substr(5));
  return "";
}

std::string normalize_doi(std::string doi) {
  for (const char* prefix : {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/",
                             "http://dx.doi.org/", "doi:"}) {
    size_t n = std::strlen(prefix);
    if (ascii_lower(std::string_view(doi).substr(0, n)) == prefix)
      return std::string(trim(doi.substr(n)));
  }
  return doi;
}

std::string strip_arxiv_prefix(std::string id) {
  if (ascii_lower(std::string_view(id).substr(0, 6)) == "arxiv:") id.erase(0, 6);
  return id;
}

std::string map_arxiv(const View& v, const std::string& venue) {
  std::string id = v.verbatim("arxiv");
  if (id.empty() && v.e.find("eprint")) {
    std::string prefix = ascii_lower(v.verbatim("archiveprefix"));
    if (prefix.empty()) prefix = ascii_lower(v.verbatim("eprinttype"));
    if (prefix.empty() || prefix == "arxiv") id = v.verbatim("eprint");
  }
  // Google Scholar: "arXiv preprint arXiv:2506.12370", older "arXiv preprint math/0409584".
  std::string l = ascii_lower(venue);
  size_t at = l.find("arxiv:");
  size_t len = 6;
  if (at == std::string::npos && l.rfind("arxiv preprint ", 0) == 0) at = 0, len = 15;
  if (id.empty() && at != std::string::npos) {
    size_t end = at + len;
    while (end < venue.size() &&
           (is_alpha(venue[end]) || is_digit(venue[end]) || std::strchr("./-", venue[end]))) {
      ++end;
    }
    id = venue.substr(at + len, end - at - len);
  }
  std::string volume = v.verbatim("volume");  // DBLP: journal = {CoRR}, volume = {abs/1409.4526}
  if (id.empty() && ascii_lower(venue) == "corr" && volume.rfind("abs/", 0) == 0)
    id = volume.substr(4);
  return strip_arxiv_prefix(id);
}

// `:trophy: Best Paper` (al-folio award_name, decoded) -> `Best Paper`: the theme draws
// its own icon.
std::string strip_shortcodes(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ':') {
      size_t j = i + 1;
      while (j < s.size() && (is_alpha(s[j]) || is_digit(s[j]) || std::strchr("_+-", s[j]))) ++j;
      if (j < s.size() && s[j] == ':' && j > i + 1) {
        i = j;
        continue;
      }
    }
    out += s[i];
  }
  return std::string(trim(out));
}

// `[text](url)` -> `text`, for awards, which are plain text.
std::string strip_markdown_links(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '[') {
      size_t close = s.find("](", i);
      size_t end = close == std::string_view::npos ? close : s.find(')', close);
      if (end != std::string_view::npos &&
          s.substr(i, close - i).find('[', 1) == std::string_view::npos) {
        out += s.substr(i + 1, close - i - 1);
        i = end;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

void map_alfolio(const View& v, Publication& p) {
  p.abbr = v.text("abbr");
  std::string selected = ascii_lower(trim(v.e.find("selected") ? v.e.find("selected")->value : ""));
  p.selected = selected == "true" || selected == "yes" || selected == "1";
  std::string award_name = strip_shortcodes(v.text("award_name"));
  std::string award = v.markdown("award");
  if (!award_name.empty()) {
    p.awards.push_back(award_name);
    // The description (often with a link) has no field of its own: it joins the note.
    if (!award.empty()) p.note = p.note.empty() ? award : p.note + " — " + award;
  } else if (!award.empty()) {
    p.awards.push_back(strip_markdown_links(award));
  }
  static constexpr const char* kLinks[] = {"pdf",   "code",    "html", "slides", "poster",
                                           "video", "website", "supp", "blog"};
  for (const BibField& f : v.e.fields) {  // in file order
    for (const char* label : kLinks) {
      if (f.name != label) continue;
      std::string url = latex_verbatim(f.value);
      if (!url.empty()) p.links.push_back({label, url, /*trusted=*/false});
    }
  }
  p.preview = v.verbatim("preview");
}

// ACM's `series = {OSDI '24}` names the event, and is the short label the list shows;
// a book series (`Lecture Notes in Computer Science`, often inherited from DBLP's
// proceedings) is not. The event's name ends in its year: `'24`, `2024`.
bool series_names_event(std::string_view s) {
  size_t n = s.size();
  auto digits = [&](size_t count) {
    if (n < count + 1) return false;
    for (size_t i = n - count; i < n; ++i)
      if (!is_digit(s[i])) return false;
    return true;
  };
  return n <= 40 && ((digits(2) && (s[n - 3] == '\'' || s.substr(0, n - 2).ends_with("’"))) ||
                     (digits(4) && s[n - 5] == ' '));
}

Publication map_entry(const BibEntry& e, const BibEntry* parent, const std::string& key,
                      Diagnostics& diags) {
  View v{e, parent, diags};
  Publication p;
  p.loc = e.loc;
  p.id_loc = e.key_loc;
  p.key = key;
  p.id_given = true;
  if (is_bibtex_type_word(e.type)) p.bibtex_type = e.type;  // else derived from `type`
  p.title = v.text("title");
  if (const BibField* f = v.get("author")) {
    // Names are decoded part by part; the whole list is decoded once more only to
    // place warnings, when it has a command at all.
    if (f->value.find('\\') != std::string::npos) decode(*f, LatexMode::kText, diags);
    AuthorList list = parse_author_list(f->value);
    p.authors = std::move(list.authors);
    p.et_al = list.et_al;
  }
  // MathSciNet's fjournal is the full name where journal is abbreviated.
  if (e.type == "article") {
    p.venue_full = v.first_text({"fjournal", "journal", "journaltitle", "booktitle"});
  } else {
    p.venue_full = v.first_text({"booktitle", "fjournal", "journal", "journaltitle"});
  }
  std::string howpublished = v.text("howpublished");
  if (p.venue_full.empty() && howpublished.find("://") == std::string::npos) {
    p.venue_full = howpublished;
  }
  p.type = map_type(e.type, v, p.venue_full);
  if (p.type == PublicationType::kThesis && p.venue_full.empty()) p.venue_full = v.text("school");
  map_date(v, p, diags);
  p.doi = normalize_doi(v.verbatim("doi"));
  p.url = v.verbatim("url");
  p.arxiv = map_arxiv(v, v.first_text({"journal", "booktitle", "howpublished"}));
  p.dblp = dblp_key(key, v.verbatim("biburl"));
  p.abstract = v.markdown("abstract");
  p.note = v.markdown("note");
  p.abstract_trusted = p.note_trusted = false;  // someone else's text: no raw HTML
  std::string keywords = v.text("keywords");
  const BibField* keywords_field = v.get("keywords");
  size_t written = 0;  // where the search for the next tag in the field's LaTeX starts
  for (size_t start = 0; start <= keywords.size();) {
    size_t end = keywords.find_first_of(",;", start);
    if (end == std::string::npos) end = keywords.size();
    std::string_view tag = trim(std::string_view(keywords).substr(start, end - start));
    if (!tag.empty()) {
      p.tags.emplace_back(tag);
      // A tag that LaTeX changed is not found as written: then the field's place.
      size_t at = keywords_field->value.find(tag, written);
      if (at != std::string::npos) written = at + tag.size();
      p.tag_locs.push_back(keywords_field->loc_in_value(at == std::string::npos ? 0 : at));
    }
    start = end + 1;
  }
  p.publisher = v.text("publisher");
  p.volume = v.text("volume");
  p.number = v.text("number");
  p.pages = v.text("pages");
  p.address = v.text("address");
  p.school = v.text("school");
  p.institution = v.text("institution");
  p.isbn = v.verbatim("isbn");
  p.series = v.text("series");
  map_alfolio(v, p);
  p.venue = p.abbr;
  if (p.venue.empty() && series_names_event(p.series)) p.venue = p.series;
  if (p.venue.empty()) {
    std::string journal = v.text("journal");
    p.venue = v.text("shortjournal");
    if (p.venue.empty() && journal != p.venue_full) p.venue = journal;
  }
  return p;
}

// Fields an exporter rewrites on every export (DBLP's): two copies of an entry that
// differ only in these, or in line breaks and indentation, are the same entry.
bool is_export_stamp(std::string_view field) {
  return field == "timestamp" || field == "biburl" || field == "bibsource";
}

std::string collapse_space(std::string_view s) {
  std::string out;
  for (char c : trim(s)) {
    if (!is_space(c)) {
      out += c;
    } else if (out.back() != ' ') {
      out += ' ';
    }
  }
  return out;
}

// What differs between two entries under one key, for the warning: "`title`, `year`";
// empty when they are the same entry.
std::string differences(const BibEntry& a, const BibEntry& b) {
  std::vector<std::string> names;
  if (a.type != b.type) names.push_back("the entry type");
  auto check = [&](const BibEntry& x, const BibEntry& y) {
    for (const BibField& f : x.fields) {
      if (is_export_stamp(f.name)) continue;
      const BibField* g = y.find(f.name);
      std::string name = "`" + f.name + "`";
      if ((!g || collapse_space(f.value) != collapse_space(g->value)) &&
          std::find(names.begin(), names.end(), name) == names.end()) {
        names.push_back(name);
      }
    }
  };
  check(a, b);
  check(b, a);
  std::string out;
  for (size_t i = 0; i < names.size() && i < 3; ++i) out += (i ? ", " : "") + names[i];
  if (names.size() > 3) out += ", ...";
  return out;
}

// Entry types that hold other works. Named by a crossref and with no author of its
// own, such an entry is only the volume (DBLP's @proceedings), not a paper.
bool is_volume_only(const BibEntry& e) {
  static constexpr std::string_view kContainers[] = {"book",         "collection",    "mvbook",
                                                     "mvcollection", "mvproceedings", "mvreference",
                                                     "periodical",   "proceedings",   "reference"};
  return !e.find("author") &&
         std::find(std::begin(kContainers), std::end(kContainers), e.type) != std::end(kContainers);
}

// Entries whose crossrefs go round in a circle (a names b, b names a) take nothing from
// each other, so neither is dropped as the other's volume: each circle is warned about
// once, at its first entry, with where every link of it is written. Each entry has one
// crossref at most, so following them from every entry once finds every circle.
void break_crossref_cycles(const std::vector<std::string>& keys,
                           const std::vector<const BibField*>& xref, std::vector<size_t>& parent,
                           Diagnostics& diags) {
  constexpr size_t kNone = static_cast<size_t>(-1);
  enum : char { kUnseen, kOnPath, kDone };
  std::vector<char> state(parent.size(), kUnseen);
  std::vector<size_t> path;
  for (size_t start = 0; start < parent.size(); ++start) {
    path.clear();
    size_t i = start;
    for (; i != kNone && state[i] == kUnseen; i = parent[i]) {
      state[i] = kOnPath;
      path.push_back(i);
    }
    if (i != kNone && state[i] == kOnPath) {
      std::vector<size_t> cycle(std::find(path.begin(), path.end(), i), path.end());
      std::string message = "crossref cycle: ";
      for (size_t c : cycle) {
        size_t next = parent[c];
        message +=
            "entry `" + keys[c] + "` names `" + keys[next] + "` (" + loc_text(xref[c]->loc) + "), ";
      }
      message += "so none of them takes fields from another; all are kept";
      diags.warning(xref[cycle.front()]->loc, message);
      for (size_t c : cycle) parent[c] = kNone;
    }
    for (size_t p : path) state[p] = kDone;
  }
}

}  // namespace

std::vector<Publication> bibtex_to_publications(const std::vector<BibEntry>& entries,
                                                Diagnostics& diags) {
  // Keys: the first entry with a key is the one kept; a later one under the same key is
  // dropped, silently when it is the same entry exported twice.
  std::unordered_map<std::string, size_t> by_key, by_lower;
  std::vector<std::string> keys(entries.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    const BibEntry& e = entries[i];
    auto it = by_key.find(e.key);
    if (it == by_key.end()) {
      keys[i] = e.key;
      by_key.emplace(e.key, i);
      by_lower.emplace(ascii_lower(e.key), i);
      continue;
    }
    const BibEntry& first = entries[it->second];
    std::string differ = differences(first, e);
    if (!differ.empty()) {
      diags.warning(e.loc, "duplicate key `" + e.key + "`: this entry differs from the one at " +
                               loc_text(first.loc) + " (in " + differ +
                               "); the first one is kept and this one is ignored");
    }
  }

  // Crossrefs: BibTeX matches keys case-insensitively.
  constexpr size_t kNone = static_cast<size_t>(-1);
  std::vector<size_t> parent(entries.size(), kNone);
  std::vector<const BibField*> xref(entries.size(), nullptr);
  int suggestions = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    const BibField* f = keys[i].empty() ? nullptr : entries[i].find("crossref");
    if (!f) continue;
    std::string target(trim(latex_verbatim(f->value)));
    size_t j = entries.size();
    if (auto it = by_key.find(target); it != by_key.end()) {
      j = it->second;
    } else if (auto lit = by_lower.find(ascii_lower(target)); lit != by_lower.end()) {
      j = lit->second;
    }
    if (j == i) {
      diags.warning(f->loc, "entry `" + keys[i] + "` names itself in `crossref`; ignored");
      continue;
    }
    if (j < entries.size()) {
      parent[i] = j;
      xref[i] = f;
      continue;
    }
    std::vector<std::string_view> known;
    if (++suggestions <= kMaxSuggestions) {
      for (const std::string& k : keys) {
        if (!k.empty()) known.push_back(k);
      }
    }
    diags.warning(f->loc, "crossref `" + target + "` of entry `" + keys[i] + "` names no entry" +
                              did_you_mean(target, known));
  }
  break_crossref_cycles(keys, xref, parent, diags);
  std::vector<const BibEntry*> parents(entries.size(), nullptr);
  std::vector<bool> container(entries.size(), false);
  for (size_t i = 0; i < entries.size(); ++i) {
    if (parent[i] == kNone) continue;
    parents[i] = &entries[parent[i]];
    container[parent[i]] = is_volume_only(entries[parent[i]]);
  }

  // Entries are mapped on all cores, each noting its problems apart; the notes are
  // then added in file order, as one pass would have made them.
  std::vector<size_t> kept;
  for (size_t i = 0; i < entries.size(); ++i)
    if (!keys[i].empty() && !container[i]) kept.push_back(i);
  std::vector<Publication> pubs(kept.size());
  std::vector<Diagnostics> notes(kept.size());
  parallel_for(kept.size(), 128, [&](size_t k) {
    size_t i = kept[k];
    pubs[k] = map_entry(entries[i], parents[i], keys[i], notes[k]);
  });
  for (const Diagnostics& n : notes) diags.append(n);
  return pubs;
}

}  // namespace sitegen
