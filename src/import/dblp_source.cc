// DBLP: a person's page as BibTeX (https://dblp.org/pid/PID.bib), mapped as any .bib is.
#include "bibtex/bibtex.h"
#include "import/web_sources.h"

namespace sitegen {

Works dblp_works(const std::string& bib, const std::string& url) {
  Works w;
  w.diags.add_source(url, bib);
  w.pubs = bibtex_to_publications(parse_bibtex(bib, url, w.diags), w.diags);
  if (w.diags.has_errors()) {
    // Invalid UTF-8, an unclosed entry: the reader's errors say where, at URL:line:col.
    size_t n = w.diags.error_count();
    w.error = "cannot read the BibTeX from " + url + ": " + std::to_string(n) +
              (n == 1 ? " error" : " errors") + " above";
    w.pubs.clear();
    return w;
  }
  if (w.pubs.empty() && bib.find('@') == std::string::npos) {
    w.error = "no BibTeX entries in the answer from " + url;
    return w;
  }
  for (Publication& p : w.pubs) {
    p.key.clear();  // "DBLP:conf/x/Doe24" is no page name; it stays in `dblp`
    p.id_given = false;
  }
  return w;
}

Works fetch_dblp(HttpFetcher& http, const std::string& pid) {
  std::string url =
      api_base("SITEGEN_DBLP_URL", "https://dblp.org") + "/pid/" + url_component(pid) + ".bib";
  FetchResult r = http.get(url, "application/x-bibtex");
  if (!r.ok) {
    Works w;
    w.error = r.error;
    return w;
  }
  return dblp_works(r.body, url);
}

}  // namespace sitegen
