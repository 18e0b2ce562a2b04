// projects/*.md: a project's `+++` front matter (title, summary, image, status, dates,
// links, tags, featured, order, its publications and people) and its Markdown, read as
// posts/*.md are, in each of the site's languages; and the check of what it names.
#include <algorithm>

#include "base/date.h"
#include "load/load.h"
#include "load/markdown_file.h"

namespace sitegen {

namespace {

std::string project_name_problem(std::string_view name) {
  if (name.find('/') != std::string_view::npos)
    return "a project is a file directly in projects/, not in a folder of it";
  return page_name_problem(name);
}

std::string statuses_text() {
  std::string out;
  for (std::string_view s : kProjectStatuses) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

void read_front(const Source& source, const std::string& rel, const TomlNode& front, Project& p,
                Site& site, Diagnostics& diags) {
  TableReader r(front, "front matter", diags);
  r.string("title", &p.title);
  r.string("summary", &p.summary);
  if (r.string("image", &p.image)) check_static_file(source, r, "image", p.image);
  if (r.string("status", &p.status) &&
      std::find(std::begin(kProjectStatuses), std::end(kProjectStatuses), p.status) ==
          std::end(kProjectStatuses)) {
    std::vector<std::string_view> known(std::begin(kProjectStatuses), std::end(kProjectStatuses));
    diags.error(r.find("status")->loc, "unknown status `" + p.status + "`" +
                                           did_you_mean(p.status, known) + ": expected " +
                                           statuses_text());
    p.status.clear();
  }
  r.date("start", &p.start);
  r.date("end", &p.end, /*allow_present=*/true);
  r.boolean("featured", &p.featured);
  r.integer("order", &p.order);
  r.string_array("tags", &p.tags);
  if (r.strings("publications", &p.publications)) p.publications_loc = r.find("publications")->loc;
  r.string_array("publication_tags", &p.publication_tags);
  if (r.strings("people", &p.people)) p.people_loc = r.find("people")->loc;
  if (const TomlNode* links = r.table("links")) p.links = read_links(*links, diags);
  note_links_table(site, front);
  r.finish();
  if (!p.start.empty() && !p.end.empty() && !p.end.present && p.end < p.start)
    diags.error(r.find("end")->loc,
                "`end` is before the project's `start` " + iso_date(p.start) + " in " + rel);
}

}  // namespace

void load_projects(const Source& source, Site& site, Diagnostics& diags) {
  for (const std::string& base_rel : source.list("projects")) {
    if (!base_rel.ends_with(".md")) continue;
    if (is_language_version(source, site, base_rel, "project", diags)) continue;
    std::string name =
        base_rel.substr(std::string("projects/").size(), base_rel.size() - 12 /* projects/ .md */);
    if (std::string why = project_name_problem(name); !why.empty()) {
      diags.error(SourceLoc{source.display(base_rel), 0, 0},
                  "this file's name cannot be a project's URL: " + why + "; rename the file");
      continue;
    }
    std::optional<MarkdownFile> file = read_markdown_file(source, site, base_rel, "project", diags);
    if (!file) continue;
    Project p;
    p.loc = file->loc;
    p.slug = std::move(name);
    p.body = std::move(file->body);
    p.body_offset = file->body_offset;
    bool read = file->read;  // the front matter could be read: what it lacks can be said
    if (file->front) read_front(source, file->display, *file->front, p, site, diags);
    if (p.title.empty() && read)
      diags.error(p.loc, "project is missing `title` in its `+++` front matter");
    if (p.title.empty()) p.title = p.slug;
    site.projects.push_back(std::move(p));
  }
  // By `order`, then the newest start first, then by file name, so the order never
  // depends on the file system's.
  std::sort(site.projects.begin(), site.projects.end(), [](const Project& a, const Project& b) {
    if (a.order != b.order) return a.order < b.order;
    if (int c = a.start.compare(b.start); c != 0) return c > 0;
    return a.slug < b.slug;
  });
}

void check_project_publications(const Site& site, Diagnostics& diags) {
  std::vector<std::string_view> ids;
  for (const Publication& p : site.publications) ids.push_back(p.key.empty() ? p.slug : p.key);
  for (const Project& pr : site.projects)
    for (const std::string& id : pr.publications)
      if (std::find(ids.begin(), ids.end(), id) == ids.end())
        diags.error(pr.publications_loc,
                    "unknown publication `" + id + "`" + did_you_mean(id, ids) +
                        ": expected the id of a [[publication]] or the key of a BibTeX entry");
}

}  // namespace sitegen
