// DBLP: a person's page as BibTeX (https://dblp.org/pid/PID.bib), mapped as any .bib is.
#include "import/web_sources.h"
#include "load/bibtex.h"

namespace sitegen {

Works fetch_dblp(HttpFetcher& http, const std::string& pid) {
  Works w;
  std::string url =
      api_base("SITEGEN_DBLP_URL", "https://dblp.org") + "/pid/" + url_component(pid) + ".bib";
  FetchResult r = http.get(url, "application/x-bibtex");
  if (!r.ok) {
    w.error = r.error;
    return w;
  }
  Diagnostics diags;
  diags.add_source(url, r.body);
  w.pubs = bibtex_to_publications(parse_bibtex(r.body, url, diags), diags);
  if (w.pubs.empty() && r.body.find('@') == std::string::npos) {
    w.error = "no BibTeX entries in the answer from " + url;
    return w;
  }
  for (Publication& p : w.pubs) {
    p.key.clear();  // "DBLP:conf/x/Doe24" is no page name; it stays in `dblp`
    p.id_given = false;
  }
  return w;
}

}  // namespace sitegen
