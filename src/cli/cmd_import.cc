// `sitegen import bibtex FILE.bib` and `sitegen import hugo-blox DIR`: publications from
// elsewhere written as publications.toml, to stdout or (never over a file unless asked) -o.
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "base/source.h"
#include "base/whole_file.h"
#include "bibtex/bibtex.h"
#include "cli/cli.h"
#include "import/hugo_blox.h"
#include "import/safe_urls.h"
#include "import/toml_write.h"

namespace fs = std::filesystem;

namespace sitegen {

namespace {

struct ImportArgs {
  std::string kind;   // "bibtex" | "hugo-blox"
  std::string input;  // FILE.bib or DIR
  std::string out;    // empty: stdout
  std::string name;   // --name (hugo-blox)
  bool force = false;
};

bool parse_args(const std::vector<std::string>& args, ImportArgs* a, Io io) {
  if (args.empty() || (args[0] != "bibtex" && args[0] != "hugo-blox")) {
    io.err << "sitegen: import needs a source kind: `sitegen import bibtex FILE.bib`, "
              "`sitegen import hugo-blox DIR`, or `sitegen import dblp|orcid|openalex ID`; "
              "see --help\n";
    return false;
  }
  a->kind = args[0];
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "-o" || arg == "--output") {
      if (!option_value(args, i, &a->out, io)) return false;
    } else if (arg.rfind("--output=", 0) == 0) {
      a->out = arg.substr(9);
    } else if (arg == "--name" && a->kind == "hugo-blox") {
      if (!option_value(args, i, &a->name, io)) return false;
    } else if (arg.rfind("--name=", 0) == 0 && a->kind == "hugo-blox") {
      a->name = arg.substr(7);
    } else if (arg == "--force" || arg == "-f") {
      a->force = true;
    } else if (!arg.empty() && arg[0] == '-') {
      io.err << "sitegen: unknown option `" << arg << "`; see --help\n";
      return false;
    } else if (a->input.empty()) {
      a->input = arg;
    } else {
      io.err << "sitegen: unexpected argument `" << arg << "`; see --help\n";
      return false;
    }
  }
  if (a->input.empty()) {
    io.err << "sitegen: import " << a->kind << " needs "
           << (a->kind == "bibtex" ? "a .bib file" : "a Hugo site or content directory")
           << "; see --help\n";
    return false;
  }
  return true;
}

std::vector<std::string> marker_lines(const std::vector<Marker>& markers) {
  std::vector<std::string> lines;
  if (markers.empty()) return lines;
  lines.push_back("");
  lines.push_back("Author notes became marks after names. To show their legend, add to site.toml:");
  lines.push_back("  [publications.markers]");
  for (const Marker& m : markers)
    lines.push_back("  " + toml_string(m.symbol) + " = " + toml_string(m.text));
  return lines;
}

}  // namespace

int cmd_import(const std::vector<std::string>& args, Io io) {
  if (!args.empty() && (args[0] == "dblp" || args[0] == "orcid" || args[0] == "openalex"))
    return cmd_import_web(args, io);
  ImportArgs a;
  if (!parse_args(args, &a, io)) return kExitUsage;
  std::error_code ec;
  if (!a.out.empty() && !a.force && fs::exists(a.out, ec)) {
    io.err << "sitegen: error: " << a.out
           << " already exists; choose another file or pass --force to replace it\n";
    return kExitErrors;
  }

  Diagnostics diags;
  std::vector<TomlEntry> entries;
  std::vector<std::string> header;
  if (a.kind == "bibtex") {
    std::ifstream in(a.input, std::ios::binary);
    if (!in || fs::is_directory(a.input, ec)) {
      io.err << "sitegen: error: cannot read BibTeX file " << a.input << "\n";
      return kExitErrors;
    }
    std::stringstream text;
    text << in.rdbuf();
    diags.add_source(a.input, text.str());
    for (Publication& p : bibtex_to_publications(parse_bibtex(text.str(), a.input, diags), diags)) {
      check_imported(p, diags);
      entries.push_back({std::move(p), {}});
    }
    std::string name = fs::path(a.input).filename().string();
    header = {
        "Publications imported from " + name + " by `sitegen import bibtex`.",
        "One [[publication]] per BibTeX entry. `id` is the BibTeX key, so a paper's page is",
        "/publications/<id>/. Edit freely (see docs/content-format.md): `selected = true` puts",
        "a paper on the home page; add `award`, `tags`, `note` or links under",
        "[publication.links]. Marks after author names (`*`, `†`) are explained in site.toml",
        "under [publications.markers]. If site.toml still lists " + name + ", each entry here",
        "extends the BibTeX entry with the same key instead of adding a second copy.",
    };
  } else {
    std::string dir = a.input;
    while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
    if (!fs::is_directory(dir, ec)) {
      io.err << "sitegen: error: directory " << a.input << " not found\n";
      return kExitErrors;
    }
    HugoBloxOptions options;
    options.owner_name = a.name;
    HugoBloxImport imported = import_hugo_blox(DiskSource(dir), options, diags);
    if (imported.entries.empty() && !diags.has_errors()) {
      io.err << diags.format_all() << "sitegen: error: no publication pages found in " << dir
             << " (expected content/publication/<slug>/index.md or "
                "content/publications/<slug>/index.md)\n";
      return kExitErrors;
    }
    entries = std::move(imported.entries);
    std::string sections;
    for (const std::string& s : imported.sections) sections += (sections.empty() ? "" : ", ") + s;
    header = {
        "Publications imported from " + dir + " (" + sections + ") by `sitegen import hugo-blox`.",
        "One [[publication]] per page, newest first. `id` is the page's folder name, so a paper's",
        "page is /publications/<id>/. Edit freely (see docs/content-format.md): `selected = true`",
        "(Hugo Blox's `featured`) puts a paper on the home page.",
    };
    for (std::string& l : marker_lines(imported.markers)) header.push_back(std::move(l));
  }

  io.err << diags.format_all();
  if (diags.has_errors()) {
    io.err << "sitegen: " << diags.error_count() << " error(s); nothing was written\n";
    return kExitErrors;
  }
  std::string toml = publications_to_toml(entries, header);
  std::string summary = "imported " + std::to_string(entries.size()) + " publication" +
                        (entries.size() == 1 ? "" : "s") + " from " + a.input;
  if (a.out.empty()) {
    io.out << toml;
    io.err << summary << "\n";
    return kExitOk;
  }
  std::string err;
  if (!write_file_whole(a.out, toml, &err)) {
    io.err << "sitegen: error: " << err << "\n";
    return kExitErrors;
  }
  io.out << summary << " into " << a.out << "\n";
  return kExitOk;
}

}  // namespace sitegen
