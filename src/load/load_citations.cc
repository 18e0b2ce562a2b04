// citations.toml: the citation counts `sitegen update citations` fetched, one table per
// publication id. A build reads them from here and never from the network.
#include "load/load.h"

namespace sitegen {

void load_citations(const Source& source, Site& site, Diagnostics& diags) {
  std::optional<TomlNode> root = read_toml_file(source, "citations.toml", diags);
  if (!root) return;
  for (const auto& [id, node] : root->fields) {
    if (node.kind != TomlNode::Kind::kTable) {
      diags.error(node.key_loc, "`" + id + "` in citations.toml must be a table: [" + id +
                                    "] with count, source and fetched");
      continue;
    }
    TableReader r(node, "[" + id + "]", diags);
    CitationCount c;
    if (r.integer("count", &c.count) && c.count < 0) {
      diags.error(r.find("count")->loc, "`count` must not be negative");
      c.count = 0;
    }
    r.string("source", &c.source);
    r.date("fetched", &c.fetched);
    r.finish();
    site.citations[id] = std::move(c);
  }
}

}  // namespace sitegen
