// OpenAlex (https://docs.openalex.org): an author's works, page by page, as publications.
#include <nlohmann/json.hpp>

#include "base/date.h"
#include "import/web_sources.h"
#include "text/nfc.h"
#include "text/strings.h"

namespace sitegen {

namespace {

using nlohmann::json;

std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  // In NFC, as all text sitegen reads: merging compares these titles with the site's.
  return it != j.end() && it->is_string() ? to_nfc(it->get_ref<const std::string&>()) : "";
}

const json& obj(const json& j, const char* key) {
  static const json kNull;
  auto it = j.find(key);
  return it != j.end() && it->is_object() ? *it : kNull;
}

std::string strip_prefix(std::string s, std::string_view prefix) {
  if (ascii_lower(std::string_view(s).substr(0, prefix.size())) == prefix)
    s.erase(0, prefix.size());
  return s;
}

// "article" is a preprint in a repository and a conference paper at a conference.
PublicationType openalex_type(const std::string& type, const std::string& source_type) {
  return publication_type_from(ForeignTypes::kOpenAlex, type + " " + source_type)
      .value_or(
          publication_type_from(ForeignTypes::kOpenAlex, type).value_or(PublicationType::kOther));
}

// arXiv's DOIs are 10.48550/arXiv.<id>; a location's landing page may be arxiv.org/abs/<id>.
std::string arxiv_of(const json& work, const std::string& doi) {
  std::string d = ascii_lower(doi);
  if (d.starts_with("10.48550/arxiv.")) return doi.substr(15);
  auto locs = work.find("locations");
  if (locs == work.end() || !locs->is_array()) return "";
  for (const json& l : *locs) {
    if (!l.is_object()) continue;
    std::string page = str(l, "landing_page_url");
    size_t at = page.find("arxiv.org/abs/");
    if (at != std::string::npos) return page.substr(at + 14);
  }
  return "";
}

Publication work_to_publication(const json& w, const std::string& url, Diagnostics& diags) {
  Publication p;
  p.loc = SourceLoc{url, 0, 0};
  p.title = str(w, "title");
  if (p.title.empty()) p.title = str(w, "display_name");
  if (auto a = w.find("authorships"); a != w.end() && a->is_array())
    for (const json& as : *a)
      if (as.is_object())
        if (std::string name = str(obj(as, "author"), "display_name"); !name.empty())
          p.authors.push_back({name, "", false});
  if (auto y = w.find("publication_year"); y != w.end() && !y->is_null()) {
    // A year a page can show: 1 to 9999, as in dates (date.h).
    if (y->is_number_integer() && y->get<int64_t>() >= 1 && y->get<int64_t>() <= 9999)
      p.year = static_cast<int>(y->get<int64_t>());
    else
      diags.warning(p.loc, left_out(p, "`publication_year` " + y->dump(), "is not a year"));
  }
  if (std::string date = str(w, "publication_date"); !date.empty()) {
    std::string why;
    if (std::optional<Date> d = parse_date(date, false, &why)) {
      p.date = *d;
      if (p.year == 0) p.year = d->year;
    } else {
      diags.warning(
          p.loc, left_out(p, "`publication_date` `" + date + "`", "is not a date (" + why + ")"));
    }
  }
  const json& source = obj(obj(w, "primary_location"), "source");
  p.venue_full = str(source, "display_name");
  p.type = openalex_type(str(w, "type"), str(source, "type"));
  p.doi = strip_prefix(str(w, "doi"), "https://doi.org/");
  p.arxiv = arxiv_of(w, p.doi);
  if (p.type == PublicationType::kPreprint && !p.arxiv.empty() &&
      ascii_lower(p.doi).starts_with("10.48550/"))
    p.doi.clear();  // arXiv's own DOI: the arxiv id says it
  const json& biblio = obj(w, "biblio");
  p.volume = str(biblio, "volume");
  p.number = str(biblio, "issue");
  std::string first = str(biblio, "first_page"), last = str(biblio, "last_page");
  p.pages = last.empty() || last == first ? first : first + "--" + last;
  return p;
}

}  // namespace

std::string left_out(const Publication& p, const std::string& what, const std::string& why) {
  std::string title = p.title.size() > 60 ? p.title.substr(0, 57) + "..." : p.title;
  return what + " of \"" + title + "\" " + why + "; left out";
}

std::string malformed_json_message(const std::string& url, size_t byte, const std::string& what) {
  return "malformed JSON from " + url + " at byte " + std::to_string(byte) + ": " + what;
}

Works openalex_works_page(const std::string& text, const std::string& url,
                          std::string* next_cursor) {
  Works out;
  next_cursor->clear();
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    out.error = malformed_json_message(url, e.byte, "not valid JSON");
    return out;
  }
  auto results = j.is_object() ? j.find("results") : j.end();
  if (!j.is_object() || results == j.end() || !results->is_array()) {
    out.error = "unexpected answer from " + url + ": no `results` list";
    return out;
  }
  for (const json& w : *results)
    if (w.is_object()) out.pubs.push_back(work_to_publication(w, url, out.diags));
  *next_cursor = str(obj(j, "meta"), "next_cursor");
  if (results->empty()) next_cursor->clear();
  return out;
}

Works fetch_openalex(HttpFetcher& http, const std::string& author_id) {
  std::string id = strip_prefix(author_id, "https://openalex.org/");
  std::string base = api_base("SITEGEN_OPENALEX_URL", "https://api.openalex.org");
  Works all;
  std::string cursor = "*";
  // Bounded: 200 works a page, 50 pages.
  constexpr int kPages = 50;
  std::string url;
  for (int page = 0; page < kPages && !cursor.empty(); ++page) {
    url = base + "/works?filter=author.id:" + url_component(id) +
          "&per-page=200&cursor=" + url_component(cursor);
    FetchResult r = http.get(url);
    if (!r.ok) return {{}, r.error, {}};
    Works w = openalex_works_page(r.body, url, &cursor);
    if (!w.error.empty()) return {{}, w.error, {}};
    for (Publication& p : w.pubs) all.pubs.push_back(std::move(p));
    all.diags.append(w.diags);
  }
  if (!cursor.empty())
    all.diags.warning(SourceLoc{url, 0, 0},
                      "OpenAlex lists more works for " + id + " than the " +
                          std::to_string(kPages * 200) + " (" + std::to_string(kPages) +
                          " pages) sitegen reads for one author: the works after those were "
                          "not read; add them from DBLP or ORCID, or by hand");
  return all;
}

}  // namespace sitegen
