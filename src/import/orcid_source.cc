// ORCID public API v3.0 (https://info.orcid.org/documentation/api-tutorials/): a
// record's works. The summaries have no authors, so the works are read in bulk.
#include <nlohmann/json.hpp>

#include "base/date.h"
#include "import/web_sources.h"
#include "text/nfc.h"
#include "text/strings.h"

namespace sitegen {

namespace {

using nlohmann::json;

const json& member(const json& j, const char* key) {
  static const json kNull;
  if (!j.is_object()) return kNull;
  auto it = j.find(key);
  return it != j.end() ? *it : kNull;
}

// ORCID wraps most strings as {"value": "..."}.
std::string value(const json& j) {
  const json& v = member(j, "value");
  // In NFC, as all text sitegen reads: merging compares these titles with the site's.
  return v.is_string() ? to_nfc(v.get_ref<const std::string&>()) : "";
}

std::string text(const json& j, const char* key) {
  const json& v = member(j, key);
  return v.is_string() ? to_nfc(v.get_ref<const std::string&>()) : "";
}

// "2024", "2024-05", "2024-05-17" from ORCID's parts (a one-digit month or day padded).
std::string iso_of(const json& date, bool with_month, bool with_day) {
  auto part = [&](const char* key) {
    std::string v = value(member(date, key));
    return v.size() == 1 ? "0" + v : v;
  };
  std::string s = value(member(date, "year"));
  if (with_month && !part("month").empty()) {
    s += "-" + part("month");
    if (with_day && !part("day").empty()) s += "-" + part("day");
  }
  return s;
}

Publication work_to_publication(const json& w, const std::string& url, const std::string& owner,
                                Diagnostics& diags) {
  Publication p;
  p.loc = SourceLoc{url, 0, 0};
  p.title = value(member(member(w, "title"), "title"));
  p.venue_full = value(member(w, "journal-title"));
  p.type = publication_type_from(ForeignTypes::kOrcid, text(w, "type"))
               .value_or(PublicationType::kOther);
  // A date that exists, else its year alone, else nothing: never a value a build refuses.
  const json& date = member(w, "publication-date");
  std::string full = iso_of(date, true, true);
  if (!full.empty()) {
    std::string why;
    std::optional<Date> d = parse_date(full, false, &why);
    if (!d) {
      diags.warning(
          p.loc, left_out(p, "`publication-date` `" + full + "`", "is not a date (" + why + ")"));
      std::string ignored;
      d = parse_date(iso_of(date, false, false), false, &ignored);
    }
    if (d) {
      p.date = *d;
      p.year = d->year;
    }
  }
  const json& ids = member(member(w, "external-ids"), "external-id");
  if (ids.is_array())
    for (const json& id : ids) {
      if (text(id, "external-id-relationship") == "part-of") continue;  // the volume's
      std::string type = ascii_lower(text(id, "external-id-type"));
      std::string v = text(id, "external-id-value");
      if (type == "doi" && p.doi.empty()) p.doi = v;
      if (type == "arxiv" && p.arxiv.empty()) p.arxiv = v.starts_with("arXiv:") ? v.substr(6) : v;
    }
  const json& contributors = member(member(w, "contributors"), "contributor");
  if (contributors.is_array())
    for (const json& c : contributors)
      if (std::string name = value(member(c, "credit-name")); !name.empty())
        p.authors.push_back({name, "", false});
  if (p.authors.empty() && !owner.empty()) p.authors.push_back({owner, "", false});
  return p;
}

}  // namespace

Works orcid_bulk_works(const std::string& text_in, const std::string& url,
                       const std::string& owner) {
  Works out;
  json j;
  try {
    j = json::parse(text_in);
  } catch (const json::parse_error& e) {
    out.error = malformed_json_message(url, e.byte, "not valid JSON");
    return out;
  }
  const json& bulk = member(j, "bulk");
  if (!bulk.is_array()) {
    out.error = "unexpected answer from " + url + ": no `bulk` list";
    return out;
  }
  for (const json& item : bulk)
    if (const json& w = member(item, "work"); w.is_object())
      out.pubs.push_back(work_to_publication(w, url, owner, out.diags));
  return out;
}

Works fetch_orcid(HttpFetcher& http, const std::string& orcid, const std::string& owner) {
  std::string id = orcid;
  for (std::string_view prefix : {"https://orcid.org/", "http://orcid.org/"})
    if (id.starts_with(prefix)) id.erase(0, prefix.size());
  std::string base =
      api_base("SITEGEN_ORCID_URL", "https://pub.orcid.org") + "/v3.0/" + url_component(id);
  std::string url = base + "/works";
  FetchResult r = http.get(url);
  if (!r.ok) return {{}, r.error, {}};
  json j;
  try {
    j = json::parse(r.body);
  } catch (const json::parse_error& e) {
    return {{}, malformed_json_message(url, e.byte, "not valid JSON"), {}};
  }
  const json& groups = member(j, "group");
  if (!groups.is_array()) return {{}, "unexpected answer from " + url + ": no `group` list", {}};
  // One work per group: ORCID groups the copies of a work that several sources added.
  std::vector<std::string> codes;
  for (const json& g : groups) {
    const json& summaries = member(g, "work-summary");
    if (!summaries.is_array() || summaries.empty()) continue;
    const json& code = member(summaries[0], "put-code");
    if (code.is_number_integer()) codes.push_back(std::to_string(code.get<long long>()));
  }
  Works all;
  // The bulk endpoint takes at most 100 put-codes a request.
  for (size_t start = 0; start < codes.size(); start += 100) {
    std::string list;
    for (size_t i = start; i < codes.size() && i < start + 100; ++i)
      list += (list.empty() ? "" : ",") + codes[i];  // ORCID's separator, sent as is
    std::string bulk_url = base + "/works/" + list;
    FetchResult b = http.get(bulk_url);
    if (!b.ok) return {{}, b.error, {}};
    Works w = orcid_bulk_works(b.body, bulk_url, owner);
    if (!w.error.empty()) return w;
    for (Publication& p : w.pubs) all.pubs.push_back(std::move(p));
    all.diags.append(w.diags);
  }
  return all;
}

}  // namespace sitegen
