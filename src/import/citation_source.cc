// A paper's citation count: OpenAlex's `cited_by_count`, else Semantic Scholar's
// `citationCount` (https://api.semanticscholar.org/api-docs/graph).
#include <nlohmann/json.hpp>

#include <cstdint>

#include "import/web_sources.h"

namespace sitegen {

namespace {

using nlohmann::json;

// nullopt when the paper is unknown there (404); `error` set when the answer is unusable.
std::optional<int> count_at(HttpFetcher& http, const std::string& url, const char* field,
                            std::string* error) {
  FetchResult r = http.get(url);
  if (!r.ok) {
    if (r.status != 404) *error = r.error;
    return std::nullopt;
  }
  return citation_count_of(r.body, url, field, error);
}

}  // namespace

std::optional<int> citation_count_of(const std::string& text, const std::string& url,
                                     const char* field, std::string* error) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    *error = malformed_json_message(url, e.byte, "not valid JSON");
    return std::nullopt;
  }
  auto it = j.is_object() ? j.find(field) : j.end();
  if (!j.is_object() || it == j.end() || !it->is_number()) {
    *error = "unexpected answer from " + url + ": no `" + field + "` number";
    return std::nullopt;
  }
  // citations.toml holds a count as a 32-bit integer that is not negative.
  if (it->is_number_unsigned() && it->get<uint64_t>() <= INT32_MAX)
    return static_cast<int>(it->get<uint64_t>());
  if (it->is_number_integer() && it->get<int64_t>() >= 0 && it->get<int64_t>() <= INT32_MAX)
    return static_cast<int>(it->get<int64_t>());
  *error = "unexpected answer from " + url + ": `" + field + "` is " + it->dump() +
           ", not a count from 0 to " + std::to_string(INT32_MAX);
  return std::nullopt;
}

std::optional<FetchedCount> fetch_citation_count(HttpFetcher& http, const std::string& doi,
                                                 const std::string& arxiv, std::string* error) {
  error->clear();
  std::string oa_doi = !doi.empty() ? doi : "10.48550/arXiv." + arxiv;
  std::string oa = api_base("SITEGEN_OPENALEX_URL", "https://api.openalex.org") +
                   "/works/doi:" + url_component(oa_doi);
  std::string first_error;
  if (auto n = count_at(http, oa, "cited_by_count", &first_error))
    return FetchedCount{*n, "OpenAlex"};
  std::string s2 =
      api_base("SITEGEN_S2_URL", "https://api.semanticscholar.org") + "/graph/v1/paper/" +
      url_component(!doi.empty() ? "DOI:" + doi : "arXiv:" + arxiv) + "?fields=citationCount";
  std::string second_error;
  if (auto n = count_at(http, s2, "citationCount", &second_error))
    return FetchedCount{*n, "Semantic Scholar"};
  if (first_error.empty() && second_error.empty())
    *error = "neither OpenAlex nor Semantic Scholar knows " +
             (!doi.empty() ? "doi " + doi : "arXiv " + arxiv);
  else
    *error = !first_error.empty() ? first_error : second_error;
  return std::nullopt;
}

}  // namespace sitegen
